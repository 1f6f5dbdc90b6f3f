"""Shared helpers for the Steam tests: tables, hand-built positions, random play."""

from __future__ import annotations

import random
from typing import Any

from events.local import LocalTable
from events.projection import fold
from games.contract import SYSTEM, Command
from games.steam import GAME
from games.steam.data import RULES
from games.steam.state import State

PLATFORM_ONLY = {"Undo", "RequestUndo", "AcceptUndo", "DeclineUndo", "HandToBot", "TakeBack"}
KINDS_WEIGHT = {"ConfirmTurn": 1}


def table(players: int = 3, seed: str = "steam", **options: Any) -> LocalTable:
    return LocalTable.create(GAME, options, players, seed=seed)


def money_total(state: State) -> int:
    """Bank + every player's cash: constant (the bank is a ledger, reference section 1)."""
    return state.bank + sum(state.money.values())


def cube_totals(state: State) -> dict[str, int]:
    """Cubes per colour on the cities + on the supply spaces + in the bag: always the 96."""
    out = dict.fromkeys(RULES["cubes"], 0)
    for group in list(state.cubes.values()) + list(state.supply):
        for colour, n in group.items():
            out[colour] += n
    for colour, n in state.bag.items():
        out[colour] += n
    return out


def step(t: LocalTable, rng: random.Random, confirm_weight: float = 0.4) -> Command | None:
    """One random legal move (or system work); None when the game is over."""
    status = t.status()
    if status.over:
        return None
    if status.pending_system and not t.projection.tail:
        command = Command(status.pending_system[0], SYSTEM, {})
        t.submit(SYSTEM, command)
        return command
    seat = t.projection.turn_seat or status.to_move[0]
    legal = [c for c in t.legal(seat) if c.type not in PLATFORM_ONLY]
    confirm = [c for c in legal if c.type == "ConfirmTurn"]
    state = t.state
    if state.phase == "build" and state.turn["built"] >= 1:
        confirm_weight = 0.85                     # frugal builders last the whole game
    if seat in state.income and state.income[seat] <= -3:
        # Deep in debt: no more spending (what keeps most random games alive to the last round).
        cheap = [c for c in legal if c.type in ("ConfirmTurn", "EndBuild", "PassMove", "DeliverGoods",
                                                "ChooseReward", "PassBid", "RaiseLocomotive", "PlaceNewCity",
                                                "PlaceCityGrowth")
                 or (c.type == "ChooseAction" and (c.args.get("pass") or c.args.get("tile", 9) <= 4))
                 or (c.type == "Bid" and c.args.get("amount") == 0)
                 or (c.type == "RaiseCapital" and c.args.get("steps", 9) <= 1)]
        if cheap:
            legal = cheap
            confirm = [c for c in legal if c.type == "ConfirmTurn"]
    moves = [c for c in legal if c.type != "ConfirmTurn"]
    if confirm and (not moves or rng.random() < confirm_weight):
        command = confirm[0]
    else:
        kinds = sorted({c.type for c in moves})
        kind = rng.choice(kinds)
        # Random play that never delivers tests little: deliveries and builds are preferred.
        for favourite, weight in (("DeliverGoods", 0.8), ("BuildTrack", 0.6)):
            if favourite in kinds and rng.random() < weight:
                kind = favourite
                break
        pool = [c for c in moves if c.type == kind]
        if kind in ("Bid", "RaiseCapital"):      # random bids and loans stay modest, as people's do
            pool = pool[:4]
        command = rng.choice(pool)
    t.submit(seat, command)
    return command


def play_out(players: int, seed: str, limit: int = 6000, check: Any = None, **options: Any) -> LocalTable:
    t = table(players, seed, **options)
    rng = random.Random(seed)
    for _ in range(limit):
        if step(t, rng) is None:
            break
        if check is not None:
            check(t)
    return t


def refold(t: LocalTable) -> Any:
    return fold(GAME, t.log).live


def run(state: State, seat: str, command_type: str, **args: Any) -> State:
    """Decide ``command_type`` for ``seat`` and fold its events into a new state."""
    events = GAME.decide(state, Command(command_type, seat, args), random.Random(1))
    for event in events:
        state = GAME.evolve(state, event)
    return state


def confirm(state: State, seat: str) -> State:
    from games.contract import TURN_CONFIRMED, Event
    return GAME.evolve(state, Event(TURN_CONFIRMED, {"seat": seat}))


def position(players: int = 3, phase: str = "build", seat: str = "p1", money: int = 0, **options: Any) -> State:
    """A state right after set-up, moved by hand to ``phase`` with ``seat`` to act and the
    given cash for everyone (the scenario tests' starting point)."""
    options.setdefault("start", "random")
    state = table(players, "scenario", **options).state.clone()
    state.order = list(state.seats)
    state.round = 1
    state.phase = phase
    state.queue = [seat] + [s for s in state.seats if s != seat]
    state.current = seat
    state.tiles = {}
    for s in state.seats:
        state.money[s] = money
        state.bank -= money
    return state


