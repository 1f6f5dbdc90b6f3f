"""Position evaluations for the search bots, registered by game name.

An evaluation maps a game state (as the bot's seat may know it: the bot only
ever evaluates states of its own determinized table) to a number per seat: the
points that seat is expected to end the game with.  Search bots compare turns by
these numbers; ``greedy`` by its own seat's, ``mcts`` by the margins between seats.

Games without a hand-written evaluation fall back to :func:`status_scores`, the
current score from ``status()``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.contract import Game

#: ``evaluate(game, state, seats=None) -> {seat: expected final points}``, for
#: ``seats`` only when given (the greedy bot needs its own seat's alone).
Evaluation = Callable[..., Mapping[str, float]]


def status_scores(game: Game, state: Any, seats: Sequence[str] | None = None) -> Mapping[str, float]:
    """The generic fallback: the points each seat has now."""
    return {seat: float(v) for seat, v in game.status(state).scores.items()}


EVALUATIONS: dict[str, Evaluation] = {}


def register(game_name: str, evaluation: Evaluation) -> Evaluation:
    EVALUATIONS[game_name] = evaluation
    return evaluation


def for_game(game: Game) -> Evaluation:
    """The game's evaluation: one registered by hand, else the ``evaluation`` module
    of the game's own package (``games/<game>/evaluation.py`` with an ``evaluate``
    function: a game is one bundle), else (until it moves there) the module of this
    package named like the game; imported on first use so that the web process,
    which only lists bot levels, loads no evaluation; else :func:`status_scores`."""
    evaluation = EVALUATIONS.get(game.name)
    if evaluation is None:
        package = _package_of(game)
        shipped = _module_evaluate(f"{package}.evaluation") if package else None
        if shipped is None and game.name.isidentifier():
            shipped = _module_evaluate(f"{__name__}.{game.name}")
        evaluation = EVALUATIONS.setdefault(game.name, shipped or status_scores)
    return evaluation


def _package_of(game: Game) -> str:
    """The package the game object's class lives in ("" for a module at the top)."""
    module = type(game).__module__
    imported = importlib.import_module(module)
    return module if hasattr(imported, "__path__") else module.rpartition(".")[0]


def _module_evaluate(name: str) -> Evaluation | None:
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name and not name.startswith(f"{exc.name}."):
            raise  # the module exists but something it imports does not
        return None
    return getattr(module, "evaluate", None)
