"""Conductors (rules text "Der Schaffner bewegt sich", "Konstantinopel"): one car
per arrow, at most to the last card; stacked figures move both, a single figure is
split over one or two trains; the first three conductors on a LOK tile score."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.contract import IllegalMove
from games.first_class import GAME
from games.first_class.effects import apply, begin

from .helpers import new_game, parts, pending, play, train, with_trains


def test_stacked_conductors_move_both_trains_at_most_to_the_last_card():
    state = with_trains(new_game(), "p1", train(2, 1, 0, 0), train(1, 0))
    b = begin(state)
    apply(b, "p1", [("conductors", 2)])
    state = replace(b.state, took=True)
    # one part per train, each walked (or left) on its own
    assert parts(state) == (("own_conductor", 2, 0), ("own_conductor", 2, 1))
    listed = {(c.args["train"], c.args["steps"]) for c in GAME.legal_commands(state, "p1") if c.type == "MoveConductor"}
    assert listed == {(0, 1), (0, 2), (1, 1)}  # train 2 has one car to go
    state, _ = play(state, "p1", "MoveConductor", train=0, steps=2)
    state, _ = play(state, "p1", "MoveConductor", train=1, steps=1)
    assert state.player("p1").conductors == (2, 1)
    assert parts(state) == (("own_conductor", 1, 1),)  # the step beyond the last card is lost at the confirm


def test_a_single_conductor_is_split_over_the_trains():
    state = with_trains(new_game(), "p1", train(2, 1, 0, 0), train(1, 0, 0))
    state = pending(state, ("conductor", 3, -1))
    state, _ = play(state, "p1", "MoveConductor", train=0, steps=1)
    assert parts(state) == (("conductor", 2, -1),)
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "MoveConductor", train=1, steps=3)
    assert err.value.code == "fc.conductor.steps"
    state, _ = play(state, "p1", "MoveConductor", train=1, steps=2)
    assert state.player("p1").conductors == (1, 2) and parts(state) == ()


def test_a_conductor_cannot_go_beyond_the_last_car():
    state = pending(new_game(), ("conductor", 2, -1))
    with pytest.raises(IllegalMove):
        play(state, "p1", "MoveConductor", train=0, steps=1)


def test_the_first_three_conductors_on_a_lok_tile_score_10_6_3_and_one_player_may_hold_two():
    full = train(7, 4, 2, 1, 0, "post", 0, 0, 0, "lok")
    state = new_game(3)
    for seat in state.seats:
        state = with_trains(state, seat, full, full).with_player(seat, conductors=(8, 8))
    events = []
    for seat, t in (("p2", 0), ("p2", 1), ("p1", 0), ("p1", 1), ("p3", 0)):
        state = replace(state, turn=state.seats.index(seat))
        state = pending(state, ("own_conductor", 1, t))
        state, new = play(state, seat, "MoveConductor", train=t, steps=1)
        events += new
    assert state.constantinople == ("p2", "p2", "p1")
    assert [e.payload["vp"] for e in events if e.type == "ConstantinopleReached"] == [10, 6, 3]
    assert state.player("p2").vp == 16 and state.player("p1").vp == 3 and state.player("p3").vp == 0


def test_a_conductor_standing_on_a_post_wagon_scores_zero_for_it():
    state = with_trains(new_game(), "p1", train(4, 2, 1, 1, 0, "post"))
    state = state.with_player("p1", conductors=(5, 0))
    from games.first_class import trains
    assert trains.train_points(replace(state.player("p1")))[0] == 4 + 2 + 1 + 1 + 0
