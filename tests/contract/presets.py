"""The option presets the contract suite plays: every registered game at its smallest
and largest table, every allowed Russian Railroads combination, both Steam maps in
both modes.

A preset is a game, its options and a player count.  ``PRESETS`` is derived from the
games' own option rules where they have any (Russian Railroads'
``options.combination_error``), so a new module shows up here without anybody
remembering to add it; ``test_presets.py`` checks that every registered game has
presets and that the edges are there.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from games import registry


@dataclass(frozen=True)
class Preset:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={json.dumps(v)}" for k, v in sorted(self.options.items())) or "base"
        return f"{self.game}-{self.players}p-{opts}"

    @property
    def seed(self) -> str:
        return f"contract-{self.id}"

    def __str__(self) -> str:
        return self.id


def russian_railroads() -> list[Preset]:
    """Every combination the rules text allows and the engine plays (issue 12): each
    built tableau with every set of switches, at every player count the combination
    allows (solo exactly with 1)."""
    from games.russian_railroads.options import BUILT_TABLEAUS, SWITCHES, Options, combination_error

    game = registry.get("russian_railroads")
    out = []
    for tableau in BUILT_TABLEAUS:
        for flags in itertools.product((False, True), repeat=len(SWITCHES)):
            options = Options(tableau=tableau, **dict(zip(SWITCHES, flags, strict=True)))
            for players in range(game.min_players, game.max_players + 1):
                if combination_error(options, players) is None:
                    out.append(Preset("russian_railroads", players, options.normalised()))
    return out


def steam() -> list[Preset]:
    """Both maps x base/expert, each at 3 and 5 players; and the drawn start."""
    game = registry.get("steam")
    maps = game.option_schema["properties"]["map"]["enum"]
    modes = game.option_schema["properties"]["mode"]["enum"]
    out = [Preset("steam", players, {"map": m, "mode": mode})
           for m in maps for mode in modes for players in (game.min_players, game.max_players)]
    out.append(Preset("steam", 4, {"start": "random"}))
    return out


def edges(name: str, options: dict[str, Any] | None = None) -> list[Preset]:
    game = registry.get(name)
    return [Preset(name, players, dict(options or {})) for players in sorted({game.min_players, game.max_players})]


#: Games whose option schema is empty (First Class plays modules A and B always) or
#: has nothing to combine: their smallest and largest table.
def simple() -> list[Preset]:
    return [*edges("first_class"), *edges("railroad_dice"),
            Preset("tally", 2, {"rounds": 1}), Preset("tally", 4, {"rounds": 5})]


def all_presets() -> list[Preset]:
    return [*russian_railroads(), *steam(), *simple()]


PRESETS = all_presets()
