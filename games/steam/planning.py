"""The greedy bot's turn for Steam: a plan per phase instead of a sampled search.

The generic greedy bot (``worker.bots.greedy``) completes every first command of a turn
one sub-move at a time.  In Steam's build phase that is some 300 first tiles, each
completed by listing every tile again: it sampled a few, built track that led nowhere,
paid with income it never earned back and went bankrupt.  This planner thinks in what a
Steam player thinks in:

- **build**: whole links.  Every run of empty hexes (a town on the way gets a town tile)
  from a city to another city, or to a town that has its town tile (joined to its stub, or
  the tile upgraded with one more exit), that this turn's tiles can complete is a candidate; the most
  promising are laid tile by tile through the engine (``decide``/``evolve``: only legal
  tiles, at their real cost) and the position after each is judged by :func:`value`: the
  game's evaluation (:mod:`.evaluation`: links, income, cash, a bankruptcy foreseen) of the
  position after the round's two best deliveries (the income they bring back), plus the
  cubes the seat can deliver in later rounds, also with one more locomotive level.  A plan
  that leaves the income phase short (cash, income and the best delivery, below 0) or
  brings a bankruptcy into view is never played; building nothing is always a candidate.
  With tiles left, another link is planned on top.
- **move**: the delivery that earns the seat the most links (income while rounds remain,
  points near the end); the locomotive only when one more level opens a delivery.
- **action tile**: First Move when a delivery of the seat's is at stake; Locomotive when a
  delivery needs the length (base game: from spare cash); City Growth or Urbanization when
  placing it (tried through the engine) is worth its price; else Engineer, First Build and
  the other free tiles.
- **auctions** pass (or bid the least allowed): the plan does not depend on the turn order
  enough to pay for it; **capital** (expert) raises what a build and the locomotive's upkeep
  need, never towards bankruptcy.

Everything here is pure (state in, commands out): the bot submits the commands to its
own table and confirms the turn.  ``None`` means "no plan for this position": the
generic greedy search plays it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from games.contract import Command, IllegalMove

from . import goods, tiles
from .data import RULES
from .decide import city_action_open, decide
from .evaluation import doomed_in, income_phases_left, position_value
from .evolve import evolve
from .network import Network
from .reach import INCOME_PER_ROUND, deliverable_units, potential, route_value
from .state import State

#: The face that turns a track from edge ``a`` to edge ``b`` of a hex, by ``(b - a) % 6``
#: (on a town: the town tile with those two exits, which ends one link and starts the next).
TURN_FACE = {3: "21", 2: "22", 4: "22", 1: "23", 5: "23"}
TOWN_FACE = {3: "T21", 2: "T22", 4: "T22", 1: "T23", 5: "T23"}
#: Candidate links laid through the engine per step (the most promising by a cheap look).
MAX_CANDIDATES = 40
#: Rounds left from which a delivery's points go to income rather than victory points.
INCOME_UNTIL = 3

Step = tuple[str, int, int]          #: (hex, edge in, edge out)


@dataclass(frozen=True)
class LinkPlan:
    """A run of empty hexes from city ``start`` to city ``end``."""

    start: str
    end: str
    steps: tuple[Step, ...]


def plan_turn(state: State, seat: str, rng: random.Random) -> list[Command] | None:
    """The game commands of ``seat``'s turn from ``state`` (the platform's ``ConfirmTurn``
    is the caller's), or None where the generic search should decide."""
    if state.current != seat or state.turn["moves"] and state.phase != "build":
        return None
    phase = state.phase
    if phase in ("auction_setup", "auction"):
        return [_bid(state, seat)]
    if phase == "capital":
        return [_capital(state, seat)]
    if phase == "actions":
        return [_action(state, seat)]
    if phase == "build" and not state.turn["built"] and not state.turn["moves"]:
        return _build_turn(state, seat, rng)
    if phase == "move":
        if state.rewards:
            points = int(state.rewards[0].get("points", 1))
            return [Command("ChooseReward", seat, {"take": _take(state, seat, points)})] \
                if state.rewards[0]["seat"] == seat else None
        if state.transit:
            return None
        return [_move(state, seat)]
    return None


#: Deliveries the search looks at per move (the most own links first).
SEARCH_DELIVERIES = 5
#: Other first links the search looks at per build turn besides the plan's.
SEARCH_LINKS = 2


