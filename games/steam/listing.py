"""The build phase's legal list, fast: which tiles ``plan_build`` would accept, without
planning each one.

A listing tries some 900 face-rotation-hex combinations (the complex tile's second track
may wait for the next tile, issue 24, so ~650 of them are legal).  Almost all of them are
new plain tiles on empty hexes, and whether such a tile is legal follows from a few facts:

- each of its tracks alone (``building._check_track``), which in turn follows from what lies
  beyond each of the hex's six edges (the board's edge, a city, the open end of a link the
  seat may or may not extend, nothing): six looks per hex, one verdict per pair of edges;
- whether the physical tile for its face is left and the seat can pay its cost;
- for a complex tile whose second track waits, whether one more tile can join it.

The first two decide the listed commands of a hex completely, so the commands of a hex are
kept (:data:`_HEX_COMMANDS`, keyed by exactly those facts) and the next listing with the same
facts there (the next turn, the next player, a bot's next candidate) reuses them; only the
third is asked afresh.  Everything else (town tiles, upgrades, redirections, and every tile
while a pending track waits to be joined) goes through ``plan_build`` itself.  The list is
``legal_builds`` as commands, in its order (the tests compare them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import Any

from games.contract import Command, IllegalMove
from games.kit.bounded import keep

from . import building, finance, pending, places, tiles
from .data import hex_map
from .network import Network
from .state import State

#: What lies beyond an edge of an empty hex.
BAD, OPEN, CITY, JOIN, FOREIGN = range(5)
#: A track's verdict: may be laid, is not connected (yet), breaks a rule.
OK, LATER, NO = range(3)

#: Every track a plain tile can have, as (a, b) with a < b, and its index.
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(6) for b in range(a + 1, 6))
PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}
PAIR_MASK = tuple((1 << a) | (1 << b) for a, b in PAIRS)
#: Each plain face's distinct rotations: (rot, indexes of its tracks in ``PAIRS``).
LAYOUTS: dict[str, tuple[tuple[int, tuple[int, ...]], ...]] = {
    face: tuple((rot, tuple(PAIR_INDEX[(sg[0], sg[1])] for sg, _ in masks)) for rot, _, masks in tiles.layouts(face))
    for face in tiles.PLAIN_FACES}
BASE_COST = {face: tiles.base_cost(face) for face in tiles.PLAIN_FACES}
COST = building.COST
CHEAP, DEAR = min(BASE_COST.values()), max(BASE_COST.values())
assert all((c == CHEAP) == (len(LAYOUTS[f][0][1]) == 1) for f, c in BASE_COST.items()), \
    "a plain tile with one track costs the one base price, with two the other"
#: A town face's cost before terrain, and the distinct such costs.
TOWN_COST = {face: tiles.base_cost(face) for face in tiles.TOWN_FACES}
TOWN_COSTS = tuple(sorted(set(TOWN_COST.values())))

#: A hex's listed BuildTrack commands by the facts that decide them: (map, seat, hex, the
#: verdict of each track, which faces are left, which costs the seat can pay) -> a list of
#: (command, the waiting track it needs joinable or -1).  Plain values, so never stale; bounded.
_HEX_COMMANDS: dict[tuple[Any, ...], list[Command]] = {}
_HEX_COMMANDS_MAX = 4096


def _edges(state: State, net: Network, hex_key: str, joinable: set[int]) -> tuple[tuple[Any, ...], int] | None:
    """What lies beyond each edge of ``hex_key``, as plain values: ``BAD`` (the board's edge, a
    thick black line), ``OPEN`` (nothing to join), ``FOREIGN`` (the open end of a link the seat may
    not extend), a city's hex, or for the open end of a link the seat may extend ``(the place at its
    other end or None, the first edge of this hex that reaches the same link)``.  None: no edge
    connects (neither a city nor such a link).  With it, the bit mask of the ``OPEN`` edges."""
    nbs = state.map.neighbours[hex_key]
    cities, new_cities, targets = state.map.cities, state.new_cities, net.open_target
    sig: list[Any] = []
    links: dict[int, int] = {}
    connected = False
    opened = 0
    for e in range(6):
        nb = nbs[e]
        if nb is None:
            sig.append(BAD)
        elif nb in cities or nb in new_cities:
            sig.append(nb)
            connected = True
        else:
            joined = targets.get((hex_key, e))
            if joined is None:
                sig.append(OPEN)
                opened |= 1 << e
            elif id(joined[0]) in joinable:
                other = joined[0].other_end(joined[1])
                # (a place the link leads to: a city or a town; an open end is nowhere)
                sig.append((other[1] if other[0] in ("city", "town") else None, links.setdefault(id(joined[0]), e)))
                connected = True
            else:
                sig.append(FOREIGN)
    return (tuple(sig), opened) if connected else None


@lru_cache(maxsize=16384)
def _plain_edges(map_id: str, hex_key: str, new_cities: frozenset[str]) -> tuple[tuple[Any, ...], int] | None:
    """``_edges`` of a hex that no link's open end points at: it follows from the map and the
    New Cities alone."""
    mp = hex_map(map_id)
    sig: list[Any] = []
    opened = 0
    for e, nb in enumerate(mp.neighbours[hex_key]):
        if nb is None:
            sig.append(BAD)
        elif nb in mp.cities or nb in new_cities:
            sig.append(nb)
        else:
            sig.append(OPEN)
            opened |= 1 << e
    return (tuple(sig), opened) if any(type(x) is str for x in sig) else None


@lru_cache(maxsize=8192)
def _verdicts(edges: tuple[Any, ...]) -> tuple[int, ...]:
    """The verdict on each track in ``PAIRS`` laid alone on a hex with these ``_edges``, as
    ``building._check_track`` gives it."""
    out = []
    for a, b in PAIRS:
        ea, eb = edges[a], edges[b]
        if type(ea) is int and ea != OPEN or type(eb) is int and eb != OPEN:
            out.append(NO)                      # off the board, or into a link the seat may not extend
        elif ea == OPEN and eb == OPEN:
            out.append(LATER)
        elif type(ea) is tuple and type(eb) is tuple and ea[1] == eb[1]:
            out.append(NO)                      # both ends into the same link
        else:
            place_a = ea if type(ea) is str else ea[0] if type(ea) is tuple else None
            place_b = eb if type(eb) is str else eb[0] if type(eb) is tuple else None
            out.append(NO if place_a is not None and place_a == place_b else OK)   # a place back to itself
    return tuple(out)


@lru_cache(maxsize=4096)
def _new_layouts(verdicts: tuple[int, ...], faces: tuple[bool, ...], payable: tuple[bool, bool],
                 joins: int) -> tuple[tuple[str, int], ...]:
    """The (face, rot) of the new plain tiles the facts allow on any hex, in ``legal_builds``'
    order.  A complex tile's second track may wait (LATER) when the next tile can join it over
    one of its edges: ``joins`` is the bit mask of those edges."""
    out = []
    for face, left in zip(tiles.PLAIN_FACES, faces, strict=True):
        if not left or not payable[BASE_COST[face] != CHEAP]:
            continue
        for rot, tracks in LAYOUTS[face]:
            later = -1
            ok = True
            for t in tracks:
                v = verdicts[t]
                if v == OK:
                    continue
                if v == NO or len(tracks) != 2 or later >= 0 or not PAIR_MASK[t] & joins:
                    ok = False
                    break
                later = t
            if ok:
                out.append((face, rot))
    return tuple(out)


def _hex_commands(state: State, seat: str, hex_key: str, verdicts: tuple[int, ...], faces: tuple[bool, ...],
                  payable: tuple[bool, bool], extra: int, joins: int) -> list[Command]:
    """The BuildTrack commands of the new plain tiles on ``hex_key`` that the facts allow."""
    layouts = _new_layouts(verdicts, faces, payable, joins)
    key = (state.map.id, seat, hex_key, extra, layouts)
    listed = _LAYOUT_COMMANDS.get(key)
    if listed is None:
        listed = keep(_LAYOUT_COMMANDS, key, [_command_of(state.map.id, seat, hex_key, face, rot,
                                                         BASE_COST[face] + extra, "new") for face, rot in layouts],
                      _HEX_COMMANDS_MAX)
    return listed


#: A hex's new plain tiles as commands by (map, seat, hex, surcharge, their (face, rot)): other facts
#: often allow the same tiles (a hex's kept commands are keyed by the facts); bounded.
_LAYOUT_COMMANDS: dict[tuple[Any, ...], list[Command]] = {}


#: Every BuildTrack command listed lately, by its values (map, seat, hex, face, rot, cost, kind):
#: the same command is listed again and again (a hex's facts change, the tile stays legal); bounded.
_COMMANDS: dict[tuple[Any, ...], Command] = {}
_COMMANDS_MAX = 65536


def _command_of(map_id: str, seat: str, hex_key: str, face: str, rot: int, cost: int, kind: str) -> Command:
    key = (map_id, seat, hex_key, face, rot, cost, kind)
    command = _COMMANDS.get(key)
    if command is None:
        # (cost, kind and place are for the menus: decide reads hex, face and rot, checks cost)
        command = keep(_COMMANDS, key, Command("BuildTrack", seat, {
            "hex": hex_key, "face": face, "rot": rot, "cost": cost, "kind": kind,
            "place": places.reference(map_id, hex_key)}), _COMMANDS_MAX)
    return command


def _upgrade_commands(state: State, seat: str, hex_key: str, old: frozenset[int], verdicts: tuple[int, ...],
                      faces: tuple[bool, ...], payable: bool) -> list[Command]:
    """The BuildTrack commands that upgrade the plain tile with tracks ``old`` (indexes in
    ``PAIRS``) on ``hex_key`` to a complex tile: its tracks kept, each added one legal alone."""
    out: list[Command] = []
    if not payable:
        return out
    for face, left in zip(tiles.PLAIN_FACES, faces, strict=True):
        if not left or BASE_COST[face] != DEAR:
            continue
        for rot, tracks in LAYOUTS[face]:
            if old < frozenset(tracks) and all(verdicts[t] == OK for t in tracks if t not in old):
                out.append(_command_of(state.map.id, seat, hex_key, face, rot, BASE_COST[face], "upgrade"))
    return out


def _stubs(state: State, net: Network, seat: str, hex_key: str) -> tuple[int, ...] | None:
    """What each exit of a new town tile on ``hex_key`` would do, as ``building._check_stubs``
    judges it: BAD (off the board, or a link back into this town), CITY (connects the tile: a city,
    an own link or one the seat may take over), OPEN (neither).  None: no exit would connect."""
    nbs = state.map.neighbours[hex_key]
    out = []
    town = ("town", hex_key)
    for e in range(6):
        nb = nbs[e]
        if nb is None:
            out.append(BAD)
        elif state.is_city(nb):
            out.append(CITY)
        else:
            joined = net.open_target.get((hex_key, e))
            if joined is None:
                out.append(OPEN)
            else:
                link = joined[0]
                if link.other_end(joined[1]) == town:
                    out.append(BAD)
                elif link.owner == seat or (link.owner is None and net.takeable(state, link, seat)):
                    out.append(CITY)
                else:
                    out.append(OPEN)
    return tuple(out) if CITY in out else None


def _town_commands(state: State, seat: str, hex_key: str, stubs: tuple[int, ...], faces: tuple[bool, ...],
                   payable: tuple[bool, ...], extra: int) -> list[Command]:
    """The BuildTrack commands of the new town tiles on the empty town ``hex_key``."""
    out: list[Command] = []
    for face, left in zip(tiles.TOWN_FACES, faces, strict=True):
        if not left or not payable[TOWN_COSTS.index(TOWN_COST[face])]:
            continue
        for rot, segs, _masks in tiles.layouts(face):
            exits = [sg[0] for sg in segs]
            if all(stubs[e] != BAD for e in exits) and any(stubs[e] == CITY for e in exits):
                out.append(_command_of(state.map.id, seat, hex_key, face, rot, TOWN_COST[face] + extra, "new"))
    return out


def _cached(key: tuple[Any, ...], make: Callable[..., list[Command]], *args: Any) -> list[Command]:
    """``make(*args)``, kept under ``key`` (the facts that decide it) in :data:`_HEX_COMMANDS`."""
    listed = _HEX_COMMANDS.get(key)
    if listed is None:
        listed = keep(_HEX_COMMANDS, key, make(*args), _HEX_COMMANDS_MAX)
    return listed


def build_commands(state: State, net: Network, seat: str) -> list[Command]:
    """Every BuildTrack command the seat may send now, in the order of ``legal_builds``."""
    if state.phase != "build" or state.current != seat or state.turn["built"] >= state.tile_limit(seat):
        return []
    room = state.turn["built"] + 1 < state.tile_limit(seat)
    key: tuple[Any, ...] | None = None
    if not state.turn.get("pending"):
        # the board is the network's; besides it only these decide the list: what the seat can pay
        # (_purse), the faces left, whether a waiting track could still be joined this turn
        key = (seat, _purse(state, seat), state.expert, room, tuple(state.stock.items()))
        kept = net.listings.get(key)
        if kept is not None:
            return list(kept)
    listed = _build_commands(state, net, seat, room)
    if key is not None:
        keep(net.listings, key, listed, _LISTINGS_MAX)
    return list(listed)


#: The most build listings a network keeps (:attr:`.network.Network.listings`).
_LISTINGS_MAX = 64


def _purse(state: State, seat: str) -> int:
    """What decides every payment a listing asks about: the most the seat can pay (``finance.pay``
    succeeds exactly up to its cash, plus in the base game what it can raise; after paying one
    amount, a second one fits exactly when both together do), but no more than the dearest two
    tiles of the map cost together (a listing never asks about more: a tile, and the tile that
    joins its waiting track)."""
    money = state.money[seat] if state.expert else state.money[seat] + finance.raisable(state, seat)
    return min(money, _dearest_two(state.map.id))


@cache
def _dearest_two(map_id: str) -> int:
    """Two of the dearest tile on the map's dearest terrain."""
    return 2 * (max(tiles.base_cost(f) for f in tiles.FACES) + max(pending.extras(map_id).values()))


