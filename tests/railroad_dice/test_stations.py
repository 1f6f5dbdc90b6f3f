"""Building stations (rules text, "AKTION: BAHNHOF BAUEN" and "Übersicht Bahnhöfe")."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.railroad_dice.data import station_supply

from .helpers import GAME, dice_total, fresh, give, lay_tile, put, run

N, E, S, W = 0, 1, 2, 3


def test_station_table_of_the_rules_text():
    supply = station_supply()
    assert sum(sum(v.values()) for v in supply.values()) == 44
    assert supply["bergtal"] == {"mountain:3": 3, "mountain:5": 2, "meadow:3": 3, "meadow:5": 2}
    assert supply["insel"] == {"lake:3": 3, "lake:5": 2, "meadow:3": 3, "meadow:5": 2}
    assert supply["weiden"] == {"meadow:3": 5, "meadow:5": 3}
    assert supply["eisberg"] == {"mountain:3": 2, "mountain:5": 2, "lake:3": 2, "lake:5": 2}
    assert supply["ueberall"] == {"mountain:3": 1, "mountain:5": 1, "lake:3": 1, "lake:5": 1,
                                  "meadow:3": 3, "meadow:5": 1}


def director(players: int = 2):
    s = fresh(players)
    s.directors["weiden"] = "p1"
    s.screen["p1"] = 6
    s.bank -= 6
    return s


def test_director_builds_a_meadow_station_for_three_dice_and_gets_two_question_dice():
    s = director()
    s, events = run(s, "p1", "BuildStation", company="weiden", kind="meadow", cost=3, end="A", via=N,
                    pay={"screen": 2, "question": 1})
    assert s.boards["0,0"]["2,3"]["kind"] == "station" and s.boards["0,0"]["2,3"]["company"] == "weiden"
    assert s.screen["p1"] == 4 and s.front["p1"]["question"] == 4 - 1 + 2
    assert s.supply["weiden"]["meadow:3"] == 4
    assert s.ends["A"]["dirs"] == [N, E, W]  # the line may go on in any direction but back
    assert dice_total(s) == 40
    # It counts as a track element, and the line continues from it (at most two connections).
    s = give(s, "p1", curve=1)
    s, _ = run(s, "p1", "PlaceTrack", end="A", via=E, exit=N)
    assert sorted(s.boards["0,0"]["2,3"]["sides"]) == [E, S]


def test_only_the_director_builds():
    s = director()
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuildStation", company="insel", kind="meadow", cost=3, end="A", via=N, pay={"screen": 3})
    assert e.value.code == "rd.station.director"


def test_cost_five_and_the_exact_payment():
    s = director()
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuildStation", company="weiden", kind="meadow", cost=5, end="A", via=N, pay={"screen": 3})
    assert e.value.code == "rd.pay.amount"
    s, _ = run(s, "p1", "BuildStation", company="weiden", kind="meadow", cost=5, end="A", via=N,
               pay={"screen": 5})
    assert s.screen["p1"] == 1


def test_not_on_the_outer_ring():
    s = director()
    for r in (2, 1):
        put(s, "0,0", r, 3)
    s.ends["A"]["field"] = [1, 3]
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuildStation", company="weiden", kind="meadow", cost=3, end="A", via=N, pay={"screen": 3})
    assert e.value.code == "rd.station.ring"


def test_not_orthogonally_next_to_another_station_but_diagonally():
    s = director()
    s.boards["0,0"]["2,2"] = {"kind": "station", "sides": [], "company": "insel"}
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuildStation", company="weiden", kind="meadow", cost=3, end="A", via=N, pay={"screen": 3})
    assert e.value.code == "rd.station.adjacent"
    s.boards["0,0"].pop("2,2")
    s.boards["0,0"]["1,2"] = {"kind": "station", "sides": [], "company": "insel"}  # diagonal to (2,3)
    run(s, "p1", "BuildStation", company="weiden", kind="meadow", cost=3, end="A", via=N, pay={"screen": 3})


def test_one_station_per_company_per_large_tile_but_several_companies():
    s = director()
    s.directors["insel"] = "p1"
    s, _ = run(s, "p1", "BuildStation", company="weiden", kind="meadow", cost=3, end="A", via=N,
               pay={"screen": 3})
    s = give(s, "p1", straight=1)
    s, _ = run(s, "p1", "PlaceTrack", end="B", via=S, exit=S)
    s.screen["p1"] += 3
    s.bank -= 3
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuildStation", company="weiden", kind="meadow", cost=3, end="B", via=S, pay={"screen": 3})
    assert e.value.code == "rd.station.per_tile"
    run(s, "p1", "BuildStation", company="insel", kind="meadow", cost=3, end="B", via=S, pay={"screen": 3})


def lake_end():
    s = fresh()
    s.directors["insel"] = "p1"
    s.screen["p1"] = 6
    s.bank -= 6
    lay_tile(s, "0,-1", "lake", 0, board=True)
    s.ends["A"] = {"pos": "0,-1", "field": [6, 3], "dirs": [N]}
    put(s, "0,-1", 6, 3)
    return s


def test_lake_station_on_meadow_with_three_water_neighbours():
    s = lake_end()
    s, _ = run(s, "p1", "BuildStation", company="insel", kind="lake", cost=3, end="A", via=N, pay={"screen": 3})
    assert s.stations[-1]["kind"] == "lake" and s.stations[-1]["field"] == [5, 3]


def test_meadow_station_needs_three_meadow_neighbours_lake_station_three_water():
    s = fresh()
    s.directors["insel"] = "p1"
    s.screen["p1"] = 6
    with pytest.raises(IllegalMove) as e:  # the start tile has no water
        run(s, "p1", "BuildStation", company="insel", kind="lake", cost=3, end="A", via=N, pay={"screen": 3})
    assert e.value.code == "rd.station.terrain"


def test_mountain_station_needs_three_mountain_neighbours_and_the_surcharge():
    s = fresh()
    s.directors["bergtal"] = "p1"
    s.screen["p1"] = 6
    s.bank -= 6
    lay_tile(s, "0,-1", "mountain2", 0, board=True)
    s.ends["A"] = {"pos": "0,-1", "field": [6, 1], "dirs": [N]}
    put(s, "0,-1", 6, 1)
    # (5,1): mountain with (4,0), (4,1), (5,0), (6,0), (6,1) mountain neighbours
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuildStation", company="bergtal", kind="mountain", cost=3, end="A", via=N, pay={"screen": 3})
    assert e.value.code == "rd.pay.amount"
    s, events = run(s, "p1", "BuildStation", company="bergtal", kind="mountain", cost=3, end="A", via=N,
                    pay={"screen": 4})
    assert events[0].payload["mountains"] == ["0,-1"] and s.screen["p1"] == 2
    # Meadow stations of Berg&Tal do not fit on a mountain field.
    with pytest.raises(IllegalMove):
        run(fresh_mountain_meadow(), "p1", "BuildStation", company="bergtal", kind="meadow", cost=3, end="A",
            via=N, pay={"screen": 3})


def fresh_mountain_meadow():
    s = fresh()
    s.directors["bergtal"] = "p1"
    s.screen["p1"] = 6
    lay_tile(s, "0,-1", "mountain2", 0, board=True)
    s.ends["A"] = {"pos": "0,-1", "field": [6, 1], "dirs": [N]}
    return s


def test_a_company_without_a_station_of_that_kind_cannot_build_it():
    s = director()
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuildStation", company="weiden", kind="lake", cost=3, end="A", via=N, pay={"screen": 3})
    assert e.value.code == "rd.station.supply"


def test_last_station_of_a_company_triggers_the_end_after_the_round():
    s = director()
    s.supply["weiden"] = {"meadow:3": 1, "meadow:5": 0}
    s, events = run(s, "p1", "BuildStation", company="weiden", kind="meadow", cost=3, end="A", via=N,
                    pay={"screen": 3})
    assert events[-1].type == "EndTriggered" and events[-1].payload["reason"] == "a"
    assert s.bank_closed
    assert GAME.status(s).to_move == ("p1",)  # the round is played to its end


def test_the_price_reaches_the_bank_before_it_pays_the_reward():
    s = director()
    s.screen["p2"] += s.bank
    s.bank = 0  # empty, but the three dice paid arrive first
    s, events = run(s, "p1", "BuildStation", company="weiden", kind="meadow", cost=3, end="A", via=N,
                    pay={"screen": 3})
    assert [e.type for e in events] == ["StationBuilt"] and s.bank == 1 and s.front["p1"]["question"] == 6
    assert dice_total(s) == 40
