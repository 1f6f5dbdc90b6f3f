"""Turn order (games/russian_railroads/turn_order.py): passing points, the turn-order
spaces, the reordering with its special case, the relocation, the last-round tile."""

from __future__ import annotations

from games.russian_railroads import turn_order

from .helpers import act, at_turn, confirm, decide, illegal_code, run_system, started, types


def pass_all(state):
    while state.phase == "actions":
        state = act(state, state.current, "Pass")
        state = confirm(state)
    return state


def test_passing_scores_the_turn_order_card():
    """Rules text: passing flips the turn-order card and scores its back (0/2/3/4)."""
    s = started(4)
    order = list(s.order)
    before = {seat: s.players[seat].vp for seat in order}
    s = pass_all(s)
    gained = [s.players[seat].vp - before[seat] for seat in order]
    assert gained == [0, 2, 3, 4]


def test_not_the_space_below_your_own_position():
    s = at_turn(4)  # p1 is first
    assert illegal_code(s, "p1", "PlaceWorkers", space="turn_order_1") == "rr.turn_order.own_position"
    assert types(decide(s, "p1", "PlaceWorkers", space="turn_order_2"))[0] == "WorkersPlaced"


def test_two_players_may_take_their_own_position():
    """Rules text (2 players): 'Die Spieler dürfen sich auch auf das Aktionsfeld unter ihrer
    aktuellen Position der Reihenfolgeleiste stellen.'  Only space 1 exists."""
    s = at_turn(2)
    assert types(decide(s, "p1", "PlaceWorkers", space="turn_order_1"))[0] == "WorkersPlaced"
    assert illegal_code(s, "p1", "PlaceWorkers", space="turn_order_2") == "rr.space.unavailable"


def test_reordering_others_slide_back():
    s = at_turn(4)
    order = list(s.order)  # p1 first
    last = order[3]
    s.occupied["turn_order_1"] = [last, 1, 0, False]
    assert turn_order.new_order(s) == [last] + order[:3]
    s.occupied["turn_order_2"] = [order[2], 1, 0, False]
    assert turn_order.new_order(s) == [last, order[2], order[0], order[1]]


def test_start_player_on_space_2_and_nobody_on_1_keeps_the_order():
    """Rules text, 'Sonderfall'."""
    s = at_turn(4)
    s.occupied["turn_order_2"] = ["p1", 1, 0, False]
    assert turn_order.new_order(s) == s.order
    assert turn_order.relocation_queue(s) == ["p1"]


def test_reorder_then_relocation_space_2_first_then_space_1():
    s = at_turn(4)
    order = list(s.order)
    s = act(s, "p1", "PlaceWorkers", space="turn_order_2")
    s = confirm(s)
    second = s.current
    s = act(s, second, "PlaceWorkers", space="turn_order_1")
    s = confirm(s)
    s = pass_all(s)
    assert s.phase == "reorder"
    s = run_system(s) if False else s
    import random

    from games.contract import SYSTEM, Command
    from games.russian_railroads import GAME

    events = GAME.decide(s, Command("ResolveTurnOrder", SYSTEM, {}), random.Random(0))
    assert events[0].payload["order"][:2] == [second, "p1"]
    assert events[0].payload["relocations"] == ["p1", second]
    for e in events:
        s = GAME.evolve(s, e)
    assert s.phase == "relocation" and s.current == "p1"
    # only spaces needing exactly one worker, no coins
    assert illegal_code(s, "p1", "Relocate", space="black_2w") == "rr.relocate.one_worker"
    assert illegal_code(s, "p1", "Relocate", space="joker") == "rr.relocate.one_worker"
    assert illegal_code(s, "p1", "Relocate", space="turn_order_1") == "rr.space.occupied"
    s = act(s, "p1", "Relocate", space="coins")
    assert "turn_order_2" not in s.occupied and s.occupied["coins"][0] == "p1"
    s = confirm(s)
    assert s.current == second
    s = act(s, second, "Relocate", space="rally")  # the bottom space is always available
    s = act(s, second, "AdvanceTrack", line="kiev", colour="black")
    s = confirm(s)
    assert s.phase == "scoring" and order


def test_relocation_may_be_skipped():
    s = at_turn(4)
    s = act(s, "p1", "PlaceWorkers", space="turn_order_2")
    s = confirm(s)
    s = pass_all(s)
    import random

    from games.contract import SYSTEM, Command
    from games.russian_railroads import GAME

    for e in GAME.decide(s, Command("ResolveTurnOrder", SYSTEM, {}), random.Random(0)):
        s = GAME.evolve(s, e)
    s = act(s, "p1", "SkipRelocation")
    s = confirm(s)
    assert s.phase == "scoring"


def test_one_turn_order_space_per_player():
    s = at_turn(4)
    s.occupied["turn_order_2"] = ["p1", 1, 0, False]
    s.occupied.pop("turn_order_1", None)
    s.order = ["p2", "p1", "p3", "p4"]
    assert illegal_code(s, "p1", "PlaceWorkers", space="turn_order_1") == "rr.turn_order.twice"


def test_last_round_tile_replaces_the_turn_order_spaces():
    """Rules text: in the last round the turn-order spaces are worthless; the tile offers
    3 industry steps instead."""
    s = at_turn(4)
    assert illegal_code(s, "p1", "PlaceWorkers", space="last_round") == "rr.space.unavailable"
    s.round = s.rounds
    assert illegal_code(s, "p1", "PlaceWorkers", space="turn_order_2") == "rr.space.unavailable"
    s.players["p1"].markers = [0, -1]
    s = act(s, "p1", "PlaceWorkers", space="last_round")
    assert [(i.kind, i.n) for i in s.pending] == [("industry", 3)]


def test_no_reorder_phase_without_turn_order_workers():
    s = started(3)
    s = pass_all(s)
    assert s.phase == "scoring"
    s = run_system(s)
    assert s.round == 2 and s.phase == "actions"
