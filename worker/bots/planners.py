"""Turn planners a game ships for the greedy bot, found like its evaluation.

A game whose turns the generic greedy search serves badly (Steam's build phase: some
300 first tiles, each completed by listing every tile again) may ship a ``planning``
module next to its rules with ``plan_turn(state, seat, rng) -> list[Command] | None``:
the game commands of the seat's turn (the bot confirms it), or None where the generic
search should decide.  It is imported on first use, so the web process loads none.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from games.contract import Command, Game

#: ``plan_turn(state, seat, rng) -> commands or None``.
Planner = Callable[[Any, str, random.Random], "list[Command] | None"]

_PLANNERS: dict[str, Planner | None] = {}


def for_game(game: Game) -> Planner | None:
    if game.name not in _PLANNERS:
        module = type(game).__module__
        package = module if hasattr(importlib.import_module(module), "__path__") else module.rpartition(".")[0]
        name = f"{package}.planning"
        try:
            planning = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            planning = None
        _PLANNERS[game.name] = getattr(planning, "plan_turn", None)
    return _PLANNERS[game.name]
