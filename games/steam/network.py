"""Links: the track between two cities/towns, traced from the tiles on the board.

A link is a chain of track segments; each end is a city (``("city", hex)``), a town
with a town tile (``("town", hex)``) or open (``("open", hex, edge)``: the track leaves
``hex`` over ``edge`` into nothing it joins).  A link is complete when neither end is
open.  Ownership sits on the segments (one disc per link on the board; here every
segment of a link carries its owner), so tracing never needs stored link ids.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from games.kit import Memo
from games.kit.memo import sealed

from .state import State

End = tuple[Any, ...]
SegRef = tuple[str, int]


@dataclass
class Link:
    key: str
    segs: list[SegRef]
    ends: list[End]
    owner: str | None
    built: int
    hexes: list[str] = field(default_factory=list)
    #: neither end open (a link is made once, by ``trace``, and never changed)
    complete: bool = field(init=False)

    def __post_init__(self) -> None:
        self.complete = all(e[0] != "open" for e in self.ends)

    def other_end(self, end: End) -> End:
        return self.ends[1] if self.ends[0] == end else self.ends[0]


def _walk(track: dict[str, dict[str, Any]], neighbours: dict[str, tuple[str | None, ...]],
          cities: dict[str, dict[str, Any]], new_cities: dict[str, str],
          hex_key: str, edge: int, out: list[SegRef]) -> End:
    """Follow the track leaving ``hex_key`` over ``edge``; append segments passed; return the end."""
    seen = set(out)
    while True:
        nb = neighbours[hex_key][edge]
        if nb is None:
            return ("open", hex_key, edge)
        if nb in cities or nb in new_cities:
            return ("city", nb)
        back = (edge + 3) % 6
        tile = track.get(nb)
        if tile is None:
            return ("open", hex_key, edge)
        j = next((i for i, seg in enumerate(tile["segs"]) if back in seg["e"]), None)
        if j is None or (nb, j) in seen:
            return ("open", hex_key, edge)
        out.append((nb, j))
        seen.add((nb, j))
        seg = tile["segs"][j]["e"]
        if len(seg) == 1:                      # a town stub: the link ends in the town
            return ("town", nb)
        hex_key, edge = nb, seg[0] if seg[1] == back else seg[1]


def _owner(owners: list[str | None]) -> str | None:
    """The link's owner: the owner of most of its segments (a seat before nobody on a tie,
    then the first seat by name, so that no set order decides)."""
    counts: dict[str | None, int] = {}
    for o in owners:
        counts[o] = counts.get(o, 0) + 1
    if len(counts) == 1:
        return owners[0]
    return min(counts, key=lambda o: (-counts[o], o is None, o or ""))


def trace_link(track: dict[str, dict[str, Any]], mp: Any, new_cities: dict[str, str], hex_key: str,
               i: int) -> tuple[list[SegRef], list[End]]:
    """The chain and the two ends of the link through segment ``i`` on ``hex_key`` (as :func:`trace`
    finds it, from that segment)."""
    walk_args = (track, mp.neighbours, mp.cities, new_cities)
    edges = track[hex_key]["segs"][i]["e"]
    if len(edges) == 1:
        out: list[SegRef] = [(hex_key, i)]
        return out, [("town", hex_key), _walk(*walk_args, hex_key, edges[0], out)]
    left: list[SegRef] = [(hex_key, i)]
    end_a = _walk(*walk_args, hex_key, edges[0], left)
    right: list[SegRef] = [(hex_key, i)]
    end_b = _walk(*walk_args, hex_key, edges[1], right)
    return list(reversed(left[1:])) + right, [end_a, end_b]


def trace(state: State) -> list[Link]:
    links: list[Link] = []
    done: set[SegRef] = set()
    track = state.track
    mp = state.map
    walk_args = (track, mp.neighbours, mp.cities, state.new_cities)
    for hex_key in sorted(track):
        for i, seg in enumerate(track[hex_key]["segs"]):
            if (hex_key, i) in done:
                continue
            edges = seg["e"]
            if len(edges) == 1:
                out: list[SegRef] = [(hex_key, i)]
                ends: list[End] = [("town", hex_key), _walk(*walk_args, hex_key, edges[0], out)]
                chain = out
            else:
                left: list[SegRef] = [(hex_key, i)]
                end_a = _walk(*walk_args, hex_key, edges[0], left)
                right: list[SegRef] = [(hex_key, i)]
                end_b = _walk(*walk_args, hex_key, edges[1], right)
                chain = list(reversed(left[1:])) + right
                ends = [end_a, end_b]
            done.update(chain)
            segs = [track[h]["segs"][j] for h, j in chain]
            owner = _owner([sg["owner"] for sg in segs])
            built = max(sg["built"] for sg in segs)
            name = min(f"{h}/{j}" for h, j in chain)
            if repr(ends[1]) < repr(ends[0]):
                ends = [ends[1], ends[0]]
            links.append(Link(name, chain, ends, owner, built, [h for h, _ in chain]))
    return links


@dataclass
class Network:
    """The links of a state and the indexes the rules ask of them."""

    links: list[Link]
    by_key: dict[str, Link]
    #: (hex, edge) a new track would occupy -> the link whose open end points at it
    open_target: dict[tuple[str, int], tuple[Link, End]]
    _by_seg: dict[SegRef, list[Link]] | None = field(default=None, repr=False, compare=False)
    #: This board's build listings kept by what else decides them (:func:`.listing.build_commands`):
    #: the states sharing a network have the same tiles and New Cities, so a seat that lists again
    #: with the same money and stock (the next round, another candidate move) gets the same list.
    listings: dict[tuple[Any, ...], list[Any]] = field(default_factory=dict, repr=False, compare=False)

    def links_with(self, ref: SegRef) -> list[Link]:
        """The links through the segment ``ref``, in the order of ``links`` (one, but for a loop)."""
        if self._by_seg is None:
            index: dict[SegRef, list[Link]] = {}
            for link in self.links:
                for seg in link.segs:
                    found = index.setdefault(seg, [])
                    if not found or found[-1] is not link:
                        found.append(link)
            self._by_seg = index
        return self._by_seg.get(ref, [])

    @classmethod
    def of(cls, state: State) -> Network:
        """The state's network.  A state folded by ``evolve`` is never changed afterwards, so
        its network is memoised by the state's identity (:mod:`games.kit.memo`): the bots ask
        for the same position's network once per candidate move (decide) and once per
        evaluation.  A working copy a rule still changes is traced afresh."""
        return _NETWORKS(state)

    @classmethod
    def _build(cls, state: State) -> Network:
        links = trace(state)
        target: dict[tuple[str, int], tuple[Link, End]] = {}
        for link in links:
            for end in link.ends:
                if end[0] == "open":
                    nb = state.map.neighbour(end[1], end[2])
                    if nb is not None:
                        target[(nb, (end[2] + 3) % 6)] = (link, end)
        return cls(links, {link.key: link for link in links}, target)

    def takeable(self, state: State, link: Link, seat: str) -> bool:
        """An unowned incomplete link may be taken over when it starts at a city or touches
        the seat's own completed links (rules: "Herrenlose Verbindungen")."""
        if link.owner is not None or link.complete:
            return False
        for end in link.ends:
            if end[0] == "city":
                return True
            if end[0] == "town" and any(other.owner == seat and other.complete and end in other.ends
                                        for other in self.links):
                return True
        return False


