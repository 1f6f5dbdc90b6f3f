"""Track tiles: faces, rotations, their tracks, costs and the double-sided stock.

Placing a face uses up the physical tile it is printed on, so the stock is kept per
front/back pair (reference 2.2) and the face's availability follows from it.
"""

from __future__ import annotations

from functools import cache

from .data import RULES, TILES

FACES: dict[str, dict] = TILES["faces"]
PAIRS: list[dict] = TILES["pairs"]
TOWN_FACES = tuple(f for f, d in FACES.items() if d["town"])
PLAIN_FACES = tuple(f for f, d in FACES.items() if not d["town"])
SIMPLE_FACES = tuple(f for f in PLAIN_FACES if len(FACES[f]["tracks"]) == 1)
Seg = tuple[int, ...]


@cache
def segments(face: str, rot: int) -> tuple[Seg, ...]:
    """The face's tracks after turning it ``rot`` steps clockwise: town faces give one
    stub ``(edge,)`` per exit (each runs to the town), plain faces ``(a, b)`` with a < b."""
    d = FACES[face]
    if d["town"]:
        return tuple(sorted(((e + rot) % 6,) for e in d["exits"]))
    return tuple(sorted(tuple(sorted(((a + rot) % 6, (b + rot) % 6))) for a, b in d["tracks"]))


@cache
def rotations(face: str) -> tuple[int, ...]:
    """Rotations that give different track layouts (a straight has three, not six)."""
    seen: dict[tuple[Seg, ...], int] = {}
    for rot in range(6):
        seen.setdefault(segments(face, rot), rot)
    return tuple(sorted(seen.values()))


@cache
def layouts(face: str) -> tuple[tuple[int, frozenset[Seg], tuple[tuple[Seg, int], ...]], ...]:
    """Each distinct rotation of ``face``: the rotation, its tracks as a set, and each track
    with a bit mask of its edges (what the legal-move listing tests edges against)."""
    out = []
    for rot in rotations(face):
        segs = segments(face, rot)
        out.append((rot, frozenset(segs), tuple((sg, sum(1 << e for e in sg)) for sg in segs)))
    return tuple(out)


def exits(face: str) -> int:
    d = FACES[face]
    return len(d["exits"]) if d["town"] else 2 * len(d["tracks"])


def base_cost(face: str) -> int:
    """$1 per exit, +$1 for a town symbol (the cost overview)."""
    cost = RULES["cost"]
    return exits(face) * cost["exit"] + (cost["town"] if FACES[face]["town"] else 0)


def initial_stock() -> dict[str, int]:
    return {p["id"]: p["count"] for p in PAIRS}


#: The physical tiles (front/back pairs) each face is printed on.
FACE_PAIRS: dict[str, tuple[str, ...]] = {f: tuple(p["id"] for p in PAIRS if f in p["faces"]) for f in FACES}


def available(stock: dict[str, int], face: str) -> bool:
    return any(stock.get(p, 0) > 0 for p in FACE_PAIRS[face])


def pair_for(stock: dict[str, int], face: str) -> str | None:
    """Which physical tile to use for ``face`` (STAND-IN policy, reference 2.2): the pair
    whose other face has the most copies left elsewhere, so no face runs out sooner than
    it must; ties by the order of the printed table."""
    best: tuple[int, int] | None = None
    chosen: str | None = None
    for order, p in enumerate(PAIRS):
        if face not in p["faces"] or stock.get(p["id"], 0) <= 0:
            continue
        others = [f for f in p["faces"] if f != face]
        spare = min((face_count(stock, f) - stock[p["id"]] for f in others), default=10**6)
        rank = (-spare, order)
        if best is None or rank < best:
            best, chosen = rank, p["id"]
    return chosen


def faces_left(stock: dict[str, int]) -> frozenset[str]:
    """Every face with a physical tile left in ``stock`` (:func:`available` for all faces at once)."""
    return frozenset(f for p in PAIRS if stock.get(p["id"], 0) > 0 for f in p["faces"])


def face_count(stock: dict[str, int], face: str) -> int:
    return sum(stock.get(p, 0) for p in FACE_PAIRS[face])
