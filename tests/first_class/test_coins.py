"""The coin grid (rules text "Die Funktionen der Münzen"): 12 fields filled
column by column from field 1 without gaps, coins that find no field are lost,
one coin gives its column's action or 1 point, 4 coins an end-game card."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.first_class import coins
from games.first_class.effects import begin, gain_coins

from .helpers import new_game, pending, play, types, parts


def grid(*fields: int) -> tuple[bool, ...]:
    return coins.set_fields(coins.empty_grid(), list(fields), True)


def test_every_player_starts_with_one_coin_on_field_1():
    state = new_game(3)
    assert all(p.coins == grid(1) for p in state.players.values())


def test_new_coins_fill_the_empty_fields_from_field_1_without_gaps():
    assert coins.fields_for(grid(1, 2, 4, 7), 3) == [3, 5, 6]


def test_coins_beyond_12_are_lost():
    state = new_game().with_player("p1", coins=grid(*range(1, 11)))
    b = begin(state)
    gain_coins(b, "p1", 5)
    assert b.events[0].payload["fields"] == [11, 12] and b.events[0].payload["lost"] == 3
    assert coins.count(b.state.player("p1").coins) == 12


@pytest.mark.parametrize("field,step", [(1, "car"), (5, "car"), (6, "loco_or_conductor"), (10, "loco_or_conductor"),
                                        (11, "upgrade"), (12, "upgrade")])
def test_one_coin_gives_the_action_of_its_column(field, step):
    state = new_game().with_player("p1", coins=grid(field))
    state, events = play(state, "p1", "SpendCoin", field=field, use="action")
    assert parts(state)[0] == (step, 1, -1)
    assert state.player("p1").coins == coins.empty_grid()


def test_column_2_moves_the_locomotive_or_a_conductor():
    state = new_game().with_player("p1", coins=grid(6, 7))
    state, _ = play(state, "p1", "SpendCoin", field=6, use="action")
    state, _ = play(state, "p1", "MoveLoco")
    assert state.player("p1").loco == 1 and state.player("p1").vp == 1  # the first printed city: 1 point
    state = state.with_player("p1", trains=(state.player("p1").trains[0] + (("car", 0, False),),
                                            state.player("p1").trains[1]))
    state, _ = play(state, "p1", "SpendCoin", field=7, use="action")
    state, _ = play(state, "p1", "MoveConductor", train=0, steps=1)
    assert state.player("p1").conductors == (1, 0) and parts(state) == ()


def test_one_coin_for_one_point_and_only_from_an_occupied_field():
    state = new_game()
    state, _ = play(state, "p1", "SpendCoin", field=1, use="vp")
    assert state.player("p1").vp == 1 and coins.count(state.player("p1").coins) == 0
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "SpendCoin", field=1, use="vp")
    assert err.value.code == "fc.coin.empty"


def test_coins_may_be_spent_before_and_after_taking_the_card():
    state = new_game().with_player("p1", coins=grid(1, 2))
    state, _ = play(state, "p1", "SpendCoin", field=2, use="vp")
    state, _ = play(state, "p1", "TakeCard", card=state.rows[0][0], mode="upgrade")
    state, _ = play(state, "p1", "SpendCoin", field=1, use="vp")
    assert state.player("p1").vp == 2


def test_no_coin_spending_while_a_post_wagon_must_be_chosen():
    state = pending(new_game().with_player("p1", coins=grid(1)), ("post", 1, 0))
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "SpendCoin", field=1, use="vp")
    assert err.value.code == "fc.step.mandatory"


def test_four_coins_buy_a_face_up_end_game_card_and_the_display_is_refilled():
    state = new_game().with_player("p1", coins=grid(1, 2, 3, 6, 11))
    card = state.end_display[1]
    deck_top = state.end_deck[0]
    state, events = play(state, "p1", "BuyEndCard", card=card)
    assert types(events)[:2] == ["EndCardBought", "EndCardRevealed"]
    assert events[1].barrier  # a new card is revealed
    assert card in state.player("p1").end_cards
    assert deck_top in state.end_display and len(state.end_display) == 4
    assert coins.count(state.player("p1").coins) == 1
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "BuyEndCard", card=state.end_display[0])
    assert err.value.code == "fc.endcard.coins"
