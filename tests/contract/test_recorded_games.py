"""Recorded whole games (18xx's fixtures): every committed log in ``fixtures/<game>/``
replays through ``stellwerk replay``'s checks (``events.logfile.check_and_fold``) to
its recorded result and final state.  One per game and per Russian Railroads tableau
and module, Steam on both maps in both modes; ``record.py`` writes them.

A log recorded yesterday must replay today: events are stored, not commands, so a
refactor of a game that changes how an old game folds breaks every running game.
"""

from __future__ import annotations

import json
import random

import pytest

from events.logfile import check_and_fold, read_file
from games import registry

from .record import FIXTURES, FIXTURES_LIST, Fixture, expected, shows
from .test_properties import canon

REFRESH = ("If the game's behaviour is meant to change (a rules fix), record it again with "
           "`.venv/bin/python -m tests.contract.record --force {name}` and say why in the commit; "
           "a refactor must replay old games unchanged.")


@pytest.mark.parametrize("fixture", FIXTURES_LIST, ids=lambda f: f"{f.game}/{f.name}")
def test_a_recorded_game_replays_to_its_recorded_result_and_state(fixture: Fixture):
    want = json.loads(fixture.expected_path.read_text(encoding="utf-8"))
    projection = check_and_fold(read_file(fixture.path))
    got = expected(projection)
    hint = REFRESH.format(name=f"{fixture.game}/{fixture.name}")
    assert projection.game.name == fixture.game
    assert got["over"], f"{fixture.game}/{fixture.name} does not end any more. {hint}"
    assert {k: v for k, v in got.items() if k != "state"} == {k: v for k, v in want.items() if k != "state"}, hint
    differing = sorted(k for k in set(got["state"]) | set(want["state"])
                       if got["state"].get(k) != want["state"].get(k))
    assert not differing, f"the final state differs in {differing}. {hint}"


@pytest.mark.parametrize("fixture", FIXTURES_LIST, ids=lambda f: f"{f.game}/{f.name}")
def test_determinize_of_a_finished_game_changes_nothing_a_seat_sees(fixture: Fixture):
    """A finished game hides nothing from its seats, so no redraw may change what they see."""
    projection = check_and_fold(read_file(fixture.path))
    game, state = projection.game, projection.live
    assert game.status(state).over
    for seat in projection.seats:
        view = canon(game.view(state, seat))
        for redraw in range(5):
            assert canon(game.view(game.determinize(state, seat, random.Random(redraw)), seat)) == view, (seat, redraw)


def test_determinize_of_a_finished_russian_railroads_game_keeps_the_end_cards_everybody_sees():
    """The recorded base game, with an end-game card in p2's hand as a random game may
    leave it (a recording of the Deutschland tableau did)."""
    fixture = next(f for f in FIXTURES_LIST if f.name == "base-2p" and f.game == "russian_railroads")
    projection = check_and_fold(read_file(fixture.path))
    game, state = projection.game, projection.live.clone()
    state.mut("p2").end_cards = [state.end_deck[0]]
    state.end_deck = state.end_deck[1:]
    assert game.status(state).over
    view = canon(game.view(state, "p1"))
    assert view["players"]["p2"]["end_cards"] == [state.players["p2"].end_cards[0]]
    for redraw in range(5):
        assert canon(game.view(game.determinize(state, "p1", random.Random(redraw)), "p1")) == view, redraw


def test_every_game_and_module_has_a_recorded_game():
    games = {f.game for f in FIXTURES_LIST}
    assert games == set(registry.names()) - {"tally"}  # tally is the platform's test game, not a game
    rr = [f.options for f in FIXTURES_LIST if f.game == "russian_railroads"]
    assert {} in rr and {"solo": True} in rr
    for switch in ("coal", "dsp", "new_engineers", "new_q"):
        assert {switch: True} in rr
    for tableau in ("deutschland", "usa"):
        assert {"tableau": tableau} in rr
    steam = {(f.options["map"], f.options["mode"]) for f in FIXTURES_LIST if f.game == "steam"}
    schema = registry.get("steam").option_schema["properties"]
    assert steam == {(m, mode) for m in schema["map"]["enum"] for mode in schema["mode"]["enum"]}


@pytest.mark.parametrize("fixture", [f for f in FIXTURES_LIST if f.shows], ids=lambda f: f"{f.game}/{f.name}")
def test_a_modules_recorded_game_plays_the_module(fixture: Fixture):
    assert not shows(fixture, read_file(fixture.path))


def test_every_file_in_the_fixtures_folder_is_replayed():
    listed = {f.path for f in FIXTURES_LIST} | {f.expected_path for f in FIXTURES_LIST}
    on_disk = {p for p in FIXTURES.rglob("*") if p.is_file()}
    assert on_disk == listed
