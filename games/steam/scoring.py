"""Game end: final scoring and the ranking ("Bestimmen der Siegpunkte")."""

from __future__ import annotations

from typing import Any

from .network import Network
from .state import State


def income_points(income: int) -> int:
    """+1 VP per 2 income (rounded down); negative income costs twice its amount."""
    return income // 2 if income >= 0 else 2 * income


def final_scores(state: State) -> dict[str, Any]:
    net = Network.of(state)
    links = {s: sum(1 for lk in net.links if lk.owner == s and lk.complete) for s in state.seats}
    scores: dict[str, int] = {}
    detail: dict[str, dict[str, int]] = {}
    for seat in state.seats:
        if seat in state.bankrupt:
            scores[seat] = state.vp[seat]
            continue
        inc = income_points(state.income[seat])
        scores[seat] = state.vp[seat] + inc + links[seat]
        detail[seat] = {"delivered": state.vp[seat], "income": inc, "links": links[seat]}
    ranking = rank(state, scores)
    return {"scores": scores, "detail": detail, "ranking": ranking}


def rank(state: State, scores: dict[str, int]) -> list[str]:
    """Most VP; ties: higher income, then the lowest action tile of the last round.
    Bankrupt players come last."""
    return sorted(state.seats, key=lambda s: (s in state.bankrupt, -scores.get(s, 0), -state.income.get(s, 0),
                                              state.tiles.get(s, 99), state.seats.index(s)))
