"""Issue 12, slice 1: the options chosen at game creation (``option_schema``,
``validate_options``), combinable exactly as the rules text allows, and the base game
unchanged by them (an old log replays to the same state; its fixed-seed digest is
``russian_railroads/base`` in ``tests/contract/digests.json``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from events.creation import creation_events
from events.logfile import check_and_fold, read_file
from games.contract import IllegalMove
from games.russian_railroads import GAME
from games.russian_railroads.options import OPTION_SCHEMA, SWITCHES, TABLEAUS

FIXTURES = Path(__file__).parent / "fixtures"


def code(options: dict, players: int) -> str:
    with pytest.raises(IllegalMove) as info:
        GAME.validate_options(options, players)
    return info.value.code


def test_schema_lists_the_tableau_the_modules_dsp_and_solo():
    props = OPTION_SCHEMA["properties"]
    assert props["tableau"]["enum"] == ["russian", "deutschland", "usa"]
    assert set(props) == {"tableau", *SWITCHES}
    assert OPTION_SCHEMA["additionalProperties"] is False
    assert (GAME.min_players, GAME.max_players) == (1, 4)
    # The lobby offers only what the engine plays (solo, the Deutschland tableau); the rest
    # stays refused.
    assert set(GAME.option_schema["properties"]) == {"solo", "tableau", "coal", "dsp", "new_engineers", "new_q"}
    assert GAME.option_schema["properties"]["tableau"]["enum"] == ["russian", "deutschland", "usa"]
    assert GAME.option_schema["additionalProperties"] is False


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_base_game_normalises_to_no_options(players):
    """What the lobby form sends (every option at its default) is the base game: {}."""
    defaults = {"tableau": "russian", **{name: False for name in SWITCHES}}
    assert GAME.validate_options({}, players) == {}
    assert GAME.validate_options(defaults, players) == {}


def test_one_player_is_the_solo_game_against_emil():
    """Rules text: "Solo-Variante ... Hier kann Emil helfen" - one player, always Emil."""
    assert GAME.validate_options({}, 1) == {"solo": True}
    assert GAME.validate_options({"solo": True}, 1) == {"solo": True}
    # The lobby form sends an unticked box as false: one player is still the solo game.
    assert GAME.validate_options({"solo": False}, 1) == {"solo": True}
    assert code({"solo": True}, 2) == "rr.options.solo_players"
    assert code({"solo": True}, 4) == "rr.options.solo_players"


@pytest.mark.parametrize("switch", ["coal", "new_engineers", "new_q", "dsp", "solo"])
def test_the_usa_tableau_is_played_alone(switch):
    """American Railroads names no German Railroads module, Emil or DSP."""
    players = 1 if switch == "solo" else 2
    assert code({"tableau": "usa", switch: True}, players) == "rr.options.combination"


def test_german_railroads_modules_combine_freely():
    """"4 Module, die man beliebig kombinieren kann": every module is built (issue 12)."""
    assert GAME.validate_options({"tableau": "deutschland", "coal": True, "new_engineers": True, "new_q": True},
                                 3) == {"tableau": "deutschland", "coal": True, "new_engineers": True, "new_q": True}
    # the new engineers are built and combine with every module (issue 12)
    assert GAME.validate_options({"tableau": "deutschland", "coal": True, "new_engineers": True, "dsp": True}, 3) \
        == {"tableau": "deutschland", "coal": True, "new_engineers": True, "dsp": True}
    assert GAME.validate_options({"new_engineers": True}, 1) == {"new_engineers": True, "solo": True}
    assert GAME.validate_options({"new_q": True, "solo": True}, 1) == {"new_q": True, "solo": True}
    assert GAME.validate_options({"tableau": "usa"}, 2) == {"tableau": "usa"}  # American Railroads is built
    # DSP combines with everything but the USA tableau (and is built)
    assert GAME.validate_options({"dsp": True}, 2) == {"dsp": True}
    assert GAME.validate_options({"dsp": True, "tableau": "deutschland"}, 1) == {
        "dsp": True, "tableau": "deutschland", "solo": True}
    assert GAME.validate_options({"dsp": True, "coal": True, "tableau": "deutschland"}, 4) == {
        "dsp": True, "coal": True, "tableau": "deutschland"}


@pytest.mark.parametrize("options,players,expected", [
    ({"colour": "red"}, 2, "rr.options.unknown"),
    ({"tableau": "mars"}, 2, "rr.options.invalid"),
    ({"solo": "yes"}, 1, "rr.options.invalid"),
    ({}, 5, "rr.options.players"),
    ({}, 0, "rr.options.players"),
])
def test_bad_options_are_refused_with_a_rule_code(options, players, expected):
    assert code(options, players) == expected


def test_options_that_are_not_an_object_are_refused():
    assert code(["solo"], 1) == "rr.options.invalid"  # type: ignore[arg-type]


def test_the_tableaus_are_the_three_of_the_rules():
    assert TABLEAUS == ("russian", "deutschland", "usa")


@pytest.mark.parametrize("name", ["base-2p-before-options", "base-3p-before-options"])
def test_a_base_game_log_recorded_before_options_replays_unchanged(name):
    """Logs exported (``stellwerk selfplay --out``) from the commit before options
    existed fold to the very state, scores and ranking recorded then; the state's new
    fields hold their base-game defaults."""
    expected = json.loads((FIXTURES / f"{name}.expected.json").read_text(encoding="utf-8"))
    projection = check_and_fold(read_file(FIXTURES / f"{name}.ndjson"))
    status = projection.status()
    assert status.over
    assert projection.seq == expected["seq"]
    assert dict(status.scores) == expected["scores"]
    assert list(status.ranking) == expected["ranking"]
    dump = json.loads(json.dumps(GAME.dump_state(projection.live)))
    assert {k: dump[k] for k in expected["state"]} == expected["state"]
    assert {k: dump[k] for k in set(dump) - set(expected["state"])} == {"options": {}, "emil": None, "coal": None,
                                                                          "usa": None, "dsp": None}


def test_a_base_game_created_today_has_the_same_creation_event():
    """``GameCreated.options`` of a base game is still {} (what old logs hold)."""
    events = creation_events(GAME, {"tableau": "russian", "solo": False}, ["p1", "p2"], "seed")
    assert events[0].payload["options"] == {}
    old = [json.loads(line) for line in (FIXTURES / "base-2p-before-options.ndjson").read_text().splitlines()]
    assert old[0]["payload"]["options"] == {}


