"""Bots: play a seat's turn from what that seat may know.

Bot levels are registered by name in :data:`LEVELS`, the same names the web app
offers (:mod:`events.bot_levels`; a test checks that they agree, and :func:`register`
adds a level to both); a level may carry its own time budget (``mcts-1s``) in
:data:`BUDGETS`, otherwise the configured default applies.  ``mcts-<N>i`` levels
(iteration budgets, deterministic whatever the machine's speed) are made on demand by
:func:`get`, for tests and benchmarks.
"""

from __future__ import annotations

import re

from events import bot_levels
from worker.bots.base import Bot
from worker.bots.greedy import GreedyBot
from worker.bots.mcts import MctsBot
from worker.bots.random_bot import RandomBot

LEVELS: dict[str, Bot] = {
    "random": RandomBot(),
    "greedy": GreedyBot(),
    "mcts-1s": MctsBot("mcts-1s"),
    "mcts-5s": MctsBot("mcts-5s"),
}
#: Budget per move in milliseconds for levels that fix their own.
BUDGETS: dict[str, int] = {"mcts-1s": 1000, "mcts-5s": 5000}

_ITERATIONS = re.compile(r"mcts-(\d+)i")
_by_iterations: dict[str, Bot] = {}


def register(level: str, bot: Bot, budget_ms: int | None = None) -> None:
    """One more level (a test's): played by this process's workers, offered by a web app
    that imports the same module (``STELLWERK_EXTRA_GAMES`` loads it in both)."""
    LEVELS.setdefault(level, bot)
    if budget_ms is not None:
        BUDGETS.setdefault(level, budget_ms)
    bot_levels.register(level)


def get(level: str) -> Bot:
    bot = LEVELS.get(level)
    if bot is not None:
        return bot
    match = _ITERATIONS.fullmatch(level)
    if match:
        return _by_iterations.setdefault(level, MctsBot(level, iterations=int(match.group(1))))
    raise KeyError(f"unknown bot level {level!r}; known: {sorted(LEVELS)} and mcts-<N>i")


def budget_ms(level: str, default: int) -> int:
    return BUDGETS.get(level, default)
