"""What a seat's network reaches: the own links of a delivery and the worth of the cubes its
links reach beyond this round.  Both the greedy planner (:mod:`.planning`) and the search's
evaluation (:mod:`.evaluation`) read it; it lives apart so that neither imports the other's
module in a circle."""

from __future__ import annotations

from typing import Any

from . import goods
from .data import RULES
from .network import Network
from .state import State

#: What one income space is worth per round still to come (money becomes track and reach);
#: the evaluation's weight (:mod:`.evaluation`), kept here because the planner weighs with it too.
INCOME_PER_ROUND = 0.3


def route_value(route: dict[str, Any], net: Network, seat: str) -> tuple[int, int]:
    """A delivery's own links and, negated, the other seats' links on it (a sort key: most
    own links, then fewest of others')."""
    owners = [net.by_key[k].owner for k in route["links"]]
    return sum(1 for o in owners if o == seat), -sum(1 for o in owners if o not in (None, seat))


#: A cube the seat can deliver after this round's two deliveries: this share of the income
#: its own links bring over the rounds left.
LATER = 0.5
#: A cube one more locomotive level would reach: this share of a later one's worth.
REACH = 0.5


def deliverable_units(state: State, seat: str, net: Network) -> list[tuple[int, str, str]]:
    """Per cube the seat can deliver now (each cube once): the own links of its best route,
    the city it lies in and its colour; most links first."""
    best: dict[tuple[str, str], int] = {}
    for route in goods.routes(state, net, seat):
        key = (route["from"], route["colour"])
        best[key] = max(best.get(key, 0), route_value(route, net, seat)[0])
    return sorted(((k, origin, colour) for (origin, colour), k in best.items()
                   for _ in range(state.cubes[origin][colour])), reverse=True)


def potential(state: State, seat: str) -> float:
    """What the cubes the seat can deliver after this round's two deliveries are worth: their
    own links as income over the rounds left (two deliveries a round); those one more
    locomotive level would reach count too, at a discount."""
    left = max(0, state.last_round - state.round)
    if left <= 0:
        return 0.0
    net = Network.of(state)
    units = [k for k, _, _ in deliverable_units(state, seat, net)[:2 + 2 * left]]
    value = INCOME_PER_ROUND * LATER * max(1, left - 1) * sum(units[2:])
    if left >= 2 and state.loco[seat] < RULES["loco"]["max"]:
        longer = state.clone()
        longer.loco[seat] += 1
        more = [k for k, _, _ in deliverable_units(longer, seat, net)[:2 + 2 * left]]
        value += REACH * INCOME_PER_ROUND * max(1, left - 1) * max(0, sum(more) - sum(units))
    return value
