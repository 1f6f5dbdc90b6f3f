"""Bots see only their seat's determinized view; the fallback on a budget overrun."""

from __future__ import annotations

import random
import time

import pytest

from events.determinize import for_seat
from events.local import LocalTable
from events.projection import Projection
from games.contract import Command
from games.russian_railroads import GAME
from tests.bots.helpers import position, to_move
from worker import bots
from worker.bots import turns
from worker.bots.evaluation import for_game, status_scores
from worker.bots.turns import bot_turn


def with_hidden_cards(p: Projection, seat: str, cards: list[str]) -> Projection:
    """``p`` where ``seat`` holds ``cards`` face down (taken from the end-game stack)."""
    from dataclasses import replace

    state = p.live.clone()
    player = state.mut(seat)
    player.end_cards = list(cards)
    state.end_deck = [c for c in state.end_deck if c not in cards]
    return replace(p, live=state, confirmed=state)


class Spy:
    name = "spy"

    def __init__(self) -> None:
        self.seen: list[Projection] = []

    def choose_turn(self, table: LocalTable, seat: str, rng: random.Random, budget_ms: int) -> list[Command]:
        self.seen.append(table.projection)
        return bots.get("greedy").choose_turn(table, seat, rng, budget_ms)


def test_bots_get_the_determinized_view_only(monkeypatch: pytest.MonkeyPatch) -> None:
    table = position(players=3, turns=5)
    mover = to_move(table)
    other = next(s for s in table.projection.seats if s != mover)
    real = with_hidden_cards(table.projection, other, sorted(table.state.end_deck)[:3])
    spy = Spy()
    monkeypatch.setitem(bots.LEVELS, "spy", spy)
    bot_turn(real, mover, "spy", 1000)
    (seen,) = spy.seen
    assert seen is not real and seen.seed != real.seed
    assert seen.live is seen.confirmed  # nothing of the real confirmed state is left to peek at
    hidden = sorted(real.live.players[other].end_cards)
    assert len(seen.live.players[other].end_cards) == 3
    # The opponent's cards in the bot's view are samples from what it cannot see.
    samples = {tuple(sorted(for_seat(real, mover, random.Random(salt)).live.players[other].end_cards))
               for salt in range(12)}
    assert len(samples) > 1 and all(len(s) == len(hidden) for s in samples)


def test_search_determinizes_for_its_own_seat_only(monkeypatch: pytest.MonkeyPatch) -> None:
    table = position(players=2, turns=4)
    mover = to_move(table)
    viewers = []
    real = GAME.determinize

    def spy(state, viewer, rng):  # type: ignore[no-untyped-def]
        viewers.append(viewer)
        return real(state, viewer, rng)

    monkeypatch.setattr(GAME, "determinize", spy)
    bot_turn(table.projection, mover, "mcts-10i", 1000)
    assert viewers and set(viewers) == {mover}


def test_choice_depends_on_the_view_not_the_truth() -> None:
    """Two real positions that differ only in the opponent's face-down cards give the
    bot the same view when the determinization draws the same sample."""
    table = position(players=2, turns=8)
    mover = to_move(table)
    other = next(s for s in table.projection.seats if s != mover)
    deck = sorted(table.state.end_deck)
    a = with_hidden_cards(table.projection, other, deck[:2])
    b = with_hidden_cards(table.projection, other, deck[2:4])
    for level in ("greedy", "mcts-10i"):
        view_a = LocalTable.from_projection(for_seat(a, mover, random.Random(5)))
        chosen = []
        for _truth in (a, b):
            # The bot never gets ``_truth``: only this view (same for both truths).
            view = LocalTable.from_projection(view_a.projection)
            chosen.append(bots.get(level).choose_turn(view, mover, random.Random(3), 1000))
        assert chosen[0] == chosen[1]


def test_overrun_falls_back_to_greedy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that overruns its deadline is cut off and greedy plays the turn.
    No clock is asserted: the slow bot never gets past its sleep, and the turn is
    the one the greedy bot returned (greedy's own budget is a clock, so a second
    greedy call on a busy machine may choose otherwise)."""
    finished: list[bool] = []

    class Slow:
        name = "slow"

        def choose_turn(self, table, seat, rng, budget_ms):  # type: ignore[no-untyped-def]
            time.sleep(30)  # cut off by the deadline's alarm long before
            finished.append(True)
            raise AssertionError("should have been cut off")

    greedy = bots.LEVELS["greedy"]
    returned: list[list] = []

    class Spy:
        name = "greedy"

        def choose_turn(self, table, seat, rng, budget_ms):  # type: ignore[no-untyped-def]
            returned.append(greedy.choose_turn(table, seat, rng, budget_ms))
            return returned[-1]

    table = position(players=2, turns=3)
    seat = to_move(table)
    monkeypatch.setitem(bots.LEVELS, "slow", Slow())
    monkeypatch.setitem(bots.LEVELS, "greedy", Spy())
    monkeypatch.setattr(turns, "deadline_seconds", lambda budget_ms: 0.3)
    commands = bot_turn(table.projection, seat, "slow", 100)
    assert finished == [] and len(returned) == 1
    assert commands == returned[0] and commands[-1].type == "ConfirmTurn"


def test_evaluation_registry_falls_back_to_status_scores() -> None:
    class Other:
        name = "no_such_game"

    assert for_game(Other()) is status_scores  # type: ignore[arg-type]
    assert for_game(GAME) is not status_scores
