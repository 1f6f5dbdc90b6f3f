"""``decide``: validate a command against the state and return the events it causes."""

from __future__ import annotations

import random
from typing import Any

from games.contract import SYSTEM, Command, Event, IllegalMove
from games.kit import Args

from . import auctions, building, finance, goods, scoring
from .data import RULES
from .network import Network
from .state import State

ACTION_TILES = RULES["action_tiles"]


def _args(command: Command) -> Args:
    return Args(command.args, "steam.args")


def _one_move(state: State) -> None:
    if state.turn["moves"]:
        raise IllegalMove("steam.turn.done", "you have made your move: confirm the turn")
    if state.rewards:
        raise IllegalMove("steam.goods.rewards", "delivery points are still to be placed")


def decide(state: State, command: Command, rng: random.Random) -> list[Event]:
    handler = HANDLERS.get(command.type)
    if handler is None:
        raise IllegalMove("steam.command", f"unknown command {command.type!r}")
    if (command.seat == SYSTEM) != (command.type in SYSTEM_WORK):
        raise IllegalMove("steam.system", "system work is done by the system, and only that")
    if command.seat == SYSTEM:
        return handler(state, command, rng)
    if state.current != command.seat:
        raise IllegalMove("steam.turn", "it is not your turn")
    return handler(state, command, rng)


def _phase(state: State, *phases: str) -> None:
    if state.phase not in phases:
        raise IllegalMove("steam.phase", "that is not possible in this phase of the round")


# -- auctions and capital ---------------------------------------------------------------------

def _bid(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "auction_setup", "auction")
    _one_move(state)
    amount = _args(command).integer("amount", 0, 1000)
    if state.phase == "auction_setup":
        auction, payment = auctions.setup_bid(state, command.seat, amount)
        return [Event("BidPlaced", {"seat": command.seat, "action": "bid", "amount": amount, "auction": auction,
                                    "payment": payment})]
    auction = auctions.expert_bid(state, command.seat, "bid", amount)
    return [Event("BidPlaced", {"seat": command.seat, "action": "bid", "amount": amount, "auction": auction,
                                "payment": None})]


def _pass_bid(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "auction_setup", "auction")
    _one_move(state)
    if state.phase == "auction_setup":
        auction, payment = auctions.setup_bid(state, command.seat, None)
    else:
        auction, payment = auctions.expert_bid(state, command.seat, "pass"), None
    return [Event("BidPlaced", {"seat": command.seat, "action": "pass", "amount": None, "auction": auction,
                                "payment": payment})]


def _skip_bid(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "auction")
    _one_move(state)
    auction = auctions.expert_bid(state, command.seat, "skip")
    return [Event("BidPlaced", {"seat": command.seat, "action": "skip", "amount": None, "auction": auction,
                                "payment": None})]


def _raise_capital(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "capital")
    _one_move(state)
    steps = _args(command).integer("steps", 0, finance.max_capital_steps(state, command.seat))
    return [Event("CapitalRaised", {"seat": command.seat, "steps": steps,
                                    "outcome": finance.raise_capital(state, command.seat, steps)})]


# -- action tiles -------------------------------------------------------------------------------

#: Why an action tile is refused, by rule code (the page's German and English texts are
#: ``js.rule.<code>`` in ``web/texts.json``).
TILE_REFUSALS = {
    "steam.tile.unknown": "there is no such action tile",
    "steam.tile.taken": "another player has already taken this action tile this round",
    "steam.tile.no_pass": "only City Growth and Urbanization have the pass option, and only in the base game",
    "steam.tile.loco_max": "your locomotive is already at 6, the highest level",
    "steam.tile.no_town": "Urbanization is not possible: no town or no New City tile is left",
    "steam.tile.no_growth": "City Growth is not possible: no group of goods is left on the supply spaces "
                            "(or no marker, or no city without one)",
    "steam.money.short": "you cannot pay for this action tile, not even by raising money",
}


