"""What a viewer sees: Steam has no hidden information after the cubes are drawn, so
every seat, spectator and reviewer sees the same board; the draft of an open turn is
kept from the others by the platform (it shows them the confirmed state)."""

from __future__ import annotations

from typing import Any

from . import places, tiles
from .network import Network
from .state import State


def view(state: State, viewer: str) -> dict[str, Any]:
    net = Network.of(state) if state.seats else None
    mp = state.map if state.options else None
    return {
        "game": "steam",
        "map": state.options.get("map"),
        "mode": state.options.get("mode"),
        "phase": state.phase,
        "round": state.round,
        "last_round": state.last_round,
        "order": list(state.order),
        "current": state.current,
        "players": {s: {"money": state.money.get(s, 0), "income": state.income.get(s, 0), "vp": state.vp.get(s, 0),
                        "loco": state.loco.get(s, 1), "tile": state.tiles.get(s), "passed_tile":
                        state.passed_tile.get(s, False), "bankrupt": s in state.bankrupt}
                    for s in state.seats},
        "hexes": mp.data["hexes"] if mp else [],
        #: every hex in words, German and English, as the log and the menus name it (never "q,r")
        "place_names": places.hex_names(mp.id) if mp else {},
        "blocked": mp.data.get("blocked", []) if mp else [],
        "track": state.track,
        "links": [{"key": lk.key, "owner": lk.owner, "complete": lk.complete, "hexes": lk.hexes,
                   "ends": [list(e) for e in lk.ends]} for lk in (net.links if net else [])],
        "new_cities": state.new_cities,
        "new_cities_left": state.new_cities_left,
        "growth": state.growth,
        "growth_left": state.growth_left,
        "cubes": state.cubes,
        "supply": state.supply,
        "bag": state.bag,
        "stock": state.stock,
        #: the track tiles' faces (one rotation each), for drawing a tile before it is built
        "faces": tiles.FACES,
        "auction": state.auction,
        "rewards": state.rewards,
        "transit": state.transit,
        "turn": state.turn,
        "final": state.final,
    }
