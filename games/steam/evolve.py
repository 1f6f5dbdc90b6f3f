"""``evolve``: fold one event into a new state (one small function per event type)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.contract import TURN_CONFIRMED, Event
from games.kit import seal

from . import flow, network, tiles
from .data import RULES, rounds_for
from .state import State


def evolve(state: State, event: Event) -> State:
    handler = HANDLERS.get(event.type)
    if handler is None:
        return state
    new = state.fork()
    handler(new, dict(event.payload))
    seal(new)  # made by the rules, never changed again: its network may be memoised (network.py)
    network.carry(state, new)  # (the same network, when the event left the board alone)
    return new


def _sub_move(s: State) -> None:
    s.turn["moves"] += 1


def _apply_payment(s: State, outcome: dict[str, Any] | None) -> None:
    if not outcome:
        return
    seat = outcome["seat"]
    s.bank += s.money[seat] - outcome["cash"]
    s.money[seat], s.income[seat], s.vp[seat] = outcome["cash"], outcome["income"], outcome["vp"]


def _created(s: State, p: dict[str, Any]) -> None:
    s.seats = list(p["seats"])
    s.options = dict(p["options"])
    s.last_round = int(p["options"].get("rounds") or rounds_for(len(s.seats)))
    s.order = list(s.seats)
    zero = {seat: 0 for seat in s.seats}
    s.money, s.income, s.vp = dict(zero), dict(zero), dict(zero)
    s.loco = {seat: RULES["loco"]["start"] for seat in s.seats}
    s.bank = RULES["bank"]
    s.stock = tiles.initial_stock()
    s.new_cities_left = list(RULES["new_cities"])
    s.growth_left = RULES["growth_markers"]


def _goods(s: State, p: dict[str, Any]) -> None:
    s.cubes = {h: dict(c) for h, c in p["cubes"].items()}
    s.supply = [dict(g) for g in p["supply"]]
    s.bag = dict(p["bag"])


def _auction_opened(s: State, p: dict[str, Any]) -> None:
    s.phase = "auction_setup"
    s.auction = p["auction"]
    s.current = s.auction["turn"]


def _order_drawn(s: State, p: dict[str, Any]) -> None:
    s.order = list(p["order"])
    for seat, amount in p["money"].items():
        s.money[seat] += amount
        s.bank -= amount
    flow.start_round(s, 1)


def _bid(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    s.auction = p["auction"]
    _apply_payment(s, p.get("payment"))
    if s.auction.get("done") and s.auction.get("kind") == "expert":
        for seat, amount in s.auction["payments"].items():
            s.money[seat] -= amount
            s.bank += amount


def _capital(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    _apply_payment(s, p["outcome"])


def _tile(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    s.tiles[p["seat"]] = p["tile"]
    s.passed_tile[p["seat"]] = p["passed"]
    _apply_payment(s, p.get("payment"))
    if p.get("loco"):
        s.loco[p["seat"]] = p["loco"]


def _track(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    s.turn["built"] += 1
    if p.get("pending"):
        s.turn["pending"] = [list(ref) for ref in s.turn.get("pending", [])] + [list(ref) for ref in p["pending"]]
    if p.get("returned"):
        s.stock[p["returned"]] += 1
    s.stock[p["pair"]] -= 1
    s.track[p["hex"]] = {"face": p["face"], "rot": p["rot"], "pair": p["pair"],
                         "segs": [{**seg, "e": list(seg["e"])} for seg in p["segs"]]}
    for h, i in p["claims"]:
        if h in s.track and i < len(s.track[h]["segs"]):
            s.own_tile(h)["segs"][i]["owner"] = p["seat"]
    _apply_payment(s, p["pay"])


def _take_group(s: State, hex_key: str, group: int | None) -> None:
    if group is None:
        return
    target = s.own_cubes(hex_key)
    for colour, n in s.supply[group].items():
        target[colour] = target.get(colour, 0) + n
    s.supply[group] = {}


def _new_city(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    s.turn["city_done"] = True
    if p.get("returned"):
        s.stock[p["returned"]] += 1
    s.track.pop(p["hex"], None)
    s.new_cities[p["hex"]] = p["colour"]
    s.new_cities_left.remove(p["colour"])
    _take_group(s, p["hex"], p["group"])


def _growth(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    s.turn["city_done"] = True
    s.growth.append(p["hex"])
    s.growth_left -= 1
    _take_group(s, p["hex"], p["group"])


def _delivered(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    s.transit = {}
    s.own_cubes(p["from"])[p["colour"]] -= 1
    s.bag[p["colour"]] += 1
    own = p["points"].get(p["seat"], 0)
    if p["take"] == "income":
        s.income[p["seat"]] += own
    else:
        s.vp[p["seat"]] += own
    s.rewards = [dict(r) for r in p["pending"]]


def _delivery_started(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    s.transit = {"from": p["from"], "colour": p["colour"], "links": []}


def _cube_moved(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    s.transit["links"].append(p["link"])


def _reward(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    if p["take"] == "income":
        s.income[p["seat"]] += p["points"]
    else:
        s.vp[p["seat"]] += p["points"]
    s.rewards.pop(0)


def _loco(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)
    s.loco[p["seat"]] = p["level"]
    s.loco_raised.append(p["seat"])


def _simple_move(s: State, p: dict[str, Any]) -> None:
    _sub_move(s)


def _closed(s: State, p: dict[str, Any]) -> None:
    for h, i in p["lost"]:
        s.own_tile(h)["segs"][i]["owner"] = None
    flow.start_move(s)


def _income(s: State, p: dict[str, Any]) -> None:
    for r in p["results"]:
        seat = r["seat"]
        s.bank += s.money[seat] - r["cash"]
        s.money[seat], s.income[seat], s.vp[seat] = r["cash"], r["income"], r["vp"]
        if r["bankrupt"]:
            s.bankrupt.append(seat)
            s.bankrupt_round[seat] = p["round"]
            for h in [h for h, tile in s.track.items() if any(seg["owner"] == seat for seg in tile["segs"])]:
                for seg in s.own_tile(h)["segs"]:
                    if seg["owner"] == seat:
                        seg["owner"] = None
    s.order = [x for x in s.order if x not in s.bankrupt]


def _round(s: State, p: dict[str, Any]) -> None:
    s.order = list(p["order"])
    flow.start_round(s, p["round"])


def _ended(s: State, p: dict[str, Any]) -> None:
    s.final = dict(p)
    s.phase = "over"
    s.current, s.queue = None, []


def _confirmed(s: State, p: dict[str, Any]) -> None:
    flow.advance(s)


HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "GameCreated": _created, "GoodsDrawn": _goods, "AuctionOpened": _auction_opened, "OrderDrawn": _order_drawn,
    "BidPlaced": _bid, "CapitalRaised": _capital, "ActionTileTaken": _tile, "TrackBuilt": _track,
    "NewCityPlaced": _new_city, "CityGrowthPlaced": _growth, "BuildingEnded": _simple_move,
    "GoodsDelivered": _delivered,
    "DeliveryStarted": _delivery_started, "CubeMoved": _cube_moved, "RewardTaken": _reward,
    "LocomotiveRaised": _loco, "MovePassed": _simple_move,
    "BuildingClosed": _closed, "IncomeSettled": _income, "RoundStarted": _round, "GameEnded": _ended,
    TURN_CONFIRMED: _confirmed,
}
