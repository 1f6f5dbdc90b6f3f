"""The bot levels a table may choose, as names only.

The web app validates a seat's level without importing the bots (they run in
the workers); the names are read from ``worker.bots`` lazily, which imports no
Celery and no search code at module level.
"""

from __future__ import annotations


def bot_levels() -> list[str]:
    from worker.bots import LEVELS

    return sorted(LEVELS)
