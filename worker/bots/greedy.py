"""The greedy bot: the whole turn whose resulting position evaluates best.

Every first command (action space and payment, pass, a start bonus, a relocation)
is completed greedily (:mod:`worker.bots.candidates`) and the turn ending in the
best position by the game's evaluation (:mod:`worker.bots.evaluation`) is played.
"""

from __future__ import annotations

import random
import time

from events.local import LocalTable
from games.contract import Command
from worker.bots.base import play_turn
from worker.bots.candidates import candidate_turns, own_value

#: First commands tried at most per turn (sampled with the bot's rng beyond that).
MAX_FIRSTS = 120


class GreedyBot:
    name = "greedy"

    def choose_turn(self, table: LocalTable, seat: str, rng: random.Random, budget_ms: int) -> list[Command]:
        deadline = time.perf_counter() + max(budget_ms, 1) / 1000 if budget_ms > 0 else None
        candidates = candidate_turns(table.projection, seat, own_value(seat), rng,
                                     limit=MAX_FIRSTS, deadline=deadline)
        if not candidates:
            return play_turn(table, seat, rng.choice)
        best = candidates[0]
        for command in best.commands:
            table.submit(seat, command)
        return list(best.commands)
