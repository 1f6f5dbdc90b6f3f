"""Phase "move goods": routes over completed links, the first city of the cube's colour
ends the trip, no place twice, own links at least as often as any other player's, one
point per link to its owner ("Waren transportieren", "Punkte für Warenlieferungen").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.contract import IllegalMove

from .network import Link, Network
from .state import State


def _graph(state: State, net: Network) -> dict[str, list[tuple[Link, str]]]:
    graph: dict[str, list[tuple[Link, str]]] = {}
    for link in net.links:
        if not link.complete:
            continue
        a, b = link.ends[0][1], link.ends[1][1]
        if a == b:
            continue
        graph.setdefault(a, []).append((link, b))
        graph.setdefault(b, []).append((link, a))
    return graph


def owners_ok(seat: str, owners: list[str | None]) -> bool:
    """At least one own link, and own links used at least as often as any other player's."""
    count = Counter(o for o in owners if o is not None)
    mine = count.pop(seat, 0)
    return mine >= 1 and all(n <= mine for n in count.values())


def routes(state: State, net: Network, seat: str) -> list[dict[str, Any]]:
    """Every legal delivery of the seat: origin city, colour, the links in order, destination."""
    graph = _graph(state, net)
    reach = state.loco[seat]
    out: list[dict[str, Any]] = []
    for origin, cubes in sorted(state.cubes.items()):
        colours = [c for c, n in sorted(cubes.items()) if n > 0]
        if not colours or origin not in graph:
            continue
        for colour in colours:
            stack: list[tuple[str, list[Link], frozenset[str]]] = [(origin, [], frozenset([origin]))]
            while stack:
                node, path, seen = stack.pop()
                if len(path) >= reach:
                    continue
                for link, nxt in graph.get(node, ()):
                    if nxt in seen:
                        continue
                    new_path = path + [link]
                    if state.is_city(nxt) and state.city_colour(nxt) == colour:
                        owners = [lk.owner for lk in new_path]
                        if owners_ok(seat, owners):
                            out.append({"from": origin, "colour": colour, "to": nxt,
                                        "links": [lk.key for lk in new_path],
                                        "via": [node_of(lk, origin, new_path) for lk in new_path]})
                        continue
                    stack.append((nxt, new_path, seen | {nxt}))
    return out


def node_of(link: Link, origin: str, path: list[Link]) -> str:
    """The place where ``link`` ends along ``path`` (for the route's display)."""
    node = origin
    for lk in path:
        a, b = lk.ends[0][1], lk.ends[1][1]
        node = b if a == node else a
        if lk is link:
            return node
    return node


def plan_delivery(state: State, net: Network, seat: str, origin: str, colour: str,
                  link_keys: list[str], take: str) -> dict[str, Any]:
    if take not in ("income", "vp"):
        raise IllegalMove("steam.goods.take", "points go either to income or to victory points")
    for route in routes(state, net, seat):
        if route["from"] == origin and route["colour"] == colour and route["links"] == list(link_keys):
            points: dict[str, int] = {}
            for k in link_keys:
                owner = net.by_key[k].owner
                if owner is not None:
                    points[owner] = points.get(owner, 0) + 1
            return {"seat": seat, "from": origin, "to": route["to"], "colour": colour, "links": list(link_keys),
                    "via": route["via"], "points": points, "take": take,
                    "from_name": state.map.name(origin), "to_name": state.map.name(route["to"])}
    raise IllegalMove("steam.goods.route",
                      "no such delivery: completed links only, at most your locomotive's reach, the first city "
                      "of the cube's colour ends it, no place twice, own links at least as often as anyone's")


def next_hops(state: State, net: Network, seat: str) -> list[dict[str, Any]]:
    """The links the cube in transit may take next (each leads on to a legal delivery);
    ``completes`` when the hop reaches the cube's city and ends the delivery."""
    t = state.transit
    done = list(t["links"])
    seen: dict[str, bool] = {}
    to: dict[str, str] = {}
    for route in routes(state, net, seat):
        if route["from"] != t["from"] or route["colour"] != t["colour"] or route["links"][:len(done)] != done:
            continue
        if len(route["links"]) > len(done):
            link = route["links"][len(done)]
            seen[link] = seen.get(link, False) or len(route["links"]) == len(done) + 1
            to[link] = route["via"][len(done)]
    return [{"link": k, "completes": v, "to": to[k]} for k, v in sorted(seen.items())]