def place(state: State, hex_key: str, face: str, rot: int, owner: str | None, built: int = 1) -> State:
    """Put a tile on the board by hand (all its tracks owned by ``owner``)."""
    from games.steam import tiles
    state = state.clone()
    pair = tiles.pair_for(state.stock, face)
    state.stock[pair] -= 1
    state.track[hex_key] = {"face": face, "rot": rot, "pair": pair,
                            "segs": [{"e": list(s), "owner": owner, "built": built}
                                     for s in tiles.segments(face, rot)]}
    return state


def build(state: State, seat: str, hex_key: str, face: str, rot: int) -> tuple[State, dict[str, Any]]:
    events = GAME.decide(state, Command("BuildTrack", seat, {"hex": hex_key, "face": face, "rot": rot}),
                         random.Random(1))
    for event in events:
        state = GAME.evolve(state, event)
    return state, dict(events[0].payload)


def _edge_to(a: str, b: str) -> int:
    from games.steam.data import DIRS, qr
    (qa, ra), (qb, rb) = qr(a), qr(b)
    return DIRS.index((qb - qa, rb - ra))


def lay(state: State, hexes: list[str], owner: str | None, built: int = 1) -> State:
    """Lay one link by hand along ``hexes`` (a place, the tiles between, a place): plain
    tiles in between, a town tile's exits where the line ends on a town."""
    from games.steam import tiles
    state = state.clone()
    for i in range(1, len(hexes) - 1):
        a, b = _edge_to(hexes[i], hexes[i - 1]), _edge_to(hexes[i], hexes[i + 1])
        want = tuple(sorted((a, b)))
        face, rot = next((f, r) for f in tiles.SIMPLE_FACES for r in range(6) if tiles.segments(f, r) == (want,))
        pair = tiles.pair_for(state.stock, face)
        state.stock[pair] -= 1
        state.track[hexes[i]] = {"face": face, "rot": rot, "pair": pair,
                                 "segs": [{"e": list(want), "owner": owner, "built": built}]}
    for end, nxt in ((hexes[0], hexes[1]), (hexes[-1], hexes[-2])):
        if state.is_town(end):
            tile = state.track.setdefault(end, {"face": "T", "rot": 0, "pair": "T11/-", "segs": []})
            tile["segs"].append({"e": [_edge_to(end, nxt)], "owner": owner, "built": built})
    return state


def path(state: State, a: str, b: str, avoid: set[str] = frozenset()) -> list[str]:
    """A shortest line of empty, non-place hexes from place ``a`` to place ``b``."""
    from collections import deque
    prev: dict[str, str | None] = {a: None}
    queue = deque([a])
    while queue:
        h = queue.popleft()
        for nb in state.map.neighbours[h]:
            if nb is None or nb in prev:
                continue
            if nb == b:
                prev[nb] = h
                out = [b]
                while prev[out[-1]] is not None:
                    out.append(prev[out[-1]])
                return list(reversed(out))
            if nb in state.track or nb in avoid or state.is_city(nb) or nb in state.map.towns:
                continue
            prev[nb] = h
            queue.append(nb)
    raise AssertionError(f"no path {a} -> {b}")


def connect(state: State, owner: str | None, *places: str, avoid: set[str] = frozenset()) -> State:
    """Links between consecutive places, owned by ``owner``."""
    for a, b in zip(places, places[1:], strict=False):
        state = lay(state, path(state, a, b, set(avoid)), owner)
    return state


def places(state: State) -> dict[str, str]:
    """Place name -> hex key on the state's map."""
    out = {name: h for h, name in state.map.towns.items()}
    out.update({c["name"]: h for h, c in state.map.cities.items()})
    return out


def example_network():
    """Own links Albany - Worcester (red New City) - Boston (red); Albany - Utica - Syracuse -
    Binghamton (blue New City); Syracuse - Watertown; Albany - Poughkeepsie.  Michael's:
    Poughkeepsie - New Haven (red New City), Watertown - Kingston (purple New City),
    Watertown - Cornwall - Montreal (yellow).  One cube of each colour waits in Albany."""
    s = position(3, phase="move", money=0)
    n = places(s)
    s.new_cities.update({n["Worcester"]: "red", n["Binghamton"]: "blue", n["New Haven"]: "red",
                         n["Kingston"]: "purple"})
    s.cubes = {h: {} for h in s.cubes}
    s.cubes[n["Albany"]] = {"red": 1, "blue": 1, "yellow": 1, "purple": 1}
    s = connect(s, "p1", n["Albany"], n["Worcester"], n["Boston"])
    s = connect(s, "p1", n["Albany"], n["Utica"], n["Syracuse"], n["Binghamton"])
    s = connect(s, "p1", n["Syracuse"], n["Watertown"])
    s = connect(s, "p1", n["Albany"], n["Poughkeepsie"])
    s = connect(s, "p2", n["Poughkeepsie"], n["New Haven"])
    s = connect(s, "p2", n["Watertown"], n["Kingston"])
    s = connect(s, "p2", n["Watertown"], n["Cornwall"], n["Montreal"])
    return s, n
