"""The map checker: each authored (stand-in) map is playable and embeds the rulebook's anchors."""

from __future__ import annotations

from collections import deque

import pytest

from games.steam.data import DIRS, MAPS, RULES, hex_map, key, qr

from .helpers import cube_totals, table


@pytest.mark.parametrize("map_id", MAPS)
def test_map_is_marked_stand_in_and_within_the_target_sizes(map_id):
    mp = hex_map(map_id)
    assert mp.data["stand_in"] is True
    assert 170 <= len(mp.hexes) <= 215
    assert len(mp.towns) >= 10 and len(mp.towns) > len(RULES["new_cities"])
    colours = {c["colour"] for c in mp.cities.values()}
    assert colours == {"red", "blue", "yellow", "purple"}
    budget = sum(c["goods"] for c in mp.cities.values()) + 3 * mp.data["goods_supply_slots"]
    assert budget <= 96


@pytest.mark.parametrize("map_id", MAPS)
def test_no_hex_is_both_city_and_town_and_cities_have_two_exits(map_id):
    mp = hex_map(map_id)
    assert not set(mp.cities) & set(mp.towns)
    for city in mp.cities:
        assert sum(1 for nb in mp.neighbours[city] if nb is not None) >= 2, mp.name(city)


@pytest.mark.parametrize("map_id", MAPS)
def test_edges_are_symmetric(map_id):
    mp = hex_map(map_id)
    for h, row in mp.neighbours.items():
        for edge, nb in enumerate(row):
            if nb is not None:
                assert mp.neighbours[nb][(edge + 3) % 6] == h
    for h, edge in mp.blocked:
        q, r = qr(h)
        other = key(q + DIRS[edge][0], r + DIRS[edge][1])
        assert (other, (edge + 3) % 6) in mp.blocked


@pytest.mark.parametrize("map_id", MAPS)
def test_every_city_reaches_every_other(map_id):
    mp = hex_map(map_id)
    start = next(iter(mp.cities))
    seen = {start}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for nb in mp.neighbours[h]:
            if nb is not None and nb not in seen:
                seen.add(nb)
                queue.append(nb)
    assert set(mp.cities) <= seen
    assert len(seen) == len(mp.hexes)


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_start_cubes_add_up_to_the_bag(map_id, players):
    s = table(players, f"cubes-{map_id}", map=map_id).state
    assert cube_totals(s) == RULES["cubes"]
    mp = hex_map(map_id)
    delta = mp.data["three_player_city_goods_delta"] if players == 3 else 0
    for city, info in mp.cities.items():
        assert sum(s.cubes[city].values()) == max(0, info["goods"] + delta)
    size = 2 if players == 3 else 3
    assert all(sum(g.values()) == size for g in s.supply)


def test_north_east_map_embeds_the_rulebook_anchors():
    mp = hex_map("ne_usa_se_canada")
    names = {mp.name(h): h for h in list(mp.cities) + list(mp.towns)}
    assert names["Albany"] == "0,0" and names["New York"] == "0,4" and names["Hartford"] == "2,1"
    assert names["Poughkeepsie"] == "0,2" and names["New Haven"] == "1,3"
    assert mp.cities[names["Boston"]]["colour"] == "red"
    h = mp.hexes
    assert all(h[x]["river"] for x in ("0,1", "0,2", "0,3", "3,1", "4,-1"))
    assert h["-1,1"]["terrain"] == "hill" and h["2,0"]["terrain"] == "hill"
    assert not any(h[x]["river"] or h[x]["terrain"] == "hill" for x in ("-1,2", "-1,3", "-1,4", "1,0", "2,2"))
    assert names["Boston"] == "5,-2"          # so that (4,-1) is south-west of Boston


def test_rhine_ruhr_has_maastricht_and_venlo():
    mp = hex_map("rhine_ruhr")
    names = {mp.name(h) for h in list(mp.cities) + list(mp.towns)}
    assert {"Maastricht", "Venlo", "Köln", "Düsseldorf", "Essen", "Dortmund"} <= names
