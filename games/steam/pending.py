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

from functools import cache, lru_cache
from typing import Any

from . import finance, tiles
from .data import RULES, hex_map
from .network import Link, Network, _owner, trace_link
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
    found = net.links_with(ref)
    return found[0] if found else None


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


def left_alone(net: Network, hex_key: str, edges: list[int], refs: list[tuple[str, int]]) -> bool:
    """Whether new track on ``edges`` of ``hex_key`` surely leaves a pending track unjoined: its
    link is not extended (no new track meets one of its open ends) and has no town end (a town
    end might become rooted by another link the new tile completes; :func:`joined_after` decides
    then).  A shortcut for the listing: most tiles tried while a track waits are elsewhere."""
    touched = {id(net.open_target[(hex_key, e)][0]) for e in edges if (hex_key, e) in net.open_target}
    for ref in refs:
        link = _link_of(net, ref)
        if link is not None and id(link) not in touched and all(end[0] == "open" for end in link.ends):
            return True
    return False


def joined_after(state: State, seat: str, hex_key: str, tile: dict[str, Any], claims: list[list[Any]],
                 refs: list[tuple[str, int]]) -> bool:
    """Whether laying ``tile`` on ``hex_key`` joins every pending track in ``refs`` to a city.

    Traces only the links that decide it on the board after the tile (``network.trace_link``):
    each pending track's link and, where it ends in a town, the links leaving that town's other
    exits (:func:`rooted` on the whole network after the tile gives the same answer)."""
    track = dict(state.track)
    track[hex_key] = tile
    mp = state.map
    claimed = {(h, i) for h, i in claims if h in track and i < len(track[h]["segs"])}

    def owner(ref: tuple[str, int]) -> str | None:
        return seat if ref in claimed else track[ref[0]]["segs"][ref[1]]["owner"]

    for h, i in refs:
        if h not in track or i >= len(track[h]["segs"]):
            return False
        chain, ends = trace_link(track, mp, state.new_cities, h, i)
        if not any(end[0] == "city" for end in ends) and not any(
                end[0] == "town" and _town_rooted(track, mp, state.new_cities, end[1], set(chain), owner, seat)
                for end in ends):
            return False
    return True


def _town_rooted(track: dict[str, dict[str, Any]], mp: Any, new_cities: dict[str, str], town: str,
                 chain: set[tuple[str, int]], owner: Any, seat: str) -> bool:
    """Whether a completed link of ``seat`` other than ``chain`` ends in ``town`` (it leaves by
    one of the town tile's exits)."""
    tile = track.get(town)
    for j, sg in enumerate(tile["segs"] if tile else ()):
        if len(sg["e"]) != 1 or (town, j) in chain:
            continue
        other, ends = trace_link(track, mp, new_cities, town, j)
        if all(end[0] != "open" for end in ends) and ("town", town) in ends and \
                _owner([owner(ref) for ref in other]) == seat:
            return True
    return False


def joinable_next(state: State, net: Network, seat: str, hex_key: str, seg: tuple[int, ...], cost: int,
                  memo: dict[Any, Any]) -> bool:
    """Whether one more plain tile can join the track ``seg`` of a complex tile about to be laid on
    ``hex_key`` for ``cost``: a tile of the turn left, and beyond one of its ends an empty hex (not a
    town) whose other side is a city or the open end of a link the seat may extend, a plain tile
    for that curve in the stock and the money for both tiles.  ``memo``: one listing's position."""
    if state.turn["built"] + 1 >= state.tile_limit(seat):
        return False
    costs = join_costs(state, net, seat, hex_key, memo)
    return affordable(state, seat, cost, [costs[edge] for edge in seg], memo)


def affordable(state: State, seat: str, cost: int, joins: list[int | None], memo: dict[Any, Any]) -> bool:
    """Whether the seat can pay ``cost`` and then the cheapest of ``joins`` (None: no tile joins there)."""
    cheapest = [c for c in joins if c is not None]
    if not cheapest:
        return False
    key = ("both", cost, min(cheapest))
    if key not in memo:
        memo[key] = finance.can_pay_both(state, seat, cost, min(cheapest))
    return bool(memo[key])


