"""Every log line and every command of a random game reads as a sentence in German and English,
names places in words (never a coordinate or an id), and shows no screen or passenger total
(the texts never read ``SECRET``); every rule a command can break has a text in both languages
for the page's refusal (a 422's rule code, ``js.rule.<code>``); the naming scheme of
:mod:`games.railroad_dice.places`; the move window's optional actions."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from games.contract import SECRET, Command, IllegalMove, render
from games.railroad_dice.legal import open_actions
from games.railroad_dice.messages import MESSAGES, phrase
from games.railroad_dice.optional import all_open_actions, has_mandatory
from games.railroad_dice.places import field_place, mountain_sides, tile_place

from .helpers import GAME, step, table

ENGINE = Path(__file__).resolve().parents[2] / "games" / "railroad_dice"
COORDINATE = re.compile(r"-?\d+,-?\d+")
#: ids of companies, tiles, faces and command types that must read as words
IDS = re.compile(r"\b(eisberg|ueberall|weiden|insel|bergtal|mountain[23]|question|TakeIncome|TurnDie|BuyShare|"
                 r"PlaceTrack|BuildBridge|ConnectTile|BuildStation|ReturnDie|rd\.[a-z_.]+)\b|\{")


def readable(text: str) -> bool:
    return not COORDINATE.search(text) and not IDS.search(text)


def test_every_event_and_command_has_a_sentence_in_both_languages():
    t = table(3, "texts")
    rng = random.Random(7)
    commands = set()
    while not t.status().over:
        seat = t.projection.turn_seat or (t.status().to_move or ("system",))[0]
        for command in GAME.legal_commands(t.state, seat)[:60]:
            description = GAME.describe_command(command)
            commands.add(command.type)
            for lang in ("de", "en"):
                line = render(GAME, description, lang)
                assert line != description.key and readable(line), (lang, command, line)
        step(t, rng)
    for env in t.log:
        description = GAME.describe(env.event)
        for lang in ("de", "en"):
            line = render(GAME, description, lang)
            assert line != description.key and readable(line), (lang, env.event.type, line)
        for data in env.event.payload.get(SECRET, {}).values():
            assert not set(data) & set(description.params), env.event.type
    assert {"Roll", "PlaceTrack", "BuyShare", "ConnectTile", "BuildStation"} <= commands


def test_every_rule_code_the_engine_raises_has_a_refusal_text_in_both_languages():
    """The page shows a 422 as "Not allowed: <js.rule.<code>>" in its language (game.js ruleText)."""
    codes = set()
    for source in ENGINE.glob("*.py"):
        codes |= set(re.findall(r"IllegalMove\(\s*\"(rd\.[a-z_.]+)\"", source.read_text("utf-8")))
    codes.add("rd.args")  # raised by the kit's argument parser for this game (Args(..., "rd.args"))
    assert len(codes) > 40
    for lang in ("de", "en"):
        missing = sorted(code for code in codes if f"js.rule.{code}" not in MESSAGES[lang])
        assert not missing, (lang, missing)
        for code in codes:
            assert readable(MESSAGES[lang][f"js.rule.{code}"]), code


def test_a_refused_command_names_its_rule_in_german_and_english():
    t = table(2, "refused")
    seat = t.status().to_move[0]
    with pytest.raises(IllegalMove) as refused:
        GAME.decide(t.state, Command("Roll", seat, {"screen": 3, "question": 0}), random.Random(1))
    assert refused.value.code == "rd.roll.screen"
    assert MESSAGES["de"]["js.rule.rd.roll.screen"] == "so viele Würfel hast du nicht hinter deinem Sichtschirm."
    assert MESSAGES["en"]["js.rule.rd.roll.screen"] == "you do not have that many dice behind your screen."


@pytest.mark.parametrize(("pos", "en", "de"), [
    ("0,0", "the start tile", "das Startfeld"),
    ("0,-1", "the tile north of the start tile", "das Geländefeld nördlich des Startfelds"),
    ("3,0", "the tile 3 tiles east of the start tile", "das Geländefeld 3 Geländefelder östlich des Startfelds"),
    ("-1,-1", "the tile north-west of the start tile", "das Geländefeld nordwestlich des Startfelds"),
    ("1,2", "the tile 2 south and 1 east of the start tile",
     "das Geländefeld 2 nach Süden und 1 nach Osten vom Startfeld"),
])
def test_tiles_are_named_by_where_they_lie_from_the_start_tile(pos, en, de):
    assert phrase(*tile_place(pos)) == {"en": en, "de": de}


def test_fields_are_named_by_the_end_they_lie_next_to():
    assert phrase(*field_place("A", 0)) == {"en": "the field north of end A", "de": "das Feld nördlich von Ende A"}
    assert phrase(*field_place("B", 3, "dat"))["de"] == "dem Feld westlich von Ende B"


def test_every_rotation_of_a_mountain_tile_reads_differently():
    for tile in ("mountain2", "mountain3"):
        sides = [tuple(mountain_sides(tile, rot)) for rot in range(4)]
        assert len(set(sides)) == 4, (tile, sides)
    assert mountain_sides("mountain2", 0) == ["north", "west"]
    assert mountain_sides("lake", 1) == []


def test_the_move_window_names_open_track_and_shares_and_only_returning_dice_is_mandatory():
    """While a share can be bought or track laid, the move window names it (confirming forfeits it),
    instead of "nothing left to do"; the listings' quick check still sees only what is mandatory."""
    t = table(2, "open")
    seat = t.status().to_move[0]
    t.submit(seat, Command("TurnDie", seat, {"face": "straight"}))
    keys = [a.key for a in all_open_actions(t.state, seat)]
    assert {"rd.open.roll", "rd.open.share", "rd.open.track"} <= set(keys)
    assert not any(a.mandatory for a in all_open_actions(t.state, seat)) and not has_mandatory(t.state, seat)
    other = next(s for s in t.state.seats if s != seat)
    assert all_open_actions(t.state, other) == []
    assert [MESSAGES["de"][a.key]
            for a in all_open_actions(t.state, seat) if a.key in ("rd.open.share", "rd.open.track")] == \
        ["Aktie kaufen", "Schienen legen"]


