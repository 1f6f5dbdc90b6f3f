"""A bot's search past its deadline still plays one whole legal turn, without lookahead.

The first candidate turn used to be completed with a full one-step lookahead
whatever the time: in games with many sub-moves per turn (a roll of dice, a long
build phase) that alone overran the budget, and the worker's hard deadline then
replaced the bot's turn by its fallback level's.
"""

from __future__ import annotations

import itertools
import random

import pytest

from events.local import LocalTable
from games import registry
from tests.bots.helpers import to_move
from worker import bots
from worker.bots import candidates

GAMES = {"russian_railroads": 2, "steam": 3, "railroad_dice": 2, "first_class": 2}


def opening(game_name: str, players: int) -> LocalTable:
    table = LocalTable.create(registry.get(game_name), {}, players, seed="deadline")
    while table.run_system():
        pass
    return table


class Clock:
    """A clock that has always passed every deadline; counts how often it is read."""

    def __init__(self) -> None:
        self.reads = itertools.count()

    def __call__(self) -> float:
        next(self.reads)
        return float("inf")


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_past_the_deadline_greedy_still_plays_a_whole_turn(game_name: str, monkeypatch) -> None:
    table = opening(game_name, GAMES[game_name])
    seat = to_move(table)
    evaluations = []
    value = candidates.own_value(seat)
    monkeypatch.setattr(candidates, "CLOCK", Clock())
    found = candidates.candidate_turns(table.projection, seat, lambda p: evaluations.append(1) or value(p),
                                       random.Random(3), deadline=0.0)
    assert len(found) == 1, "the first candidate is finished, the others are dropped"
    commands = found[0].commands
    assert commands[-1].type == "ConfirmTurn"
    # No lookahead: one evaluation of the finished position, none per sub-move.
    assert len(evaluations) == 1
    for command in commands:
        table.submit(seat, command)
    assert table.projection.turn_seat is None


@pytest.mark.parametrize("level", ["greedy", "mcts-1s"])
def test_the_levels_keep_to_an_expired_budget(level: str, monkeypatch) -> None:
    """Greedy and MCTS with a budget that is already spent answer with a legal turn."""
    table = opening("russian_railroads", 2)
    seat = to_move(table)
    monkeypatch.setattr(candidates, "CLOCK", Clock())
    commands = bots.get(level).choose_turn(LocalTable.from_projection(table.projection), seat,
                                           random.Random(5), 1)
    assert commands and commands[-1].type == "ConfirmTurn"
    for command in commands:
        table.submit(seat, command)
    assert table.projection.turn_seat is None


class ExpiresAfter:
    """A clock that passes every deadline after ``reads`` readings."""

    def __init__(self, reads: int) -> None:
        self.left = reads

    def __call__(self) -> float:
        self.left -= 1
        return 0.0 if self.left >= 0 else float("inf")


def test_the_deadline_passing_inside_one_lookahead_cuts_it_short(monkeypatch) -> None:
    """A position with many commands: the lookahead stops at the deadline with the
    best sub-move found so far instead of evaluating every one."""
    table = opening("railroad_dice", 2)
    seat = to_move(table)
    value = candidates.own_value(seat)
    full: list[int] = []
    candidates.candidate_turns(table.projection, seat, lambda p: full.append(1) or value(p),
                               random.Random(3), limit=1)
    cut: list[int] = []
    monkeypatch.setattr(candidates, "CLOCK", ExpiresAfter(3))
    found = candidates.candidate_turns(table.projection, seat, lambda p: cut.append(1) or value(p),
                                       random.Random(3), limit=1, deadline=1.0)
    assert found and found[0].commands[-1].type == "ConfirmTurn"
    assert len(full) > 10 and len(cut) < len(full) / 2, (len(cut), len(full))


def test_a_swallowed_alarm_is_followed_by_another() -> None:
    """An alarm raised where Python swallows exceptions (a gc callback) must not leave
    the search unlimited: the alarm repeats until the call ends."""
    import time

    from worker.bots.deadline import DeadlineExceeded, run_with_deadline

    def search() -> str:
        swallowed = False
        give_up = time.monotonic() + 5
        while time.monotonic() < give_up:
            try:
                while time.monotonic() < give_up:
                    pass
            except DeadlineExceeded:
                if swallowed:
                    raise
                swallowed = True  # what an "unraisable" context does with the first alarm
        return "ran unlimited"

    with pytest.raises(DeadlineExceeded):
        run_with_deadline(search, 0.05)


def test_the_deadline_restores_the_handlers_it_found() -> None:
    """Before and after the call (returned or raised): the same handlers, a Python one and
    the default one, as ``signal.getsignal`` reports them."""
    import signal

    from worker.bots.deadline import DeadlineExceeded, run_with_deadline

    def mine(signum, frame):  # type: ignore[no-untyped-def]
        pass

    before = signal.signal(signal.SIGALRM, mine), signal.signal(signal.SIGPROF, signal.SIG_DFL)
    try:
        assert run_with_deadline(lambda: "done", 5.0) == "done"
        assert signal.getsignal(signal.SIGALRM) is mine
        assert signal.getsignal(signal.SIGPROF) == signal.SIG_DFL
        assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)

        def busy() -> None:
            while True:
                pass

        with pytest.raises(DeadlineExceeded):
            run_with_deadline(busy, 0.05)
        assert signal.getsignal(signal.SIGALRM) is mine
        assert signal.getsignal(signal.SIGPROF) == signal.SIG_DFL
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    finally:
        signal.signal(signal.SIGALRM, before[0])
        signal.signal(signal.SIGPROF, before[1])


def test_a_blocked_call_is_stopped_by_the_wall_clock() -> None:
    """A call that sleeps uses no CPU time: the wall-clock net stops it."""
    import time

    from worker.bots.deadline import WALL_FACTOR, DeadlineExceeded, run_with_deadline

    start = time.monotonic()
    with pytest.raises(DeadlineExceeded):
        run_with_deadline(lambda: time.sleep(5), 0.05)
    assert time.monotonic() - start < 0.05 * WALL_FACTOR + 1


def test_outside_the_main_thread_the_call_runs_unlimited() -> None:
    import signal
    import threading
    import time

    from worker.bots.deadline import run_with_deadline

    handler = signal.getsignal(signal.SIGALRM)
    result: list[str] = []

    def call() -> None:
        result.append(run_with_deadline(lambda: time.sleep(0.3) or "slept", 0.01))

    thread = threading.Thread(target=call)
    thread.start()
    thread.join()
    assert result == ["slept"]
    assert signal.getsignal(signal.SIGALRM) is handler
