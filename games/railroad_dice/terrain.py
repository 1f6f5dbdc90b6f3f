"""Terrain tiles: fields of a rotated 7x7 tile, its sides, the small-tile map.

Directions are 0 north, 1 east, 2 south, 3 west; a rotation turns a tile by 90
degrees clockwise per step.  A side's terrain is the set of terrains along it;
two sides fit when the sets share a terrain (rules text: "gemeinsame Geländeart").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from .data import SIZE, TILE_TYPES, TILES

DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))
LETTER = {"M": "meadow", "B": "mountain", "W": "water"}


def opposite(d: int) -> int:
    return (d + 2) % 4


#: :func:`opposite` as data, ``BACK[d]``: the hot loops (the listing's lays, a walk, the
#: bridge search) read it instead of calling a function per side (and test a field with
#: ``0 <= r < SIZE and 0 <= c < SIZE`` in line rather than calling :func:`inside`): a
#: Python call costs more than either body.
BACK = tuple(opposite(d) for d in range(4))


def pos_key(x: int, y: int) -> str:
    """A map position as a JSON key: ``"x,y"`` (x grows east, y grows south)."""
    return f"{x},{y}"


def pos_of(key: str) -> tuple[int, int]:
    x, y = key.split(",")
    return int(x), int(y)


@cache
def neighbour_pos(key: str, d: int) -> str:
    """The map position next to ``key`` in direction ``d`` (cached: the legal list asks
    for the same few hundred thousands of times a game, and parsing the key is the cost)."""
    x, y = pos_of(key)
    dr, dc = DELTA[d]
    return pos_key(x + dc, y + dr)


@cache
def grid(tile_type: str, rot: int) -> tuple[str, ...]:
    """The tile's rows after ``rot`` clockwise quarter turns."""
    rows = list(TILES["types"][tile_type]["rows"])
    for _ in range(rot % 4):
        rows = ["".join(rows[SIZE - 1 - c][r] for c in range(SIZE)) for r in range(SIZE)]
    return tuple(rows)


def terrain(tile_type: str, rot: int, r: int, c: int) -> str:
    # from the tile type's table (146 against 111 ns: ``grid``'s cache makes and hashes a key
    # tuple per ask, a cache of one string argument does not; some 20,000 asks per 10 games)
    return terrains(tile_type)[rot % 4][r][c]


@cache
def terrains(tile_type: str) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Each field's terrain name (``LETTER`` of :func:`grid`'s letter) per quarter turn, row and
    column."""
    return tuple(tuple(tuple(LETTER[ch] for ch in row) for row in grid(tile_type, rot)) for rot in range(4))


@cache
def has_water(tile_type: str) -> bool:
    """Whether the tile has a water field (a lake is crossed on its own tile only)."""
    return any("W" in row for row in TILES["types"][tile_type]["rows"])


@cache
def side(tile_type: str, rot: int, d: int) -> frozenset[str]:
    """The terrains along side ``d`` of the rotated tile."""
    g = grid(tile_type, rot)
    cells = {0: g[0], 2: g[SIZE - 1], 1: "".join(row[SIZE - 1] for row in g),
             3: "".join(row[0] for row in g)}[d]
    return frozenset(LETTER[ch] for ch in cells)


def inside(r: int, c: int) -> bool:
    return 0 <= r < SIZE and 0 <= c < SIZE


def outer_ring(r: int, c: int) -> bool:
    return r in (0, SIZE - 1) or c in (0, SIZE - 1)


def neighbours8(r: int, c: int) -> Iterator[tuple[int, int]]:
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
                yield r + dr, c + dc


def fits_map(tiles: Mapping[str, Any], key: str, tile_type: str, rot: int) -> bool:
    """May this small tile lie at ``key``?  Unused position, every side fitting its neighbour."""
    if key in tiles:
        return False
    for d in range(4):
        other = tiles.get(neighbour_pos(key, d))
        if other and not side(tile_type, rot, d) & side(other["type"], other["rot"], opposite(d)):
            return False
    return True


def fitting_at(tiles: Mapping[str, Any], small_left: Mapping[str, int], key: str) -> tuple[tuple[str, int], ...]:
    """(tile, rotation) of each small tile left that may lie at ``key`` (:func:`fits_map`), in
    the order of the tile types and rotations."""
    if key in tiles:
        return ()
    # loops, not generators: a generator's frame and resumptions per call cost more than
    # their bodies (some 1 % of a random game's bytecodes)
    around: list[tuple[str, int] | None] = []
    for d in range(4):
        other = tiles.get(neighbour_pos(key, d))
        around.append((other["type"], other["rot"]) if other else None)
    left = []
    for t in TILE_TYPES:
        if small_left.get(t, 0) > 0:
            left.append(t)
    return _fits(tuple(around), tuple(left))


@cache
def _fits(around: tuple[tuple[str, int] | None, ...], left: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The (tile, rotation) of the types ``left`` that fit between the tiles ``around`` a
    position (per side, None where none lies), as :func:`fits_map` checks them: a function
    of the four neighbours alone, so every map that shares them shares it (a connection
    makes a new map, and a map's memos, :func:`.track.per_map`, start empty).  The sets
    that fit each neighbour intersected (:func:`_fitting_side`), not each type, rotation
    and side checked in turn: the misses of this cache (new neighbours) were some 1.5 % of
    a random game."""
    fit: frozenset[tuple[str, int]] | None = None
    for d, other in enumerate(around):
        if other is not None:
            fit = _fitting_side(d, other) if fit is None else fit & _fitting_side(d, other)
    return tuple((t, q) for t in left for q in range(4) if fit is None or (t, q) in fit)


@cache
def _fitting_side(d: int, other: tuple[str, int]) -> frozenset[tuple[str, int]]:
    """The (tile, rotation) of every type whose side ``d`` fits the tile ``other`` (type,
    rotation) lying next to it on that side (:func:`fits_map`'s check of one side)."""
    along = side(other[0], other[1], opposite(d))
    return frozenset((t, q) for t in TILE_TYPES for q in range(4) if side(t, q, d) & along)


#: How to clear the caches other modules derive from the tiles' rows (``stations``' sites).
#: They register here, because this module cannot import them (they import it).
_CLEARED_ELSEWHERE: list[Callable[[], None]] = []


def derived_from_rows(clear: Callable[[], None]) -> None:
    """Register ``clear`` (a cache's ``cache_clear``) with :func:`forget_rows`."""
    _CLEARED_ELSEWHERE.append(clear)


def forget_rows() -> None:
    """Forget everything derived from the tiles' rows (``TILES``), for a test that changes a
    tile's rows and puts them back: one call, so a cache added here or registered by
    :func:`derived_from_rows` is not left stale."""
    for cached in (grid, terrains, has_water, side, _fits, _fitting_side):
        cached.cache_clear()
    for clear in _CLEARED_ELSEWHERE:
        clear()


def entry_field(r: int, c: int, d: int) -> tuple[int, int]:
    """The field on the next tile that a track leaving field (r, c) in direction d enters."""
    dr, dc = DELTA[d]
    return (r + dr) % SIZE, (c + dc) % SIZE
