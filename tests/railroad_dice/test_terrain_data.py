"""The stand-in terrain tiles against the constraints of the reference (railroad_dice.md section 7)."""

from __future__ import annotations

from games.railroad_dice.data import TILES
from games.railroad_dice.stations import NEEDS
from games.railroad_dice.terrain import grid, neighbours8, outer_ring, side, terrain

TYPES = TILES["types"]


def test_marked_stand_in_with_the_reference_counts():
    assert TILES["stand_in"] is True
    assert {t: (v["large"], v["small"]) for t, v in TYPES.items()} == {
        "meadow": (2, 11), "lake": (2, 8), "mountain2": (2, 8), "mountain3": (2, 8)}
    assert sum(v["large"] for v in TYPES.values()) == 8
    assert sum(v["small"] for v in TYPES.values()) == 35
    assert all(len(v["rows"]) == 7 and all(len(r) == 7 for r in v["rows"]) for v in TYPES.values())


def test_sides_as_in_the_reference():
    names = {frozenset({"meadow"}): "M", frozenset({"mountain"}): "B", frozenset({"mountain", "meadow"}): "BM"}
    got = {t: [names[side(t, 0, d)] for d in range(4)] for t in TYPES}
    assert got == {"meadow": ["M"] * 4, "lake": ["M"] * 4, "mountain2": ["B", "BM", "BM", "B"],
                   "mountain3": ["B", "B", "BM", "B"]}


def test_only_mountain_tiles_have_a_mountain_side():
    """The text's example: leaving on a mountain forces a mountain tile."""
    for t in ("meadow", "lake"):
        assert all("mountain" not in side(t, rot, d) for rot in range(4) for d in range(4))


def sites(t, kind):
    on, around = NEEDS[kind]
    return [(r, c) for r in range(7) for c in range(7) if not outer_ring(r, c) and terrain(t, 0, r, c) == on
            and sum(terrain(t, 0, nr, nc) == around for nr, nc in neighbours8(r, c)) >= 3]


def test_every_type_offers_the_stations_it_should():
    assert sites("mountain2", "mountain") and sites("mountain3", "mountain")
    assert sites("mountain2", "meadow") and sites("mountain3", "meadow")
    assert set(sites("lake", "lake")) >= {(1, 3), (5, 3), (2, 1), (2, 5), (4, 1), (4, 5)}
    assert sites("meadow", "meadow") and sites("lake", "meadow")
    assert not sites("meadow", "lake") and not sites("meadow", "mountain")


def test_the_lake_can_be_crossed_or_skirted():
    rows = grid("lake", 0)
    assert rows[3] == "MWWWWWM"  # a bridge of up to five water fields
    assert all(ch == "M" for ch in rows[0] + rows[1] + rows[5] + rows[6])


def test_rotation_turns_clockwise():
    # after a quarter turn clockwise the west mountain strip lies in the north
    assert grid("mountain2", 1)[0] == "BBBBBBB" and grid("mountain2", 1)[6][:5] == "MMMMM"
    assert side("mountain2", 1, 1) == frozenset({"mountain"})
