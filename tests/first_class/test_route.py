"""The locomotive and the route (rules text "Die Lokomotive bewegt sich",
"Strecke erweitern"): each arrow one city, excess steps lost at the end of the
route, points cities pay once at once, bonus cities at every scoring; route cards
extend the route."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.first_class import GAME, route
from games.first_class.data import RULES
from games.first_class.effects import begin, move_loco

from .helpers import new_game, pending, play, types


def test_the_printed_route_has_three_cities():
    assert len(route.cities(new_game().player("p1"))) == 3


def test_points_cities_pay_once_when_reached_or_passed_and_excess_steps_are_lost():
    b = begin(new_game())
    move_loco(b, "p1", 5)
    assert b.events[0].payload == {"seat": "p1", "steps": 3, "to": 3, "points": 1 + 2}
    assert b.state.player("p1").vp == 3
    move_loco(b, "p1", 2)  # at the end of the route: no steps, no points again
    assert len(b.events) == 1 and b.state.player("p1").vp == 3
    state = pending(new_game(), ("loco", 4, -1))
    assert [c.args for c in GAME.legal_commands(state, "p1") if c.type == "MoveLoco"] == [
        {"steps": 3}, {"steps": 2}, {"steps": 1}]  # the 4th step is lost: the route has 3 cities
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "MoveLoco", steps=4)
    assert err.value.code == "fc.loco.end"


def test_a_route_card_extends_the_route_and_the_locomotive_goes_on():
    state = new_game()
    route_card = next(c for c in RULES.cards.values() if c.route == "G4")
    state = state.with_player("p1", loco=3)
    state = state.__class__(**{**state.__dict__, "rows": ((route_card.id,),) + state.rows[1:]})
    state, events = play(state, "p1", "TakeCard", card=route_card.id, mode="actions")
    assert "RouteExtended" in types(events)
    assert state.player("p1").route == ("printed", "G4")
    b = begin(state)
    move_loco(b, "p1", 2)
    assert b.state.player("p1").loco == 5 and b.state.player("p1").vp == 2  # G4: bonus city, then 2 points
    assert route.bonus_cities(b.state.player("p1")) == [1, 3]


def test_a_route_card_taken_for_an_upgrade_does_not_extend_the_route():
    state = new_game()
    route_card = next(c for c in RULES.cards.values() if c.route == "G1")
    state = state.__class__(**{**state.__dict__, "rows": ((route_card.id,),) + state.rows[1:]})
    state, _ = play(state, "p1", "TakeCard", card=route_card.id, mode="upgrade")
    assert state.player("p1").route == ("printed",)
    assert state.player("p1").taken == (route_card.id,)


def test_bonus_cities_count_only_when_reached():
    player = new_game().player("p1")
    assert route.bonus_cities(player) == []
    from dataclasses import replace
    assert route.bonus_cities(replace(player, loco=1)) == []
    assert route.bonus_cities(replace(player, loco=2)) == [1]