def join_mask(state: State, net: Network, seat: str, hex_key: str, cost: int, edges: int,
              memo: dict[Any, Any]) -> int:
    """The bit mask of those ``edges`` of ``hex_key`` over which the next tile can join a track of a
    complex tile laid there for ``cost``: a track is joinable (:func:`joinable_next`, with a tile of
    the turn left) exactly when one of its edges is (paying for a cheaper join never fails where a
    dearer one succeeds)."""
    ctx = _join_context(state, net, seat, memo)
    nbs = state.map.neighbours[hex_key]
    mask = 0
    for e in range(6):
        if edges & (1 << e):
            c = _cost_beyond(ctx, nbs[e], (e + 3) % 6)
            if c is not None:
                key = ("both", cost, c)
                if key not in memo:
                    memo[key] = finance.can_pay_both(state, seat, cost, c)
                if memo[key]:
                    mask |= 1 << e
    return mask


class JoinProbe:
    """:func:`join_mask` for one listing, its context read once (the listing asks it for most
    hexes it looks at)."""

    __slots__ = ("exits", "surcharge", "useful", "neighbours", "best", "purse")

    def __init__(self, state: State, net: Network, seat: str, memo: dict[Any, Any]) -> None:
        exits, turns, surcharge, track, cities, new_cities, towns = _join_context(state, net, seat, memo)
        self.exits, self.surcharge = exits, surcharge
        blocked = track.keys() | cities.keys() | new_cities.keys() | towns.keys()
        #: the empty hexes (no tile, city or town) with an edge a tile there may join
        self.useful = {h for h, m in exits.items() if m and h not in blocked}
        self.neighbours = state.map.neighbours
        self.best = _cheapest_joins(tuple(turns))
        #: the most the seat can pay: a tile and then the joining tile are paid exactly when both
        #: together fit (``finance.can_pay_both``; the change paid out and the steps left add up)
        self.purse = state.money[seat] if state.expert else state.money[seat] + finance.raisable(state, seat)

    def mask(self, hex_key: str, cost: int, edges: int) -> int:
        """:func:`join_mask` (``_cost_beyond`` and ``finance.can_pay_both``, inline)."""
        nbs = self.neighbours[hex_key]
        useful, exits, surcharge, best = self.useful, self.exits, self.surcharge, self.best
        left = self.purse - cost
        mask = 0
        for e in _BITS[edges]:
            nb = nbs[e]
            if nb in useful:
                back = _BACK[e]
                price = best[back][exits.get(nb, 0) & _NOT_BIT[back]]
                if price is not None and price + surcharge[nb] <= left:
                    mask |= 1 << e
        return mask


@lru_cache(maxsize=64)
def _cheapest_joins(turns: tuple[int | None, ...]) -> tuple[tuple[int | None, ...], ...]:
    """Per edge ``back`` a tile enters by and per bit mask of the edges it may leave by: the
    cheapest plain tile for such a track (``turns``: the cheapest per turn of a track), or None."""
    out = []
    for back in range(6):
        row: list[int | None] = []
        for outs in range(64):
            prices = [turns[(o - back) % 6] for o in _BITS[outs]]
            row.append(min((p for p in prices if p is not None), default=None))
        out.append(tuple(row))
    return tuple(out)


#: The edge across from each edge, and each edge's bit cleared from a 6-bit mask.
_BACK = (3, 4, 5, 0, 1, 2)
_NOT_BIT = tuple(63 & ~(1 << e) for e in range(6))


#: The set bits of each 6-bit mask, lowest first.
_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(e for e in range(6) if m & (1 << e)) for m in range(64))


