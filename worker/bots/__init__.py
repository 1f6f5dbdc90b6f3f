"""Bots: play a seat's turn from what that seat may know.

Bot levels are registered by name in :data:`LEVELS`; a level may carry its own
time budget (``mcts-1s``) in :data:`BUDGETS`, otherwise the configured default
applies.
"""

from __future__ import annotations

from worker.bots.base import Bot
from worker.bots.random_bot import RandomBot

LEVELS: dict[str, Bot] = {"random": RandomBot()}
#: Budget per move in milliseconds for levels that fix their own.
BUDGETS: dict[str, int] = {}


def get(level: str) -> Bot:
    try:
        return LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown bot level {level!r}; known: {sorted(LEVELS)}") from None


def budget_ms(level: str, default: int) -> int:
    return BUDGETS.get(level, default)
