"""The bot levels a table may choose, as names only.

The web app validates a seat's level but never runs a bot (they run in the
workers); the names come from the registry in ``worker.bots``, imported lazily.
That registry imports the bot classes but no Celery and no game evaluation.
"""

from __future__ import annotations


def bot_levels() -> list[str]:
    from worker.bots import LEVELS

    return sorted(LEVELS)
