"""Action tiles (rules "Phase 1"): costs, the pass option, what they allow."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove

from .helpers import confirm, position, run


def test_locomotive_tile_not_at_level_6():
    s = position(3, phase="actions", money=20)
    s.loco["p1"] = 6
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "ChooseAction", tile=6)
    assert err.value.code == "steam.tile.loco_max"


def test_city_growth_costs_2_or_is_passed_for_nothing_and_its_number_still_counts():
    s = position(3, phase="actions", money=5)
    s = confirm(run(s, "p1", "ChooseAction", tile=5, **{"pass": True}), "p1")
    assert s.money["p1"] == 5 and s.passed_tile["p1"]
    s = confirm(run(s, "p2", "ChooseAction", tile=7), "p2")
    assert (s.money["p2"], s.income["p2"]) == (4, -1) and not s.passed_tile["p2"]   # $6: $5 cash + one $5 step
    with pytest.raises(IllegalMove) as err:
        run(s, "p3", "ChooseAction", tile=7)
    assert err.value.code == "steam.tile.taken"
    with pytest.raises(IllegalMove) as err:
        run(s, "p3", "ChooseAction", tile=3, **{"pass": True})
    assert err.value.code == "steam.tile.no_pass"


def test_expert_tiles_cost_nothing():
    s = position(3, phase="actions", money=0, mode="expert")
    s = run(s, "p1", "ChooseAction", tile=7)
    assert s.money["p1"] == 0 and s.income["p1"] == 0


def test_a_chosen_urbanization_must_be_carried_out_in_the_base_game():
    s = position(3, phase="actions", money=20)
    s = confirm(run(s, "p1", "ChooseAction", tile=7), "p1")
    s = confirm(run(s, "p2", "ChooseAction", tile=4), "p2")
    s = confirm(run(s, "p3", "ChooseAction", tile=3), "p3")
    assert s.phase == "build" and s.current == "p2"      # First Build builds first
    s = confirm(run(s, "p2", "EndBuild"), "p2")
    assert s.current == "p1"
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "EndBuild")
    assert err.value.code == "steam.build.city_action"
    from games.steam import GAME
    assert [a.key for a in GAME.open_actions(s, "p1") if a.mandatory] == ["steam.open.urbanize"]


def test_city_growth_puts_a_supply_group_and_a_marker_on_a_city_once():
    s = position(3, money=20)
    s.tiles["p1"] = 5
    group = dict(s.supply[0])
    before = dict(s.cubes["0,0"])
    s = run(s, "p1", "PlaceCityGrowth", hex="0,0", group=0)
    assert s.supply[0] == {} and "0,0" in s.growth and s.growth_left == 9
    assert sum(s.cubes["0,0"].values()) == sum(before.values()) + sum(group.values())
    s.turn["city_done"] = False
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "PlaceCityGrowth", hex="0,0", group=1)
    assert err.value.code == "steam.growth.city"


def test_first_move_acts_first_in_both_passes():
    s = position(3, phase="build_end", money=0)
    s.tiles = {"p1": 1, "p2": 4, "p3": 2}
    s = run(s, "system", "CloseBuilding")
    assert s.phase == "move" and s.queue == ["p3", "p1", "p2", "p3", "p1", "p2"]


def test_the_locomotive_is_raised_once_per_round_in_the_move_phase():
    s = position(3, phase="move", money=0)
    s = run(s, "p1", "RaiseLocomotive")
    assert s.loco["p1"] == 2
    s.turn["moves"] = 0
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "RaiseLocomotive")
    assert err.value.code == "steam.loco.once"


def test_urbanization_cannot_be_chosen_without_a_town_or_a_new_city_tile_left():
    """"Man kann diese Aktion nicht wählen, wenn bereits alle Städte des Spielplans in Großstädte
    ausgebaut wurden oder wenn es keine weiteren Plättchen Neue Großstadt mehr gibt."""
    s = position(3, phase="actions", money=20)
    s.new_cities_left = []
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "ChooseAction", tile=7)
    assert err.value.code == "steam.tile.no_town"
    s = position(3, phase="actions", money=20)
    s.new_cities = {town: "gray" for town in s.map.towns}
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "ChooseAction", tile=7)
    assert err.value.code == "steam.tile.no_town"


@pytest.mark.parametrize("mode", ["base", "expert"])
def test_city_growth_without_a_supply_group_left_is_refused(mode):
    """"Während Phase 2 Strecken bauen darf der Spieler eine beliebige Gruppe Warensteine vom
    Warennachschub wählen ... Wenn die letzte Gruppe an Warensteinen auf dem Spielplan platziert
    wurde, werden die Felder Warennachschub nicht wieder aufgefüllt."  With no group left the
    tile is refused (not paid for nothing), and so is placing the marker."""
    s = position(3, phase="actions", money=20, mode=mode)
    s.supply = [{} for _ in s.supply]
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "ChooseAction", tile=5)
    assert err.value.code == "steam.tile.no_growth"
    from games.steam import GAME
    assert not any(c.args.get("tile") == 5 and not c.args.get("pass") for c in GAME.legal_commands(s, "p1"))
    s.phase, s.tiles = "build", {"p1": 5}
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "PlaceCityGrowth", hex="0,0", group=0)
    assert err.value.code == "steam.growth.no_supply"
