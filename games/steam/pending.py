"""A complex tile's second track, joined "zum Ende des Zuges" (rules "Aufwertung existierender
Strecken"): "Alle auf einem komplexen Streckenplättchen abgebildeten Strecken müssen in der
Phase Strecken bauen zum Ende des Zuges des Spielers regelgerecht liegen – sie müssen alle über
bereits existierende Strecken und Verbindungen des Spielers mit einer Großstadt verbunden sein."

A new complex tile may therefore be laid with one track joined to a city or the player's track
and the other not yet joined ("pending").  So that a turn can never get stuck with a track
nobody can join any more, the engine reads "by the end of the turn" as: the pending track can
be joined by one more tile when the complex tile is laid (a tile of the turn, a plain tile of
the stock and the money for it are left), and the player's next tile must join it.  Until it
is joined the move window shows a mandatory open action and the turn cannot be confirmed.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from . import finance, tiles
from .data import RULES
from .network import Link, Network
from .state import State

COST = RULES["cost"]


def rooted(net: Network, link: Link, seat: str) -> bool:
    """Whether ``link`` reaches a city: it ends in one, or in a town where a completed link of
    the seat ends too (that link is joined to a city, as every completed own link is)."""
    for end in link.ends:
        if end[0] == "city":
            return True
        if end[0] == "town" and any(other is not link and other.owner == seat and other.complete
                                    and end in other.ends for other in net.links):
            return True
    return False


def _link_of(net: Network, ref: tuple[str, int]) -> Link | None:
    return next((lk for lk in net.links if ref in lk.segs), None)


def unjoined(state: State, net: Network, seat: str) -> list[tuple[str, int]]:
    """The seat's pending tracks of this turn that are still not joined to a city."""
    out = []
    for hex_key, i in state.turn.get("pending", ()):
        link = _link_of(net, (hex_key, i))
        if link is not None and not rooted(net, link, seat):
            out.append((hex_key, i))
    return out


def targets(state: State, net: Network, refs: list[tuple[str, int]]) -> set[str]:
    """The hexes a tile must go on to join the pending tracks: beyond their links' open ends."""
    out: set[str] = set()
    for ref in refs:
        link = _link_of(net, ref)
        for end in link.ends if link else ():
            if end[0] == "open":
                nb = state.map.neighbour(end[1], end[2])
                if nb is not None:
                    out.add(nb)
    return out


def joined_after(state: State, seat: str, hex_key: str, tile: dict[str, Any], claims: list[list[Any]],
                 refs: list[tuple[str, int]]) -> bool:
    """Whether laying ``tile`` on ``hex_key`` joins every pending track in ``refs`` to a city."""
    track = dict(state.track)
    track[hex_key] = tile
    after = dataclasses.replace(state, track=track)
    for h, i in claims:
        if h in track and i < len(track[h]["segs"]):
            after.own_tile(h)["segs"][i]["owner"] = seat
    net = Network._build(after)
    return all((link := _link_of(net, ref)) is not None and rooted(net, link, seat) for ref in refs)


def joinable_next(state: State, net: Network, seat: str, hex_key: str, seg: tuple[int, ...], cost: int,
                  memo: dict[Any, Any]) -> bool:
    """Whether one more plain tile can join the track ``seg`` of a complex tile about to be laid on
    ``hex_key`` for ``cost``: a tile of the turn left, and beyond one of its ends an empty hex (not a
    town) whose other side is a city or the open end of a link the seat may extend, a plain tile
    for that curve in the stock and the money for both tiles.  ``memo``: one listing's position."""
    if state.turn["built"] + 1 >= state.tile_limit(seat):
        return False
    cheapest = [c for c in (_join_cost(state, net, seat, hex_key, edge, memo) for edge in seg) if c is not None]
    return bool(cheapest) and finance.can_pay_both(state, seat, cost, min(cheapest))


def _join_cost(state: State, net: Network, seat: str, hex_key: str, edge: int, memo: dict[Any, Any]) -> int | None:
    """The cheapest plain tile joining a track that leaves ``hex_key`` over ``edge`` (None: none can)."""
    key = ("join", hex_key, edge)
    if key in memo:
        return memo[key]
    best: int | None = None
    nb = state.map.neighbour(hex_key, edge)
    if nb is not None and nb not in state.track and not state.is_city(nb) and nb not in state.map.towns:
        back = (edge + 3) % 6
        info = state.map.hexes[nb]
        extra = (COST["river"] if info.get("river") else 0) + (COST["hill"] if info.get("terrain") == "hill" else 0)
        for out in range(6):
            beyond = state.map.neighbour(nb, out)
            if out == back or beyond is None or beyond == hex_key:
                continue
            joined = net.open_target.get((nb, out))
            if not (state.is_city(beyond) or (joined is not None and rooted(net, joined[0], seat) and (
                    joined[0].owner == seat or net.takeable(state, joined[0], seat)))):
                continue
            want = tuple(sorted((back, out)))
            for face in tiles.SIMPLE_FACES:
                if tiles.available(state.stock, face) and any(tiles.segments(face, r) == (want,) for r in range(6)):
                    price = tiles.base_cost(face) + extra
                    best = price if best is None else min(best, price)
    memo[key] = best
    return best
