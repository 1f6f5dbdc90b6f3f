"""Turn planners a game ships for the greedy bot, found like its evaluation.

A game whose turns the generic greedy search serves badly (Steam's build phase: some
300 first tiles, each completed by listing every tile again) may ship a ``planning``
module next to its rules with ``plan_turn(state, seat, rng) -> list[Command] | None``:
the game commands of the seat's turn (the bot confirms it), or None where the generic
search should decide.  It is imported on first use, so the web process loads none.

The same module may offer ``plan_turns(state, seat, rng) -> list[list[Command]] | None``:
the turns the search (``mcts``) should weigh there, the plan first (None: list them
generically).  Steam's build phase completed one tile at a time costs the search its
whole budget on one or two poor turns.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from games.contract import Command, Game

#: ``plan_turn(state, seat, rng) -> commands or None``.
Planner = Callable[[Any, str, random.Random], "list[Command] | None"]

#: ``plan_turns(state, seat, rng) -> turns or None``.
Turns = Callable[[Any, str, random.Random], "list[list[Command]] | None"]

_PLANNERS: dict[str, Planner | None] = {}
_TURNS: dict[str, Turns | None] = {}


def for_game(game: Game) -> Planner | None:
    _load(game)
    return _PLANNERS[game.name]


def turns_for(game: Game) -> Turns | None:
    """The game's list of turns worth searching, if its planning module has one."""
    _load(game)
    return _TURNS[game.name]


def _load(game: Game) -> None:
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
        _TURNS[game.name] = getattr(planning, "plan_turns", None)
        _PLANNERS[game.name] = getattr(planning, "plan_turn", None)
