"""Russian Railroads properties the contract suite (``tests/contract``) does not
check for every game: the final scoring's rows add up to the scores the status
reports, and fuzzed commands (any type, any arguments) raise only ``IllegalMove`` and
never touch the state.

Random games ending, the fold of the log, listed commands accepted and others refused,
dump/load and the purity of ``evolve`` are the contract suite's, for every allowed
combination of options."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract import SYSTEM, Command, IllegalMove
from games.russian_railroads import GAME

from .helpers import play_random

OPTIONS = [({}, 2), ({}, 4), ({"solo": True}, 1), ({"tableau": "deutschland", "coal": True}, 3),
           ({"tableau": "usa"}, 2), ({"dsp": True, "new_engineers": True, "new_q": True}, 3)]


@pytest.mark.parametrize("options,players", OPTIONS, ids=str)
@pytest.mark.parametrize("seed", range(2))
def test_the_final_scoring_rows_add_up_to_the_status_scores(options: dict, players: int, seed: int) -> None:
    state, _ = play_random(players, 900 + seed, options=options)
    status = GAME.status(state)
    assert status.over
    final = state.final["final"]
    assert {s: row["total"] for s, row in final.items()} == dict(status.scores)


COMMAND_TYPES = [
    "PlaceWorkers", "Pass", "AdvanceTrack", "AdvanceIndustry", "PlaceDoubler", "BuildLoco", "PlaceLoco",
    "DiscardLoco", "BuildFactory", "ChooseQuestionToken", "ChooseQuestionCard", "ChooseEndCard",
    "TakePoints", "ReuseSpace", "ChooseStartBonus", "Relocate", "SkipRelocation", "ScoreRound",
    "ResolveTurnOrder", "Nonsense", "",
]


def _fuzz_states():
    from .helpers import play_random

    state, log = play_random(3, 77)

    states = []
    s = GAME.initial_state()
    for i, event in enumerate(log):
        s = GAME.evolve(s, event)
        if i % 23 == 0:
            states.append(s)
    return states


_STATES: list = []



json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=12)
    | st.sampled_from(["coins", "kiev", "black", "stack", "display", "rally", "engineer_8", "transsib"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=6,
)
arg_keys = st.sampled_from(["space", "coins", "black", "line", "colour", "marker", "replace", "source",
                            "number", "slot", "token", "card"])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 10_000), ctype=st.sampled_from(COMMAND_TYPES),
       args=st.dictionaries(arg_keys, json_values, max_size=4),
       seat_choice=st.integers(0, 4))
def test_fuzzed_commands_raise_only_illegal_move(index, ctype, args, seat_choice):
    if not _STATES:
        _STATES.extend(_fuzz_states())
    state = _STATES[index % len(_STATES)]
    seats = list(state.seats) + [SYSTEM, "nobody"]
    seat = state.current if seat_choice == 0 and state.current else seats[seat_choice % len(seats)]
    before = GAME.dump_state(state)
    try:
        GAME.decide(state, Command(ctype, seat, args), random.Random(0))
    except IllegalMove:
        pass
    assert GAME.dump_state(state) == before  # decide never touches the state
