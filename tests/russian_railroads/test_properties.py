"""Property tests through the platform's turn machinery (events/local.py): random
legal-move games end without error for 2/3/4 players; every legal command is accepted;
commands not in the legal list are refused with IllegalMove; folding the log gives the
same final state and scores; snapshots round-trip."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.local import LocalTable
from events.projection import fold
from games.contract import SYSTEM, Command, IllegalMove
from games.russian_railroads import GAME, locomotives
from games.russian_railroads.data import RULES

UNIVERSE_EXTRA = [
    Command("Pass", "", {}), Command("PlaceDoubler", "", {}), Command("SearchEndCards", "", {}),
    Command("TakePoints", "", {}), Command("SkipRelocation", "", {}),
    Command("AdvanceIndustry", "", {"marker": 1}), Command("AdvanceIndustry", "", {"marker": 2}),
]


def universe(state, seat: str) -> list[Command]:
    """A broad set of well-formed commands in the canonical argument form of legal_commands."""
    spaces = list(RULES.space_order) + [f"engineer_{n}" for n in range(1, 16)]
    cmds: list[Command] = []
    for space in spaces:
        for coins in range(4):
            for black in (False, True):
                cmds.append(Command("PlaceWorkers", seat, {"space": space, "coins": coins, "black": black}))
        cmds.append(Command("Relocate", seat, {"space": space}))
        cmds.append(Command("ReuseSpace", seat, {"space": space}))
    # Loco commands name their locomotive (the lowest stack, the one waiting to be placed).
    numbers = {locomotives.lowest_stack(state.stacks)} | {item[4] // 10 for item in state.pending if item[5]}
    for number in sorted(numbers - {0}):
        cmds.append(Command("DiscardLoco", seat, {"number": number}))
    for line in RULES.lines:
        for colour in RULES.colours:
            cmds.append(Command("AdvanceTrack", seat, {"line": line, "colour": colour}))
        for replace in range(0, 10):
            for number in sorted(numbers - {0}):
                cmds.append(Command("BuildLoco", seat, {"line": line, "replace": replace, "number": number}))
                cmds.append(Command("PlaceLoco", seat, {"line": line, "replace": replace, "number": number}))
    for source in ("stack", "display"):
        for number in range(1, 10):
            for slot in range(5):
                cmds.append(Command("BuildFactory", seat, {"source": source, "number": number, "slot": slot}))
    for token in RULES.q_tokens:
        cmds.append(Command("ChooseQuestionToken", seat, {"token": token}))
    for card in RULES.q_cards:
        cmds.append(Command("ChooseQuestionCard", seat, {"card": card}))
    for card in RULES.end_cards:
        cmds.append(Command("ChooseEndCard", seat, {"card": card}))
    for card in RULES.start_bonus:
        cmds.append(Command("ChooseStartBonus", seat, {"card": card}))
    cmds.extend(Command(c.type, seat, c.args) for c in UNIVERSE_EXTRA)
    return cmds


def key(command: Command) -> tuple:
    return (command.type, command.seat, json.dumps(dict(command.args), sort_keys=True))


def check_consistency(state, seat: str, rng: random.Random, sample: int = 60) -> None:
    legal = GAME.legal_commands(state, seat)
    legal_keys = {key(c) for c in legal}
    for command in legal:
        GAME.decide(state, command, random.Random(0))  # must not raise
    others = [c for c in universe(state, seat) if key(c) not in legal_keys]
    for command in rng.sample(others, min(sample, len(others))):
        with pytest.raises(IllegalMove):
            GAME.decide(state, command, random.Random(0))
    for other_seat in state.seats:
        if other_seat != seat:
            assert GAME.legal_commands(state, other_seat) == []


def play_table(players: int, seed: int, check_every: int = 0, options: dict | None = None) -> LocalTable:
    rng = random.Random(seed)
    table = LocalTable.create(GAME, options or {}, players, seed=f"seed-{seed}")
    for step in range(30000):
        status = table.status()
        if status.over:
            return table
        if status.pending_system and table.run_system():
            continue
        seat = status.to_move[0] if status.to_move else None
        assert seat is not None, f"nobody to move in phase {status.phase}"
        if check_every and step % check_every == 0:
            check_consistency(table.state, seat, rng)
        legal = table.legal(seat)
        game_moves = [c for c in legal if c.type not in ("ConfirmTurn", "Undo")]
        confirm = [c for c in legal if c.type == "ConfirmTurn"]
        undo = [c for c in legal if c.type == "Undo"]
        if undo and rng.random() < 0.02:
            command = rng.choice(undo)
        elif confirm and (not game_moves or rng.random() < 0.3):
            command = confirm[0]
        else:
            assert game_moves, f"{seat} is stuck: {GAME.open_actions(table.state, seat)}"
            command = rng.choice(game_moves)
        table.submit(seat, command)
    raise AssertionError("the game did not end")


#: every allowed option combination that the engine plays, with its player counts
#: (issue 12: the base game, the solo game against Emil)
COMBINATIONS = [({}, 2), ({}, 3), ({}, 4), ({"solo": True}, 1)]


@pytest.mark.parametrize("options,players", COMBINATIONS)
@pytest.mark.parametrize("seed", range(8))
def test_random_games_end_and_fold_to_the_same_result(options: dict, players: int, seed: int) -> None:
    table = play_table(players, seed, options=options)
    status = table.status()
    assert status.over and set(status.scores) == set(table.state.seats)
    assert sorted(status.ranking) == sorted(table.state.seats)
    refolded = fold(GAME, table.log)
    assert GAME.dump_state(refolded.live) == GAME.dump_state(table.state)
    assert GAME.status(refolded.live).scores == status.scores
    final = table.state.final["final"]
    assert {s: row["total"] for s, row in final.items()} == dict(status.scores)
    # the log is JSON and every event has a description in both languages
    for env in table.log:
        json.dumps(env.payload)
        description = GAME.describe(env.event)
        for lang in ("de", "en"):
            assert description.key in GAME.messages[lang]


@pytest.mark.parametrize("players,seed", [(2, 100), (3, 101), (4, 102), (1, 103), (1, 104)])
def test_legal_commands_accepted_and_others_refused(players: int, seed: int) -> None:
    play_table(players, seed, check_every=7 if players > 1 else 3)


def test_many_seeds_engine_only() -> None:
    """Many more random games directly on decide/evolve (faster than the table)."""
    from .helpers import play_random

    for players in (1, 2, 3, 4):
        for seed in range(200, 230):
            state, log = play_random(players, seed)
            assert GAME.status(state).over


def test_snapshot_round_trip() -> None:
    table = play_table(3, 7)
    state = table.state
    data = json.loads(json.dumps(GAME.dump_state(state)))
    assert GAME.dump_state(GAME.load_state(data)) == GAME.dump_state(state)
    # a mid-game snapshot keeps folding to the same result
    from events.projection import fold_iter

    for i, projection in enumerate(fold_iter(GAME, table.log)):
        if i % 50 == 0:
            live = projection.live
            again = GAME.load_state(json.loads(json.dumps(GAME.dump_state(live))))
            assert GAME.dump_state(again) == GAME.dump_state(live)
            seat = live.current or SYSTEM
            assert GAME.legal_commands(again, seat) == GAME.legal_commands(live, seat)


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
