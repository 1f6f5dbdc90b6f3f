"""Connecting a new terrain tile at an end of the line (rules text, "Neues Geländefeld anschließen").

One command lays the die that points at the edge of the current large tile and
the first die on the new one.  Conditions, in the order the text gives them:
at least five track elements on the current tile counting the die at the edge
(stations count too); a tile type of which small tiles remain; the same terrain
where the track crosses ("eine gemeinsame Geländeart" at the crossing - the
text's example forces a mountain tile when the track leaves on a mountain); the
small tile must fit every neighbour on the overview map and its position must
be new.  Afterwards the old tile's dice go back to the bank and its stations stay
on its small tile - unless the other end still runs on it (the text's exception
for the very first connection from the start tile, which is exactly this case).
The first die on the new tile may point into a lake when a bridge can cross it
from there: the turn then owes that bridge (:mod:`.bridge`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from games.contract import IllegalMove
from games.kit.memo import sealed

from .data import RULES, SIZE, TILE_TYPES
from .state import State
from .terrain import (
    BACK,
    DELTA,
    entry_field,
    fits_map,
    fitting_at,
    grid,
    inside,
    neighbour_pos,
    opposite,
    side,
    terrain,
)
from .track import Piece, continues, per_map, walk


@dataclass(frozen=True)
class Connection:
    pieces: list[Piece]        #: the die at the edge, then the die on the new tile
    pos: str                   #: the new tile's map position
    tile: str
    rot: int
    mountain: str              #: the new tile's mountain id (the old one's when the track crosses on a mountain)
    released: str | None       #: the old tile, when no end runs on it any more
    returned: int              #: dice going back to the bank from the released tile


def connect(state: State, end: Any, via: Any, exit_: Any, tile: Any, rot: Any, onward: Any) -> Connection:
    pieces = walk(state, end, via, [exit_])
    edge = pieces[0]
    dr, dc = DELTA[exit_]
    if inside(edge.r + dr, edge.c + dc):
        raise IllegalMove("rd.connect.not_edge", "the track must point at the edge of the tile")
    if edge.ground == "water":
        raise IllegalMove("rd.track.water", "water is crossed by a bridge")
    elements = len(state.boards.get(edge.pos, {})) + 1
    if elements < RULES["min_elements_to_connect"]:
        raise IllegalMove("rd.connect.five", "a new tile needs at least five track elements on the current one "
                          f"(there would be {elements})")
    if tile not in TILE_TYPES or not isinstance(rot, int) or isinstance(rot, bool) or not 0 <= rot < 4:
        raise IllegalMove("rd.connect.tile", f"tile must be one of {list(TILE_TYPES)} and rot 0-3")
    if state.small_left.get(tile, 0) <= 0:
        raise IllegalMove("rd.connect.used_up", f"no small {tile} tile is left")
    pos = neighbour_pos(edge.pos, exit_)
    if pos in state.tiles:
        raise IllegalMove("rd.connect.used_position", "the line may not run onto a terrain already built on")
    if not fits_map(state.tiles, pos, tile, rot):
        raise IllegalMove("rd.connect.map", "the small tile must share a terrain with every neighbour on the map")
    r, c = entry_field(edge.r, edge.c, exit_)
    crossing = terrain(tile, rot, r, c)
    if crossing != edge.ground:
        raise IllegalMove("rd.connect.crossing",
                          f"the track crosses on {edge.ground}; the new tile has {crossing} there")
    if not isinstance(onward, int) or isinstance(onward, bool) or not 0 <= onward < 4 or onward == opposite(exit_):
        raise IllegalMove("rd.track.exit", "onward must be a direction 0-3 other than back")
    tr, tc = r + DELTA[onward][0], c + DELTA[onward][1]
    first = Piece(pos, r, c, "straight" if onward == exit_ else "curve", opposite(exit_), onward, crossing)
    if not inside(tr, tc):
        raise IllegalMove("rd.track.edge", "the first track on the new tile must lead into it")
    # The dead-end rule on the new tile, as if it were already laid; towards the lake, allowed
    # when a bridge can follow in this turn (:mod:`.bridge`).  Both by :func:`first_die`, which
    # depends on the new tile and its open sides alone (and is kept for them).
    if first_die(tile, rot, r, c, exit_, onward, new_tile_sides(state, pos, tile, rot)) is None:
        if terrain(tile, rot, tr, tc) == "water":
            raise IllegalMove("rd.track.water",
                              "a track may point into water only when a bridge crosses the lake in the same turn")
        raise IllegalMove("rd.track.dead_end", "a track may not lead into a dead end")
    mountain = state.mountains[edge.pos] if crossing == "mountain" else pos
    other = "B" if end == "A" else "A"
    released = edge.pos if state.ends[other]["pos"] != edge.pos else None
    returned = 0
    if released is not None:
        returned = 1 + sum(1 for p in state.boards.get(released, {}).values() if p["kind"] != "station")
    return Connection([edge, first], pos, tile, rot, mountain, released, returned)


def first_die(tile: str, rot: int, r: int, c: int, exit_: int, onward: int, sides: tuple[int, ...]) -> bool | None:
    """The first die on a new tile entered on field (r, c) moving ``exit_``, leaving towards
    ``onward``, with the new tile open on ``sides``: None when :func:`connect` refuses it
    (back, off the tile, into a lake no bridge crosses from there, a dead end), else whether
    it points into the lake (the bridge then owed).  Only the tile's fields and the open
    sides matter (the tile is new and empty, so the map enters through ``sides`` alone):
    cached by the rotated tile's rows, which stand for its fields."""
    return _first_die(grid(tile, rot), tile, rot, r, c, exit_, onward, sides)


