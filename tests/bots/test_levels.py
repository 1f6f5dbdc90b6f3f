"""Every bot level plays a legal whole turn, deterministically, from its own view."""

from __future__ import annotations

import random
import time

import pytest

from events.bot_levels import bot_levels
from events.local import LocalTable
from games.contract import Command
from games.russian_railroads import GAME
from tests.bots.helpers import position, to_move
from worker import bots
from worker.bots import turns
from worker.bots.turns import bot_turn
from worker.selfplay import play

LEVELS = ["random", "greedy", "mcts-15i"]


def check_turn(table: LocalTable, seat: str, commands: list[Command]) -> None:
    """The commands are accepted one by one by the real table and end the turn."""
    assert commands, "a bot must move"
    assert commands[-1].type == "ConfirmTurn"
    assert all(c.type != "ConfirmTurn" for c in commands[:-1])
    for command in commands:
        table.submit(seat, command)  # raises IllegalMove if not legal
    assert table.projection.turn_seat is None


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("turns_in", [0, 1, 9, 24])
def test_level_plays_a_legal_whole_turn(level: str, turns_in: int) -> None:
    table = position(players=3, turns=turns_in)
    seat = to_move(table)
    check_turn(table, seat, bot_turn(table.projection, seat, level, 1000))


@pytest.mark.parametrize("level", ["greedy", "mcts-1s"])
def test_levels_are_registered_with_budgets(level: str) -> None:
    assert level in bots.LEVELS
    assert bots.budget_ms("mcts-1s", 50) == 1000
    assert bots.budget_ms("mcts-5s", 50) == 5000
    assert bots.get("mcts-40i").iterations == 40  # type: ignore[attr-defined]


def test_the_offered_levels_are_the_levels_the_workers_play() -> None:
    # The web app offers events.bot_levels and never imports the bots (README, "Architecture").
    assert bot_levels() == sorted(bots.LEVELS)


def test_time_budget_is_respected() -> None:
    """The search stops well within the worker's hard deadline.  Both count the process's CPU
    time (the budget: ``candidates.CLOCK``; the net: ``deadline``'s ITIMER_PROF), so that is the
    clock measured here: on a busy machine the wall clock of the same search runs longer."""
    table = position(players=2, turns=6)
    seat = to_move(table)
    start = time.process_time()
    commands = bots.get("mcts-1s").choose_turn(LocalTable.from_projection(table.projection), seat,
                                               random.Random(1), 300)
    assert time.process_time() - start < turns.deadline_seconds(300)
    check_turn(table, seat, commands)


@pytest.mark.parametrize("level", ["random", "greedy", "mcts-15i"])
def test_same_seed_and_seq_same_turn(level: str) -> None:
    table = position(players=2, turns=7)
    seat = to_move(table)
    first = bot_turn(table.projection, seat, level, 1000)
    again = bot_turn(table.projection, seat, level, 1000)
    assert first == again


def test_complete_game_between_all_levels() -> None:
    table = play(GAME, 3, "levels", ["mcts-4i", "greedy", "random"])
    assert table.status().over


def test_greedy_beats_random() -> None:
    wins = 0
    for i in range(4):
        levels = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        table = play(GAME, 2, f"greedy-vs-random-{i}", levels)
        greedy_seat = table.projection.seats[levels.index("greedy")]
        wins += table.status().ranking[0] == greedy_seat
    assert wins >= 3  # the benchmark measures it properly: 200/200


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_on_a_handed_over_seat_never_gives_it_back(level: str) -> None:
    """Probe (issue 9, item 6): a bot on a handed-over seat sent ``TakeBack``.  Seat
    management belongs to people: no level ever sends it, however many turns it plays."""
    from worker.bots.base import NEVER

    table = position(players=2, turns=1)
    seat = to_move(table)
    other = next(s for s in table.projection.seats if s != seat)
    table.submit(other, "HandToBot", {"seat": seat, "level": level})
    assert seat in table.projection.handed_over
    assert {"TakeBack", "HandToBot"} <= NEVER
    for _ in range(3):
        mover = to_move(table)
        commands = bot_turn(table.projection, mover, level, 300)
        assert not {c.type for c in commands} & NEVER
        check_turn(table, mover, commands)


def test_the_random_bot_plays_up_to_its_first_draw() -> None:
    """Its turn ends at a command that drew (a Railroad Dice roll): what it would play after
    it, on its table's fake draw, is what the worker and self-play never append (they ask the
    bot again on the real draw), and the commands up to it are those of the whole turn."""
    from events.determinize import for_seat
    from games.railroad_dice import GAME as RAILROAD_DICE
    from games.rng import rng_for
    from worker.bots.base import play_turn

    table = LocalTable.create(RAILROAD_DICE, {}, 3, seed="random-draw")
    cut = 0
    for _ in range(30):
        while table.run_system():
            pass
        p = table.projection
        seat = p.turn_seat or next(iter(table.status().to_move))
        short = bot_turn(p, seat, "random", 1000)
        rng = rng_for(p.seed, p.seq, salt=f"bot:{seat}")
        whole = play_turn(LocalTable.from_projection(for_seat(p, seat, rng)), seat, rng.choice)
        assert short == whole[:len(short)]
        cut += len(short) < len(whole)
        for command in short:
            envelopes = table.submit(seat, command)
            assert command is short[-1] or not any(e.barrier for e in envelopes)
    assert cut > 5
