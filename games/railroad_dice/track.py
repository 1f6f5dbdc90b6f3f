"""Laying railroad dice at the two ends of the one common line.

A piece is entered from one side and leaves by another: a straight leaves
opposite its entry, a curve by a side next to it.  Three commands lay track:

* ``PlaceTrack`` - one die onto a land field, leading to a free land field;
* ``BuildBridge`` (:mod:`.bridge`) - a land die leading into a lake plus the dice
  across it, all in one command, so the line reaches land again in the same turn
  (rules text: "wenn nicht noch im selben Zug eine Brücke vollständig über den See
  gebaut wird"); or only the dice across, from an end a new tile's first die left
  pointing into the lake;
* ``ConnectTile`` (:mod:`.connect`) - the die pointing at the tile edge and the
  first die on the new tile, again in one command ("wenn nicht noch im selben Zug
  ... ein neues Geländefeld angeschlossen wird").

Keeping each obligation inside one command means a turn can never be left with
a track that points at an edge; the one promise that spans two commands (a new
lake tile entered towards the water) is kept by :mod:`.bridge`.  "Touching" is
read as: a piece may not lead into a field that already holds track; "dead end"
as: from the field a piece leads to, free fields must still reach the tile edge on a side where a new
tile could be connected (on a tile where none can be connected any more, the line
may go on without that).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.contract import IllegalMove
from games.kit.memo import sealed

from .data import SIZE
from .state import State
from .terrain import BACK, DELTA, fitting_at, inside, neighbour_pos, outer_ring, terrain


@dataclass(frozen=True, init=False)
class Piece:
    pos: str
    r: int
    c: int
    kind: str          #: straight, curve or station
    enter: int         #: the side it is entered from
    exit: int | None   #: the side it leaves by (None: a station, chosen with the next piece)
    ground: str        #: mountain, meadow or water

    def __init__(self, pos: str, r: int, c: int, kind: str, enter: int, exit: int | None, ground: str) -> None:
        # its fields' dict at once, as :class:`games.contract.Command`'s (the generated one sets
        # seven fields through ``object.__setattr__``; every piece a decision or a site looks at)
        _set_fields(self, "__dict__", {"pos": pos, "r": r, "c": c, "kind": kind, "enter": enter, "exit": exit,
                                       "ground": ground})

    def to_json(self) -> dict[str, Any]:
        sides = [self.enter] if self.exit is None else [self.enter, self.exit]
        return {"pos": self.pos, "field": [self.r, self.c], "kind": self.kind, "sides": sides,
                "ground": self.ground}


_set_fields = object.__setattr__


def field_key(r: int, c: int) -> str:
    # the tile's fields' keys made once (formatting two ints per ask: some 70,000 in 10 random
    # games, 1 % of the instructions); a neighbour off the tile formatted as before
    if 0 <= r < SIZE and 0 <= c < SIZE:
        return FIELD_KEYS[r * SIZE + c]
    return f"{r},{c}"


#: The key of field (r, c) of a tile at index ``r * SIZE + c`` (:func:`field_key`'s table).
FIELD_KEYS = tuple(f"{r},{c}" for r in range(SIZE) for c in range(SIZE))


def ground(state: State, pos: str, r: int, c: int) -> str:
    tile = state.tiles[pos]
    return terrain(tile["type"], tile["rot"], r, c)


def occupied(state: State, pos: str, r: int, c: int) -> bool:
    # ``field_key`` in line (some 11,000 asks per 10 random games: a call each saved)
    key = FIELD_KEYS[r * SIZE + c] if 0 <= r < SIZE and 0 <= c < SIZE else f"{r},{c}"
    return key in state.boards.get(pos, {})


def can_connect(state: State, pos: str, d: int) -> bool:
    """Could any remaining small tile be laid next to ``pos`` on side ``d``?"""
    target = neighbour_pos(pos, d)
    if target in state.tiles:
        return False
    return bool(fitting_at(state.tiles, state.small_left, target))


#: Open sides per map: by the identity of the two objects they depend on, the tiles laid and
#: the small tiles left (held here, so that the identities stay theirs).  ``evolve`` replaces
#: those two only when a tile is connected and shares them between states otherwise, so one
#: search serves every state of the same map; only sealed states (:mod:`games.kit.memo`:
#: never changed once ``evolve`` made them) are served from here.
_MAP_SIDES: dict[tuple[int, int], tuple[object, object, dict[str, tuple[int, ...]]]] = {}
#: Maps remembered at most (a long search meets many; the oldest go first).
_MAP_SIDES_KEPT = 2048


def per_map(state: State, memos: dict[tuple[int, int], tuple[object, object, dict[Any, Any]]],
            kept: int) -> dict[Any, Any]:
    """The memo of ``state``'s map (its tiles and the small tiles left, which a sealed state
    never changes in place) in ``memos``, made empty when the map is new; at most ``kept`` maps
    are remembered, the oldest go first.  The map's objects are held, so an id is never
    taken for another map's after the first is gone."""
    key = (id(state.tiles), id(state.small_left))
    hit = memos.get(key)
    if hit is None or hit[0] is not state.tiles or hit[1] is not state.small_left:
        if len(memos) >= kept:
            del memos[next(iter(memos))]
        hit = memos[key] = (state.tiles, state.small_left, {})
    return hit[2]


