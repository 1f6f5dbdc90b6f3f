"""Places in words: what the log and the menus call a hex ("between Albany and Troy",
"north-east of Utica", "in Syracuse"), never its coordinates (issue 24).

A city or town goes by its printed name.  Any other hex lies either directly between two
places at most three hexes apart ("between"), or is named by the compass direction from the
nearest place, with the distance when it is not next to it.  A name is a small language-free
reference (``{"at": "Syracuse"}``, ``{"between": ["Albany", "Troy"]}``, ``{"of": "Utica",
"dir": "E", "n": 1}``) that events and listed commands carry; :func:`phrase` renders it in
German and English from the templates in ``data/names.json`` ("places").
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from games.messageformat import format_message

from .data import NAMES, HexMap, hex_map, qr

PLACES = NAMES["places"]
LANGS = ("de", "en")
#: Two places at most this many hexes apart have the hexes on a shortest line between them "between" them.
BETWEEN_SPAN = 3
#: Compass sectors of 45°, counter-clockwise from east (the board's north is up).
COMPASS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")

Ref = dict[str, Any]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex steps between two axial coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction(origin: tuple[int, int], target: tuple[int, int]) -> str:
    """The compass point from ``origin`` to ``target`` on the flat-top board (``DIRS``: r grows southwards)."""
    dq, dr = target[0] - origin[0], target[1] - origin[1]
    x, y = 1.5 * dq, math.sqrt(3) * (dr + dq / 2)
    angle = math.degrees(math.atan2(-y, x)) % 360
    return COMPASS[int((angle + 22.5) // 45) % 8]


def _named(mp: HexMap) -> list[tuple[str, tuple[int, int]]]:
    """Every printed place of the map (cities and towns) with its coordinates, by name."""
    out = [(str(c["name"]), qr(h)) for h, c in mp.cities.items()]
    out += [(name, qr(h)) for h, name in mp.towns.items()]
    return sorted(out)


def _reference(mp: HexMap, hex_key: str, named: list[tuple[str, tuple[int, int]]]) -> Ref:
    if hex_key in mp.cities:
        return {"at": str(mp.cities[hex_key]["name"])}
    if hex_key in mp.towns:
        return {"at": mp.towns[hex_key]}
    here = qr(hex_key)
    near = sorted((distance(here, at), name, at) for name, at in named)
    # (a hex between two places lies at most BETWEEN_SPAN from each: only those can pair)
    close = [n for n in near if n[0] <= BETWEEN_SPAN]
    pairs = []
    for i, (da, a, at_a) in enumerate(close):
        for db, b, at_b in close[i + 1:]:
            span = distance(at_a, at_b)
            if span <= BETWEEN_SPAN and da + db == span:
                pairs.append((span, max(da, db), tuple(sorted((a, b)))))
    if pairs:
        return {"between": list(min(pairs)[2])}
    n, name, at = near[0]
    return {"of": name, "dir": direction(at, here), "n": n}


@cache
def references(map_id: str) -> dict[str, Ref]:
    """The name of every hex of a map (computed once per map)."""
    mp = hex_map(map_id)
    named = _named(mp)
    return {h: _reference(mp, h, named) for h in mp.hexes}


def reference(map_id: str, hex_key: str) -> Ref:
    return references(map_id).get(hex_key, {})


def phrase(ref: Ref | None) -> dict[str, str]:
    """A reference in words, German and English ("zwischen Albany und Troy", "north-east of Utica")."""
    if not ref:
        return {lang: "" for lang in LANGS}
    if "at" in ref:
        return {lang: format_message(PLACES["at"][lang], {"a": ref["at"]}, lang) for lang in LANGS}
    if "between" in ref:
        a, b = ref["between"]
        return {lang: format_message(PLACES["between"][lang], {"a": a, "b": b}, lang) for lang in LANGS}
    template = PLACES["next_to"] if ref.get("n", 1) <= 1 else PLACES["away"]
    return {lang: format_message(template[lang], {"a": ref["of"], "n": ref.get("n", 1),
                                                  "dir": PLACES["directions"][ref["dir"]][lang]}, lang)
            for lang in LANGS}


@cache
def hex_names(map_id: str) -> dict[str, dict[str, str]]:
    """Every hex of a map in words (for the page: the same names the log uses)."""
    return {h: phrase(ref) for h, ref in references(map_id).items()}


def tracks(face_tracks: tuple[tuple[int, ...], ...]) -> dict[str, str]:
    """A tile's tracks by the edges they join ("north to south, north-east to south-east"), or a
    town tile's exits ("north, south-east")."""
    edges = PLACES["edges"]
    out = {}
    for lang in LANGS:
        parts = [edges[str(t[0])][lang] if len(t) == 1 else
                 format_message(PLACES["track"][lang], {"a": edges[str(t[0])][lang], "b": edges[str(t[1])][lang]},
                                lang) for t in face_tracks]
        text = parts[0] if parts else ""
        for part in parts[1:]:
            text = format_message(PLACES["list"][lang], {"a": text, "b": part}, lang)
        out[lang] = text
    return out
