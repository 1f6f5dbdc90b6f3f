"""Position evaluations for the search bots, registered by game name.

An evaluation maps a game state (as the bot's seat may know it: the bot only
ever evaluates states of its own determinized table) to a number per seat: the
points that seat is expected to end the game with.  Search bots compare turns by
these numbers; ``greedy`` by its own seat's, ``mcts`` by the margins between seats.

Games without a hand-written evaluation fall back to :func:`status_scores`, the
current score from ``status()``.
"""

from __future__ import annotations

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
    if not _builtin_loaded:
        _register_builtin()
    return EVALUATIONS.get(game.name, status_scores)


_builtin_loaded = False


def _register_builtin() -> None:
    """The evaluations shipped here, imported on first use (the web process lists
    bot levels without loading any game's evaluation)."""
    global _builtin_loaded
    from worker.bots.evaluation import first_class, railroad_dice, russian_railroads, steam

    EVALUATIONS.setdefault("russian_railroads", russian_railroads.evaluate)
    EVALUATIONS.setdefault("first_class", first_class.evaluate)
    EVALUATIONS.setdefault("railroad_dice", railroad_dice.evaluate)
    EVALUATIONS.setdefault("steam", steam.evaluate)
    _builtin_loaded = True
