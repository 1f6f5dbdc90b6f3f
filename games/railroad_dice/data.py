"""The game's numbers, read once from ``data/*.json`` (stand-ins are marked there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    return json.loads((_DIR / name).read_text(encoding="utf-8"))


RULES: dict[str, Any] = _load("rules.json")
TILES: dict[str, Any] = _load("tiles.json")
COMPANIES: dict[str, Any] = _load("companies.json")["companies"]
COSTS: list[int] = _load("companies.json")["costs"]

FACES: tuple[str, ...] = tuple(RULES["faces"])
TRACK_FACES = ("straight", "curve")
TERRAINS = ("mountain", "lake", "meadow")
TILE_TYPES: tuple[str, ...] = tuple(TILES["types"])
SIZE: int = TILES["size"]


def station_supply() -> dict[str, dict[str, int]]:
    """Each company's stations at the start, keyed ``"<terrain>:<cost>"``."""
    return {company: {f"{terrain}:{cost}": info["stations"][terrain][i]
                      for terrain in TERRAINS for i, cost in enumerate(COSTS)
                      if info["stations"][terrain][i]}
            for company, info in COMPANIES.items()}
