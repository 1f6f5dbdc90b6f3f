"""Game end: final scoring and the ranking ("Bestimmen der Siegpunkte").

Where the rules text is silent about bankrupt players, the readings in ``rules.json``
("readings") apply: they rank after everybody still in the game, a later bankruptcy
above an earlier one, and who went bankrupt in the same income phase shares a place.
"""

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
            # "Man entfernt die eigenen Markierungsscheiben vom Spielfeld und scheidet aus": no final
            # scoring; what counts is the victory points left at the bankruptcy.
            scores[seat] = state.vp[seat]
            continue
        inc = income_points(state.income[seat])
        scores[seat] = state.vp[seat] + inc + links[seat]
        detail[seat] = {"delivered": state.vp[seat], "income": inc, "links": links[seat]}
    ranking = rank(state, scores)
    return {"scores": scores, "detail": detail, "ranking": ranking, "places": places(state, ranking),
            "bankrupt": {s: state.bankrupt_round.get(s, 0) for s in state.bankrupt}}


def rank(state: State, scores: dict[str, int]) -> list[str]:
    """Most VP; ties: higher income, then the lowest action tile of the last round.
    Bankrupt players come last, the later bankrupt first (then by their VP)."""
    return sorted(state.seats, key=lambda s: (s in state.bankrupt, -state.bankrupt_round.get(s, 0),
                                              -scores.get(s, 0), -state.income.get(s, 0),
                                              state.tiles.get(s, 99), state.seats.index(s)))


def places(state: State, ranking: list[str]) -> dict[str, int]:
    """1-based places: the players still in the game one by one (the ties are broken by the
    rules), the bankrupt ones by the round they went out in, sharing a place within it."""
    out: dict[str, int] = {}
    for i, seat in enumerate(ranking):
        previous = ranking[i - 1] if i else None
        shared = (previous is not None and seat in state.bankrupt and previous in state.bankrupt
                  and state.bankrupt_round.get(seat) == state.bankrupt_round.get(previous))
        out[seat] = out[previous] if shared and previous is not None else i + 1
    return out