def test_log_lines_name_what_was_laid_and_where():
    from games.contract import Event

    laid = Event("TrackLaid", {"seat": "p1", "end": "A", "pieces": [{"pos": "0,0", "field": [1, 3], "kind": "curve",
                                                                      "sides": [2, 1], "ground": "meadow"}]})
    assert render(GAME, GAME.describe(laid), "en") == "p1 lays a curve on the field north of end A"
    assert render(GAME, GAME.describe(laid), "de") == "p1 legt eine Kurve auf das Feld nördlich von Ende A"
    station = Event("StationBuilt", {"seat": "p1", "company": "weiden", "kind": "meadow", "end": "A",
                                     "piece": {"pos": "-1,-1", "field": [2, 2], "kind": "station", "sides": [2]}})
    assert render(GAME, GAME.describe(station), "en") == \
        "p1 builds a meadow station of Weiden Express on the tile north-west of the start tile"
    assert render(GAME, GAME.describe(station), "de") == \
        "p1 baut auf dem Geländefeld nordwestlich des Startfelds einen Bahnhof von Weiden Express (Wiese)"
    # An income whose count the log leaves out still reads as a sentence.
    income = Event("IncomeTaken", {"seat": "p1", "case": "a", "to": "screen"})
    assert render(GAME, GAME.describe(income), "en") == \
        "p1 takes income (director, minimum income) behind the screen"


def test_two_different_moves_never_read_alike():
    """A person picks a move by its sentence: two listed commands with the same sentence must do
    the same (only a meadow or lake tile's rotation, which changes nothing, may differ)."""
    kinds = set()
    for seed in ("alike-1", "alike-2", "alike-3"):
        t = table(2, seed)
        rng = random.Random(seed)
        while not t.status().over:
            seat = t.projection.turn_seat or (t.status().to_move or ("system",))[0]
            said: dict[str, dict] = {}
            for command in GAME.legal_commands(t.state, seat):
                kinds.add(command.type)
                line = render(GAME, GAME.describe_command(command), "en")
                args = dict(command.args)
                if args.get("tile") in ("meadow", "lake"):
                    args.pop("rot")
                assert said.setdefault(line, args) == args, (line, said[line], args)
            step(t, rng)
    assert {"PlaceTrack", "ConnectTile", "BuildStation", "Roll"} <= kinds, kinds
    # Bridges are rare in random games: two ways across the same lake, each in its own words.
    ways = [[1, 1, 0, 0, 3], [1, 0, 1, 0, 3], [1, 0, 0, 1, 3]]
    lines = {render(GAME, GAME.describe_command(Command("BuildBridge", "p1", {"end": "A", "via": 1, "exits": w})),
                    "en") for w in ways}
    assert len(lines) == 3
    assert "going 2 east, then 2 north, then 1 west" in render(
        GAME, GAME.describe_command(Command("BuildBridge", "p1", {"end": "A", "via": 1, "exits": ways[0]})), "en")


def test_the_quick_mandatory_check_agrees_with_the_open_actions():
    """``has_mandatory`` answers without making the open actions: at every position of
    random games, for every seat, it says what their mandatory flags say."""
    seen = set()
    for seed in ("mandatory-1", "mandatory-2"):
        t = table(3, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if t.status().over:
                break
            if t.run_system():
                continue
            for seat in t.state.seats:
                expected = any(a.mandatory for a in open_actions(t.state, seat))
                assert has_mandatory(t.state, seat) == expected
                seen.add(expected)
            seat = t.projection.turn_seat or t.status().to_move[0]
            t.submit(seat, rng.choice(t.legal(seat, undo=False)))
    assert seen == {True, False}
