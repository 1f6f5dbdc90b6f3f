"""Bots: choose a command for a seat from what that seat may see.

Bot levels are registered by name in :data:`LEVELS` (``random`` here; stronger
levels join in their own modules).
"""

from __future__ import annotations

from worker.bots.base import Bot
from worker.bots.random_bot import RandomBot

LEVELS: dict[str, Bot] = {"random": RandomBot()}


def get(level: str) -> Bot:
    try:
        return LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown bot level {level!r}; known: {sorted(LEVELS)}") from None