def first_dies(tile: str, rot: int, r: int, c: int, exit_: int, sides: tuple[int, ...]) -> tuple[bool | None, ...]:
    """:func:`first_die` for each way onward (0 to 3) at once: the listing asks for all four
    of every fitting tile and rotation, one cache lookup instead of four (the key holds the
    tile's seven rows)."""
    return _first_dies(grid(tile, rot), tile, rot, r, c, exit_, sides)


@cache
def _first_dies(rows: tuple[str, ...], tile: str, rot: int, r: int, c: int, exit_: int,
                sides: tuple[int, ...]) -> tuple[bool | None, ...]:
    return tuple(_first_die(rows, tile, rot, r, c, exit_, onward, sides) for onward in range(4))


@cache
def _first_die(rows: tuple[str, ...], tile: str, rot: int, r: int, c: int, exit_: int, onward: int,
               sides: tuple[int, ...]) -> bool | None:
    if onward == opposite(exit_):
        return None
    tr, tc = r + DELTA[onward][0], c + DELTA[onward][1]
    if not inside(tr, tc):
        return None
    if terrain(tile, rot, tr, tc) == "water":
        return True if _bridge_possible(None, "", tile, rot, (r, c), (tr, tc), onward, sides) else None
    return False if continues(None, "", tr, tc, frozenset({(r, c)}), sides, {}) else None  # type: ignore[arg-type]


def _bridge_possible(state: State | None, pos: str, tile: str, rot: int, first: tuple[int, int],
                     water: tuple[int, int], step: int, sides: tuple[int, ...]) -> bool:
    """Is there a way across the lake from the new tile's first die to free land that goes on?

    The ways of :func:`.bridge.crossings` in its order, each checked as it is found: the
    search stops at the first that goes on, where listing every simple path across the
    lake first (unbounded: no dice are counted here) took milliseconds on a large lake."""
    rows = grid(tile, rot)

    def across(r: int, c: int, step: int, seen: frozenset[tuple[int, int]]) -> bool:
        back = BACK[step]
        for x in range(4):
            if x == back:
                continue
            nr, nc = r + DELTA[x][0], c + DELTA[x][1]
            if not (0 <= nr < SIZE and 0 <= nc < SIZE) or (nr, nc) == first or (nr, nc) in seen:
                continue
            if rows[nr][nc] == "W":
                if across(nr, nc, x, seen | {(nr, nc)}):
                    return True
            elif continues(state, pos, nr, nc, seen | {first}, sides, {}):  # type: ignore[arg-type]
                return True
        return False

    return across(water[0], water[1], step, frozenset({water}))


#: The new tiles' open sides per map, by the identity of the two objects they depend on (the
#: tiles laid and the small tiles left, held here so that the identities stay theirs):
#: ``evolve`` replaces those only when a tile is connected, so every state of one map shares
#: them (as :func:`.track.open_sides`); only sealed states (:mod:`games.kit.memo`) are served.
_NEW_SIDES: dict[tuple[int, int], tuple[object, object, dict[tuple[str, str, int], tuple[int, ...]]]] = {}
#: Maps remembered at most (the oldest go first).
_NEW_SIDES_KEPT = 2048


def new_tile_sides(state: State, pos: str, tile: str, rot: int) -> tuple[int, ...]:
    """The sides a tile about to be laid at ``pos`` could connect on (one small tile fewer),
    memoised per map for sealed states."""
    if not sealed(state):
        return _new_tile_sides(state, pos, tile, rot)
    cache = per_map(state, _NEW_SIDES, _NEW_SIDES_KEPT)
    sides = cache.get((pos, tile, rot))
    if sides is None:
        sides = cache[(pos, tile, rot)] = _new_tile_sides(state, pos, tile, rot)
    return sides


def _new_tile_sides(state: State, pos: str, tile: str, rot: int) -> tuple[int, ...]:
    """A neighbour position is open when a small tile left (one ``tile`` fewer) fits the map
    there (:func:`fitting`) and also the new tile's side facing it.  The open sides in order,
    as a tuple of ints: the memos (and ``_first_die``'s keys) hold many, and the collector
    untracks such tuples but walks every frozenset at each pass."""
    without = tile if state.small_left[tile] <= 1 else None  # the last one of its type is this
    out: list[int] = []
    for d in range(4):
        target = neighbour_pos(pos, d)
        if target in state.tiles:
            continue
        facing, back = side(tile, rot, d), BACK[d]
        for t, q in fitting(state, target):  # a loop, not ``any`` over a generator: per new tile
            if t != without and side(t, q, back) & facing:
                out.append(d)
                break
    return tuple(out)


#: The small tiles (type and rotation) that fit the map at a position, per map (as
#: :func:`.track.open_sides`): every edge field facing the position and every new tile
#: next to it asks.
_FITTING: dict[tuple[int, int], tuple[object, object, dict[str, tuple[tuple[str, int], ...]]]] = {}
_FITTING_KEPT = 2048


def fitting(state: State, target: str) -> tuple[tuple[str, int], ...]:
    """(tile, rotation) of each small tile left that fits the map at ``target``, in the
    order of the tile types and rotations (memoised per map for sealed states)."""
    cache = per_map(state, _FITTING, _FITTING_KEPT) if sealed(state) else {}
    hit = cache.get(target)
    if hit is None:
        hit = cache[target] = fitting_at(state.tiles, state.small_left, target)
    return hit
