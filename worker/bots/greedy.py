"""The greedy bot: the whole turn whose resulting position evaluates best.

Every first command (action space and payment, pass, a start bonus, a relocation)
is completed greedily (:mod:`worker.bots.candidates`) and the turn ending in the
best position by the game's evaluation (:mod:`worker.bots.evaluation`) is played.
"""

from __future__ import annotations

import logging
import random

from events.local import LocalTable
from games.contract import Command
from worker.bots.base import play_planned, play_turn
from worker.bots.candidates import CLOCK, candidate_turns, own_value
from worker.bots.planners import for_game as planner_for

log = logging.getLogger(__name__)

#: First commands tried at most per turn (sampled with the bot's rng beyond that).
MAX_FIRSTS = 120


class GreedyBot:
    name = "greedy"

    def choose_turn(self, table: LocalTable, seat: str, rng: random.Random, budget_ms: int) -> list[Command]:
        planned = self._planned(table, seat, rng)
        if planned is not None:
            return planned
        deadline = CLOCK() + max(budget_ms, 1) / 1000 if budget_ms > 0 else None
        candidates = candidate_turns(table.projection, seat, own_value(seat), rng,
                                     limit=MAX_FIRSTS, deadline=deadline)
        if not candidates:
            return play_turn(table, seat, rng.choice)
        best = candidates[0]
        for command in best.commands:
            table.submit(seat, command)
        return list(best.commands)

    @staticmethod
    def _planned(table: LocalTable, seat: str, rng: random.Random) -> list[Command] | None:
        """The game's own plan of the turn, submitted and confirmed (None: no plan here)."""
        planner = planner_for(table.game)
        if planner is None:
            return None
        commands = planner(table.state, seat, rng)
        if not commands:
            return None
        plan = play_planned(table, seat, commands)
        if plan.refused is not None:
            log.warning("the %s turn planner offered an illegal %s", table.game.name, plan.refused.type)
        if not plan.played:
            return None          # the generic search plays the turn
        return plan.played
