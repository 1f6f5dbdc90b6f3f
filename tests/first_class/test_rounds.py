"""Rounds and turns (rules text "Jede Runde ist wie folgt vorzubereiten", "Ablauf
eines Spielzuges", "Eine Reihe abräumen", "Startspieler-Plättchen", "Rundenende")."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.contract import SYSTEM, Command, IllegalMove
from games.first_class import GAME
from games.first_class.data import RULES

from .helpers import confirm, do_all, fold, new_game, parts, play, types


def finish_round(state):
    """Every seat takes the first card of the first row (forgoing it) and upgrades."""
    while state.phase == "play":
        seat = state.current()
        card = next(c for row in state.rows for c in row)
        state, _ = play(state, seat, "TakeCard", card=card, mode="upgrade")
        state, _ = play(state, seat, "SkipEffect")
        state = confirm(state, seat)
    return state


def test_round_one_deals_18_cards_of_stack_1_in_3_rows():
    state = new_game(2)
    assert state.round == 1
    assert [len(r) for r in state.rows] == [6, 6, 6]
    assert {RULES.cards[c].stack for r in state.rows for c in r} == {1}
    assert len(state.stacks["1"]) == 40 - 18


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_has_three_turns_then_the_next_round_from_the_right_stack(players):
    state = new_game(players)
    for round_ in range(1, 7):
        assert state.round == round_
        assert {RULES.cards[c].stack for r in state.rows for c in r} == {RULES.round_stack[round_]}
        turns = []
        while state.phase == "play":
            turns.append(state.current())
            seat = state.current()
            card = next(c for row in state.rows for c in row)
            state, _ = play(state, seat, "TakeCard", card=card, mode="upgrade")
            state = confirm(state, seat)
        assert len(turns) == 3 * players and all(turns.count(s) == 3 for s in state.seats)
        if state.phase == "scoring":
            assert round_ in (2, 4, 6)
            while state.phase == "scoring":
                seat = state.current()
                state, _ = play(state, seat, "ScoreTrains")
                state = confirm(state, seat)
        if state.phase == "deal":
            state = fold(GAME.decide(state, Command("DealRound", SYSTEM, {}), random.Random(0)), state)
    assert state.phase == "final"


def test_a_row_is_cleared_after_as_many_cards_as_players():
    state = new_game(2)
    row0 = state.rows[0]
    state, _ = play(state, "p1", "TakeCard", card=row0[2], mode="upgrade")
    assert len(state.rows[0]) == 5
    state = confirm(state, "p1")
    state, events = play(state, "p2", "TakeCard", card=row0[0], mode="upgrade")
    assert "RowCleared" in types(events)
    assert state.rows[0] == ()
    assert set(row0[1:2] + row0[3:]) <= set(state.discarded)


def test_only_one_card_per_turn_and_only_on_ones_own_turn():
    state = new_game(2)
    card = state.rows[1][0]
    with pytest.raises(IllegalMove) as err:
        play(state, "p2", "TakeCard", card=card, mode="actions")
    assert err.value.code == "fc.turn.not_yours"
    state, _ = play(state, "p1", "TakeCard", card=card, mode="upgrade")
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "TakeCard", card=state.rows[1][0], mode="upgrade")
    assert err.value.code == "fc.take.once"
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "TakeStartTile")
    assert err.value.code == "fc.take.once"
    with pytest.raises(IllegalMove):
        play(new_game(2), "p1", "TakeCard", card="nope", mode="upgrade")


def test_forgoing_a_card_gives_one_upgrade_or_a_0_car_and_it_still_counts_for_its_type():
    state = new_game(2)
    card = state.rows[0][0]
    state, events = play(state, "p1", "TakeCard", card=card, mode="upgrade")
    assert parts(state) == (("upgrade_or_car", 1, -1),)
    assert types(events) == ["CardTaken", "EffectsQueued"]  # none of the card's own actions
    assert state.player("p1").taken == (card,)
    state, _ = play(state, "p1", "AttachCar", train=1)
    assert len(state.player("p1").trains[1]) == 2 and parts(state) == ()


def test_the_start_tile_bonus_removes_the_leftmost_card_of_the_top_row_and_makes_the_next_start_player():
    state = new_game(3)
    state, _ = play(state, "p1", "TakeCard", card=state.rows[0][0], mode="upgrade")
    state = confirm(state, "p1")
    top_left = state.rows[0][0]
    coins = sum(state.player("p2").coins)
    state, events = play(state, "p2", "TakeStartTile")
    assert events[0].payload == {"seat": "p2", "position": 2, "row": 0, "removed": top_left}
    assert top_left in state.discarded and top_left not in state.rows[0]
    assert state.row_taken[0] == 1  # the removed card does not count for clearing (stand-in)
    state = do_all(state, "p2")
    assert sum(state.player("p2").coins) == coins + 2  # position 2: 2 coins (stand-in)
    state = confirm(state, "p2")
    with pytest.raises(IllegalMove) as err:
        play(state, "p3", "TakeStartTile")
    assert err.value.code == "fc.tile.taken"
    state = finish_round(state)
    assert state.seats[state.start] == "p2"  # the holder starts round 2
    assert state.order() == ("p2", "p3", "p1")


@pytest.mark.parametrize("position,coins,cars", [(1, 1, 0), (2, 2, 0), (3, 1, 1), (4, 2, 1)])
def test_the_start_tile_bonus_depends_on_the_position(position, coins, cars):
    state = new_game(4)
    state = replace(state, turn=position - 1)
    seat = state.current()
    state, _ = play(state, seat, "TakeStartTile")
    assert parts(state) == (("coins", coins, -1),) + ((("car", 1, -1),) if cars else ())
    state = do_all(state, seat)
    assert sum(state.player(seat).coins) == 1 + coins
    assert parts(state) == ((("car", 1, -1),) if cars else ())


def test_the_current_start_player_may_take_the_tile_and_stays_start_player():
    state = new_game(2)
    state, _ = play(state, "p1", "TakeStartTile")
    state = finish_round(confirm(state, "p1"))
    assert state.seats[state.start] == "p1"


def test_without_a_taker_the_start_player_stays_and_leftover_cards_leave_at_round_end():
    state = finish_round(new_game(2))
    assert state.seats[state.start] == "p1"
    left = [c for r in state.rows for c in r]
    state = fold(GAME.decide(state, Command("DealRound", SYSTEM, {}), random.Random(0)), state)
    assert set(left) <= set(state.discarded)
    assert state.round == 2 and state.tile_holder is None


def test_dealing_is_an_undo_barrier_and_system_work():
    state = finish_round(new_game(2))
    assert GAME.status(state).pending_system == ("DealRound",)
    events = GAME.decide(state, Command("DealRound", SYSTEM, {}), random.Random(0))
    assert events[0].barrier
    with pytest.raises(IllegalMove):
        GAME.decide(new_game(2), Command("DealRound", SYSTEM, {}), random.Random(0))


def test_a_card_may_be_done_in_part():
    """ "ENTWEDER führe die Aktionen der Karte ganz / teilweise aus": 1 new car + 1 upgrade, only the car."""
    card = next(c.id for c in RULES.cards.values() if c.effects == (("car", 1), ("upgrade", 1)))
    state = new_game(2)
    state = replace(state, rows=((card,),) + state.rows[1:])
    state, _ = play(state, "p1", "TakeCard", card=card, mode="actions")
    assert parts(state) == (("car", 1, -1), ("upgrade", 1, -1))
    state, _ = play(state, "p1", "AttachCar", train=0)
    assert GAME.open_actions(state, "p1")[0].mandatory is False  # the upgrade may lapse
    state, _ = play(state, "p1", "SkipEffect")
    assert parts(state) == () and len(state.player("p1").trains[0]) == 2


def test_every_part_of_a_card_may_be_done_or_forgone_in_any_order():
    """Rules text: "ENTWEDER führe die Aktionen der Karte ganz / teilweise aus": coins,
    points, locomotive steps and the steps of both conductors are parts like the
    others, none applied before the player chooses; r13 (both conductors 2 steps + 1
    upgrade) in the order upgrade, train 2's conductor 1 step, train 1's left out."""
    state = new_game(2)
    state = replace(state, rows=(("r13",),) + state.rows[1:])
    state = state.with_player("p1", trains=((("car", 2, False), ("car", 1, False), ("car", 0, False)),
                                            (("car", 1, False), ("car", 0, False), ("car", 0, False))))
    before = state.player("p1")
    state, events = play(state, "p1", "TakeCard", card="r13", mode="actions")
    assert types(events) == ["CardTaken", "EffectsQueued"] and state.player("p1").conductors == before.conductors
    assert parts(state) == (("own_conductor", 2, 0), ("own_conductor", 2, 1), ("upgrade", 1, -1))
    assert all(not a.mandatory and "SkipEffect" in a.commands for a in GAME.open_actions(state, "p1"))
    state, _ = play(state, "p1", "UpgradeCar", train=1, index=0)  # the last part first
    state, _ = play(state, "p1", "MoveConductor", train=1, steps=1)  # part of a part
    assert parts(state) == (("own_conductor", 2, 0), ("own_conductor", 1, 1))
    state, _ = play(state, "p1", "SkipEffect", kind="own_conductor", train=0)
    assert state.player("p1").conductors == (0, 1) and parts(state) == (("own_conductor", 1, 1),)
    state, _ = play(state, "p1", "SkipEffect", kind="own_conductor", train=1)
    assert parts(state) == () and GAME.open_actions(state, "p1") == []


def test_coins_points_and_locomotive_steps_of_a_card_wait_for_the_player():
    """g19: locomotive 1 step + 2 coins -- the coins first, the step may be declined."""
    state = new_game(2)
    state = replace(state, rows=(("g19",),) + state.rows[1:])
    state, _ = play(state, "p1", "TakeCard", card="g19", mode="actions")
    assert parts(state) == (("loco", 1, -1), ("coins", 2, -1)) and state.player("p1").loco == 0
    state, events = play(state, "p1", "TakeCoins")
    assert types(events) == ["CoinsGained"] and sum(state.player("p1").coins) == 3
    state, _ = play(state, "p1", "SkipEffect", kind="loco")
    assert state.player("p1").loco == 0 and parts(state) == ()
