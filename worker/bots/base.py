"""The bot interface.

``choose(view, seat, legal, rng, budget_ms)`` gets the seat's *view* (never the
full state, so a bot cannot peek at hidden cards), the legal commands computed by
the platform, a seeded rng (bots are deterministic for a game seed and seq) and a
time budget; it returns one of the legal commands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from games.contract import Command


class Bot(Protocol):
    name: str

    def choose(self, view: dict[str, Any], seat: str, legal: Sequence[Command], rng: random.Random,
               budget_ms: int) -> Command: ...