def tile_problem(state: State, seat: str, tile: int, passed: bool) -> str | None:
    """Why ``seat`` may not take ``tile`` now (None when it may)."""
    info = ACTION_TILES.get(str(tile))
    if info is None:
        return "steam.tile.unknown"
    if tile in state.tiles.values():
        return "steam.tile.taken"
    if passed and (state.expert or not info.get("pass_option")):
        return "steam.tile.no_pass"
    if tile == 6 and state.loco[seat] >= RULES["loco"]["max"]:
        return "steam.tile.loco_max"
    if tile == 7 and not building.can_urbanize(state):
        return "steam.tile.no_town"
    if tile == 5 and not passed and not building.can_grow(state):
        # Both games: City Growth that can place no cubes (no supply group, marker or city
        # left) is refused rather than paid for nothing (issue 24; rules.json "readings").
        return "steam.tile.no_growth"
    if not state.expert and not passed and not finance.can_pay(state, seat, tile_cost(state, seat, tile)):
        return "steam.money.short"
    return None


def tile_cost(state: State, seat: str, tile: int) -> int:
    info = ACTION_TILES[str(tile)]
    if state.expert:
        return 0
    if tile == 6:
        return int(info["cost"]) + state.loco[seat] + 1
    return int(info.get("cost", 0))


def _choose_action(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "actions")
    _one_move(state)
    tile = _args(command).integer("tile", 1, 7)
    passed = _args(command).flag("pass")
    problem = tile_problem(state, command.seat, tile, passed)
    if problem:
        raise IllegalMove(problem, TILE_REFUSALS[problem])
    cost = 0 if passed else tile_cost(state, command.seat, tile)
    payment = finance.pay(state, command.seat, cost) if cost else None
    loco = state.loco[command.seat] + 1 if tile == 6 else None
    return [Event("ActionTileTaken", {"seat": command.seat, "tile": tile, "passed": passed, "cost": cost,
                                      "payment": payment, "loco": loco})]


# -- build phase ----------------------------------------------------------------------------------

def _build(state: State, command: Command, rng: random.Random) -> list[Event]:
    hex_key, face = _args(command).text("hex"), _args(command).text("face")
    rot = _args(command).integer("rot", 0, 5)
    plan = building.plan_build(state, Network.of(state), command.seat, hex_key, face, rot)
    if "cost" in command.args and command.args["cost"] != plan["cost"]:
        raise IllegalMove("steam.build.cost", f"the tile costs ${plan['cost']} now")
    return [Event("TrackBuilt", plan)]


def city_action_open(state: State, seat: str) -> str | None:
    """"growth"/"urbanize" when the seat's chosen City Growth/Urbanization is still to do."""
    tile = state.tiles.get(seat)
    if state.phase != "build" or state.passed_tile.get(seat) or state.turn["city_done"]:
        return None
    if tile == 5 and building.can_grow(state):
        return "growth"
    if tile == 7 and building.can_urbanize(state):
        return "urbanize"
    return None


def _growth_chosen(state: State, seat: str) -> bool:
    """The seat chose City Growth this round, did not pass on it and has not placed it yet."""
    return (state.phase == "build" and state.tiles.get(seat) == 5 and not state.passed_tile.get(seat)
            and not state.turn["city_done"])


def _group(state: State, args: Any) -> int | None:
    groups = building.supply_groups(state)
    if not groups:
        return None
    group = Args(args, "steam.args").integer("group", 0, len(state.supply) - 1)
    if group not in groups:
        raise IllegalMove("steam.supply.empty", "that supply space is empty")
    return group


def _new_city(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "build")
    if city_action_open(state, command.seat) != "urbanize":
        raise IllegalMove("steam.urbanize.none", "you have no Urbanization to carry out")
    hex_key, colour = _args(command).text("hex"), _args(command).text("colour")
    if not state.is_town(hex_key):
        raise IllegalMove("steam.urbanize.town", "a New City goes on a town")
    if colour not in state.new_cities_left:
        raise IllegalMove("steam.urbanize.colour", "no New City tile of that colour is left")
    group = _group(state, command.args)
    old = state.track.get(hex_key)
    return [Event("NewCityPlaced", {"seat": command.seat, "hex": hex_key, "colour": colour, "group": group,
                                    "cubes": dict(state.supply[group]) if group is not None else {},
                                    "returned": old["pair"] if old else None,
                                    "name": state.map.name(hex_key)})]


