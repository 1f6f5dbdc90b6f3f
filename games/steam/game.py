"""The ``Game`` object the platform registers: Steam's identity, set-up and status on
the shared kit (:class:`games.kit.GameBase`); the rules are bound from their modules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import Event, Status
from games.kit import Capabilities, GameBase, setting_up

from . import auctions
from .data import MAPS, RULES, hex_map
from .decide import decide
from .evolve import evolve
from .legal import legal_commands, open_actions
from .messages import MESSAGES, describe, describe_command
from .state import State
from .view import view

OPTION_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "map": {"enum": list(MAPS), "default": "ne_usa_se_canada",
                "title": "Map (north-east USA & south-east Canada, Rhine/Ruhr)"},
        "mode": {"enum": ["base", "expert"], "default": "base", "title": "Base or expert game"},
        "start": {"enum": ["auction", "random"], "default": "auction",
                  "title": "Base game start: auction of the turn order, or drawn (first game)"},
        # a shorter game (tests, benchmarks); not offered in the lobby
        "rounds": {"type": "integer", "minimum": 1, "maximum": 10, "x-lobby": False},
    },
    "additionalProperties": False,
}


class Steam(GameBase[State]):
    name = "steam"
    title = "Steam"
    code = "steam"
    min_players = 3
    max_players = 5
    option_schema = OPTION_SCHEMA
    messages = MESSAGES
    state_type = State
    #: Bump with a rules change that changes what a state holds or means: older snapshots are then refolded.
    state_version = 2
    #: Its analysis searches (the kit's default, MCTS): with the turns the planner lists for the
    #: search (planning.plan_turns) a build turn is some dozen whole turns, not 750 first tiles
    #: each completed greedily, and mcts-100i analyses a recorded 3-player game in 18-37 s of
    #: CPU (up to 4.6 s a position, measured on a loaded machine; it was over 4 min for one
    #: action-tile position before).
    capabilities = Capabilities()

    decide = staticmethod(decide)
    evolve = staticmethod(evolve)
    legal_commands = staticmethod(legal_commands)
    open_actions = staticmethod(open_actions)
    view = staticmethod(view)
    describe = staticmethod(describe)
    describe_command = staticmethod(describe_command)
    # determinize: the kit's identity; nothing is hidden once the cubes are drawn (they lie open).

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

    def status(self, state: State) -> Status:
        scores = dict(state.vp)
        if state.phase == "over":
            final = state.final
            ranking = tuple(final.get("ranking", ()))
            places = dict(final.get("places") or {s: i + 1 for i, s in enumerate(ranking)})
            return Status("over", state.round, (), (), True, dict(final.get("scores", {})), ranking, places)
        if state.phase == "build_end":
            return Status("build_end", state.round, (), ("CloseBuilding",), False, scores, tuple(state.order))
        if state.phase == "income":
            return Status("income", state.round, (), ("SettleIncome",), False, scores, tuple(state.order))
        if state.phase == "setup":
            return setting_up()
        to_move = (state.current,) if state.current else ()
        return Status(state.phase, state.round or None, to_move, (), False, scores, tuple(state.order))


GAME = Steam()
