"""Module A: contracts.  A contract's requirement is met when the player's
position shows it (checked at once, no history needed); its reward may be taken
before or after the regular action or during a scoring; unfulfilled ones leave
the game at the end."""

from __future__ import annotations

from typing import Any

from . import coins, route, trains
from .data import RULES
from .state import Player


def _levels(player: Player) -> list[int]:
    return [lvl for train in player.trains for _, lvl in trains.cars(train)]


def met(player: Player, requires: dict[str, Any]) -> bool:
    kind = requires["kind"]
    n = requires.get("count", 1)
    if kind == "cars_min_level":
        return sum(1 for lvl in _levels(player) if lvl >= requires["level"]) >= n
    if kind == "cars_exact_level":
        return sum(1 for lvl in _levels(player) if lvl == requires["level"]) >= n
    if kind == "both_trains_cars":
        return all(len(trains.cars(t)) >= n for t in player.trains)
    if kind == "both_trains_cards":
        return all(len(t) >= n for t in player.trains)
    if kind == "loco_cities":
        return player.loco >= n
    if kind == "both_conductors_at":
        return all(pos + 1 >= requires["position"] for pos in player.conductors)
    if kind == "conductor_at":
        return any(pos + 1 >= requires["position"] for pos in player.conductors)
    if kind == "conductor_on_lok":
        return any(train[pos][0] == "lok" for train, pos in zip(player.trains, player.conductors, strict=True))
    if kind == "route_cards":
        return len(player.route) - 1 >= n
    if kind == "coins":
        return coins.count(player.coins) >= n
    if kind == "bonus_cities":
        return len(route.bonus_cities(player)) >= n
    if kind == "post_wagons":
        return sum(1 for t in player.trains if trains.has_post(t)) >= n
    if kind == "lok_tiles":
        return sum(1 for t in player.trains if trains.has_lok(t)) >= n
    raise ValueError(f"unknown contract requirement {kind!r}")


def fulfillable(player: Player) -> list[str]:
    return [card for card in player.contracts if met(player, RULES.cards[card].contract["requires"])]  # type: ignore[index]
