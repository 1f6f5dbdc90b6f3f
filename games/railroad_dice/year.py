"""The year change (passengers, directors, start player) and the end of the game.

Passengers go to each company's director: one per station of the company's
longest chain on the overview map.  The chains and directors are public, so the
passengers carried and the new totals are shown openly (``data/visibility.json``).
"""

from __future__ import annotations

from typing import Any

from games.contract import Event

from .shares import new_directors
from .state import State
from .stations import chains


def passengers_won(state: State) -> dict[str, int]:
    won = {seat: 0 for seat in state.seats}
    for company, length in chains(state).items():
        director = state.directors.get(company)
        if director is not None:
            won[director] += length
    return won


def score(state: State) -> list[Event]:
    won = passengers_won(state)
    totals = {seat: state.passengers[seat] + won[seat] for seat in state.seats}
    final = state.end_trigger is not None
    payload: dict[str, Any] = {"year": state.year, "final": final, "carried": won,
                               "totals": {"passengers": {seat: totals[seat] for seat in state.seats if won[seat]}}}
    if not final:
        directors = new_directors(state)
        before = {seat for seat in state.directors.values() if seat}
        after = {seat for seat in directors.values() if seat}
        payload["directors"] = directors
        payload["lost"] = sorted(before - after)
        payload["start"] = state.seats[(state.start + 1) % len(state.seats)]
    events = [Event("YearScored", payload)]
    if final:
        events.append(game_ended(state, totals))
    return events


def ranking_key(state: State, totals: dict[str, int], seat: str) -> tuple[int, int, int]:
    """Most passengers; then most '?' in front; then most dice in front and behind."""
    return (totals[seat], state.front[seat]["question"], state.front_total(seat) + state.screen[seat])


def game_ended(state: State, totals: dict[str, int]) -> Event:
    keys = {seat: ranking_key(state, totals, seat) for seat in state.seats}
    ranking = sorted(state.seats, key=lambda s: (tuple(-k for k in keys[s]), state.seats.index(s)))
    places: dict[str, int] = {}
    for i, seat in enumerate(ranking):
        previous = ranking[i - 1] if i else None
        places[seat] = places[previous] if previous and keys[previous] == keys[seat] else i + 1
    return Event("GameEnded", {"reason": state.end_trigger, "passengers": totals, "ranking": ranking,
                               "places": places, "screens": dict(state.screen),
                               "front": {s: dict(f) for s, f in state.front.items()}})