def open_sides(state: State, pos: str) -> tuple[int, ...]:
    """Sides of the tile at ``pos`` where a new tile could still be connected, in order
    (memoised per map for sealed states; a tuple of ints, which the collector untracks,
    not a frozenset, which it walks at every pass over the memos)."""
    if not sealed(state):
        return tuple(d for d in range(4) if can_connect(state, pos, d))
    cache = per_map(state, _MAP_SIDES, _MAP_SIDES_KEPT)
    if pos not in cache:
        cache[pos] = tuple(d for d in range(4) if can_connect(state, pos, d))
    return cache[pos]


def continues(state: State, pos: str, r: int, c: int, taken: frozenset[tuple[int, int]],
              sides: tuple[int, ...] | None = None, board: dict[str, Any] | None = None,
              free: int | None = None) -> bool:
    """No dead end: from free field (r, c) the free fields reach an edge where a tile
    could still be connected (or no tile can be connected from here at all).

    A flood fill over the tile's 49 fields as the bits of one integer (a field is bit
    ``r * SIZE + c``): each round grows the reached set by a step in every direction,
    within the free fields, until it touches an open side or stops growing.  ``free``:
    :func:`free_fields` of the board and ``taken``, if the caller has them (several
    fields of one board asked in a row)."""
    if sides is None:
        sides = open_sides(state, pos)
    if not sides:
        return True
    if free is None:
        free = free_fields(state.boards.get(pos, {}) if board is None else board, taken)
    goal = _GOAL.get(sides)
    if goal is None:  # open sides come in order (a tuple from ``open_sides``); any other order
        goal = 0
        for d in sides:
            goal |= _SIDE_FIELDS[d]
    reach = _BIT[(r, c)]
    while True:
        if reach & goal:
            return True
        grown = reach | (((reach << SIZE) | (reach >> SIZE) | ((reach << 1) & _NOT_WEST)
                          | ((reach >> 1) & _NOT_EAST)) & free)
        if grown == reach:
            return False
        reach = grown


def free_fields(board: dict[str, Any], taken: frozenset[tuple[int, int]]) -> int:
    """The fields neither on ``board`` nor ``taken``, as :func:`continues` takes them (bits)."""
    blocked = sum(map(_KEY_BIT.__getitem__, board))
    for field in taken:
        blocked |= _BIT[field]
    return _ALL & ~blocked


_BIT = {(r, c): 1 << (r * SIZE + c) for r in range(SIZE) for c in range(SIZE)}
_KEY_BIT = {field_key(r, c): bit for (r, c), bit in _BIT.items()}
_ALL = (1 << SIZE * SIZE) - 1
#: The fields along each side (a step from them in that direction leaves the tile).
_SIDE_FIELDS = [sum(bit for (r, c), bit in _BIT.items() if not inside(r + dr, c + dc)) for dr, dc in DELTA]
#: Shifted east (west), a field must not wrap onto the west (east) column of the next row.
_NOT_WEST = _ALL & ~_SIDE_FIELDS[3]
_NOT_EAST = _ALL & ~_SIDE_FIELDS[1]
#: The fields along each set of open sides (a tuple in order, as ``open_sides`` gives them),
#: looked up once per flood fill instead of or-ed together side by side.
def _goals() -> dict[tuple[int, ...], int]:
    out: dict[tuple[int, ...], int] = {}
    for mask in range(1, 16):
        sides = tuple(d for d in range(4) if mask >> d & 1)
        out[sides] = 0
        for d in sides:
            out[sides] |= _SIDE_FIELDS[d]
    return out


