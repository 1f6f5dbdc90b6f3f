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

from typing import Any

from games.contract import Command

from . import building, finance, pending, places, tiles
from .network import Network
from .state import State

#: What lies beyond an edge of an empty hex.
BAD, OPEN, CITY, JOIN, FOREIGN = range(5)
#: A track's verdict: may be laid, is not connected (yet), breaks a rule.
OK, LATER, NO = range(3)

#: Every track a plain tile can have, as (a, b) with a < b, and its index.
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(6) for b in range(a + 1, 6))
PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}
#: Each plain face's distinct rotations: (rot, indexes of its tracks in ``PAIRS``).
LAYOUTS: dict[str, tuple[tuple[int, tuple[int, ...]], ...]] = {
    face: tuple((rot, tuple(PAIR_INDEX[(sg[0], sg[1])] for sg, _ in masks)) for rot, _, masks in tiles.layouts(face))
    for face in tiles.PLAIN_FACES}
BASE_COST = {face: tiles.base_cost(face) for face in tiles.PLAIN_FACES}
COST = building.COST
assert len(set(BASE_COST.values())) == 2, "a plain tile costs one of two base prices (one or two tracks)"

#: A hex's listed BuildTrack commands by the facts that decide them: (map, seat, hex, the
#: verdict of each track, which faces are left, which costs the seat can pay) -> a list of
#: (command, the waiting track it needs joinable or -1).  Plain values, so never stale; bounded.
_HEX_COMMANDS: dict[tuple[Any, ...], list[tuple[Command, int]]] = {}
_HEX_COMMANDS_MAX = 4096


def _verdicts(state: State, net: Network, hex_key: str, joinable: set[int]) -> tuple[int, ...] | None:
    """The verdict on each track in ``PAIRS`` laid alone on the empty ``hex_key``, as
    ``building._check_track`` gives it (None: no track there would be connected)."""
    nbs = state.map.neighbours[hex_key]
    cities, new_cities, targets = state.map.cities, state.new_cities, net.open_target
    kind: list[int] = []
    end: list[Any] = []
    link: list[Any] = []
    connected = False
    for e in range(6):
        nb = nbs[e]
        if nb is None:
            kind.append(BAD)
            end.append(None)
            link.append(None)
        elif nb in cities or nb in new_cities:
            kind.append(CITY)
            end.append(nb)
            link.append(None)
            connected = True
        else:
            joined = targets.get((hex_key, e))
            if joined is None:
                kind.append(OPEN)
                end.append(None)
                link.append(None)
            elif id(joined[0]) in joinable:
                kind.append(JOIN)
                other = joined[0].other_end(joined[1])
                # (a place the link leads to: a city or a town; an open end is nowhere)
                end.append(other[1] if other[0] in ("city", "town") else None)
                link.append(joined[0])
                connected = True
            else:
                kind.append(FOREIGN)
                end.append(None)
                link.append(None)
    if not connected:
        return None
    out = []
    for a, b in PAIRS:
        ka, kb = kind[a], kind[b]
        if ka in (BAD, FOREIGN) or kb in (BAD, FOREIGN):
            out.append(NO)
        elif ka == OPEN and kb == OPEN:
            out.append(LATER)
        elif ka == JOIN and kb == JOIN and link[a] is link[b]:
            out.append(NO)
        elif end[a] is not None and end[a] == end[b]:
            out.append(NO)                      # a link from a place back to itself
        else:
            out.append(OK)
    return tuple(out)


def _hex_commands(state: State, seat: str, hex_key: str, verdicts: tuple[int, ...], faces: tuple[bool, ...],
                  payable: tuple[bool, bool], extra: int, cheap: int) -> list[tuple[Command, int]]:
    """The BuildTrack commands of the new plain tiles on ``hex_key`` that the facts allow, in
    ``legal_builds``' order; a complex tile with a waiting track carries that track's index."""
    place = places.reference(state.map.id, hex_key)
    out: list[tuple[Command, int]] = []
    for face, left in zip(tiles.PLAIN_FACES, faces, strict=True):
        cost = BASE_COST[face] + extra
        if not left or not payable[BASE_COST[face] != cheap]:
            continue
        for rot, tracks in LAYOUTS[face]:
            later = -1
            ok = True
            for t in tracks:
                v = verdicts[t]
                if v == OK:
                    continue
                if v == NO or len(tracks) != 2 or later >= 0:
                    ok = False
                    break
                later = t
            if ok:
                out.append((Command("BuildTrack", seat, {"hex": hex_key, "face": face, "rot": rot, "cost": cost,
                                                         "kind": "new", "place": place}), later))
    return out


def build_commands(state: State, net: Network, seat: str) -> list[Command]:
    """Every BuildTrack command the seat may send now, in the order of ``legal_builds``."""
    if state.phase != "build" or state.current != seat or state.turn["built"] >= state.tile_limit(seat):
        return []
    if pending.unjoined(state, net, seat):
        return [_command(seat, b) for b in building.legal_builds(state, net, seat)]
    out: list[Command] = []
    memo: dict[Any, Any] = {}
    joinable = {id(link) for link in net.links
                if link.owner == seat or (link.owner is None and net.takeable(state, link, seat))}
    free = {town: [f for f in (tiles.TOWN_FACES if town else tiles.PLAIN_FACES) if tiles.available(state.stock, f)]
            for town in (False, True)}
    faces = tuple(building._pair(state, f, memo) is not None for f in tiles.PLAIN_FACES)
    cheap = min(BASE_COST.values())
    dear = max(BASE_COST.values())
    mp = state.map
    for hex_key in building.candidate_hexes(state, net, seat):
        town = state.is_town(hex_key)
        if hex_key not in state.track and not town:
            verdicts = _verdicts(state, net, hex_key, joinable)
            if verdicts is None:
                continue
            info = mp.hexes[hex_key]
            extra = (COST["river"] if info.get("river") else 0) + (COST["hill"] if info.get("terrain") == "hill" else 0)
            payable = (_can_pay(state, seat, cheap + extra, memo), _can_pay(state, seat, dear + extra, memo))
            key = (mp.id, seat, hex_key, verdicts, faces, payable)
            listed = _HEX_COMMANDS.get(key)
            if listed is None:
                if len(_HEX_COMMANDS) >= _HEX_COMMANDS_MAX:
                    _HEX_COMMANDS.clear()
                listed = _HEX_COMMANDS[key] = _hex_commands(state, seat, hex_key, verdicts, faces, payable,
                                                             extra, cheap)
            joins: dict[int, bool] = {}
            room = state.turn["built"] + 1 < state.tile_limit(seat)
            for command, later in listed:
                if later < 0:
                    out.append(command)
                    continue
                if not room:
                    continue
                ok = joins.get(later)
                if ok is None:
                    # (pending.joinable_next, its parts shared by the hex's tiles)
                    costs = pending.join_costs(state, net, seat, hex_key, memo)
                    a, b = PAIRS[later]
                    ok = joins[later] = pending.affordable(state, seat, command.args["cost"], [costs[a], costs[b]],
                                                           memo)
                if ok:
                    out.append(command)
            continue
        nbs = mp.neighbours[hex_key]
        bad = sum(1 << e for e in range(6) if nbs[e] is None)
        good = sum(1 << e for e in range(6) if nbs[e] is not None and (
            state.is_city(nbs[e] or "") or id(net.open_target.get((hex_key, e), (None,))[0]) in joinable))
        out.extend(_command(seat, b)
                   for b in building.hex_builds(state, net, seat, hex_key, free[town], bad, good, memo))
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

