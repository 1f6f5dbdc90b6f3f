"""Module B (rules text "Berühmtheit", "Postkarte"): a celebrity goes under the
first free car of a train and doubles it in scoring step 2; a postcard goes under
a free route card and doubles its bonus in step 1; without a free place the card
is declined for an upgrade."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.first_class import GAME, trains
from games.first_class.data import RULES

from .helpers import new_game, parts, pending, play, train, with_trains
from .test_scoring import to_scoring


def card_with(flag: str) -> str:
    return next(c.id for c in RULES.cards.values() if getattr(c, flag) and c.stack == 1)


def test_module_b_has_4_celebrity_and_4_postcard_cards_per_stack():
    for stack in (1, 2, 3):
        b = [c for c in RULES.cards.values() if c.stack == stack and c.module == "B"]
        assert sum(c.celebrity for c in b) == 4 and sum(c.postcard for c in b) == 4


def test_a_celebrity_goes_under_the_first_free_car_and_doubles_it_when_the_conductor_reached_it():
    card = card_with("celebrity")
    state = new_game()
    state = state.__class__(**{**state.__dict__, "rows": ((card,),) + state.rows[1:]})
    state = with_trains(state, "p1", train(4, 2, 1))
    state, _ = play(state, "p1", "TakeCard", card=card, mode="actions")
    assert ("celebrity", 1, -1) in parts(state)
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "SkipEffect", kind="celebrity")  # the celebrity must be placed
    assert err.value.code == "fc.step.mandatory"
    state, _ = play(state, "p1", "PlaceCelebrity", train=0)
    state = pending(state, ("celebrity", 1, -1))
    state, _ = play(state, "p1", "PlaceCelebrity", train=0)
    assert [c[2] for c in state.player("p1").trains[0]] == [True, True, False]
    state = state.with_player("p1", conductors=(1, 0))
    assert trains.train_points(state.player("p1"))[0] == 4 * 2 + 2 * 2


def test_without_a_free_car_the_celebrity_is_declined_for_an_upgrade():
    state = with_trains(new_game(), "p1", (("car", 1, True),), (("car", 0, True),))
    state = pending(state, ("celebrity", 1, -1))
    with pytest.raises(IllegalMove):
        play(state, "p1", "PlaceCelebrity", train=0)
    state, _ = play(state, "p1", "DeclineCard")
    assert parts(state) == (("upgrade", 1, -1),)


def test_a_postcard_goes_under_a_free_route_card_and_doubles_its_bonus():
    state = pending(new_game().with_player("p1", route=("printed", "G2")), ("postcard", 1, -1))
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "PlacePostcard", route="printed")  # printed cities take no postcard
    assert err.value.code == "fc.postcard.no_free_route"
    state, _ = play(state, "p1", "PlacePostcard", route="G2")
    assert state.player("p1").postcards == ("G2",)
    scoring = to_scoring()
    seat = scoring.current()
    scoring = scoring.with_player(seat, route=("printed", "G2"), postcards=("G2",), loco=4)
    coins = sum(scoring.player(seat).coins)
    scoring, events = play(scoring, seat, "ClaimRouteBonus", city=3)  # G2: bonus 1 coin, doubled
    assert events[0].payload["times"] == 2 and parts(scoring) == (("coins", 2, -1),)
    scoring, _ = play(scoring, seat, "TakeCoins")
    assert sum(scoring.player(seat).coins) == coins + 2


def test_the_celebrity_may_wait_for_the_cards_own_new_car():
    """Rules text: "führe die Aktionen der Karte ganz / teilweise aus" leaves the order
    of a card's parts open, so the new car of gB1 may come first and take the
    celebrity ("legst Du sie halb unter den ersten freien ... Waggon") when every
    other car carries one already; declining is for a player without a free car."""
    state = new_game()
    state = state.__class__(**{**state.__dict__, "rows": (("gB1",),) + state.rows[1:]})
    state = with_trains(state, "p1", (("car", 1, True),), (("car", 0, True),))
    state, _ = play(state, "p1", "TakeCard", card="gB1", mode="actions")
    assert set(parts(state)) == {("car", 1, -1), ("celebrity", 1, -1)}
    listed = {c.type for c in GAME.legal_commands(state, "p1")}
    assert {"AttachCar", "DeclineCard"} <= listed and "PlaceCelebrity" not in listed
    state, _ = play(state, "p1", "AttachCar", train=1)
    state, events = play(state, "p1", "PlaceCelebrity", train=1)
    assert state.player("p1").trains[1] == (("car", 0, True), ("car", 0, True)) and parts(state) == ()
    assert GAME.open_actions(state, "p1") == []


def test_without_a_free_route_card_the_postcard_is_declined_for_an_upgrade():
    state = pending(new_game(), ("postcard", 1, -1))
    state, _ = play(state, "p1", "DeclineCard")
    assert parts(state) == (("upgrade", 1, -1),)