def plan_turns(state: State, seat: str, rng: random.Random) -> list[list[Command]] | None:
    """The turns the search (``mcts``) weighs for ``seat``: the greedy plan first, then the
    alternatives a Steam player would weigh (building nothing, or another first link; each
    good delivery, the locomotive, passing; the other reward), instead of
    every first tile of a build completed one sub-move at a time.  None where the generic
    search should list the turns.  Some alternatives may be refused by the rules: the
    caller drops them."""
    main = plan_turn(state, seat, rng)
    if main is None:
        return None
    turns = [main]
    phase = state.phase
    # Auctions and action tiles: the plan only.  What a tile or the turn order brings shows
    # in the build and move phases, after the position the search scores (it took the free
    # tiles, and never City Growth or a locomotive for the cash they cost).
    if phase == "build":
        turns.append([Command("EndBuild", seat, {})])
        turns += _other_builds(state, seat, main, rng)
    elif phase == "move" and state.rewards:
        turns += [[Command("ChooseReward", seat, {"take": take})] for take in ("income", "vp")]
    elif phase == "move":
        net = Network.of(state)
        routes = sorted(goods.routes(state, net, seat), key=lambda r: route_value(r, net, seat), reverse=True)
        seen: set[tuple[str, str, str]] = set()
        for route in routes:
            key = (route["from"], route["colour"], route["to"])
            if key in seen or route_value(route, net, seat)[0] < 1:
                continue
            seen.add(key)
            own = route_value(route, net, seat)[0]
            turns.append([Command("DeliverGoods", seat, {
                "from": route["from"], "colour": route["colour"], "links": route["links"],
                "take": _take(state, seat, own), "from_name": state.map.name(route["from"]),
                "to_name": state.map.name(route["to"])})])
            if len(seen) >= SEARCH_DELIVERIES:
                break
        turns += [[Command("RaiseLocomotive", seat, {})], [Command("PassMove", seat, {})]]
    unique: list[list[Command]] = []
    keys: set[str] = set()
    for turn in turns:
        text = repr([(c.type, sorted(c.args.items(), key=str)) for c in turn])
        if text not in keys:
            keys.add(text)
            unique.append(turn)
    return unique


def _other_builds(state: State, seat: str, main: list[Command], rng: random.Random) -> list[list[Command]]:
    """Build turns that start with another link than the plan's (the next best ones, each
    followed by the plan's choice of further links)."""
    if state.turn["built"] or state.turn["moves"] or city_action_open(state, seat):
        return []
    left = state.tile_limit(seat)
    scored = []
    for plan in sorted(link_plans(state, left), key=lambda p: -_promise(state, p))[:MAX_CANDIDATES]:
        laid = lay(state, seat, plan, rng)
        if laid is not None and safe_at_income(laid[0], seat):
            scored.append((value(laid[0], seat), laid[1], laid[0]))
    scored.sort(key=lambda t: -t[0])
    out: list[list[Command]] = []
    first = main[0] if main else None
    for _, commands, after in scored:
        if first is not None and commands[0] == first:
            continue
        more = _best_link(after, seat, rng)
        out.append(commands + (more[2] if more is not None and more[0] > value(after, seat) else []))
        if len(out) >= SEARCH_LINKS:
            break
    return out


# -- small decisions --------------------------------------------------------------------------------

def _bid(state: State, seat: str) -> Command:
    """Pass where the rules allow it; otherwise the least bid (the set-up auction's opener)."""
    a = state.auction
    if state.phase == "auction" or a.get("high") is not None:
        return Command("PassBid", seat, {})
    low = 0 if a.get("high") is None else a["high"] + 1
    return Command("Bid", seat, {"amount": low})


