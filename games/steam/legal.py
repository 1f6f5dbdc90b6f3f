"""``legal_commands`` and ``open_actions``: what a seat may send now, from the same
checks ``decide`` runs (so the list never offers a command that would be refused)."""

from __future__ import annotations

from games.contract import SYSTEM, Command, OpenAction

from . import building, finance, goods, listing, pending, places
from .data import COLOURS, RULES
from .decide import city_action_open, tile_cost, tile_problem
from .network import Network
from .state import State


def legal_commands(state: State, seat: str) -> list[Command]:
    if seat == SYSTEM:
        if state.phase == "build_end":
            return [Command("CloseBuilding", SYSTEM, {})]
        if state.phase == "income":
            return [Command("SettleIncome", SYSTEM, {})]
        return []
    if state.current != seat or state.phase == "over":
        return []
    p = state.phase
    moved = state.turn["moves"] > 0
    out: list[Command] = []
    if p in ("auction_setup", "auction"):
        if moved:
            return []
        a = state.auction
        low = 0 if a["high"] is None else a["high"] + 1
        top = state.money[seat] if state.expert else state.money[seat] + finance.raisable(state, seat)
        out += [Command("Bid", seat, {"amount": x}) for x in range(low, top + 1)]
        if p == "auction" or a["high"] is not None:
            out.append(Command("PassBid", seat, {}))
        if p == "auction" and a["holder"] == seat and not a["skipped"]:
            out.append(Command("SkipBid", seat, {}))
        return out
    if p == "capital":
        if moved:
            return []
        return [Command("RaiseCapital", seat, {"steps": k}) for k in range(finance.max_capital_steps(state, seat) + 1)]
    if p == "actions":
        if moved:
            return []
        for tile in range(1, 8):
            for passed in (False, True):
                if tile_problem(state, seat, tile, passed) is None:
                    out.append(Command("ChooseAction", seat, {"tile": tile, "pass": passed}))
        return out
    if p == "build":
        net = Network.of(state)
        if state.turn["built"] < state.tile_limit(seat):
            out += listing.build_commands(state, net, seat)
        todo = city_action_open(state, seat)
        groups: list[int | None] = (list(building.supply_groups(state)) or [None]) if todo else []
        # (name and cubes are for the menus: the place and the group in words)
        if todo == "urbanize":
            towns = [t for t in state.map.towns if state.is_town(t)]
            for colour in sorted(set(state.new_cities_left)):
                for town in towns:
                    for g in groups:
                        out.append(Command("PlaceNewCity", seat, {"hex": town, "colour": colour, "group": g,
                                                                  "name": state.map.name(town),
                                                                  "cubes": _cubes(state, g)}))
        if todo == "growth":
            for city in building.growth_targets(state):
                for g in groups:
                    out.append(Command("PlaceCityGrowth", seat, {"hex": city, "group": g,
                                                                 "name": state.map.name(city),
                                                                 "cubes": _cubes(state, g)}))
        if not moved and not (todo and not state.expert):
            out.append(Command("EndBuild", seat, {}))
        return out
    if p == "move":
        if state.rewards:
            if state.rewards[0]["seat"] == seat and not moved:
                return [Command("ChooseReward", seat, {"take": t}) for t in ("income", "vp")]
            return []
        net = Network.of(state)
        if state.transit:
            for hop in goods.next_hops(state, net, seat):
                for take in (("income", "vp") if hop["completes"] else (None,)):
                    args = {"link": hop["link"], **({"take": take} if take else {}),
                            "to_name": state.map.name(hop["to"])}
                    out.append(Command("MoveCube", seat, args))
            return out
        if moved:
            return []
        starts = set()
        for route in goods.routes(state, net, seat):
            starts.add((route["from"], route["colour"]))
            names = {"from_name": state.map.name(route["from"]), "to_name": state.map.name(route["to"])}
            for take in ("income", "vp"):
                out.append(Command("DeliverGoods", seat, {"from": route["from"], "colour": route["colour"],
                                                          "links": route["links"], "take": take, **names}))
        out += [Command("StartDelivery", seat, {"from": f, "colour": c, "from_name": state.map.name(f)})
                for f, c in sorted(starts)]
        if seat not in state.loco_raised and state.loco[seat] < RULES["loco"]["max"]:
            out.append(Command("RaiseLocomotive", seat, {}))
        out.append(Command("PassMove", seat, {}))
        return out
    return out


def _cubes(state: State, group: int | None) -> dict[str, int]:
    return dict(state.supply[group]) if group is not None else {}


def open_actions(state: State, seat: str) -> list[OpenAction]:
    if state.current != seat:
        return []
    out: list[OpenAction] = []
    if state.phase == "build":
        waiting = pending.unjoined(state, Network.of(state), seat) if state.turn.get("pending") else []
        for hex_key, _ in waiting:
            # "zum Ende des Zuges": the turn cannot be confirmed before the track is joined
            out.append(OpenAction("steam.open.connect", True,
                                  {"place": places.phrase(places.reference(state.map.id, hex_key))}, ("BuildTrack",)))
        left = state.tile_limit(seat) - state.turn["built"]
        if left > 0 and not waiting:
            out.append(OpenAction("steam.open.build", False, {"n": left}, ("BuildTrack",)))
        todo = city_action_open(state, seat)
        if todo == "urbanize":
            out.append(OpenAction("steam.open.urbanize", not state.expert, {}, ("PlaceNewCity",)))
        elif todo == "growth":
            out.append(OpenAction("steam.open.growth", not state.expert, {}, ("PlaceCityGrowth",)))
    if state.turn["moves"] == 0:
        key = {"auction_setup": "steam.open.bid", "auction": "steam.open.bid", "capital": "steam.open.capital",
               "actions": "steam.open.tile", "move": "steam.open.move"}.get(state.phase)
        if state.phase == "move" and state.rewards:
            key = "steam.open.reward"
        if key:
            out.append(OpenAction(key, True, {}, OPEN_COMMANDS[key]))
        if state.phase == "build":   # before the first tile, building nothing carries it out too
            out = [OpenAction(a.key, a.mandatory, a.params, (*a.commands, "EndBuild")) if a.key == "steam.open.build"
                   else a for a in out]
    if state.phase == "move" and state.transit:
        out.append(OpenAction("steam.open.hop", True, {}, ("MoveCube",)))
    return out


#: The commands that carry out each phase's open action: the page's move window finds the
#: pieces to click through them (without them it can say what is open, not where).
OPEN_COMMANDS: dict[str, tuple[str, ...]] = {
    "steam.open.bid": ("Bid", "PassBid", "SkipBid"),
    "steam.open.capital": ("RaiseCapital",),
    "steam.open.tile": ("ChooseAction",),
    "steam.open.move": ("StartDelivery", "DeliverGoods", "RaiseLocomotive", "PassMove"),
    "steam.open.reward": ("ChooseReward",),
}


__all__ = ["legal_commands", "open_actions", "COLOURS", "tile_cost"]