def _build_commands(state: State, net: Network, seat: str, room: bool) -> list[Command]:
    """:func:`build_commands`, listed afresh."""
    out: _Listing = _Listing()
    memo: dict[Any, Any] = {}
    waiting = pending.unjoined(state, net, seat)
    if waiting:
        # a complex tile's track waits: only tiles beyond its link's open ends, and of the tiles
        # listed there as usual, those that plan_build finds joining it (most are left out at once)
        hexes = sorted(pending.targets(state, net, waiting))
        out = _Joining(state, net, seat, waiting, memo)
    else:
        hexes = building.candidate_hexes(state, net, seat)
    joinable = {id(link) for link in net.links
                if link.owner == seat or (link.owner is None and net.takeable(state, link, seat))}
    left = tiles.faces_left(state.stock)
    faces = tuple(f in left for f in tiles.PLAIN_FACES)
    simple = [f for f, left in zip(tiles.PLAIN_FACES, faces, strict=True) if left and BASE_COST[f] == CHEAP]
    mp = state.map
    extras = pending.extras(mp.id)
    towns, new_cities, track = mp.towns, state.new_cities, state.track
    town_faces: tuple[bool, ...] | None = None
    probe = pending.JoinProbe(state, net, seat, memo) if room else None
    faces_key = sum(1 << i for i, left in enumerate(faces) if left)
    paid: dict[int, tuple[bool, bool]] = {}      # terrain surcharge -> (one-track, two-track tile payable)
    aimed = {h for h, _ in net.open_target}      # hexes some link's open end points at
    new_city_set = frozenset(state.new_cities)
    for hex_key in hexes:
        town = hex_key in towns and hex_key not in new_cities
        old = track.get(hex_key)
        if town:
            if old is None:
                stubs = _stubs(state, net, seat, hex_key)
                if stubs is None:
                    continue
                extra = extras[hex_key]
                if town_faces is None:
                    town_faces = tuple(f in left for f in tiles.TOWN_FACES)
                payable = tuple(_can_pay(state, seat, c + extra, memo) for c in TOWN_COSTS)
                out += _cached((mp.id, seat, hex_key, "town", stubs, town_faces, payable),
                               _town_commands, state, seat, hex_key, stubs, town_faces, payable, extra)
                continue
            nbs = mp.neighbours[hex_key]
            bad = sum(1 << e for e in range(6) if nbs[e] is None)
            good = sum(1 << e for e in range(6) if nbs[e] is not None and (
                state.is_city(nbs[e] or "") or id(net.open_target.get((hex_key, e), (None,))[0]) in joinable))
            free = [f for f in tiles.TOWN_FACES if f in left]
            out.extend_planned(_command(seat, b)
                               for b in building.hex_builds(state, net, seat, hex_key, free, bad, good, memo))
            continue
        edges = _edges(state, net, hex_key, joinable) if hex_key in aimed else \
            _plain_edges(mp.id, hex_key, new_city_set)
        if old is not None:
            segs = old["segs"]
            if len(segs) == 1:
                # a redirection: the last tile of the seat's incomplete link, turned (planned in full)
                found = building._last_tile_link(state, net, seat, hex_key) if simple else None
                if found is not None:
                    # (only a track through the edge the link enters by can be legal: plan those)
                    out.extend_planned(_redirects(state, net, seat, hex_key, simple, found[1], memo))
                if edges is not None:
                    kept = frozenset(PAIR_INDEX[(sg["e"][0], sg["e"][1])] for sg in segs)
                    payable_up = _can_pay(state, seat, DEAR, memo)
                    out += _cached((mp.id, seat, hex_key, "upgrade", kept, edges[0], faces_key, payable_up),
                                   _upgrade_commands, state, seat, hex_key, kept, _verdicts(edges[0]), faces,
                                   payable_up)
            continue
        if edges is None:
            continue
        sig, opened = edges
        extra = extras[hex_key]
        payable2 = paid.get(extra)
        if payable2 is None:
            payable2 = paid[extra] = (_can_pay(state, seat, CHEAP + extra, memo),
                                      _can_pay(state, seat, DEAR + extra, memo))
        # a complex tile's waiting track (both its edges open) needs a tile of the turn left and a
        # tile that can join it over one of them (pending.joinable_next, by edge for the hex)
        joins = probe.mask(hex_key, DEAR + extra, opened) if probe is not None and opened & (opened - 1) else 0
        key = (mp.id, seat, hex_key, sig, faces_key, payable2, joins)
        listed = _HEX_COMMANDS.get(key)
        if listed is None:
            listed = _cached(key, _hex_commands, state, seat, hex_key, _verdicts(sig), faces, payable2, extra, joins)
        out += listed
    return list(out)


