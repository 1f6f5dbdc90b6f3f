"""The ``Game`` object the platform registers; everything rule-bearing is delegated."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import Command, Description, Event, IllegalMove, OpenAction, Status, redact_secrets

from . import auctions
from .data import MAPS, RULES, hex_map
from .decide import decide as _decide
from .evolve import evolve as _evolve
from .legal import legal_commands as _legal
from .legal import open_actions as _open
from .messages import MESSAGES
from .messages import describe as _describe
from .messages import describe_command as _describe_command
from .state import State
from .view import view as _view

OPTION_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "map": {"enum": list(MAPS), "default": "ne_usa_se_canada",
                "title": "Map (north-east USA & south-east Canada, Rhine/Ruhr)"},
        "mode": {"enum": ["base", "expert"], "default": "base", "title": "Base or expert game"},
        "start": {"enum": ["auction", "random"], "default": "auction",
                  "title": "Base game start: auction of the turn order, or drawn (first game)"},
    },
    "additionalProperties": False,
}


class Steam:
    name = "steam"
    title = "Steam"
    rules_version = 1
    min_players = 3
    max_players = 5
    option_schema = OPTION_SCHEMA
    messages = MESSAGES

    def validate_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        out: dict[str, Any] = {"map": "ne_usa_se_canada", "mode": "base", "start": "auction"}
        for name, value in dict(options or {}).items():
            if name == "rounds":        # a shorter game (tests, benchmarks); not offered in the lobby
                if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10:
                    raise IllegalMove("steam.options.rounds", "rounds must be 1 to 10")
                out["rounds"] = value
                continue
            spec = OPTION_SCHEMA["properties"].get(name)
            if spec is None:
                raise IllegalMove("steam.options.unknown", f"Steam has no option {name!r}")
            if value not in spec["enum"]:
                raise IllegalMove("steam.options.value", f"option {name} must be one of {spec['enum']}")
            out[name] = value
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove("steam.options.players", "Steam is for 3 to 5 players")
        return out

    def setup(self, options: Mapping[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        """The bag is drawn onto the cities and the supply spaces (3 players: one cube fewer per
        space; Rhine/Ruhr with 3 players: one fewer per city), then the start order: the base
        game's auction opener, or the action tiles dealt (first game and expert game)."""
        seats = list(seats)
        opts = self.validate_options(options, len(seats))
        mp = hex_map(opts["map"])
        bag = [c for c, n in RULES["cubes"].items() for _ in range(n)]
        rng.shuffle(bag)
        three = len(seats) == 3
        cubes: dict[str, dict[str, int]] = {}
        for city in sorted(mp.cities):
            n = max(0, int(mp.cities[city]["goods"]) + (mp.data["three_player_city_goods_delta"] if three else 0))
            drawn, bag = bag[:n], bag[n:]
            cubes[city] = {c: drawn.count(c) for c in sorted(set(drawn))}
        size = RULES["supply_group_three_players"] if three else RULES["supply_group"]
        supply = []
        for _ in range(mp.data["goods_supply_slots"]):
            drawn, bag = bag[:size], bag[size:]
            supply.append({c: drawn.count(c) for c in sorted(set(drawn))})
        left = {c: bag.count(c) for c in RULES["cubes"]}
        events = [Event("GameCreated", {"options": opts, "seats": seats}),
                  Event("GoodsDrawn", {"cubes": cubes, "supply": supply, "bag": left}, barrier=True)]
        if opts["mode"] == "expert" or opts["start"] == "random":
            numbers = rng.sample(range(1, 8), len(seats))
            tiles = dict(zip(seats, numbers, strict=True))
            if opts["mode"] == "expert":
                order = sorted(seats, key=lambda s: tiles[s])
                money = {s: 0 for s in seats}
            else:
                first = seats.index(min(seats, key=lambda s: tiles[s]))
                order = seats[first:] + seats[:first]
                money = {s: i for i, s in enumerate(order)}
            events.append(Event("OrderDrawn", {"tiles": tiles, "order": order, "money": money}, barrier=True))
        else:
            starter = rng.choice(seats)
            events.append(Event("AuctionOpened", {"seat": starter, "auction": auctions.open_setup(seats, starter)},
                                barrier=True))
        return events

    def initial_state(self) -> State:
        return State()

    def decide(self, state: State, command: Command, rng: random.Random) -> list[Event]:
        return _decide(state, command, rng)

    def evolve(self, state: State, event: Event) -> State:
        return _evolve(state, event)

    def legal_commands(self, state: State, seat: str) -> list[Command]:
        return _legal(state, seat)

    def open_actions(self, state: State, seat: str) -> list[OpenAction]:
        return _open(state, seat)

    def status(self, state: State) -> Status:
        scores = dict(state.vp)
        if state.phase == "over":
            final = state.final
            ranking = tuple(final.get("ranking", ()))
            places = {s: i + 1 for i, s in enumerate(ranking)}
            return Status("over", state.round, (), (), True, dict(final.get("scores", {})), ranking, places)
        if state.phase == "build_end":
            return Status("build_end", state.round, (), ("CloseBuilding",), False, scores, tuple(state.order))
        if state.phase == "income":
            return Status("income", state.round, (), ("SettleIncome",), False, scores, tuple(state.order))
        if state.phase == "setup":
            return Status("setup", None, ())
        to_move = (state.current,) if state.current else ()
        return Status(state.phase, state.round or None, to_move, (), False, scores, tuple(state.order))

    def view(self, state: State, viewer: str) -> dict[str, Any]:
        return _view(state, viewer)

    def redact(self, event: Event, viewer: str) -> Event:
        return redact_secrets(event, viewer)

    def describe(self, event: Event) -> Description:
        return _describe(event)

    def describe_command(self, command: Command) -> Description:
        return _describe_command(command)

    def determinize(self, state: State, viewer: str, rng: random.Random) -> State:
        """Nothing is hidden once the cubes are drawn (they lie open on the board)."""
        return state

    def dump_state(self, state: State) -> Any:
        return state.dump()

    def load_state(self, data: Any) -> State:
        return State.load(data)


GAME = Steam()