class _Networks(Memo[State, Network]):
    """The memo of networks, which can also hand a network on to the next state."""

    __slots__ = ()

    def carry(self, old: State, new: State) -> None:
        """Let the sealed ``new`` share ``old``'s memoised network when the event between them left
        the board alone: a network is traced from the tiles (the same objects: ``State.fork`` shares
        them and an event copies those it changes), the New Cities and the map, nothing else."""
        hit = self._values.get(id(old))
        if not sealed(new) or hit is None or hit[0]() is not old or id(new) in self._values:
            return
        if new.new_cities != old.new_cities or new.options.get("map") != old.options.get("map") \
                or len(new.track) != len(old.track):
            return
        track = new.track
        if any(track.get(h) is not tile for h, tile in old.track.items()):
            return
        network = hit[1]
        values = self._values
        key = id(new)

        def forget(_: Any, key: int = key) -> None:
            values.pop(key, None)
        values[key] = (weakref.ref(new, forget), network)


#: Networks of the states ``evolve`` made (sealed), by identity.
_NETWORKS = _Networks(Network._build)


def carry(old: State, new: State) -> None:
    """Hand ``old``'s network on to ``new`` (sealed) if the board is the same (:meth:`_Networks.carry`)."""
    _NETWORKS.carry(old, new)