def _city_growth(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "build")
    if city_action_open(state, command.seat) != "growth":
        if _growth_chosen(state, command.seat) and not building.supply_groups(state):
            raise IllegalMove("steam.growth.no_supply", "no group of goods cubes is left on the supply spaces")
        raise IllegalMove("steam.growth.none", "you have no City Growth to carry out")
    hex_key = _args(command).text("hex")
    if hex_key not in building.growth_targets(state):
        raise IllegalMove("steam.growth.city", "City Growth goes on a printed city without a marker")
    group = _group(state, command.args)
    return [Event("CityGrowthPlaced", {"seat": command.seat, "hex": hex_key, "group": group,
                                       "cubes": dict(state.supply[group]) if group is not None else {},
                                       "name": state.map.name(hex_key)})]


def _end_build(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "build")
    if state.turn["moves"]:
        raise IllegalMove("steam.turn.done", "confirm the turn to end building")
    if city_action_open(state, command.seat) and not state.expert:
        raise IllegalMove("steam.build.city_action",
                          "the City Growth or Urbanization you chose must be carried out first")
    return [Event("BuildingEnded", {"seat": command.seat})]


# -- move goods ---------------------------------------------------------------------------------

def _deliver(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "move")
    _one_move(state)
    if state.rewards:
        raise IllegalMove("steam.goods.rewards", "delivery points are still to be placed")
    links = _args(command).texts("links")
    plan = goods.plan_delivery(state, Network.of(state), command.seat, _args(command).text("from"),
                               _args(command).text("colour"), links, _args(command).text("take"))
    others = [s for s in state.order if s != command.seat and plan["points"].get(s)]
    plan["pending"] = [{"seat": s, "points": plan["points"][s]} for s in others]
    return [Event("GoodsDelivered", plan)]


def _start_delivery(state: State, command: Command, rng: random.Random) -> list[Event]:
    """A delivery hop by hop (the move window's sub-moves): pick up the cube first."""
    _phase(state, "move")
    _one_move(state)
    origin, colour = _args(command).text("from"), _args(command).text("colour")
    if not any(r["from"] == origin and r["colour"] == colour
               for r in goods.routes(state, Network.of(state), command.seat)):
        raise IllegalMove("steam.goods.route", "no delivery of such a cube from there")
    return [Event("DeliveryStarted", {"seat": command.seat, "from": origin, "colour": colour,
                                      "from_name": state.map.name(origin), "to_name": ""})]


def _move_cube(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "move")
    if not state.transit:
        raise IllegalMove("steam.goods.no_cube", "pick up a cube first")
    link = _args(command).text("link")
    net = Network.of(state)
    hop = next((h for h in goods.next_hops(state, net, command.seat) if h["link"] == link), None)
    if hop is None:
        raise IllegalMove("steam.goods.route",
                          "that link leads to no legal delivery (completed links, reach, first city of the colour, "
                          "no place twice, own links at least as often as anyone's)")
    links = state.transit["links"] + [link]
    if hop["completes"]:
        plan = goods.plan_delivery(state, net, command.seat, state.transit["from"], state.transit["colour"], links,
                                   _args(command).text("take"))
        others = [s for s in state.order if s != command.seat and plan["points"].get(s)]
        plan["pending"] = [{"seat": s, "points": plan["points"][s]} for s in others]
        return [Event("GoodsDelivered", plan)]
    return [Event("CubeMoved", {"seat": command.seat, "link": link, "n": len(links), "to": hop["to"],
                                "to_name": state.map.name(hop["to"])})]


