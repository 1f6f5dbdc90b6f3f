"""Turn-order auctions: the base game's set-up auction of each position and the expert
game's auction every round ("Spielerreihenfolge", expert "Phase 2").

Each function takes the auction dict and returns the next one (plus payments); nothing
is changed in place, so ``decide`` can write the result into the event.
"""

from __future__ import annotations

import math
from typing import Any

from games.contract import IllegalMove

from . import finance
from .state import State, _copy


def _next_in(ring: list[str], seat: str, among: list[str]) -> str:
    """The next seat after ``seat`` in ``ring`` order that is still in ``among``."""
    i = ring.index(seat)
    for step in range(1, len(ring) + 1):
        other = ring[(i + step) % len(ring)]
        if other in among:
            return other
    return seat


# -- base game: every position auctioned at the start ------------------------------------------

def open_setup(seats: list[str], starter: str) -> dict[str, Any]:
    i = seats.index(starter)
    ring = seats[i:] + seats[:i]
    return {"kind": "setup", "ring": list(seats), "remaining": ring, "active": list(ring), "high": None,
            "leader": None, "turn": starter, "placed": [], "done": False}


def setup_bid(state: State, seat: str, amount: int | None) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """``amount`` None is a pass.  Returns the next auction and the winner's payment (if any)."""
    a = _copy(state.auction)
    if amount is None:
        if a["high"] is None:
            raise IllegalMove("steam.auction.open", "the opening player names the first bid ($0 is allowed)")
        a["active"].remove(seat)
    else:
        low = 0 if a["high"] is None else a["high"] + 1
        if amount < low:
            raise IllegalMove("steam.auction.low", f"the bid must be at least ${low}")
        if not finance.can_pay(state, seat, amount):
            raise IllegalMove("steam.money.short", "you cannot raise that much money")
        a["high"], a["leader"] = amount, seat
    payment = None
    if len(a["active"]) == 1 and a["leader"] is not None:
        winner = a["leader"]
        payment = finance.pay(state, winner, a["high"])
        a["placed"].append(winner)
        a["remaining"].remove(winner)
        if len(a["remaining"]) == 1:
            a["placed"].append(a["remaining"].pop())        # the last position is free
            a["done"], a["turn"] = True, None
        else:
            starter = _next_in(a["ring"], winner, a["remaining"])
            i = a["remaining"].index(starter)
            a["remaining"] = a["remaining"][i:] + a["remaining"][:i]
            a.update(active=list(a["remaining"]), high=None, leader=None, turn=starter)
    else:
        a["turn"] = _next_in(a["ring"], seat, a["active"])
    return a, payment


# -- expert game: every round -------------------------------------------------------------------

def open_expert(order: list[str], holder: str | None) -> dict[str, Any]:
    return {"kind": "expert", "ring": list(order), "active": list(order), "high": None, "leader": None,
            "bids": {}, "places": {}, "free": list(range(1, len(order) + 1)), "holder": holder,
            "skipped": False, "turn": order[0], "done": False, "payments": {}}


def expert_bid(state: State, seat: str, action: str, amount: int = 0) -> dict[str, Any]:
    """``action`` is bid, pass or skip (the Turn Order tile's one free skip)."""
    a = _copy(state.auction)
    if action == "bid":
        low = 0 if a["high"] is None else a["high"] + 1
        if amount < low:
            raise IllegalMove("steam.auction.low", f"the bid must be at least ${low}")
        if amount > state.money[seat]:
            raise IllegalMove("steam.auction.cash", "no bid above your cash")
        a["high"], a["leader"] = amount, seat
        a["bids"][seat] = amount
    elif action == "skip":
        if a["holder"] != seat or a["skipped"]:
            raise IllegalMove("steam.auction.skip", "only the Turn Order tile's holder may skip, once")
        a["skipped"] = True
    else:
        free = a["free"]
        if seat == a["holder"] and a["skipped"]:
            better = [p for p in free if p != 1] or free
            place = min(better)                      # the best place still free
        else:
            place = max(free)                        # passers fill the order from the back
        a["places"][seat] = place
        free.remove(place)
        a["active"].remove(seat)
    if len(a["active"]) == 1:
        last = a["active"][0]
        a["places"][last] = min(a["free"])
        a["free"].remove(a["places"][last])
        a["active"] = []
        n = len(a["ring"])
        for s, place in a["places"].items():
            bid = a["bids"].get(s, 0)
            a["payments"][s] = bid if place <= 2 else 0 if place == n else math.ceil(bid / 2)
        a["done"], a["turn"] = True, None
    else:
        # "muss er das aktuelle Gebot des vorhergehenden Spielers erhöhen oder passen": the
        # standing high bidder is never asked to outbid themselves; the turn goes on to the
        # next seat still in the auction that does not hold the high bid.
        a["turn"] = _next_in(a["ring"], seat, [s for s in a["active"] if s != a["leader"]])
    return a
