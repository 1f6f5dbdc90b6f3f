"""The random bot: each sub-move a uniformly random legal command (never an undo)."""

from __future__ import annotations

import random

from events.local import LocalTable
from games.contract import Command
from worker.bots.base import play_turn


class RandomBot:
    name = "random"

    def choose_turn(self, table: LocalTable, seat: str, rng: random.Random, budget_ms: int) -> list[Command]:
        return play_turn(table, seat, rng.choice)
