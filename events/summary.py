"""The one-line result of a game, shared by ``stellwerk replay`` and ``selfplay``."""

from __future__ import annotations

from typing import Any

from events.projection import Projection


def result_line(p: Projection, **extra: Any) -> dict[str, Any]:
    status = p.status()
    return {
        "game": p.game.name,
        **extra,
        "seq": p.seq,
        "over": status.over,
        "scores": dict(status.scores),
        "ranking": list(status.ranking),
        "places": status.final_places(),
        "to_move": list(status.to_move),
    }
