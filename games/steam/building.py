"""Phase "build track": new tiles, town tiles, upgrades, redirections, their costs and the
ownership of links ("Strecken bauen", "Unvollständige Verbindungen", "Herrenlose
Verbindungen", "Streckenführung ändern", "Aufwertung existierender Strecken").

``plan_build`` validates one tile and returns the event payload; it raises
``IllegalMove`` with a code naming the rule.  Each new track of a tile must be
connected when it is laid, except the second track of a new complex tile, which may be
joined by the end of the turn (:mod:`.pending`).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from games.contract import IllegalMove

from . import finance, pending, places, tiles
from .data import RULES, hex_map
from .network import End, Link, Network
from .state import State

COST = RULES["cost"]


def _endpoint(state: State, net: Network, hex_key: str, edge: int) -> tuple[Any, ...]:
    nb = state.map.neighbour(hex_key, edge)
    if nb is None:
        return ("bad",)
    if state.is_city(nb):
        return ("city", nb)
    joined = net.open_target.get((hex_key, edge))
    if joined is not None:
        return ("join", joined[0], joined[1])
    return ("open", hex_key, edge)


def _resolved(point: tuple[Any, ...]) -> End:
    if point[0] == "city":
        return ("city", point[1])
    if point[0] == "join":
        link, end = point[1], point[2]
        return link.other_end(end)
    return point


def _same_place(a: End, b: End) -> bool:
    return a[0] in ("city", "town") and b[0] in ("city", "town") and a[1] == b[1]


def _check_track(state: State, net: Network, seat: str, hex_key: str, edges: tuple[int, ...],
                 claims: list[list[Any]]) -> None:
    """A new plain track: no board edge or black line, no other player's track extended,
    an unowned link only when it may be taken over, connected to a city or own track,
    and no single link from a place back to itself."""
    points = [_endpoint(state, net, hex_key, e) for e in edges]
    if any(p[0] == "bad" for p in points):
        raise IllegalMove("steam.build.edge", "track may not run off the board or across a thick black line")
    joins = [p for p in points if p[0] == "join"]
    for p in joins:
        link: Link = p[1]
        if link.owner is None:
            if not net.takeable(state, link, seat):
                raise IllegalMove("steam.build.unowned", "this ownerless link is not connected to you")
        elif link.owner != seat:
            raise IllegalMove("steam.build.foreign", "another player's track may never be extended")
    if len(joins) == 2 and joins[0][1] is joins[1][1]:
        raise IllegalMove("steam.build.loop", "a link may not start and end in the same place")
    if not any(p[0] in ("city", "join") for p in points):
        raise IllegalMove("steam.build.unconnected", "new track must start at a city or extend your own track")
    ends = [_resolved(p) for p in points]
    if _same_place(ends[0], ends[1]):
        raise IllegalMove("steam.build.loop", "a link may not start and end in the same place")
    for p in joins:
        if p[1].owner != seat:
            claims.extend([h, i] for h, i in p[1].segs)


def _check_stubs(state: State, net: Network, seat: str, hex_key: str, new_exits: list[int],
                 kept: list[dict[str, Any]], claims: list[list[Any]]) -> list[dict[str, Any]]:
    """Town tile exits: the builder owns each one unless it completes another player's link."""
    out: list[dict[str, Any]] = []
    connected = any(s["owner"] == seat for s in kept)
    for e in new_exits:
        p = _endpoint(state, net, hex_key, e)
        if p[0] == "bad":
            raise IllegalMove("steam.build.edge", "track may not run off the board or across a thick black line")
        owner: str | None = seat
        if p[0] == "city":
            connected = True
        elif p[0] == "join":
            link: Link = p[1]
            if link.other_end(p[2]) == ("town", hex_key):
                raise IllegalMove("steam.build.loop", "a link may not start and end in the same place")
            if link.owner == seat:
                connected = True
            elif link.owner is None:
                if net.takeable(state, link, seat):
                    connected = True
                    claims.extend([h, i] for h, i in link.segs)
                else:
                    owner = None
            else:
                owner = link.owner
        out.append({"e": [e], "owner": owner, "built": state.round})
    if not connected:
        raise IllegalMove("steam.build.unconnected", "a town tile must join your own track or a city")
    return out


