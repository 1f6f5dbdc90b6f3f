"""Turn order: passing points, the turn-order spaces, the reordering, relocation.

Rules text, "Spielerreihenfolge": a worker on turn-order space 1 or 2 claims that
position for the next round; nobody may take the space below his current
position (allowed with 2 players).  After all have passed, those players lift
their markers, the others slide back keeping their order.  Special case: if the
start player took space 2 and nobody took space 1, the order stays.  Then the
worker on space 2, then the one on space 1, may be relocated to a free space
needing exactly one worker.
"""

from __future__ import annotations

from .data import RULES
from .state import State

TURN_ORDER_SPACES = {"turn_order_1": 1, "turn_order_2": 2}


def pass_points(state: State, seat: str) -> int:
    position = state.order.index(seat) + 1
    return RULES.raw["pass_points"][str(position)]


def may_take(state: State, seat: str, space: str) -> bool:
    """Not the space below one's own current position (except with 2 players)."""
    if _OWN_POSITION_ALLOWED[len(state.seats)]:
        return True
    return state.order.index(seat) + 1 != TURN_ORDER_SPACES[space]


#: may a seat take the turn-order space of its own position, by number of players
#: (the rules table's keys are strings; the placement listing asks in every position)
_OWN_POSITION_ALLOWED = {int(players): allowed
                         for players, allowed in RULES.raw["turn_order_own_position_allowed"].items()}


def claimed_by(state: State, seat: str) -> bool:
    """Has the seat a worker on a turn-order space already this round?"""
    occupied = state.occupied
    for space in TURN_ORDER_SPACES:
        entry = occupied.get(space)
        if entry is not None and entry[0] == seat:
            return True
    return False


def new_order(state: State) -> list[str]:
    claims: dict[int, str] = {}
    for space, position in TURN_ORDER_SPACES.items():
        if space in state.occupied:
            claims[position] = state.occupied[space][0]
    if not claims:
        return list(state.order)
    if claims.get(2) == state.order[0] and 1 not in claims:
        return list(state.order)
    rest = [s for s in state.order if s not in claims.values()]
    order: list[str] = []
    for position in range(1, len(state.order) + 1):
        order.append(claims[position] if position in claims else rest.pop(0))
    return order


def relocation_queue(state: State) -> list[str]:
    """Seats that may relocate their turn-order worker: space 2 first, then space 1."""
    queue = []
    for space in ("turn_order_2", "turn_order_1"):
        if space in state.occupied:
            queue.append(state.occupied[space][0])
    return queue


def relocation_sources(state: State) -> dict[str, str]:
    return {
        state.occupied[space][0]: space for space in ("turn_order_2", "turn_order_1") if space in state.occupied
    }


def next_active(state: State, after: str) -> str | None:
    """The next seat in turn order after ``after`` that has not passed."""
    order = state.order
    passed = state.passed
    start = order.index(after) + 1
    for seat in order[start:]:  # (the seats after it, then from the first on: no range, no modulo)
        if seat not in passed:
            return seat
    for seat in order[:start]:
        if seat not in passed:
            return seat
    return None