_GOAL = _goals()


def walk(state: State, end: Any, via: Any, exits: list[Any]) -> list[Piece]:
    """The pieces laid from ``end``: the first on the field in direction ``via``, each
    next one where the previous leads.  Checks only that each field is on the tile,
    free and entered legally; what may lie at the end is the caller's rule."""
    e = state.ends.get(end) if isinstance(end, str) else None
    if e is None:
        raise IllegalMove("rd.track.end", "end must be 'A' or 'B'")
    if not isinstance(via, int) or isinstance(via, bool) or via not in e["dirs"]:
        raise IllegalMove("rd.track.via", f"the line continues from end {end} only towards {e['dirs']}")
    if not exits or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 4 for x in exits):
        raise IllegalMove("rd.track.exit", "exit must be a direction 0-3")
    pos = e["pos"]
    r, c = e["field"]
    step = via
    pieces: list[Piece] = []
    taken: set[tuple[int, int]] = set()
    for x in exits:
        dr, dc = DELTA[step]
        r, c = r + dr, c + dc
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            raise IllegalMove("rd.track.edge", "a track may point at the tile edge only when a new tile is connected")
        if occupied(state, pos, r, c) or (r, c) in taken:
            raise IllegalMove("rd.track.touch", "a track may not touch other track")
        back = BACK[step]
        if x == back:
            raise IllegalMove("rd.track.exit", "a piece cannot leave by the side it is entered from")
        kind = "straight" if x == step else "curve"
        pieces.append(Piece(pos, r, c, kind, back, x, ground(state, pos, r, c)))
        taken.add((r, c))
        step = x
    return pieces


def target_of(pieces: list[Piece]) -> tuple[int, int, int]:
    last = pieces[-1]
    assert last.exit is not None
    dr, dc = DELTA[last.exit]
    return last.r + dr, last.c + dc, last.exit


def check_lead(state: State, pieces: list[Piece]) -> None:
    """The last piece must lead to a free land field on its tile, with no dead end behind."""
    pos = pieces[0].pos
    r, c, _ = target_of(pieces)
    if not inside(r, c):
        raise IllegalMove("rd.track.edge", "a track may point at the tile edge only when a new tile is connected")
    taken = frozenset((p.r, p.c) for p in pieces)
    if occupied(state, pos, r, c) or (r, c) in taken:
        raise IllegalMove("rd.track.touch", "a track may not lead into other track")
    if ground(state, pos, r, c) == "water":
        raise IllegalMove("rd.track.water",
                          "a track may point into water only when a bridge crosses the lake in the same turn")
    if not continues(state, pos, r, c, taken):
        raise IllegalMove("rd.track.dead_end", "a track may not lead into a dead end")


def place_track(state: State, end: Any, via: Any, exit_: Any) -> list[Piece]:
    pieces = walk(state, end, via, [exit_])
    if pieces[0].ground == "water":
        raise IllegalMove("rd.track.water", "water is crossed by a bridge (BuildBridge)")
    check_lead(state, pieces)
    return pieces


def mountains_of(state: State, pieces: list[Piece]) -> set[str]:
    return {state.mountains[p.pos] for p in pieces if p.ground == "mountain"}


def end_can_continue(state: State, end: str) -> bool:
    """Could the line go on at ``end`` at all (dice and payments aside)?  False is a dead end."""
    e = state.ends[end]
    pos = e["pos"]
    r0, c0 = e["field"]
    for via in e["dirs"]:
        r, c = r0 + DELTA[via][0], c0 + DELTA[via][1]
        if not (0 <= r < SIZE and 0 <= c < SIZE) or occupied(state, pos, r, c):
            continue
        if ground(state, pos, r, c) == "water":
            return True
        back = BACK[via]
        for x in range(4):
            if x == back:
                continue
            tr, tc = r + DELTA[x][0], c + DELTA[x][1]
            if not (0 <= tr < SIZE and 0 <= tc < SIZE):
                # the open sides only here: they cost a search over the tiles left
                if outer_ring(r, c) and x in open_sides(state, pos):
                    return True
                continue
            if not occupied(state, pos, tr, tc):
                return True
    return False