def _capital(state: State, seat: str) -> Command:
    """Expert: raise what three tiles and the locomotive's upkeep need (about $10 plus the
    level), not in the last round, and never so much that a bankruptcy comes into view."""
    from .finance import max_capital_steps, raise_capital

    want = 10 + state.loco[seat] if state.last_round - state.round >= 1 else state.loco[seat] - state.income[seat]
    need = max(0, want - state.money[seat])
    steps = min(-(-need // 5), max_capital_steps(state, seat))
    while steps > 0:
        after = raise_capital(state, seat, steps)
        trial = state.clone()
        trial.money[seat], trial.income[seat], trial.vp[seat] = after["cash"], after["income"], after["vp"]
        if after["ok"] and trial.income[seat] >= -4 and \
                doomed_in(trial, seat, min(4, income_phases_left(trial))) is None:
            break
        steps -= 1
    return Command("RaiseCapital", seat, {"steps": steps})


def _take(state: State, seat: str, links: int = 1) -> str:
    """Delivery points to income while rounds remain to earn it; near the end to whichever
    scores more: victory points, or income where the final scoring counts it double
    (negative income costs two points a space) plus the money it still brings."""
    from .scoring import income_points

    left = state.last_round - state.round
    if left >= INCOME_UNTIL:
        return "income"
    income = state.income[seat]
    as_income = income_points(income + links) - income_points(income) + INCOME_PER_ROUND * links * left
    return "income" if as_income > links else "vp"


def best_delivery(state: State, seat: str, net: Network | None = None) -> dict[str, Any] | None:
    """The seat's delivery with the most own links (fewest of others' on a tie), or None."""
    net = net or Network.of(state)
    best: tuple[tuple[int, int], dict[str, Any]] | None = None
    for route in goods.routes(state, net, seat):
        value = route_value(route, net, seat)
        if value[0] >= 1 and (best is None or value > best[0]):
            best = (value, route)
    return best[1] if best else None


def _longer_reach_helps(state: State, seat: str) -> bool:
    """Whether one more locomotive level opens a delivery the seat cannot make now."""
    if state.loco[seat] >= RULES["loco"]["max"]:
        return False
    trial = state.clone()
    trial.loco[seat] += 1
    return best_delivery(trial, seat, Network.of(state)) is not None


def _move(state: State, seat: str) -> Command:
    route = best_delivery(state, seat)
    if route is not None:
        own = route_value(route, Network.of(state), seat)[0]
        return Command("DeliverGoods", seat, {"from": route["from"], "colour": route["colour"],
                                              "links": route["links"], "take": _take(state, seat, own),
                                              "from_name": state.map.name(route["from"]),
                                              "to_name": state.map.name(route["to"])})
    upkeep_ok = not state.expert or state.money[seat] + state.income[seat] - state.loco[seat] - 1 >= 0
    # In the last round only as the first move: the second one delivers over the longer reach.
    later = state.last_round > state.round or state.queue.count(seat) >= 2
    if seat not in state.loco_raised and upkeep_ok and later and _longer_reach_helps(state, seat):
        return Command("RaiseLocomotive", seat, {})
    return Command("PassMove", seat, {})


def _action(state: State, seat: str) -> Command:
    """The action tile that serves the plan: First Move when a delivery of the seat's could be
    taken by a rival first; Locomotive when a delivery needs the length (base game: from spare
    cash); City Growth or Urbanization when placing it is worth its price; then Engineer for
    building and the other free tiles; another paid action only as the last choice."""
    from .decide import tile_cost, tile_problem

    def free(tile: int, passed: bool = False) -> bool:
        return passed or tile_cost(state, seat, tile) == 0

    order: list[tuple[int, bool]] = []
    paid: set[tuple[int, bool]] = set()   # the paid tiles the plan asks for
    mine = best_delivery(state, seat)
    if mine is not None and any(best_delivery(state, other) is not None for other in state.order if other != seat):
        order.append((2, False))
    elif mine is None and tile_problem(state, seat, 2, False) is None and _first_move_keeps(state, seat):
        order.append((2, False))
    if state.expert and state.loco[seat] < 3 and _longer_reach_helps(state, seat) \
            and state.money[seat] + state.income[seat] - state.loco[seat] - 1 >= 0:
        order.append((6, False))
    if not state.expert and state.money[seat] >= tile_cost(state, seat, 6) + 3 and state.last_round > state.round \
            and tile_problem(state, seat, 6, False) is None and _longer_reach_helps(state, seat):
        order.append((6, False))      # spare cash: the reach without spending a move on it
        paid.add((6, False))
    # Cubes to deliver: City Growth ($2) or Urbanization ($6) where the seat's links take them,
    # paid from cash, when what they open is worth it (placed in the build phase, before the links).
    gains = []
    for tile in (5, 7):
        if tile_problem(state, seat, tile, False) is None:
            gains.append((city_gain(state, seat, tile) - CITY_COST * tile_cost(state, seat, tile), tile))
    if gains and max(gains)[0] > 0:
        order.append((max(gains)[1], False))
        paid.add((max(gains)[1], False))
    order += [(3, False), (4, False), (2, False), (1, False), (5, True), (7, True)]
    for tile, passed in order:
        if tile_problem(state, seat, tile, passed) is None and (free(tile, passed) or (tile, passed) in paid):
            if not passed and tile in (1, 3, 4) and (tile, passed) not in paid:
                tile = _tile_for_delivery(state, seat, tile)
            return Command("ChooseAction", seat, {"tile": tile, "pass": passed})
    for tile in range(1, 8):        # only paid ones left: the cheapest
        for passed in (True, False):
            if tile_problem(state, seat, tile, passed) is None:
                return Command("ChooseAction", seat, {"tile": tile, "pass": passed})
    return Command("ChooseAction", seat, {"tile": 1, "pass": False})


def _after_planned_build(trial: State, seat: str) -> State | None:
    """``trial`` (a copy the caller set up: its action tiles, its locomotive) put in the
    seat's build turn, with the track its planned build lays; None when the plan breaks a
    rule there.  What the action-tile choices ask before they commit to a tile."""
    from .state import fresh_turn

    trial.phase, trial.current, trial.turn, trial.queue = "build", seat, fresh_turn(), [seat]
    rng = random.Random(0)
    try:
        for command in _build_turn(trial, seat, rng):
            if command.type == "BuildTrack":
                trial = apply(trial, command, rng)
    except IllegalMove:
        return None
    return trial


def _first_move_keeps(state: State, seat: str) -> bool:
    """Whether moving first keeps the seat a delivery its planned build opens (tried on a
    copy put in its build turn) that the seats moving earlier could take otherwise."""
    trial = state.clone()
    trial.tiles = {s: t for s, t in trial.tiles.items() if t != 2}
    built = _after_planned_build(trial, seat)
    if built is None or secure(built, seat):
        return False
    built.tiles = {**built.tiles, seat: 2}
    return secure(built, seat)


def _delivery_outlook(state: State, seat: str, tile: int) -> tuple[bool, bool, bool] | None:
    """What the seat's planned build leaves it this round when it takes action tile ``tile``
    (tried on a copy put in its build turn, the tile paid for; a Locomotive raises its
    reach): a delivery the seats moving earlier cannot all take (:func:`secure`), one over
    its reach at its first move action, any (:func:`delivers`); None when paying for the
    tile takes more than one step of income, or leaves it or the income phase short."""
    from .decide import tile_cost
    from .finance import pay

    trial = state.clone()
    cost = tile_cost(state, seat, tile)
    if cost:
        paid = pay(state, seat, cost)
        if not paid["ok"] or paid["steps"] > 1 or paid["income"] < 0:
            return None               # cash, or one step of income that stays positive
        trial.money[seat], trial.income[seat], trial.vp[seat] = paid["cash"], paid["income"], paid["vp"]
        if not safe_at_income(trial, seat):
            return None
    if tile == 6:
        trial.loco[seat] += 1
    trial.tiles = {**trial.tiles, seat: tile}
    built = _after_planned_build(trial, seat)
    if built is None:
        return None
    now = bool(goods.routes(built, Network.of(built), seat))
    return secure(built, seat), now, now or delivers(built, seat)


def _tile_for_delivery(state: State, seat: str, choice: int) -> int:
    """``choice`` (a free building tile), unless another tile makes this round's delivery
    surer: First Move, the Locomotive (its reach at the first move action, where a delivery
    needs one more level: raising it in the move phase costs the first action, and the
    seats moving in between take the cube) or the Engineer's fourth tile.  Judged by the
    planned build after each (:func:`_delivery_outlook`): a delivery the earlier seats
    cannot take, then one at the first move action, then any.  (``bfaa0c2`` also refused a
    tile whose only gain was a delivery the earlier seats may take after a raise; paired
    rounds of seeds 2 and 3 had fewer misses without that condition, ``benchmarks/README.md``,
    rounds steam-bot10 and steam-bot11.)  Issue 24, greedy vs greedy at ``9dd288b``: game 50
    round 6 p3 took the Engineer, raised its locomotive in its first action and lost
    Scranton's grey cube to p1's second."""
    from .decide import tile_problem

    best = _delivery_outlook(state, seat, choice)
    if best is None or all(best):
        return choice
    for tile in (2, 6, 3):
        if tile == choice or tile_problem(state, seat, tile, False) is not None:
            continue
        outlook = _delivery_outlook(state, seat, tile)
        if outlook is not None and outlook > best:
            choice, best = tile, outlook
    return choice


# -- the build phase --------------------------------------------------------------------------------

def apply(state: State, command: Command, rng: random.Random) -> State:
    """The engine's fold of one command (``IllegalMove`` when the rules refuse it)."""
    for event in decide(state, command, rng):
        state = evolve(state, event)
    return state


def _empty(state: State, hex_key: str) -> bool:
    """No tile and no city: plain land, or a town without its town tile yet."""
    return hex_key not in state.track and not state.is_city(hex_key)


def link_plans(state: State, limit: int) -> Iterator[LinkPlan]:
    """Runs of at most ``limit`` empty hexes joining two different cities (shortest first
    per pair of cities and first hex); a town on the way gets a town tile (two links)."""
    mp = state.map
    cities = list(mp.cities) + [c for c in state.new_cities if c not in mp.cities]
    for start in sorted(cities):
        for edge, first in enumerate(mp.neighbours[start]):
            if first is None or not _empty(state, first):
                continue
            found: dict[str | tuple[str, int], LinkPlan] = {}     # per city, per town and edge
            frontier: list[tuple[str, int, tuple[Step, ...], frozenset[str]]] = \
                [(first, (edge + 3) % 6, (), frozenset([first]))]
            while frontier:
                grown = []
                for hex_key, entry, done, seen in frontier:
                    for out, nb in enumerate(mp.neighbours[hex_key]):
                        if nb is None or out == entry:
                            continue
                        steps = done + ((hex_key, entry, out),)
                        if state.is_city(nb):
                            if nb != start and nb not in found:
                                found[nb] = LinkPlan(start, nb, steps)
                            continue
                        if nb in state.track and state.is_town(nb):
                            # each edge: a stub there may be another seat's (the engine refuses
                            # the join), where another edge takes an upgrade
                            if (nb, out) not in found:
                                end = _town_end(state, nb, (out + 3) % 6, steps, limit)
                                if end is not None:
                                    found[(nb, out)] = LinkPlan(start, nb, end)
                            continue
                        if len(steps) < limit and nb not in seen and _empty(state, nb):
                            grown.append((nb, (out + 3) % 6, steps, seen | {nb}))
                frontier = grown
            yield from found.values()


def _town_end(state: State, town: str, edge: int, steps: tuple[Step, ...], limit: int) -> tuple[Step, ...] | None:
    """The steps of a run that ends at a town with its town tile, entering it over ``edge``:
    where the tile has that exit the run's last tile joins its stub, else the tile is
    upgraded to one with that exit too (one more tile, step ``(town, edge, -1)``).  Without
    these the planner never joined a town that others had tiled: issue 24 found three rounds
    without a delivery that such a link would have opened (Burlington - Albany, Sherbrooke -
    Quebec)."""
    exits = {sg["e"][0] for sg in state.track[town]["segs"]}
    if edge in exits:
        return steps
    if len(steps) >= limit:
        return None
    return steps + ((town, edge, -1),)


def _town_upgrades(state: State, town: str, edge: int) -> list[tuple[str, int]]:
    """Town faces and rotations that keep the tile's exits and add ``edge``, fewest exits first."""
    want = {tuple(sg["e"]) for sg in state.track[town]["segs"]} | {(edge,)}
    options = []
    for face in tiles.TOWN_FACES:
        for rot in tiles.rotations(face):
            segs = set(tiles.segments(face, rot))
            if want <= segs:
                options.append((len(segs), face, rot))
    return [(face, rot) for _, face, rot in sorted(options)]


def _runs(state: State, first: str, entry: int, start: str, lengths: range) -> Iterator[LinkPlan]:
    """Runs of empty hexes from ``first`` (entered over edge ``entry``) to a city other than
    ``start``, whose length lies in ``lengths``: the shortest per city, each hex passed once
    (a breadth-first tree, so that six hexes stay cheap to look through)."""
    mp = state.map
    found: set[str] = set()
    seen = {first}
    frontier: list[tuple[str, int, tuple[Step, ...]]] = [(first, entry, ())]
    while frontier:
        grown = []
        for hex_key, into, done in frontier:
            for out, nb in enumerate(mp.neighbours[hex_key]):
                if nb is None or out == into:
                    continue
                steps = done + ((hex_key, into, out),)
                if state.is_city(nb):
                    if nb != start and nb not in found:
                        found.add(nb)
                        if len(steps) in lengths:
                            yield LinkPlan(start, nb, steps)
                    continue
                if len(steps) < lengths.stop - 1 and nb not in seen and _empty(state, nb):
                    seen.add(nb)
                    grown.append((nb, (out + 3) % 6, steps))
        frontier = grown


def long_plans(state: State, seat: str, now: int, later: int) -> Iterator[LinkPlan]:
    """Links this turn's ``now`` tiles cannot finish but the next turn's ``later`` can: from a
    city (more than ``now`` hexes, at most ``now + later``), and the rest of the seat's own
    incomplete links from their open end (at most ``now`` hexes: they are finished now)."""
    mp = state.map
    cities = sorted(set(mp.cities) | set(state.new_cities))
    for start in cities:
        for edge, first in enumerate(mp.neighbours[start]):
            if first is not None and _empty(state, first):
                yield from _runs(state, first, (edge + 3) % 6, start, range(now + 1, now + later + 1))


def continuations(state: State, seat: str, limit: int) -> Iterator[LinkPlan]:
    """The seat's own incomplete links finished from their open end (at most ``limit`` hexes):
    one not extended this turn loses its owner at the end of the build phase."""
    mp = state.map
    for link in Network.of(state).links:
        if link.owner != seat or link.complete:
            continue
        cities = [e[1] for e in link.ends if e[0] == "city"]
        for end in link.ends:
            if end[0] != "open":
                continue
            first = mp.neighbours[end[1]][end[2]]
            if first is not None and _empty(state, first):
                yield from _runs(state, first, (end[2] + 3) % 6, cities[0] if cities else end[1],
                                 range(1, limit + 1))


def _tile_for(entry: int, out: int, town: bool = False) -> tuple[str, int] | None:
    face = (TOWN_FACE if town else TURN_FACE)[(out - entry) % 6]
    want: tuple[tuple[int, ...], ...] = ((min(entry, out),), (max(entry, out),)) if town \
        else (tuple(sorted((entry, out))),)
    for rot in tiles.rotations(face):
        if tiles.segments(face, rot) == want:
            return face, rot
    return None


def lay(state: State, seat: str, plan: LinkPlan, rng: random.Random) -> tuple[State, list[Command]] | None:
    """The link laid tile by tile through the engine, or None where a tile is refused."""
    commands = []
    for hex_key, entry, out in plan.steps:
        if out < 0:                   # a town tile upgraded with the exit ``entry``
            options = _town_upgrades(state, hex_key, entry)
        else:
            tile = _tile_for(entry, out, state.is_town(hex_key))
            options = [tile] if tile is not None else []
        events = None
        for face, rot in options:
            try:
                events = decide(state, Command("BuildTrack", seat, {"hex": hex_key, "face": face, "rot": rot}), rng)
                break
            except IllegalMove:
                continue
        if not events:
            return None
        built = events[0].payload
        face, rot = built["face"], built["rot"]
        commands.append(Command("BuildTrack", seat, {"hex": hex_key, "face": face, "rot": rot, "cost": built["cost"],
                                                     "kind": built["kind"], "place": built["place"]}))
        for event in events:
            state = evolve(state, event)
    return state, commands


def _promise(state: State, plan: LinkPlan) -> float:
    """A cheap look at a link before laying it: cubes at either end that the other end takes,
    links already at its ends (deliveries through others' track), few hexes."""
    if not state.is_city(plan.end):       # a town: the cities its links reach are the other end
        net = Network.of(state)
        ends = {e[1] for link in net.links if link.complete and ("town", plan.end) in link.ends
                for e in link.ends if e[0] == "city"}
        return max((_promise(state, LinkPlan(plan.start, city, plan.steps)) for city in ends if city != plan.start),
                   default=-0.3 * len(plan.steps))
    score = 0.0
    for a, b in ((plan.start, plan.end), (plan.end, plan.start)):
        colour = state.city_colour(b)
        score += 2.0 * min(2, state.cubes.get(a, {}).get(colour, 0))
        score += 0.5 * min(3, sum(state.cubes.get(a, {}).values()))
    return score - 0.3 * len(plan.steps)


def safe_at_income(state: State, seat: str) -> bool:
    """Cash and income (plus the income of the best delivery now open) pay the income phase
    without raising money, and no bankruptcy is in view."""
    if doomed_in(state, seat, min(4, income_phases_left(state))) is not None:
        return False
    route = best_delivery(state, seat)
    gain = route_value(route, Network.of(state), seat)[0] if route else 0
    upkeep = state.loco[seat] if state.expert else 0
    return state.money[seat] + state.income[seat] + gain - upkeep >= 0


def delivery_gain(state: State, seat: str) -> int:
    """The own links of the seat's best delivery this round: over its reach now, else over
    one more locomotive level where it can still raise it first (as :func:`delivers` counts)."""
    net = Network.of(state)
    route = best_delivery(state, seat, net)
    if route is None and delivers(state, seat):
        longer = state.clone()
        longer.loco[seat] += 1
        route = best_delivery(longer, seat, net)
    return route_value(route, net, seat)[0] if route else 0


def income_outlook(state: State, seat: str) -> int:
    """The seat's cash at the game's end (negative: what it must raise) if it makes this
    round's best delivery and nothing more: the income the delivery adds comes back every
    income phase left, so a short seat weighs a build's cost against it."""
    upkeep = state.loco[seat] if state.expert else 0
    rate = state.income[seat] + delivery_gain(state, seat) - upkeep
    return state.money[seat] + rate * income_phases_left(state)


def _doom_after_delivery(state: State, seat: str) -> int | None:
    """:func:`doomed_in` with this round's best delivery's links added to income."""
    trial = state.clone()
    trial.income[seat] += delivery_gain(state, seat)
    return doomed_in(trial, seat, min(4, income_phases_left(trial)))


def no_worse_at_income(before: State, after: State, seat: str) -> bool:
    """Whether a build (``before`` -> ``after``) may be played for its delivery.  As a rule the
    income phase must stay covered (:func:`safe_at_income`).  A seat already short without
    building cannot meet that whatever it does: refusing every build left it without
    deliveries round after round while its income sank (issue 24, greedy vs greedy game 95).
    For it a build is acceptable when it leaves the seat no worse off: its cash outlook over
    the income phases left (:func:`income_outlook`) at least that of building nothing, and a
    bankruptcy (counted with the delivery) no nearer."""
    if safe_at_income(after, seat):
        return True
    if safe_at_income(before, seat):
        return False
    doom_after = _doom_after_delivery(after, seat)
    if doom_after is not None:
        doom_before = _doom_after_delivery(before, seat)
        if doom_before is None or doom_after < doom_before:
            return False
    return income_outlook(after, seat) >= income_outlook(before, seat)


def delivered(state: State, seat: str) -> State:
    """The position after the seat's two best deliveries of this round (a copy; the cubes
    leave their cities, the own links go to income or points as the seat would take them):
    what a build pays with income is judged against the income its deliveries bring back."""
    if state.phase not in ("build", "build_end"):
        return state
    units = deliverable_units(state, seat, Network.of(state))[:2]
    if not units:
        return state
    trial = state.clone()
    for k, origin, colour in units:
        take = _take(trial, seat, k)
        trial.cubes[origin][colour] -= 1
        if take == "income":
            trial.income[seat] += k
        else:
            trial.vp[seat] += k
    return trial


def value(state: State, seat: str) -> float:
    """The evaluation's expected points after this round's deliveries, plus the deliveries
    the links open beyond this round."""
    return float(position_value(delivered(state, seat), (seat,))[seat]) + potential(state, seat)


def _best_link(state: State, seat: str, rng: random.Random) -> tuple[float, State, list[Command]] | None:
    left = state.tile_limit(seat) - state.turn["built"]
    if left <= 0:
        return None
    plans = list(continuations(state, seat, left))
    plans += sorted(link_plans(state, left), key=lambda p: -_promise(state, p))[:MAX_CANDIDATES]
    best: tuple[float, State, list[Command]] | None = None
    for plan in plans:
        laid = lay(state, seat, plan, rng)
        if laid is None:
            continue
        after, commands = laid
        if not safe_at_income(after, seat):
            continue
        score = value(after, seat)
        if best is None or score > best[0]:
            best = (score, after, commands)
    if state.round < state.last_round and not state.turn["built"]:
        long = sorted(long_plans(state, seat, left, RULES["tiles_per_turn"]),
                      key=lambda p: -_promise(state, p))[:MAX_LONG]
        for plan in long:
            found = _two_turns(state, seat, plan, left, rng)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
    return best


#: Links over two turns looked at per build turn (the most promising by a cheap look).
MAX_LONG = 20
#: The share of what a link finished next turn adds that counts now (it may be blocked,
#: and its deliveries come a round later).
NEXT_TURN = 0.6


def _two_turns(state: State, seat: str, plan: LinkPlan, now: int,
               rng: random.Random) -> tuple[float, State, list[Command]] | None:
    """A link over two build turns: this turn's tiles laid, judged by the position after the
    rest is laid next turn (from the cash and income the seat will have then), discounted."""
    from .state import fresh_turn

    laid = lay(state, seat, LinkPlan(plan.start, plan.end, plan.steps[:now]), rng)
    if laid is None:
        return None
    after, commands = laid
    if not safe_at_income(after, seat):
        return None
    nxt = after.clone()
    nxt.turn = fresh_turn()
    nxt.money[seat] += max(0, nxt.income[seat] - (nxt.loco[seat] if nxt.expert else 0))
    finished = lay(nxt, seat, LinkPlan(plan.start, plan.end, plan.steps[now:]), rng)
    if finished is None:
        return None
    part, whole = value(after, seat), value(finished[0], seat)
    if whole <= part:
        return None
    return part + NEXT_TURN * (whole - part), after, commands


def deliverable(state: State, seat: str) -> int:
    """Cubes the seat can deliver over its own links now (each cube once)."""
    keys = {(r["from"], r["colour"]) for r in goods.routes(state, Network.of(state), seat)}
    return sum(state.cubes[origin][colour] for origin, colour in keys)


def _build_turn(state: State, seat: str, rng: random.Random) -> list[Command]:
    chosen: list[Command] = []
    todo = city_action_open(state, seat)
    if todo:                          # the new cubes first: the links are planned towards them
        action = _city_action(state, seat, todo, rng)
        if action is not None:
            chosen.append(action)
            state = apply(state, action, rng)
    current, current_value = state, value(state, seat)
    while True:
        found = _best_link(current, seat, rng)
        if found is None or found[0] <= current_value:
            break
        current_value, current, commands = found
        chosen += commands
    if not secure(current, seat):
        # The plan leaves the round without a delivery the seats moving earlier cannot take
        # away: a build that opens one comes first (then the plan's further links on top),
        # where the income phase stays covered; else at least one that opens any delivery.
        need = secure
        opening = _opening_build(state, seat, rng, need)
        if opening is None and not delivers(current, seat):
            need = delivers
            opening = _opening_build(state, seat, rng, need)
        if opening is not None:
            current, commands = opening
            chosen = chosen[:1] if chosen and chosen[0].type != "BuildTrack" else []
            chosen += commands
            current_value = value(current, seat)
            while True:
                found = _best_link(current, seat, rng)
                if found is None or found[0] <= current_value or not need(found[1], seat):
                    break
                current_value, current, commands = found
                chosen += commands
    if not chosen:
        chosen.append(Command("EndBuild", seat, {}))
    return chosen


def delivers(state: State, seat: str) -> bool:
    """Whether the seat has a delivery this round: over its reach now, or (with both move
    actions still to come, below the locomotive's top) over one more level raised first."""
    net = Network.of(state)
    if goods.routes(state, net, seat):
        return True
    if state.loco[seat] >= RULES["loco"]["max"] or seat in state.loco_raised:
        return False
    if state.phase == "move" and state.queue.count(seat) < 2:
        return False
    trial = state.clone()
    trial.loco[seat] += 1
    return bool(goods.routes(trial, net, seat))


def _movers(state: State) -> list[str]:
    """The move actions still to come this round, in order (one seat per action)."""
    if state.phase == "move":
        return list(state.queue)
    first = state.holder(2)
    movers = ([first] if first in state.order else []) + [s for s in state.order if s != first]
    return movers + movers


def _keys(state: State, net: Network, seat: str) -> set[tuple[str, str]]:
    return {(r["from"], r["colour"]) for r in goods.routes(state, net, seat)}


def secure(state: State, seat: str) -> bool:
    """Whether the seat has a delivery this round that the seats moving before it cannot all
    take away: a cube of which more lie in its city than other seats' move actions that come
    first and could deliver one (over their links now); a delivery that needs the locomotive
    raised first counts the actions before the seat's second one."""
    movers = _movers(state)
    if seat not in movers:
        return False
    net = Network.of(state)
    others = {o: _keys(state, net, o) for o in state.order if o != seat}

    def kept(keys: set[tuple[str, str]], before: list[str]) -> bool:
        for origin, colour in keys:
            rivals = sum(1 for o in before if o != seat and (origin, colour) in others.get(o, ()))
            if state.cubes[origin][colour] > rivals:
                return True
        return False

    first = movers.index(seat)
    if kept(_keys(state, net, seat), movers[:first]):
        return True
    if state.loco[seat] >= RULES["loco"]["max"] or seat in state.loco_raised or movers.count(seat) < 2:
        return False
    trial = state.clone()
    trial.loco[seat] += 1
    second = first + 1 + movers[first + 1:].index(seat)
    return kept(_keys(trial, net, seat), movers[:second])


#: First links looked at for a build that opens a delivery (by a cheap look), and of those
#: the ones a second link is laid on top of.
OPENING_FIRST = 80
OPENING_SECOND = 8


def _opening_build(state: State, seat: str, rng: random.Random,
                   need: Callable[[State, str], bool]) -> tuple[State, list[Command]] | None:
    """The best-valued build of one link (else two) from ``state`` after which the seat has
    a delivery this round (``need``: any, or one the earlier seats cannot take), the income
    phase covered (for a seat already short: left no worse, :func:`no_worse_at_income`);
    None when there is none."""
    left = state.tile_limit(seat) - state.turn["built"]
    if left <= 0:
        return None

    def firsts(at: State, room: int) -> list[LinkPlan]:
        plans = list(continuations(at, seat, room))
        plans += sorted(link_plans(at, room), key=lambda p: -_promise(at, p))[:OPENING_FIRST]
        return plans

    short = not safe_at_income(state, seat)
    best: tuple[float, State, list[Command]] | None = None
    laid_first: list[tuple[float, State, list[Command]]] = []
    for plan in firsts(state, left):
        laid = lay(state, seat, plan, rng)
        if laid is None:
            continue
        score = value(laid[0], seat)
        if need(laid[0], seat):
            if no_worse_at_income(state, laid[0], seat) and (best is None or score > best[0]):
                best = (score, laid[0], laid[1])
        elif short or safe_at_income(laid[0], seat):    # a short seat's second link decides
            laid_first.append((score, laid[0], laid[1]))
    if best is None:
        laid_first.sort(key=lambda t: -t[0])
        for _, after, commands in laid_first[:OPENING_SECOND]:
            room = after.tile_limit(seat) - after.turn["built"]
            if room <= 0:
                continue
            for plan in firsts(after, room):
                laid = lay(after, seat, plan, rng)
                if laid is None or not need(laid[0], seat) or not no_worse_at_income(state, laid[0], seat):
                    continue
                score = value(laid[0], seat)
                if best is None or score > best[0]:
                    best = (score, laid[0], commands + laid[1])
    return (best[1], best[2]) if best is not None else None


#: What a dollar spent on City Growth or Urbanization must bring in the planner's value.
CITY_COST = 0.25


def city_gain(state: State, seat: str, tile: int) -> float:
    """What City Growth (5) or Urbanization (7) would add to the seat's value, paid for and
    placed as well as it can be now (tried on a copy of the position put in the seat's build
    turn); nothing when paying for it would leave the income phase short."""
    from .decide import tile_cost
    from .finance import pay
    from .state import fresh_turn

    before = value(state, seat)
    trial = state.clone()
    paid = pay(state, seat, tile_cost(state, seat, tile))
    if not paid["ok"]:
        return 0.0
    trial.money[seat], trial.income[seat], trial.vp[seat] = paid["cash"], paid["income"], paid["vp"]
    trial.phase, trial.current, trial.turn = "build", seat, fresh_turn()
    trial.tiles = {**trial.tiles, seat: tile}
    trial.passed_tile = {**trial.passed_tile, seat: False}
    todo = city_action_open(trial, seat)
    if not todo:
        return 0.0
    rng = random.Random(0)
    best = _city_action(trial, seat, todo, rng)
    if best is None:
        return 0.0
    after = apply(trial, best, rng)
    return value(after, seat) - before if safe_at_income(after, seat) else 0.0


def _city_options(state: State, seat: str, todo: str) -> list[Command]:
    """The placements of a City Growth or an Urbanization (as the listing offers them)."""
    from .building import growth_targets, supply_groups

    groups: list[int | None] = list(supply_groups(state)) or [None]

    def cubes(g: int | None) -> dict[str, int]:
        return dict(state.supply[g]) if g is not None else {}

    if todo == "growth":
        return [Command("PlaceCityGrowth", seat, {"hex": c, "group": g, "name": state.map.name(c), "cubes": cubes(g)})
                for c in growth_targets(state) for g in groups]
    towns = [t for t in state.map.towns if state.is_town(t)]
    return [Command("PlaceNewCity", seat, {"hex": t, "colour": colour, "group": g, "name": state.map.name(t),
                                           "cubes": cubes(g)})
            for colour in sorted(set(state.new_cities_left)) for t in towns for g in groups]


def _city_action(state: State, seat: str, todo: str, rng: random.Random) -> Command | None:
    """The City Growth or Urbanization the seat chose: the best of them (of a sample)."""
    options = _city_options(state, seat, todo)
    if len(options) > 120:
        options = rng.sample(options, 120)
    best: tuple[float, Command] | None = None
    for command in options:
        try:
            after = apply(state, command, rng)
        except IllegalMove:
            continue
        score = value(after, seat)
        if best is None or score > best[0]:
            best = (score, command)
    return best[1] if best else None