def _last_tile_link(state: State, net: Network, seat: str, hex_key: str) -> tuple[Link, int] | None:
    """The incomplete link whose last tile sits on ``hex_key`` (own or takeable) and the
    edge by which the link enters that tile."""
    tile = state.track[hex_key]
    if len(tile["segs"]) != 1 or tiles.FACES[tile["face"]]["town"]:
        return None
    for link in net.links_with((hex_key, 0)):
        if link.complete:
            continue
        if link.owner != seat and not net.takeable(state, link, seat):
            return None
        for end in link.ends:
            if end[0] == "open" and end[1] == hex_key:
                edges = tile["segs"][0]["e"]
                return link, edges[0] if edges[1] == end[2] else edges[1]
    return None


def plan_build(state: State, net: Network, seat: str, hex_key: str, face: str, rot: int,
               memo: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The ``TrackBuilt`` payload of one tile, or ``IllegalMove``.  ``memo`` (from
    :func:`legal_builds`, one position) keeps what is the same for every tile tried there:
    the physical tile chosen for a face and the board without a redirected tile."""
    memo = {} if memo is None else memo
    if state.phase != "build" or state.current != seat:
        raise IllegalMove("steam.phase", "tiles are built in your turn of the build phase")
    if state.turn["built"] >= state.tile_limit(seat):
        raise IllegalMove("steam.build.limit", f"at most {state.tile_limit(seat)} tiles per turn")
    if face not in tiles.FACES or not isinstance(rot, int) or not 0 <= rot < 6:
        raise IllegalMove("steam.build.face", "no such track tile or rotation")
    if hex_key not in state.map.hexes:
        raise IllegalMove("steam.build.hex", "tiles go on the hexes of the board")
    if state.is_city(hex_key):
        raise IllegalMove("steam.build.city", "no tile may be placed on a city")
    town_face = bool(tiles.FACES[face]["town"])
    if state.is_town(hex_key) != town_face:
        raise IllegalMove("steam.build.town", "a town takes town tiles only, other hexes no town tiles")
    segs = tiles.segments(face, rot)
    claims: list[list[Any]] = []
    later: list[tuple[tuple[int, ...], int]] = []      # a complex tile's track joined by the next tile
    old = state.track.get(hex_key)
    returned: str | None = None
    pair: str | None
    if old is None:
        kind = "new"
        info = state.map.hexes[hex_key]
        cost = tiles.base_cost(face) + (COST["river"] if info.get("river") else 0) \
            + (COST["hill"] if info.get("terrain") == "hill" else 0)
        if town_face:
            new_segs = _check_stubs(state, net, seat, hex_key, [s[0] for s in segs], [], claims)
        else:
            new_segs = []
            for i, s in enumerate(segs):
                try:
                    _check_track(state, net, seat, hex_key, s, claims)
                except IllegalMove as err:
                    if err.code != "steam.build.unconnected" or len(segs) != 2:
                        raise
                    later.append((s, i))
                new_segs.append({"e": list(s), "owner": seat, "built": state.round})
            if later and (len(later) == len(segs) or not pending.joinable_next(state, net, seat, hex_key,
                                                                              later[0][0], cost, memo)):
                raise IllegalMove("steam.build.unconnected",
                                  "new track must start at a city or extend your own track (the second track of a "
                                  "complex tile may wait for your next tile, if one can join it)")
        pair = _pair(state, face, memo)
    else:
        old_segs = old["segs"]
        old_set = {tuple(s["e"]) for s in old_segs}
        cost = tiles.base_cost(face)
        returned = old["pair"]
        pair = _pair(state, face, memo)
        if old_set < set(segs):
            kind = "upgrade"
            kept = [s for s in old_segs]
            added = [s for s in segs if s not in old_set]
            if town_face:
                new_segs = kept + _check_stubs(state, net, seat, hex_key, [s[0] for s in added], kept, claims)
            else:
                new_segs = list(kept)
                for s in added:
                    _check_track(state, net, seat, hex_key, s, claims)
                    new_segs.append({"e": list(s), "owner": seat, "built": state.round})
        else:
            kind = "redirect"
            found = _last_tile_link(state, net, seat, hex_key)
            if found is None or town_face or len(segs) != 1:
                raise IllegalMove("steam.build.occupied",
                                  "an existing tile may only be upgraded (keeping its track) or, as the last "
                                  "tile of your incomplete link, redirected")
            link, entry = found
            if entry not in segs[0] or old_set == set(segs):
                raise IllegalMove("steam.build.redirect", "a redirected tile must keep the link's track into it")
            if face == old["face"]:
                pair, returned = old["pair"], None
            without, net2 = _without(state, hex_key, memo)
            own = link.owner == seat
            _check_track(without, net2, seat, hex_key, segs[0], claims)
            points = [_resolved(_endpoint(without, net2, hex_key, e)) for e in segs[0]]
            completes = all(p[0] != "open" for p in points)
            owner = seat if own or completes else None
            if owner is None:
                claims = []
            new_segs = [{"e": list(segs[0]), "owner": owner, "built": old_segs[0]["built"]}]
    if pair is None:
        raise IllegalMove("steam.build.stock", "no tile of this kind is left in the supply")
    waiting = pending.unjoined(state, net, seat)
    fresh = [e for sg in new_segs[len(old["segs"]) if old and kind == "upgrade" else 0:] for e in sg["e"]]
    if waiting and ((kind != "redirect" and pending.left_alone(net, hex_key, fresh, waiting))
                    or not pending.joined_after(state, seat, hex_key, {"face": face, "rot": rot, "segs": new_segs},
                                                claims, waiting)):
        raise IllegalMove("steam.build.pending",
                          "the second track of your complex tile is not joined yet: this tile must join it")
    outcome = finance.pay(state, seat, cost)
    if not outcome["ok"]:
        raise IllegalMove("steam.money.short", f"the tile costs ${cost}, more than you can pay")
    out = {"seat": seat, "hex": hex_key, "face": face, "rot": rot, "kind": kind, "cost": cost,
           "pair": pair, "returned": returned, "segs": new_segs, "claims": claims, "pay": outcome,
           "place": places.reference(state.map.id, hex_key)}
    if later:
        out["pending"] = [[hex_key, i] for _, i in later]
    return out


def _pair(state: State, face: str, memo: dict[Any, Any]) -> str | None:
    key = ("pair", face)
    if key not in memo:
        memo[key] = tiles.pair_for(state.stock, face)
    return memo[key]


def _without(state: State, hex_key: str, memo: dict[Any, Any]) -> tuple[State, Network]:
    """The board without the tile on ``hex_key`` (a shallow copy: the rules only read it)."""
    key = ("without", hex_key)
    if key not in memo:
        without = dataclasses.replace(state, track={h: t for h, t in state.track.items() if h != hex_key})
        memo[key] = (without, Network.of(without))
    return memo[key]


@cache
def _city_ring(map_id: str) -> frozenset[str]:
    """The hexes next to a printed city that are no printed city themselves."""
    mp = hex_map(map_id)
    return frozenset(nb for city in mp.cities for nb in mp.neighbours[city] if nb is not None and nb not in mp.cities)


def candidate_hexes(state: State, net: Network, seat: str) -> list[str]:
    """Hexes where a tile of ``seat`` could possibly go: next to a city, at the open end of
    an own or takeable link, and the last tiles of such links (redirections)."""
    out = set(_city_ring(state.map.id))
    if state.new_cities:
        out.difference_update(state.new_cities)
        for city in state.new_cities:
            out.update(nb for nb in state.map.neighbours[city] if nb is not None and not state.is_city(nb))
    for (hex_key, _edge), (link, _end) in net.open_target.items():
        if link.owner == seat or (link.owner is None and net.takeable(state, link, seat)):
            out.add(hex_key)
            out.update(link.hexes[-1:] + link.hexes[:1])
    out.update(h for h, tile in state.track.items() if any(sg["owner"] == seat for sg in tile["segs"]))
    return sorted(out)


def legal_builds(state: State, net: Network, seat: str) -> list[dict[str, Any]]:
    """Every tile the seat may build now, planned in full (the legal list itself takes
    :func:`.listing.legal_tiles`, which plans only what it must).  A cheap look at each hex's
    edges (board edge, a city or a joinable open end) rules out most faces before the full check."""
    results: list[dict[str, Any]] = []
    memo: dict[Any, Any] = {}
    joinable = {id(link) for link in net.links
                if link.owner == seat or (link.owner is None and net.takeable(state, link, seat))}
    free = {town: [f for f in (tiles.TOWN_FACES if town else tiles.PLAIN_FACES) if tiles.available(state.stock, f)]
            for town in (False, True)}
    waiting = pending.unjoined(state, net, seat)
    hexes = sorted(pending.targets(state, net, waiting)) if waiting else candidate_hexes(state, net, seat)
    for hex_key in hexes:
        nbs = state.map.neighbours[hex_key]
        bad = sum(1 << e for e in range(6) if nbs[e] is None)
        good = sum(1 << e for e in range(6) if nbs[e] is not None and (
            state.is_city(nbs[e] or "") or id(net.open_target.get((hex_key, e), (None,))[0]) in joinable))
        results.extend(hex_builds(state, net, seat, hex_key, free[state.is_town(hex_key)], bad, good, memo))
    return results


def hex_builds(state: State, net: Network, seat: str, hex_key: str, faces: list[str], bad: int, good: int,
               memo: dict[Any, Any]) -> list[dict[str, Any]]:
    """The legal tiles on one hex, planned in full: each of ``faces`` in each rotation whose new
    tracks avoid the edges in the bit mask ``bad`` and reach the edges in ``good`` (a city or a
    joinable open end) as a legal tile must."""
    results: list[dict[str, Any]] = []
    town = state.is_town(hex_key)
    old = state.track.get(hex_key)
    old_set = {tuple(s["e"]) for s in old["segs"]} if old else set()
    redirectable = bool(old) and not town and len(old_set) == 1
    for face in faces:
        for rot, segs, masks in tiles.layouts(face):
            upgrade = old_set < segs
            if old and not upgrade and not (redirectable and len(segs) == 1):
                continue
            added = [m for sg, m in masks if sg not in old_set] if upgrade else [m for _, m in masks]
            if any(m & bad for m in added):
                continue
            if not (old and not upgrade):
                if town and not old and not any(m & good for m in added):
                    continue
                # (a new complex tile's second track may be joined by the next tile)
                if not town and not (all(m & good for m in added)
                                     or (not old and len(added) == 2 and any(m & good for m in added))):
                    continue
            try:
                results.append(plan_build(state, net, seat, hex_key, face, rot, memo))
            except IllegalMove:
                pass
    return results


def growth_targets(state: State) -> list[str]:
    """Cities that may take a City Growth marker: printed, without one (New Cities carry the symbol)."""
    return [c for c in state.map.cities if c not in state.growth]


def supply_groups(state: State) -> list[int]:
    return [i for i, g in enumerate(state.supply) if sum(g.values()) > 0]


def can_grow(state: State) -> bool:
    return state.growth_left > 0 and bool(growth_targets(state)) and bool(supply_groups(state))


def can_urbanize(state: State) -> bool:
    return bool(state.new_cities_left) and any(state.is_town(t) for t in state.map.towns)
