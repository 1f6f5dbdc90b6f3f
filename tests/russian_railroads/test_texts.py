"""Issue 10, "No developer text": every text a person reads about Russian Railroads is a
sentence in German and English - log lines, open actions and every legal command
(hints, "All possible moves") through ``describe_command``."""

from __future__ import annotations

import random
import re

import pytest

from games.contract import Command, Description, Event, render
from games.kit.hooks import describe_command
from games.russian_railroads import GAME
from games.russian_railroads.decide import SYSTEM_COMMANDS, TURN_COMMANDS
from games.russian_railroads.messages import COMMANDS_DE, COMMANDS_EN
from games.russian_railroads.submoves import SUBMOVES

from .helpers import play_random

COMMAND_TYPES = set(TURN_COMMANDS) | set(SUBMOVES) | set(SYSTEM_COMMANDS)
PLACEHOLDER = re.compile(r"\{[A-Za-z_0-9]*\}")
IDENTIFIER = re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]")
CAMEL = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")
DEVELOPER = ("(s)", "rr.", "None", "worker(s)", "coin(s)", " 0 coin", " 0 Münze", "True", "False")


def assert_sentence(text: str, what: object) -> None:
    assert text and text.strip() == text, what
    assert not PLACEHOLDER.search(text), (what, text)
    assert not IDENTIFIER.search(text), (what, text)
    assert not CAMEL.search(text), (what, text)  # PlaceWorkers, SkipRelocation, ...
    assert not any(bit in text for bit in DEVELOPER), (what, text)


def texts(description: Description) -> dict[str, str]:
    return {lang: render(GAME, description, lang) for lang in ("de", "en")}


def test_every_command_type_has_a_sentence_in_both_languages():
    assert COMMAND_TYPES <= set(COMMANDS_EN) and set(COMMANDS_EN) == set(COMMANDS_DE)


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33), (4, 34), (1, 35), (1, 36)])
def test_random_positions_have_sentences_for_every_command_open_action_and_event(players, seed):
    """Every legal command and every open action of every position of random games, and
    every event of their logs, reads as a sentence in German and English."""
    rng = random.Random(seed)
    checked = {"commands": 0, "open": 0}

    def check(state, seat, legal, _rng):
        if rng.random() > 0.5:
            return
        for command in legal:
            description = describe_command(GAME, command)
            assert description is not None
            rendered = texts(description)
            for lang, text in rendered.items():
                assert_sentence(text, (lang, command))
            checked["commands"] += 1
        for action in GAME.open_actions(state, seat):
            for lang, text in texts(Description(action.key, action.params)).items():
                assert_sentence(text, (lang, action))
            checked["open"] += 1

    _, log = play_random(players, seed, check=check)
    for event in log:
        for lang, text in texts(GAME.describe(event)).items():
            assert_sentence(text, (lang, event.type))
    if players == 1:  # the solo game: fewer moves, and Emil's log lines
        assert checked["commands"] > 100 and checked["open"] > 20
        assert {"EmilDeckShuffled", "EmilCardRevealed"} <= {event.type for event in log}
    else:
        assert checked["commands"] > 500 and checked["open"] > 100


