"""The coin grid (rules text "Die Funktionen der Münzen"): 12 fields filled
column by column from field 1 without gaps, coins that find no field are lost,
one coin gives its column's action or 1 point, 4 coins an end-game card."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.first_class import GAME, coins
from games.first_class.effects import begin, gain_coins

from .helpers import new_game, parts, pending, play, types


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


def test_four_coins_buy_a_face_up_end_game_card_and_its_action_comes_at_once():
    state = new_game().with_player("p1", coins=grid(1, 2, 3, 6, 11))
    card = state.end_display[1]
    state, events = play(state, "p1", "BuyEndCard", card=card, columns=[1, 1, 1, 2])
    assert types(events) == ["EndCardBought", "EffectsQueued"]  # the card's action, to be done now
    assert card in state.player("p1").end_cards and card not in state.end_display
    assert state.player("p1").coins == grid(11)
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "BuyEndCard", card=state.end_display[0])
    assert err.value.code == "fc.endcard.coins"


def test_the_player_chooses_which_columns_pay_for_an_end_game_card():
    """Rules text: "Spalten beliebig: Für 4 Münzen kannst Du 1 offene Spielende-Karte
    nehmen" -- any columns pay; the column-3 coins (an upgrade each) need not go
    when column-1 coins can pay, and that is the first (default) choice."""
    state = new_game().with_player("p1", coins=grid(1, 2, 3, 4, 6, 11, 12))
    card = state.end_display[0]
    buys = [c.args["columns"] for c in GAME.legal_commands(state, "p1")
            if c.type == "BuyEndCard" and c.args["card"] == card]
    assert buys[0] == [1, 1, 1, 1]
    # each distinct mix of columns once (fields within a column are alike), not every set of fields
    assert sorted(map(tuple, buys)) == sorted(coins.payments(state.player("p1").coins, 4))
    assert len(buys) == len(set(map(tuple, buys))) == 6  # of 35 sets of 4 fields among 7 coins
    assert [1, 1, 3, 3] in buys and [2, 3, 3, 1] not in buys
    kept_upgrades, _ = play(state, "p1", "BuyEndCard", card=card, columns=[1, 1, 1, 1])
    assert kept_upgrades.player("p1").coins == grid(6, 11, 12)
    spent_upgrades, events = play(state, "p1", "BuyEndCard", card=card, columns=[3, 1, 3, 2])
    assert spent_upgrades.player("p1").coins == grid(1, 2, 3)
    assert events[0].payload["columns"] == [1, 2, 3, 3]
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "BuyEndCard", card=card, columns=[2, 2, 1, 1])  # one coin in column 2
    assert err.value.code == "fc.endcard.columns"
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "BuyEndCard", card=card, columns=[1, 1])
    assert err.value.code == "fc.args.columns"
