"""What a viewer may see: everything, to everyone.  The dice behind each screen, the
passenger totals and the bank's dice are counted openly at the table by anyone who
keeps notes (every die and chip moves in plain sight, ``data/visibility.json``), so
they are shown to all instead; what no one may know (the rolls to come) is no part
of a state.
"""

from __future__ import annotations

from typing import Any

from .data import COMPANIES
from .state import State
from .terrain import grid
from .track import open_sides


def view(state: State, viewer: str) -> dict[str, Any]:
    over = state.phase == "over"
    players = {}
    for seat in state.seats:
        players[seat] = {
            "front": dict(state.front[seat]),
            "screen": state.screen[seat],
            "passengers": state.passengers[seat],
            "shares": dict(state.shares[seat]),
            "director_of": state.companies_of(seat),
        }
    boards = {}
    for pos, pieces in state.boards.items():
        tile = state.tiles[pos]
        ends_here = [name for name, e in state.ends.items() if e["pos"] == pos]
        boards[pos] = {"tile": tile["type"], "rot": tile["rot"], "rows": list(grid(tile["type"], tile["rot"])),
                       "pieces": {k: dict(v) for k, v in pieces.items()}, "ends": ends_here,
                       "open_sides": sorted(open_sides(state, pos))}
    out: dict[str, Any] = {
        "seats": list(state.seats), "year": state.year, "phase": state.phase,
        "start_player": state.seats[state.start] if state.seats else None, "current": state.current,
        "players": players,
        "bank_shares": dict(state.bank_shares),
        "directors": dict(state.directors),
        "companies": {c: {"name": info["name"], "colour": info["colour"], "supply": dict(state.supply.get(c, {}))}
                      for c, info in COMPANIES.items()},
        "stations": [dict(s) for s in state.stations],
        "map": {pos: {**t, "rows": list(grid(t["type"], t["rot"]))} for pos, t in state.tiles.items()},
        "small_left": dict(state.small_left),
        "boards": boards,
        "ends": {name: {"pos": e["pos"], "field": list(e["field"]), "dirs": list(e["dirs"])}
                 for name, e in state.ends.items()},
        "turn": {"income": state.turn.get("income", False), "rolled": state.turn.get("rolled", False),
                 "mountains_paid": list(state.turn.get("mountains", []))},
        "end_trigger": state.end_trigger,
        "bank_closed": state.bank_closed,
        "bank_dice": state.bank,
    }
    if over:
        out["final"] = dict(state.final)
    return out
