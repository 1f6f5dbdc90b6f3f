"""Scoring phases after rounds 2, 4 and 6 (rules text "Wertungs-Phase"): from the
new start player each player takes the route bonuses (wholly or partly), may spend
coins and fulfil contracts, then scores the trains up to the conductors."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.first_class import GAME, route

from .helpers import confirm, new_game, play, train, with_trains
from .test_rounds import finish_round


def to_scoring(players: int = 2):
    state = new_game(players)
    import random

    from games.contract import SYSTEM, Command

    from .helpers import fold
    state = finish_round(state)
    state = fold(GAME.decide(state, Command("DealRound", SYSTEM, {}), random.Random(0)), state)
    return finish_round(state)


def test_after_round_2_comes_a_scoring_phase_from_the_new_start_player():
    state = new_game(3)
    state, _ = play(state, "p1", "TakeCard", card=state.rows[0][0], mode="upgrade")
    state = confirm(state, "p1")
    state, _ = play(state, "p2", "TakeCard", card=state.rows[0][0], mode="upgrade")
    state = confirm(state, "p2")
    state, _ = play(state, "p3", "TakeStartTile")
    state = confirm(state, "p3")
    state = finish_round(state)
    assert state.phase == "deal"  # no scoring after round 1
    import random

    from games.contract import SYSTEM, Command

    from .helpers import fold
    state = fold(GAME.decide(state, Command("DealRound", SYSTEM, {}), random.Random(0)), state)
    state = finish_round(state)
    assert state.phase == "scoring" and state.scoring_order == ("p3", "p1", "p2")
    assert GAME.status(state).to_move == ("p3",)


def test_scoring_the_trains_is_mandatory_and_ends_the_scoring_turn():
    state = to_scoring()
    seat = state.current()
    state = with_trains(state, seat, train(4, 2, 1), train(7, 0)).with_player(seat, conductors=(1, 0))
    assert any(a.mandatory and a.key == "fc.open.score_trains" for a in GAME.open_actions(state, seat))
    vp = state.player(seat).vp
    state, events = play(state, seat, "ScoreTrains")
    assert events[0].payload["trains"] == [6, 7] and state.player(seat).vp == vp + 13
    assert GAME.legal_commands(state, seat) == [] and GAME.open_actions(state, seat) == []
    with pytest.raises(IllegalMove) as err:
        play(state, seat, "SpendCoin", field=1, use="vp")
    assert err.value.code == "fc.scoring.done"


def test_route_bonuses_are_taken_at_every_scoring_once_each():
    state = to_scoring()
    seat = state.current()
    state = state.with_player(seat, loco=3)  # passed the printed bonus city (1 coin)
    assert route.bonus_cities(state.player(seat)) == [1]
    coins = sum(state.player(seat).coins)
    state, _ = play(state, seat, "ClaimRouteBonus", city=1)
    state, _ = play(state, seat, "TakeCoins")
    assert sum(state.player(seat).coins) == coins + 1
    with pytest.raises(IllegalMove) as err:
        play(state, seat, "ClaimRouteBonus", city=1)
    assert err.value.code == "fc.route.claimed"
    with pytest.raises(IllegalMove) as err:
        play(state, seat, "ClaimRouteBonus", city=0)  # a points city
    assert err.value.code == "fc.route.not_reached"


def test_a_bonus_city_reached_during_the_scoring_counts_at_once():
    state = to_scoring()
    seat = state.current()
    state = state.with_player(seat, loco=1, coins=(True,) * 6 + (False,) * 6)
    with pytest.raises(IllegalMove):
        play(state, seat, "ClaimRouteBonus", city=1)
    state, _ = play(state, seat, "SpendCoin", field=6, use="action")
    state, _ = play(state, seat, "MoveLoco")
    state, _ = play(state, seat, "ClaimRouteBonus", city=1)
    assert 1 in state.player(seat).claimed


def test_route_bonuses_are_optional():
    state = to_scoring()
    seat = state.current()
    state = state.with_player(seat, loco=3)
    state, _ = play(state, seat, "ScoreTrains")
    assert state.scored


def test_after_the_third_scoring_the_final_scoring_is_system_work():
    state = to_scoring()
    state = state.__class__(**{**state.__dict__, "round": 6})
    for _ in state.seats:
        seat = state.current()
        state, _ = play(state, seat, "ScoreTrains")
        state = confirm(state, seat)
    assert state.phase == "final" and GAME.status(state).pending_system == ("FinishGame",)


def test_a_route_bonus_is_taken_whole_before_the_next_city_in_any_order_of_cities():
    """Rules text (Wertungs-Phase 1): "kann man ganz/teilweise nehmen"; "Die Reihenfolge
    der Bonus-Nutzung ist egal, allerdings ist jeder Bonus bei Auswahl einer Stadt direkt
    zu nehmen und nicht häppchenweise." G3's upgrade city first, then the printed coin
    city; the upgrade is left out, but only before the next city is chosen."""
    from .helpers import parts
    state = to_scoring()
    seat = state.current()
    state = state.with_player(seat, route=("printed", "G3"), loco=5)  # P1 B(coin) P2 | P1 B(upgrade)
    assert route.bonus_cities(state.player(seat)) == [1, 4]
    state, _ = play(state, seat, "ClaimRouteBonus", city=4)
    assert parts(state) == (("upgrade", 1, -1),)
    assert not [c for c in GAME.legal_commands(state, seat) if c.type == "ClaimRouteBonus"]
    with pytest.raises(IllegalMove) as err:
        play(state, seat, "ClaimRouteBonus", city=1)
    assert err.value.code == "fc.route.one_at_a_time"
    state, _ = play(state, seat, "SkipEffect", kind="upgrade")
    state, _ = play(state, seat, "ClaimRouteBonus", city=1)
    assert parts(state) == (("coins", 1, -1),)
