"""Connecting a new terrain tile (rules text, "Neues Geländefeld anschließen")."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove

from .helpers import dice_total, fresh, give, lay_tile, put, run

N, E, S, W = 0, 1, 2, 3


def test_text_example_three_straights_from_the_start_cannot_reach_the_edge():
    """"Direkt nach dem Start ... nicht möglich gleich mit drei weiteren Geraden an den Rand
    zu bauen, da insgesamt erst vier Schienen auf dem Feld liegen würden"."""
    s = give(fresh(), "p1", straight=4)
    s, _ = run(s, "p1", "PlaceTrack", end="A", via=N, exit=N)
    s, _ = run(s, "p1", "PlaceTrack", end="A", via=N, exit=N)
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "ConnectTile", end="A", via=N, exit=N, tile="meadow", rot=0, onward=N)
    assert e.value.code == "rd.connect.five"
    assert "4" in e.value.message


def five_on_start():
    """End A at (1,3) with five elements on the start tile once the edge piece is laid."""
    s = fresh()
    put(s, "0,0", 2, 3)
    put(s, "0,0", 4, 3)  # end B one step south
    put(s, "0,0", 1, 3)
    s.ends["A"]["field"] = [1, 3]
    s.ends["B"]["field"] = [4, 3]
    return give(s, "p1", straight=2)


def first_connection():
    s = five_on_start()
    before = dict(s.boards["0,0"])
    s, events = run(s, "p1", "ConnectTile", end="A", via=N, exit=N, tile="meadow", rot=0, onward=N)
    c = events[0].payload["connect"]
    assert c["pos"] == "0,-1" and c["released"] is None and c["returned"] == 0 and c["reward"] == 2
    assert set(before) < set(s.boards["0,0"])  # the dice stay on the start tile ...
    assert s.boards["0,-1"] == {"6,3": {"kind": "straight", "sides": [S, N]}}
    assert s.ends["A"] == {"pos": "0,-1", "field": [6, 3], "dirs": [N]}
    assert s.tiles["0,-1"] == {"type": "meadow", "rot": 0} and s.small_left["meadow"] == 9
    assert s.front["p1"]["question"] == 4 + 2
    assert dice_total(s) == 40
    return s


def test_first_connection_keeps_the_start_tiles_dice_and_pays_two_question_dice():
    first_connection()


def test_when_the_other_end_also_leaves_the_start_tile_its_dice_go_back_to_the_bank():
    s = first_connection()
    put(s, "0,0", 5, 3)
    s.ends["B"]["field"] = [5, 3]
    s = give(s, "p1", straight=2)
    on_start = sum(1 for p in s.boards["0,0"].values() if p["kind"] != "station")
    bank = s.bank
    s, events = run(s, "p1", "ConnectTile", end="B", via=S, exit=S, tile="meadow", rot=0, onward=S)
    c = events[0].payload["connect"]
    assert c["released"] == "0,0" and c["returned"] == on_start + 1
    assert "0,0" not in s.boards and s.bank == bank + on_start + 1 - 2
    assert dice_total(s) == 40


def test_stations_stay_on_the_small_tile_when_the_large_one_leaves_play():
    s = five_on_start()
    s.ends["B"]["pos"] = "9,9"  # the other end is elsewhere: this is no first connection
    s.tiles["9,9"] = {"type": "meadow", "rot": 0}
    s.boards["9,9"] = {}
    s.stations.append({"company": "weiden", "pos": "0,0", "field": [4, 3], "kind": "meadow", "cost": 3})
    s, _ = run(s, "p1", "ConnectTile", end="A", via=N, exit=N, tile="meadow", rot=0, onward=N)
    assert "0,0" not in s.boards
    assert {"company": "weiden", "pos": "0,0", "field": [4, 3], "kind": "meadow", "cost": 3} in s.stations


def test_crossing_terrain_must_match_text_example_mountain_side_needs_a_mountain_tile():
    """Leaving on a mountain field: the new tile must be a mountain tile (meadow and lake have no
    mountain side)."""
    s = fresh()
    lay_tile(s, "0,-1", "mountain2", 0, board=True)
    s.ends["A"] = {"pos": "0,-1", "field": [1, 0], "dirs": [N]}
    for r in (6, 5, 4, 3, 2, 1):
        put(s, "0,-1", r, 0)
    s = give(s, "p1", straight=2, question=2)
    for tile in ("meadow", "lake"):
        for rot in range(4):
            with pytest.raises(IllegalMove) as e:
                run(s, "p1", "ConnectTile", end="A", via=N, exit=N, tile=tile, rot=rot, onward=N,
                    pay={"question": 1})
            assert e.value.code in ("rd.connect.crossing", "rd.connect.map")
    s2, events = run(s, "p1", "ConnectTile", end="A", via=N, exit=N, tile="mountain3", rot=0, onward=E,
                     pay={"question": 1})
    # The track crosses on a mountain: the new tile's mountain is the same one, paid once.
    assert events[0].payload["connect"]["mountain"] == "0,-1"
    assert events[0].payload["mountains"] == ["0,-1"]


def test_small_tile_must_fit_every_neighbour_on_the_map():
    s = five_on_start()
    # A mountain tile west of the new position shows mountain on its east side only to 'B' and 'M'...
    lay_tile(s, "-1,-1", "mountain3", 0)  # east side of mountain3 rot 0: B only
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "ConnectTile", end="A", via=N, exit=N, tile="meadow", rot=0, onward=N)
    assert e.value.code == "rd.connect.map"


def test_no_tile_twice_on_the_same_position():
    s = five_on_start()
    lay_tile(s, "0,-1", "meadow", 0)
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "ConnectTile", end="A", via=N, exit=N, tile="meadow", rot=0, onward=N)
    assert e.value.code == "rd.connect.used_position"


def test_only_types_with_small_tiles_left():
    s = five_on_start()
    s.small_left["lake"] = 0
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "ConnectTile", end="A", via=N, exit=N, tile="lake", rot=0, onward=N)
    assert e.value.code == "rd.connect.used_up"


def test_the_current_type_may_be_chosen_again_even_if_the_other_end_has_it_too():
    s = five_on_start()
    s, _ = run(s, "p1", "ConnectTile", end="A", via=N, exit=N, tile="meadow", rot=0, onward=N)
    assert s.tiles["0,0"]["type"] == s.tiles["0,-1"]["type"] == "meadow"


def test_a_station_counts_as_one_of_the_five_elements():
    """"Bahnhöfe zählen bei der Bestimmung der Anzahl von Schienen jeweils auch als ein Schienenelement"."""
    s = fresh()
    put(s, "0,0", 2, 3, kind="station", company="weiden")
    put(s, "0,0", 4, 3)
    put(s, "0,0", 1, 3)
    s.ends["A"]["field"] = [1, 3]
    s.ends["B"]["field"] = [4, 3]
    s = give(s, "p1", straight=2)
    s, events = run(s, "p1", "ConnectTile", end="A", via=N, exit=N, tile="meadow", rot=0, onward=N)
    assert events[0].payload["connect"]["pos"] == "0,-1"
    # (Four elements are refused: the text's example above.)