def _raise_loco(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "move")
    _one_move(state)
    if command.seat in state.loco_raised:
        raise IllegalMove("steam.loco.once", "the locomotive may be raised once per round in this phase")
    if state.loco[command.seat] >= RULES["loco"]["max"]:
        raise IllegalMove("steam.loco.max", "the locomotive is at its highest level")
    return [Event("LocomotiveRaised", {"seat": command.seat, "level": state.loco[command.seat] + 1})]


def _pass_move(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "move")
    _one_move(state)
    return [Event("MovePassed", {"seat": command.seat})]


def _choose_reward(state: State, command: Command, rng: random.Random) -> list[Event]:
    _phase(state, "move")
    if not state.rewards or state.rewards[0]["seat"] != command.seat or state.turn["moves"]:
        # (checked before ``_one_move``, which refuses everything else while points are open)
        raise IllegalMove("steam.goods.no_reward", "you have no delivery points to place")
    take = _args(command).text("take")
    if take not in ("income", "vp"):
        raise IllegalMove("steam.goods.take", "points go either to income or to victory points")
    return [Event("RewardTaken", {"seat": command.seat, "points": state.rewards[0]["points"], "take": take})]


# -- system work ------------------------------------------------------------------------------

def _close_building(state: State, command: Command, rng: random.Random) -> list[Event]:
    if command.seat != SYSTEM or state.phase != "build_end":
        raise IllegalMove("platform.no_system_work", "no build phase to close")
    lost = [[h, i] for lk in Network.of(state).links
            if lk.owner is not None and not lk.complete and lk.built < state.round for h, i in lk.segs]
    return [Event("BuildingClosed", {"round": state.round, "lost": lost})]


def _settle_income(state: State, command: Command, rng: random.Random) -> list[Event]:
    if command.seat != SYSTEM or state.phase != "income":
        raise IllegalMove("platform.no_system_work", "no income phase")
    results = [finance.settle_income(state, seat) for seat in state.order]
    events = [Event("IncomeSettled", {"round": state.round, "results": results})]
    after = state.fork()   # (a working copy: tiles and cubes shared until owned, see State.fork)
    for r in results:
        after.money[r["seat"]], after.income[r["seat"]], after.vp[r["seat"]] = r["cash"], r["income"], r["vp"]
        if r["bankrupt"]:
            after.bankrupt.append(r["seat"])
            after.bankrupt_round[r["seat"]] = state.round
    after.order = [s for s in after.order if s not in after.bankrupt]
    # Reading (rules.json "readings"): the game also ends when at most one player is left.
    if state.round >= state.last_round or len(after.order) <= 1:
        for hex_key, tile in list(after.track.items()):
            if any(seg["owner"] in after.bankrupt for seg in tile["segs"]):
                for seg in after.own_tile(hex_key)["segs"]:
                    if seg["owner"] in after.bankrupt:
                        seg["owner"] = None
        reason = "all_bankrupt" if not after.order else "one_left" if len(after.order) == 1 and \
            state.round < state.last_round else "rounds"
        events.append(Event("GameEnded", {**scoring.final_scores(after), "reason": reason}))
    else:
        order = after.order if state.expert else sorted(after.order, key=lambda s: state.tiles.get(s, 99))
        events.append(Event("RoundStarted", {"round": state.round + 1, "order": order}))
    return events


SYSTEM_WORK = ("CloseBuilding", "SettleIncome")

HANDLERS = {
    "Bid": _bid, "PassBid": _pass_bid, "SkipBid": _skip_bid, "RaiseCapital": _raise_capital,
    "ChooseAction": _choose_action, "BuildTrack": _build, "PlaceNewCity": _new_city,
    "PlaceCityGrowth": _city_growth, "EndBuild": _end_build, "DeliverGoods": _deliver,
    "RaiseLocomotive": _raise_loco,
    "StartDelivery": _start_delivery, "MoveCube": _move_cube, "PassMove": _pass_move, "ChooseReward": _choose_reward,
    "CloseBuilding": _close_building, "SettleIncome": _settle_income,
}