def join_costs(state: State, net: Network, seat: str, hex_key: str, memo: dict[Any, Any]) -> list[int | None]:
    """Per edge of ``hex_key``: the cheapest plain tile joining a track that leaves over it (None:
    none can)."""
    ctx = _join_context(state, net, seat, memo)
    return [_cost_beyond(ctx, nb, (e + 3) % 6) for e, nb in enumerate(state.map.neighbours[hex_key])]


def _join_context(state: State, net: Network, seat: str, memo: dict[Any, Any]) -> tuple[Any, ...]:
    """What :func:`_cost_beyond` reads, once per listing: the joinable edges per hex
    (:func:`_exits`), the cheapest plain tile left per turn of a track, the terrain surcharges and
    the occupied hexes."""
    if "join_context" not in memo:
        left = tiles.faces_left(state.stock)
        turns = [min((tiles.base_cost(f) for f in _BY_TURN.get(d, ()) if f in left),
                     default=None) for d in range(6)]
        mp = state.map
        memo["join_context"] = (_exits(state, net, seat, memo), turns, extras(mp.id), state.track, mp.cities,
                                state.new_cities, mp.towns)
    ctx: tuple[Any, ...] = memo["join_context"]
    return ctx


def _cost_beyond(ctx: tuple[Any, ...], nb: str | None, back: int) -> int | None:
    """The cheapest plain tile on ``nb`` from its edge ``back`` to an edge it may join: ``nb`` empty
    (no tile, city or town), a plain tile for that curve in the stock, plus the terrain (None: none)."""
    exits, turns, surcharge, track, cities, new_cities, towns = ctx
    if nb is None or nb in track or nb in cities or nb in new_cities or nb in towns:
        return None
    outs = exits.get(nb, 0) & ~(1 << back)
    best: int | None = None
    for out in range(6):
        if outs & (1 << out):
            price = turns[(out - back) % 6]
            if price is not None and (best is None or price < best):
                best = price
    return None if best is None else best + surcharge[nb]


@cache
def extras(map_id: str) -> dict[str, int]:
    """A new tile's terrain surcharge per hex of a map (river, hill)."""
    mp = hex_map(map_id)
    return {h: (COST["river"] if info.get("river") else 0) + (COST["hill"] if info.get("terrain") == "hill" else 0)
            for h, info in mp.hexes.items()}


#: The plain one-track faces by the turn of their track, ``(out - in) % 6``: 3 straight, 2 and 4
#: gentle, 1 and 5 sharp (each face turned as needed).
_BY_TURN: dict[int, tuple[str, ...]] = {
    d: tuple(f for f in tiles.SIMPLE_FACES
             if any((b - a) % 6 == d or (a - b) % 6 == d for a, b in tiles.segments(f, 0)))
    for d in range(1, 6)}


@cache
def _city_exits(map_id: str) -> dict[str, int]:
    """Per hex of a map, a bit mask of the edges with a printed city beyond."""
    mp = hex_map(map_id)
    return {h: sum(1 << e for e, nb in enumerate(mp.neighbours[h]) if nb is not None and nb in mp.cities)
            for h in mp.hexes}


def _exits(state: State, net: Network, seat: str, memo: dict[Any, Any]) -> dict[str, int]:
    """Per hex, a bit mask of the edges a tile there may join: a city beyond (New Cities too) or
    the open end of a link that reaches a city and that the seat may extend (once per listing)."""
    if "exits" not in memo:
        masks = dict(_city_exits(state.map.id))
        for city in state.new_cities:
            for e, nb in enumerate(state.map.neighbours[city]):
                if nb is not None:
                    masks[nb] |= 1 << ((e + 3) % 6)
        for (h, e), (link, _end) in net.open_target.items():
            if not masks.get(h, 0) & (1 << e) and rooted(net, link, seat) and (
                    link.owner == seat or net.takeable(state, link, seat)):
                masks[h] = masks.get(h, 0) | (1 << e)
        memo["exits"] = masks
    exits: dict[str, int] = memo["exits"]
    return exits
