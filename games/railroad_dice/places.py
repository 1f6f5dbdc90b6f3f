"""Where things are, in words: the naming scheme for tiles and fields.

Players read "the tile north-west of the start tile" or "the field north of end A",
never a map position (``-1,-1``) or a field number (``2,3``); those stay inside the
engine.  The scheme:

* a large tile is named by where it lies from the start tile on the overview map:
  the start tile; straight on ("the tile north of the start tile", "the tile 2 tiles
  east of ..."); one step diagonally ("the tile north-west of ..."); else both
  distances ("the tile 2 north and 1 east of ...");
* a field is named by the end of the line it lies next to ("the field north of end A"):
  every field a player can act on is one an end of the line leads to;
* a rotated mountain tile by the sides its mountain runs along ("mountain along the
  north and west sides"), so two rotations never read alike.

This module picks the message and its parameters; the words are the ``rd.place.*``,
``rd.dir.*`` and ``rd.tile.*`` messages in ``web/texts.json``, which the page's
``web/places.js`` uses with the same scheme.
"""

from __future__ import annotations

from typing import Any

from .terrain import pos_of, side

#: The engine's directions 0-3 by name (the order of :data:`.terrain.DELTA`).
DIRECTIONS = ("north", "east", "south", "west")


def tile_place(pos: str, case: str = "nom") -> tuple[str, dict[str, Any]]:
    """(message key, parameters) naming the tile at map position ``pos``; ``case`` is the
    German grammatical case the sentence needs ("nom" or "dat")."""
    x, y = pos_of(pos)
    ns = "north" if y < 0 else "south" if y > 0 else ""
    ew = "west" if x < 0 else "east" if x > 0 else ""
    if not ns and not ew:
        return "rd.place.start", {"case": case}
    if not ew:
        return "rd.place.line", {"dir": ns, "n": abs(y), "case": case}
    if not ns:
        return "rd.place.line", {"dir": ew, "n": abs(x), "case": case}
    if abs(x) == abs(y) == 1:
        return "rd.place.diagonal", {"dir": ns + ew, "case": case}
    return "rd.place.offset", {"ns": ns, "dy": abs(y), "ew": ew, "dx": abs(x), "case": case}


def field_place(end: str, direction: int, case: str = "nom") -> tuple[str, dict[str, Any]]:
    """The field next to ``end`` of the line in ``direction`` (0 north .. 3 west)."""
    return "rd.place.field", {"dir": DIRECTIONS[direction], "end": end, "case": case}


def mountain_sides(tile: str, rot: int) -> list[str]:
    """The sides (names) the mountain of a rotated tile runs along; empty for meadow and lake."""
    return [DIRECTIONS[d] for d in range(4) if side(tile, rot, d) == frozenset({"mountain"})]
