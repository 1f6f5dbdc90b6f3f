"""The game's numbers and maps, read once from ``data/*.json`` (stand-ins are marked there)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"

#: Axial neighbour offsets of a flat-top hex, by edge: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
MAPS = ("ne_usa_se_canada", "rhine_ruhr")


def _load(name: str) -> dict[str, Any]:
    return json.loads((_DIR / name).read_text(encoding="utf-8"))


RULES: dict[str, Any] = _load("rules.json")
TILES: dict[str, Any] = _load("tiles.json")
NAMES: dict[str, Any] = _load("names.json")
COLOURS: tuple[str, ...] = tuple(RULES["cubes"])


def key(q: int, r: int) -> str:
    """Hexes are keyed ``"q,r"`` so that states and events stay plain JSON."""
    return f"{q},{r}"


def qr(hex_key: str) -> tuple[int, int]:
    q, r = hex_key.split(",")
    return int(q), int(r)


@dataclass(frozen=True)
class HexMap:
    """One board side: land hexes with terrain, rivers, printed cities and towns, thick black edges."""

    id: str
    data: dict[str, Any]
    hexes: dict[str, dict[str, Any]] = field(default_factory=dict)
    cities: dict[str, dict[str, Any]] = field(default_factory=dict)   #: hex -> {name, colour, goods}
    towns: dict[str, str] = field(default_factory=dict)               #: hex -> name
    blocked: frozenset[tuple[str, int]] = frozenset()                 #: (hex, edge) crossing a black line
    neighbours: dict[str, tuple[str | None, ...]] = field(default_factory=dict)

    def neighbour(self, hex_key: str, edge: int) -> str | None:
        """The hex across ``edge``, or None at the board edge, over water or a thick black line."""
        return self.neighbours[hex_key][edge]

    def name(self, hex_key: str) -> str:
        """A city's or town's printed name.  Any other hex has none of its own (never its
        coordinates, issue 24): :mod:`.places` names it by the places around it."""
        if hex_key in self.cities:
            return str(self.cities[hex_key]["name"])
        return self.towns.get(hex_key, "")


def _build_map(map_id: str) -> HexMap:
    data = _load(f"maps/{map_id}.json")
    hexes = {key(h["q"], h["r"]): h for h in data["hexes"]}
    cities = {k: h["city"] for k, h in hexes.items() if "city" in h}
    towns = {k: h["town"] for k, h in hexes.items() if "town" in h}
    blocked: set[tuple[str, int]] = set()
    for a, b in data.get("blocked", []):
        ka, kb = key(*a), key(*b)
        for edge, (dq, dr) in enumerate(DIRS):
            if (a[0] + dq, a[1] + dr) == tuple(b):
                blocked.add((ka, edge))
                blocked.add((kb, (edge + 3) % 6))
    neighbours: dict[str, tuple[str | None, ...]] = {}
    for k in hexes:
        q, r = qr(k)
        row: list[str | None] = []
        for edge, (dq, dr) in enumerate(DIRS):
            other = key(q + dq, r + dr)
            row.append(other if other in hexes and (k, edge) not in blocked else None)
        neighbours[k] = tuple(row)
    return HexMap(map_id, data, hexes, cities, towns, frozenset(blocked), neighbours)


@cache
def hex_map(map_id: str) -> HexMap:
    return _build_map(map_id)


def rounds_for(players: int) -> int:
    return int(RULES["rounds"][str(players)])