def test_hint_and_move_list_sentences_from_the_issue():
    """The issue's examples: ``ChooseStartBonus (card="industry_step")`` and ``SkipRelocation``."""
    start = texts(GAME.describe_command(Command("ChooseStartBonus", "p1", {"card": "industry_step"})))
    assert start == {"de": "Startbonus: Industrieschritt", "en": "Start bonus: industry step"}
    skip = texts(GAME.describe_command(Command("SkipRelocation", "p1", {})))
    assert skip == {"de": "Den Arbeiter nicht versetzen", "en": "Skip the relocation"}
    place = texts(GAME.describe_command(Command("PlaceWorkers", "p1", {"space": "black_2w", "coins": 1})))
    assert place["en"] == "Place 1 worker and 1 coin on “3 black steps”"
    assert place["de"] == "1 Arbeiter und 1 Münze auf „3 schwarze Schritte“ setzen"
    joker = texts(GAME.describe_command(Command("PlaceWorkers", "p1", {"space": "joker", "black": True})))
    assert joker["en"] == "Place the black worker and 1 coin on “2 steps of any colour”"
    loco = texts(GAME.describe_command(Command("BuildLoco", "p1", {"line": "kiev", "replace": 2, "number": 4})))
    assert loco["en"] == "Build locomotive 4 on the Kiev line in place of locomotive 2"
    assert loco["de"] == "Lok 4 an die Strecke Kiew bauen anstelle von Lok 2"
    factory = texts(GAME.describe_command(Command("BuildFactory", "p1", {"source": "stack", "number": 7,
                                                                         "slot": 0})))
    assert factory["en"] == "Build factory 7 (2 track steps of your choice) from the locomotive stack into gap 1"


def test_log_lines_are_sentences_with_names_and_counts():
    """"builds factory 2 in gap 0" and "places 2 worker(s) and 0 coin(s)" become sentences."""
    def line(event_type: str, lang: str = "en", **payload: object) -> str:
        return render(GAME, GAME.describe(Event(event_type, payload)), lang)

    assert line("FactoryBuilt", seat="p1", number=2, source="stack", slot=0, replaced=0) == (
        "p1 builds factory 2 (locomotive or factory) from the locomotive stack into gap 1 of the industry track.")
    assert line("FactoryBuilt", "de", seat="p1", number=4, source="display", slot=4, replaced=6) == (
        "p1 baut Fabrik 4 (2 Verdoppler) aus der Auslage in Lücke 5 der Industrieleiste anstelle von Fabrik 6.")
    assert line("WorkersPlaced", seat="p1", space="loco_2w", workers=2, coins=0, black=False) == (
        "p1 places 2 workers on “loco or factory (2 workers)”.")
    assert line("WorkersPlaced", seat="p1", space="loco_2w", workers=1, coins=1, black=True) == (
        "p1 places the black worker and 1 coin on “loco or factory (2 workers)”.")
    assert line("WorkersPlaced", "de", seat="p1", space="coins", workers=0, coins=1, black=False) == (
        "p1 setzt 1 Münze auf „2 Münzen“.")
    assert line("LocoBuilt", seat="p1", number=5, line=2, replaced=3) == (
        "p1 builds locomotive 5 on the Kiev line in place of locomotive 3.")
    assert line("CoinsTaken", seat="p1", coins=1, reason="factory_6") == "p1 takes 1 coin."
    assert line("Passed", seat="p1", points=0) == "p1 passes."
    assert line("Passed", "de", seat="p1", points=3) == "p1 passt und erhält 3 Punkte."
    assert line("PointsScored", seat="p1", points=10, reason="end_of_line") == "p1 scores 10 points (end of a line)."
    gained = line("ActionsGained", seat="p1", source="x", items=[[1, "steps", 2, True, "black", False],
                                                                  [2, "industry", 1, False, None, False]])
    assert gained == "p1 gains 2 track steps (black) and 1 industry step."


def test_open_actions_read_as_sentences():
    open_steps = Description("rr.open.steps", {"n": 2, "what": "black", "amount": {"de": "2 Schritte (schwarz)",
                                                                                "en": "2 steps (black)"}})
    assert texts(open_steps) == {"de": "Gleise ziehen: 2 Schritte (schwarz)", "en": "Move tracks: 2 steps (black)"}


def test_the_solo_game_says_it_has_no_start_bonus_draft():
    """Seen in the browser: "… chosen in this order: ." for a solo game."""
    from games.contract import Event, render
    from games.russian_railroads import GAME

    description = GAME.describe(Event("StartBonusDraftBegan", {"queue": []}))
    for lang in ("de", "en"):
        text = render(GAME, description, lang)
        assert not text.rstrip(".").endswith(": ") and "{" not in text, text
