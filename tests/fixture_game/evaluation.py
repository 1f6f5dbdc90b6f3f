"""Tally's evaluation for the search bots: each seat's points so far.

That is what the platform's fallback would give as well; the module is here to
show where a game's evaluation lives in its bundle (``<package>/evaluation.py``,
found through the game's package by :func:`worker.bots.evaluation.for_game`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import Game


def evaluate(game: Game, state: Any, seats: Sequence[str] | None = None) -> Mapping[str, float]:
    scores = game.status(state).scores
    return {seat: float(points) for seat, points in scores.items() if seats is None or seat in seats}