class _Listing(list[Command]):
    """The commands of a listing (``extend_planned``: commands planned in full already)."""

    def extend_planned(self, commands: Iterable[Command]) -> None:
        self.extend(commands)


class _Joining(_Listing):
    """The commands of a listing while a pending track waits: each tile listed as usual is kept
    only if ``plan_build`` accepts it (it must join the waiting track), and a tile that surely
    leaves the track alone (``pending.left_alone``) is not planned at all."""

    def __init__(self, state: State, net: Network, seat: str, waiting: list[tuple[str, int]],
                 memo: dict[Any, Any]) -> None:
        super().__init__()
        self.state, self.net, self.seat, self.waiting, self.memo = state, net, seat, waiting, memo

    def __iadd__(self, commands: Iterable[Command]) -> _Joining:  # type: ignore[override,misc]
        for command in commands:
            a = command.args
            old = self.state.track.get(a["hex"])
            kept = {tuple(sg["e"]) for sg in old["segs"]} if old and a["kind"] == "upgrade" else set()
            fresh = [e for sg in tiles.segments(a["face"], a["rot"]) if sg not in kept for e in sg]
            if pending.left_alone(self.net, a["hex"], fresh, self.waiting):
                continue
            if a["kind"] == "new" and old is None and a["face"] in BASE_COST:
                # a new plain tile listed as usual is legal but for the waiting track: its tracks are
                # the seat's, and it takes over the ownerless links it extends (plan_build's claims)
                if pending.joined_after(self.state, self.seat, a["hex"], self._tile(a), self._claims(a), self.waiting):
                    self.append(command)
                continue
            try:
                building.plan_build(self.state, self.net, self.seat, a["hex"], a["face"], a["rot"], self.memo)
            except IllegalMove:
                continue
            self.append(command)
        return self


    def _tile(self, a: Any) -> dict[str, Any]:
        segs = [{"e": list(sg), "owner": self.seat, "built": self.state.round}
                for sg in tiles.segments(a["face"], a["rot"])]
        return {"face": a["face"], "rot": a["rot"], "segs": segs}

    def _claims(self, a: Any) -> list[list[Any]]:
        claims: list[list[Any]] = []
        nbs = self.state.map.neighbours[a["hex"]]
        for sg in tiles.segments(a["face"], a["rot"]):
            for e in sg:
                joined = self.net.open_target.get((a["hex"], e))
                if joined is not None and not self.state.is_city(nbs[e] or "") and joined[0].owner != self.seat:
                    claims.extend([h, i] for h, i in joined[0].segs)
        return claims


def _redirects(state: State, net: Network, seat: str, hex_key: str, faces: list[str], entry: int,
               memo: dict[Any, Any]) -> list[Command]:
    """The legal redirections of the one-track tile on ``hex_key`` (``building.hex_builds`` over the
    one-track ``faces``, without the rotations that leave the link's entry edge: plan_build refuses
    those, ``steam.build.redirect``)."""
    out = []
    for face in faces:
        for rot, segs, _masks in tiles.layouts(face):
            if entry not in next(iter(segs)):
                continue
            try:
                out.append(_command(seat, building.plan_build(state, net, seat, hex_key, face, rot, memo)))
            except IllegalMove:
                pass
    return out


def _command(seat: str, b: dict[str, Any]) -> Command:
    # (cost, kind and place are for the menus: decide reads hex, face and rot, checks cost)
    return Command("BuildTrack", seat, {"hex": b["hex"], "face": b["face"], "rot": b["rot"], "cost": b["cost"],
                                        "kind": b["kind"], "place": b["place"]})


def _can_pay(state: State, seat: str, cost: int, memo: dict[Any, Any]) -> bool:
    key = ("pay", cost)
    if key not in memo:
        memo[key] = bool(finance.pay(state, seat, cost)["ok"])
    return bool(memo[key])

