"""Trains (rules text "Neue Waggon nehmen", "Einen Waggon aufwerten", "Der
Postwaggon", "Das LOK-Plättchen"): attaching 0-cars on the right, upgrades one
level at a time keeping the cars non-increasing from left to right, the post
wagon as 6th card, the LOK tile as 10th card."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.first_class import trains
from games.first_class.data import RULES

from .helpers import new_game, parts, pending, play, train, types, with_trains

#: the rules text's example: 12 - 7 - 7 - 4 - 1 - Postwaggon - 1 - 0 - 0 - Lok
EXAMPLE = train(12, 7, 7, 4, 1, "post", 1, 0, 0, "lok")


def test_the_rules_text_example_train_is_ordered_and_full():
    assert trains.is_ordered(EXAMPLE)
    assert len(EXAMPLE) == 10 and trains.has_lok(EXAMPLE)
    # "Liegt eine LOK an einem Zug, kann dieser nicht mehr länger werden"
    assert not trains.can_attach(EXAMPLE, RULES.supply)


def test_in_the_example_train_exactly_the_upgrades_the_rules_allow():
    # index: 0=12 1=7 2=7 3=4 4=1 5=post 6=1 7=0 8=0 9=LOK
    assert trains.upgradable(EXAMPLE, RULES.supply) == [1, 3, 4, 7]
    assert trains.upgrade_target(EXAMPLE, 0, RULES.supply) is None  # 12 is the top level
    assert trains.upgrade_target(EXAMPLE, 1, RULES.supply) == 12  # left of it a 12
    assert trains.upgrade_target(EXAMPLE, 2, RULES.supply) is None  # the leftmost 7 first
    assert trains.upgrade_target(EXAMPLE, 3, RULES.supply) == 7  # 4 -> 7, left is 7
    assert trains.upgrade_target(EXAMPLE, 6, RULES.supply) is None  # left of it (skipping the post) a 1
    assert trains.upgrade_target(EXAMPLE, 7, RULES.supply) == 1  # the first 0 -> 1
    assert trains.upgrade_target(EXAMPLE, 8, RULES.supply) is None  # leftmost of the equal 0s first


def test_the_upgrade_target_from_the_kept_candidates_is_the_walked_one():
    """``upgrade_target`` reads the candidates kept per train tuple: the same answer as
    walking the train by the rules text, for any train (ordered or not), car and supply."""
    import random

    rng = random.Random(26)
    kinds = sorted(set(RULES.kind_of_level.values()))
    for _ in range(20000):
        length = rng.randint(1, 10)
        cards = []
        for j in range(length):
            r = rng.random()
            if r < 0.08:
                cards.append(("post", "p1", False))
            elif r < 0.12 and j == length - 1:
                cards.append(("lok", 5, False))
            else:
                cards.append(("car", rng.choice(RULES.levels), rng.random() < 0.2))
        some = tuple(cards)
        supply = {kind: rng.randint(0, 2) for kind in kinds}
        for i in range(-1, length + 1):
            assert trains.upgrade_target(some, i, supply) == trains.upgrade_target_walked(some, i, supply)


def test_the_example_train_takes_upgrades_in_the_game():
    state = new_game()
    state = pending(with_trains(state, "p1", EXAMPLE), ("upgrade", 4, -1))
    state, events = play(state, "p1", "UpgradeCar", train=0, index=3)
    assert events[0].payload["from"] == 4 and events[0].payload["to"] == 7
    assert [c[1] for c in state.player("p1").trains[0]][:4] == [12, 7, 7, 7]
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "UpgradeCar", train=0, index=5)
    assert err.value.code == "fc.upgrade.not_a_car"  # post wagons cannot be upgraded
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "UpgradeCar", train=0, index=9)
    assert err.value.code == "fc.upgrade.not_a_car"
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "UpgradeCar", train=0, index=8)
    assert err.value.code == "fc.upgrade.leftmost"


def test_no_level_is_skipped_and_the_first_car_is_free():
    state = pending(with_trains(new_game(), "p1", train(0)), ("upgrade", 5, -1))
    seen = []
    for _ in range(5):
        state, events = play(state, "p1", "UpgradeCar", train=0, index=0)
        seen.append(events[0].payload["to"])
    assert seen == [1, 2, 4, 7, 12]  # "Keine der Stufen (0 - 1 - 2 - 4 - 7 - 12) überspringen", same car again is OK
    assert parts(state) == ()


def test_the_car_to_the_left_must_be_at_least_the_new_level():
    state = pending(with_trains(new_game(), "p1", train(2, 2, 1)), ("upgrade", 1, -1))
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "UpgradeCar", train=0, index=1)  # 2 -> 4 but left is 2
    assert err.value.code == "fc.upgrade.leftmost"
    state, _ = play(state, "p1", "UpgradeCar", train=0, index=2)  # 1 -> 2, left is 2
    assert [c[1] for c in state.player("p1").trains[0]] == [2, 2, 2]


def test_an_upgrade_swaps_car_cards_with_the_supply():
    state = pending(with_trains(new_game(), "p1", train(1)), ("upgrade", 1, -1))
    before = dict(state.supply)
    state, _ = play(state, "p1", "UpgradeCar", train=0, index=0)
    assert state.supply["0/1"] == before["0/1"] + 1 and state.supply["2/4"] == before["2/4"] - 1
    empty = pending(with_trains(new_game(), "p1", train(4)), ("upgrade", 1, -1))
    empty = type(empty)(**{**empty.__dict__, "supply": {**empty.supply, "7/12": 0}})
    with pytest.raises(IllegalMove) as err:
        play(empty, "p1", "UpgradeCar", train=0, index=0)
    assert err.value.code == "fc.upgrade.supply"


def test_new_cars_go_to_the_right_of_a_train_of_the_players_choice():
    state = pending(new_game(), ("car", 2, -1))
    state, _ = play(state, "p1", "AttachCar", train=1)
    state, _ = play(state, "p1", "AttachCar", train=0)
    assert [len(t) for t in state.player("p1").trains] == [2, 2]
    assert parts(state) == ()


def test_the_fifth_car_brings_a_post_wagon_of_the_players_choice_and_its_bonus():
    state = pending(with_trains(new_game(), "p1", train(4, 2, 1, 0)), ("car", 1, -1))
    state, events = play(state, "p1", "AttachCar", train=0)
    assert parts(state)[0] == ("post", 1, 0)  # mandatory, before anything else
    with pytest.raises(IllegalMove):
        play(state, "p1", "SkipEffect")
    coins_before = sum(state.player("p1").coins)
    state, events = play(state, "p1", "AttachPost", post="post_coins")
    assert types(events)[:2] == ["PostAttached", "EffectsQueued"]  # "Es gibt direkt einen Bonus"
    assert parts(state) == (("coins", 3, -1),)
    state, _ = play(state, "p1", "TakeCoins")
    assert sum(state.player("p1").coins) == coins_before + 3
    assert state.player("p1").trains[0][5] == ("post", "post_coins", False)
    assert "post_coins" not in state.player("p1").posts_left


def test_the_ninth_card_brings_the_top_lok_tile_as_tenth_card():
    state = pending(with_trains(new_game(), "p1", train(7, 4, 2, 1, 0, "post", 0, 0)), ("car", 1, -1))
    state, events = play(state, "p1", "AttachCar", train=0)
    assert "LokAttached" in types(events)
    assert state.player("p1").trains[0][-1] == ("lok", 5, False)  # 5 lies on top
    assert state.lok_tiles == (6, 7, 8, 12, 13, 14, 15)
    assert len(state.player("p1").trains[0]) == 10
    # the LOK tile's bonus (5: 2 coins) and upgrades still allowed on a finished train
    assert parts(state) == (("coins", 2, -1),)
    state, _ = play(state, "p1", "TakeCoins")
    assert sum(state.player("p1").coins) == 3
    state = pending(state, ("upgrade_or_car", 1, -1))
    assert not trains.can_attach(state.player("p1").trains[0], state.supply)
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "AttachCar", train=0)
    assert err.value.code == "fc.train.full"
    state, _ = play(state, "p1", "UpgradeCar", train=0, index=4)
    assert state.player("p1").trains[0][4] == ("car", 1, False)


def test_train_points_count_up_to_the_conductor():
    state = with_trains(new_game(), "p1", EXAMPLE, train(2, 1))
    state = state.with_player("p1", conductors=(4, 1))
    assert trains.train_points(state.player("p1")) == (12 + 7 + 7 + 4 + 1, 3)
    state = state.with_player("p1", conductors=(9, 0))
    assert trains.train_points(state.player("p1")) == (12 + 7 + 7 + 4 + 1 + 0 + 1 + 0 + 0 + 5, 2)
