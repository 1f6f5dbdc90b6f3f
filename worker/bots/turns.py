"""Computing a bot's turn on a position: determinize, search, fall back on overrun.

Shared by the Celery task and by self-play, so that a self-play game is exactly
what the service would have played.
"""

from __future__ import annotations

import logging

from events.determinize import for_seat
from events.local import LocalTable
from events.projection import Projection
from games.contract import Command
from games.rng import rng_for
from worker import bots
from worker.bots.deadline import DeadlineExceeded, run_with_deadline
from worker.bots.evaluation import for_game

log = logging.getLogger(__name__)

#: The level a bot falls back to when its search overruns (``random`` until a
#: ``greedy`` level exists for the game).
FALLBACK_LEVELS = ("greedy", "random")


def deadline_seconds(budget_ms: int) -> float:
    """Slack above the budget before the fallback takes over."""
    return budget_ms / 1000 * 1.5 + 2.0


def bot_turn(p: Projection, seat: str, level: str, budget_ms: int) -> list[Command]:
    """The commands of ``seat``'s turn (the rest of it, if it is open)."""
    bot = bots.get(level)
    budget = bots.budget_ms(level, budget_ms)
    # The game's evaluation is imported on first use: before the clock starts, so that
    # a slow first import (a busy machine compiles it) is not taken for a slow search,
    # and the deadline's alarm never lands inside the import machinery.
    for_game(p.game)

    def search(with_bot=bot, ms=budget) -> list[Command]:  # type: ignore[no-untyped-def]
        rng = rng_for(p.seed, p.seq, salt=f"bot:{seat}")
        table = LocalTable.from_projection(for_seat(p, seat, rng))
        return with_bot.choose_turn(table, seat, rng, ms)

    try:
        return run_with_deadline(search, deadline_seconds(budget))
    except DeadlineExceeded:
        fallback = next(name for name in FALLBACK_LEVELS if name in bots.LEVELS and name != level)
        log.warning("bot %s overran its budget at seq %s; falling back to %s", level, p.seq, fallback)
        return search(bots.get(fallback), bots.budget_ms(fallback, budget_ms))
