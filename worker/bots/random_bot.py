"""The random bot: each sub-move a uniformly random legal command (never an undo)."""

from __future__ import annotations

import random

from events.local import LocalTable
from games.contract import Command
from worker.bots.base import play_turn


class RandomBot:
    name = "random"

    def choose_turn(self, table: LocalTable, seat: str, rng: random.Random, budget_ms: int) -> list[Command]:
        # Up to the first draw: the table's draw is the bot's fake seed's, and the worker and
        # self-play append no command after a draw but ask the bot again on the real one
        # (worker.tasks._append_turn, worker.selfplay.play), so the rest would be played in vain.
        return play_turn(table, seat, rng.choice, until_draw=True)
