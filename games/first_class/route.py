"""The route and the locomotive: 3 printed cities, extended to the left by route
cards; a points city pays once when reached, a bonus city at every scoring."""

from __future__ import annotations

from .data import RULES, City
from .state import Player


def cities(player: Player) -> list[tuple[str, City]]:
    """(route card, city) in travel order."""
    return [(card, city) for card in player.route for city in RULES.routes[card]]


def move(player: Player, steps: int) -> tuple[int, int]:
    """(new position, points earned) for ``steps`` steps; steps past the last city are lost."""
    route = cities(player)
    to = min(len(route), player.loco + steps)
    points = sum(city.points for _, city in route[player.loco:to])
    return to, points


def bonus_cities(player: Player) -> list[int]:
    """Indices of the reached or passed bonus cities."""
    return [i for i, (_, city) in enumerate(cities(player)[: player.loco]) if city.bonus]


def free_route_cards(player: Player) -> list[str]:
    """Route cards without a postcard under them (the printed cities take none)."""
    return [card for card in player.route if card != "printed" and card not in player.postcards]
