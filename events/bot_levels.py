"""The bot levels a table may seat, by name.

The web app checks a seat's level against these names and never runs a bot; the
workers play them (:data:`worker.bots.LEVELS` holds a bot under each name, and
:func:`worker.bots.register` adds a level to both).  Both sides import this module, so
neither imports the other (README, "Architecture": service and worker meet only in the
event store and the queue).
"""

from __future__ import annotations

#: The levels offered.  ``mcts-<N>i`` (a fixed number of iterations) are made on demand
#: by the workers for tests, benchmarks and the analysis, and never offered.
_LEVELS: set[str] = {"random", "greedy", "mcts-1s", "mcts-5s"}


def register(level: str) -> None:
    """Offer one more level (a test's bot; the module that defines it registers the bot
    with :func:`worker.bots.register`, which calls this)."""
    _LEVELS.add(level)


def bot_levels() -> list[str]:
    return sorted(_LEVELS)
