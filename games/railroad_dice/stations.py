"""Stations: where a company may build one, and the chains that carry passengers.

Conditions of the rules text ("AKTION: BAHNHOF BAUEN"): the builder is the
company's director; the station stands on the field an end of the line leads
to, not on the outer ring, not orthogonally next to another station, at most one
per company per large tile, on the terrain its card shows: a mountain station on
a mountain field with at least three mountain neighbours (of eight), a lake
station on a meadow field with at least three water neighbours, a meadow station
on a meadow field with at least three meadow neighbours.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.contract import IllegalMove

from .data import RULES, SIZE
from .state import State
from .terrain import DELTA, derived_from_rows, inside, neighbours8, opposite, outer_ring, pos_of, terrain
from .track import Piece, continues, field_key, ground, occupied

#: which field a station of each kind stands on, and which neighbours it needs
NEEDS = {"mountain": ("mountain", "mountain"), "lake": ("meadow", "water"), "meadow": ("meadow", "meadow")}


def site_allows(state: State, pos: str, r: int, c: int, kind: str) -> bool:
    tile = state.tiles[pos]
    return _allows(tile["type"], tile["rot"], r, c, kind)


@cache
def _allows(tile_type: str, rot: int, r: int, c: int, kind: str) -> bool:
    """:func:`site_allows` on the rotated tile: a function of its terrain alone (asked for
    every station site a listing looks at; a generator over the neighbours per call)."""
    on, around = NEEDS[kind]
    if terrain(tile_type, rot, r, c) != on:
        return False
    count = sum(1 for nr, nc in neighbours8(r, c) if terrain(tile_type, rot, nr, nc) == around)
    return count >= RULES["station_neighbours_needed"]


derived_from_rows(_allows.cache_clear)


def station_piece(state: State, seat: str, company: Any, end: Any, via: Any, kind: str) -> Piece:
    if state.directors.get(company) != seat:
        raise IllegalMove("rd.station.director", "only the company's director builds its stations")
    e = state.ends.get(end) if isinstance(end, str) else None
    if e is None:
        raise IllegalMove("rd.track.end", "end must be 'A' or 'B'")
    if not isinstance(via, int) or isinstance(via, bool) or via not in e["dirs"]:
        raise IllegalMove("rd.track.via", f"the line continues from end {end} only towards {e['dirs']}")
    pos = e["pos"]
    r, c = e["field"][0] + DELTA[via][0], e["field"][1] + DELTA[via][1]
    if not inside(r, c) or outer_ring(r, c):
        raise IllegalMove("rd.station.ring", "no station on the outer ring of a tile")
    if occupied(state, pos, r, c):
        raise IllegalMove("rd.track.touch", "the field already holds track")
    board = state.boards.get(pos, {})
    for dr, dc in DELTA:
        if board.get(field_key(r + dr, c + dc), {}).get("kind") == "station":
            raise IllegalMove("rd.station.adjacent", "no station orthogonally next to another station")
    if has_station_on(state, company, pos):
        raise IllegalMove("rd.station.per_tile", "each company builds at most one station per large tile")
    return _site(state, end, via, kind)


def has_station_on(state: State, company: Any, pos: str) -> bool:
    """Whether ``company`` has built on the large tile at ``pos`` (one station per tile);
    a loop, not ``any`` over a generator (a generator made and resumed per station)."""
    for s in state.stations:
        if s["company"] == company and s["pos"] == pos:
            return True
    return False


def site(state: State, end: str, via: int, kind: str) -> Piece | None:
    """The station of ``kind`` the board allows from ``end`` towards ``via`` (a valid end
    and direction), whoever builds it: :func:`station_piece`'s checks but the director's
    and the one station per company and tile.  A function of the end, the board of its
    tile and the map alone (the legal list keeps it per board, ``legal._Way``)."""
    pos = state.ends[end]["pos"]
    r, c = state.ends[end]["field"][0] + DELTA[via][0], state.ends[end]["field"][1] + DELTA[via][1]
    if not (0 <= r < SIZE and 0 <= c < SIZE) or outer_ring(r, c) or occupied(state, pos, r, c):
        return None
    board = state.boards.get(pos, {})
    for dr, dc in DELTA:
        if board.get(field_key(r + dr, c + dc), {}).get("kind") == "station":
            return None
    if not site_allows(state, pos, r, c, kind):
        return None  # most sites' terrain: asked first, not by :func:`_site`'s refusal (an exception each)
    try:
        return _site(state, end, via, kind)
    except IllegalMove:
        return None


def _site(state: State, end: str, via: int, kind: str) -> Piece:
    """The terrain and dead-end checks of a station site (the field is free, off the ring)."""
    pos = state.ends[end]["pos"]
    r, c = state.ends[end]["field"][0] + DELTA[via][0], state.ends[end]["field"][1] + DELTA[via][1]
    if not site_allows(state, pos, r, c, kind):
        raise IllegalMove("rd.station.terrain", f"this field is no site for a {kind} station")
    taken = frozenset({(r, c)})
    if not any(x != opposite(via) and inside(r + DELTA[x][0], c + DELTA[x][1])
               and not occupied(state, pos, r + DELTA[x][0], c + DELTA[x][1])
               and continues(state, pos, r + DELTA[x][0], c + DELTA[x][1], taken) for x in range(4)):
        raise IllegalMove("rd.track.dead_end", "the line could not go on from this station")
    return Piece(pos, r, c, "station", opposite(via), None, ground(state, pos, r, c))


def longest_chain(positions: list[str]) -> int:
    """The largest group of map positions joined orthogonally (not diagonally)."""
    left = set(positions)
    best = 0
    while left:
        stack = [left.pop()]
        size = 0
        while stack:
            x, y = pos_of(stack.pop())
            size += 1
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                key = f"{x + dx},{y + dy}"
                if key in left:
                    left.remove(key)
                    stack.append(key)
        best = max(best, size)
    return best


def chains(state: State) -> dict[str, int]:
    """Each company's longest chain of stations on the overview map."""
    out: dict[str, int] = {}
    for company in state.directors:
        out[company] = longest_chain([s["pos"] for s in state.stations if s["company"] == company])
    return out


def supply_left(state: State, company: str) -> int:
    return sum(state.supply[company].values())


def station_json(seat: str, company: str, piece: Piece, kind: str, cost: int) -> dict[str, Any]:
    return {"company": company, "pos": piece.pos, "field": [piece.r, piece.c], "kind": kind, "cost": cost}
