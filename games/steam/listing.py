"""The build phase's legal list, fast: which tiles ``plan_build`` would accept, without
planning each one.

A listing tries some 900 face-rotation-hex combinations (the complex tile's second track
may wait for the next tile, issue 24, so ~650 of them are legal).  Almost all of them are
new plain tiles on empty hexes, and whether such a tile is legal follows from a few facts
that are the same for many of them:

- each of its tracks, checked alone (:func:`building._check_track`): one check per hex and
  pair of edges, not one per face and rotation;
- the physical tile for its face and whether the seat can pay its cost: one per face, one
  per cost;
- for a complex tile whose second track waits, whether one more tile can join it.

Everything else (town tiles, upgrades, redirections, and every tile while a pending track
waits to be joined) goes through ``plan_build`` itself.  The list is exactly
``[b for b in legal_builds(...)]`` reduced to what the menus carry (the tests compare them).
"""

from __future__ import annotations

from typing import Any

from games.contract import IllegalMove

from . import building, finance, pending, places, tiles
from .network import Network
from .state import State

COST = building.COST
UNCONNECTED = "steam.build.unconnected"

#: One legal tile: (hex, face, rot, cost, kind, place).
Build = tuple[str, str, int, int, str, dict[str, Any]]


def _track_problem(state: State, net: Network, seat: str, hex_key: str, seg: tuple[int, ...],
                   memo: dict[Any, Any]) -> str | None:
    """The rule code a new track ``seg`` on ``hex_key`` breaks (None: it may be laid)."""
    key = ("track", hex_key, seg)
    if key not in memo:
        try:
            building._check_track(state, net, seat, hex_key, seg, [])
            memo[key] = None
        except IllegalMove as err:
            memo[key] = err.code
    return memo[key]


def _can_pay(state: State, seat: str, cost: int, memo: dict[Any, Any]) -> bool:
    key = ("pay", cost)
    if key not in memo:
        memo[key] = bool(finance.pay(state, seat, cost)["ok"])
    return memo[key]


def _new_plain(state: State, net: Network, seat: str, hex_key: str, faces: list[str], bad: int, good: int,
               memo: dict[Any, Any], out: list[Build]) -> None:
    """The legal new plain tiles on the empty hex ``hex_key`` (``plan_build``'s "new" branch)."""
    info = state.map.hexes[hex_key]
    extra = (COST["river"] if info.get("river") else 0) + (COST["hill"] if info.get("terrain") == "hill" else 0)
    place = places.reference(state.map.id, hex_key)
    for face in faces:
        cost = tiles.base_cost(face) + extra
        if building._pair(state, face, memo) is None or not _can_pay(state, seat, cost, memo):
            continue
        for rot, segs, masks in tiles.layouts(face):
            if any(m & bad for _, m in masks):
                continue
            if not (all(m & good for _, m in masks) or (len(masks) == 2 and any(m & good for _, m in masks))):
                continue
            later: tuple[int, ...] | None = None
            ok = True
            for seg, _ in masks:
                problem = _track_problem(state, net, seat, hex_key, seg, memo)
                if problem is None:
                    continue
                if problem != UNCONNECTED or len(masks) != 2 or later is not None:
                    ok = False
                    break
                later = seg
            if ok and later is not None:
                key = ("joinable", hex_key, later, cost)
                if key not in memo:
                    memo[key] = pending.joinable_next(state, net, seat, hex_key, later, cost, memo)
                ok = memo[key]
            if ok:
                out.append((hex_key, face, rot, cost, "new", place))


def legal_tiles(state: State, net: Network, seat: str) -> list[Build]:
    """Every tile the seat may build now, in the order of :func:`building.legal_builds`."""
    if state.phase != "build" or state.current != seat or state.turn["built"] >= state.tile_limit(seat):
        return []
    waiting = pending.unjoined(state, net, seat)
    if waiting:
        return [(b["hex"], b["face"], b["rot"], b["cost"], b["kind"], b["place"])
                for b in building.legal_builds(state, net, seat)]
    out: list[Build] = []
    memo: dict[Any, Any] = {}
    joinable = {id(link) for link in net.links
                if link.owner == seat or (link.owner is None and net.takeable(state, link, seat))}
    free = {town: [f for f in (tiles.TOWN_FACES if town else tiles.PLAIN_FACES) if tiles.available(state.stock, f)]
            for town in (False, True)}
    for hex_key in building.candidate_hexes(state, net, seat):
        town = state.is_town(hex_key)
        old = state.track.get(hex_key)
        nbs = state.map.neighbours[hex_key]
        bad = sum(1 << e for e in range(6) if nbs[e] is None)
        good = sum(1 << e for e in range(6) if nbs[e] is not None and (
            state.is_city(nbs[e] or "") or id(net.open_target.get((hex_key, e), (None,))[0]) in joinable))
        if old is None and not town:
            _new_plain(state, net, seat, hex_key, free[False], bad, good, memo, out)
            continue
        out.extend((b["hex"], b["face"], b["rot"], b["cost"], b["kind"], b["place"])
                   for b in building.hex_builds(state, net, seat, hex_key, free[town], bad, good, memo))
    return out
