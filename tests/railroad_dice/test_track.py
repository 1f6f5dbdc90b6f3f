"""Laying track: the one line, edge, water, touching, dead ends, mountain and lake surcharges
(rules text, "AKTION: SCHIENEN LEGEN")."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove

from .helpers import GAME, dice_total, fresh, give, lay_tile, put, run

N, E, S, W = 0, 1, 2, 3


def test_a_straight_continues_the_line_and_uses_a_straight_die_first():
    s = give(fresh(), "p1", straight=1)
    s, events = run(s, "p1", "PlaceTrack", end="A", via=N, exit=N)
    assert events[0].payload["dice"] == {"straight": 1, "curve": 0, "question": 0}
    assert s.boards["0,0"]["2,3"] == {"kind": "straight", "sides": [S, N]}
    assert s.ends["A"] == {"pos": "0,0", "field": [2, 3], "dirs": [N]}
    assert dice_total(s) == 40


def test_a_curve_turns_and_a_question_die_stands_in_for_a_missing_face():
    s, events = run(fresh(), "p1", "PlaceTrack", end="B", via=S, exit=E)
    assert events[0].payload["dice"] == {"straight": 0, "curve": 0, "question": 1}
    assert s.boards["0,0"]["4,3"]["kind"] == "curve" and s.ends["B"]["dirs"] == [E]


def test_track_only_with_dice_in_front():
    s = fresh()
    s.front["p1"]["question"] = 0
    s.screen["p1"] = 4
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "PlaceTrack", end="A", via=N, exit=N)
    assert e.value.code == "rd.track.dice"


def test_only_at_the_two_ends_of_the_line():
    with pytest.raises(IllegalMove) as e:
        run(fresh(), "p1", "PlaceTrack", end="A", via=E, exit=E)
    assert e.value.code == "rd.track.via"


def test_no_track_pointing_at_the_edge_without_connecting():
    s = fresh()
    for r in (2, 1):
        put(s, "0,0", r, 3)
    s.ends["A"]["field"] = [1, 3]
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "PlaceTrack", end="A", via=N, exit=N)
    assert e.value.code == "rd.track.edge"


def test_no_track_touching_other_track():
    s = fresh()
    put(s, "0,0", 1, 3)  # a stray die: the line may not lead into it
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "PlaceTrack", end="A", via=N, exit=N)
    assert e.value.code == "rd.track.touch"


def test_dead_end_pocket_is_refused_even_when_the_field_is_free():
    s = fresh()
    for r, c in ((1, 2), (2, 1), (3, 2), (1, 3), (2, 4)):
        put(s, "0,0", r, c)
    # (2,3) is reached from the start; going west to (2,2): neighbours (1,2), (2,1), (3,2) are track.
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "PlaceTrack", end="A", via=N, exit=W)
    assert e.value.code == "rd.track.dead_end"


def lake_start():
    """End A on a lake tile at (1,0), coming from the south on column 3, south of the lake."""
    s = fresh()
    lay_tile(s, "0,-1", "lake", 0, board=True)
    s.ends["A"] = {"pos": "0,-1", "field": [6, 3], "dirs": [N]}
    put(s, "0,-1", 6, 3)
    return s


def test_no_track_pointing_into_water_without_a_bridge():
    s = lake_start()
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "PlaceTrack", end="A", via=N, exit=N)  # (5,3) leads to (4,3): water
    assert e.value.code == "rd.track.water"


def test_a_bridge_costs_two_dice_and_must_reach_land_in_the_same_command():
    s = give(lake_start(), "p1", straight=5)
    s.screen["p1"] = 1
    s.bank -= 1
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuildBridge", end="A", via=N, exits=[N, N, N], pay={"screen": 1, "question": 1})
    assert e.value.code == "rd.track.water"  # ends pointing at (2,3), still water
    s2, events = run(s, "p1", "BuildBridge", end="A", via=N, exits=[N, N, N, N], pay={"screen": 1, "question": 1})
    assert len(events[0].payload["pieces"]) == 4 and events[0].payload["bridge"]
    assert s2.ends["A"]["field"] == [2, 3] and s2.screen["p1"] == 0
    assert dice_total(s2) == 40
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuildBridge", end="A", via=N, exits=[N, N, N, N], pay={"screen": 1})
    assert e.value.code == "rd.pay.amount"


def mountain_start():
    s = fresh()
    lay_tile(s, "0,-1", "mountain2", 0, board=True)
    s.ends["A"] = {"pos": "0,-1", "field": [6, 0], "dirs": [N]}
    put(s, "0,-1", 6, 0)
    return s


def test_mountain_surcharge_once_per_mountain_per_turn():
    s = give(mountain_start(), "p1", straight=4)
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "PlaceTrack", end="A", via=N, exit=N)
    assert e.value.code == "rd.pay.amount"
    s, events = run(s, "p1", "PlaceTrack", end="A", via=N, exit=N, pay={"question": 1})
    assert events[0].payload["mountains"] == ["0,-1"]
    s, events = run(s, "p1", "PlaceTrack", end="A", via=N, exit=N)  # same mountain, same turn: free
    assert events[0].payload["mountains"] == [] and events[0].payload["pay"] == {"screen": 0, "question": 0}


def test_mountain_surcharge_again_next_turn():
    from .helpers import confirm

    s = give(mountain_start(), "p1", straight=2)
    s, _ = run(s, "p1", "PlaceTrack", end="A", via=N, exit=N, pay={"question": 1})
    s = confirm(s, "p1")
    s = give(s, "p2", straight=1)
    with pytest.raises(IllegalMove) as e:
        run(s, "p2", "PlaceTrack", end="A", via=N, exit=N)
    assert e.value.code == "rd.pay.amount"


def test_legal_list_holds_only_commands_decide_accepts():
    s = give(lake_start(), "p1", straight=3, curve=2)
    s.screen["p1"] = 2
    s.bank -= 2
    legal = GAME.legal_commands(s, "p1")
    assert any(c.type == "BuildBridge" for c in legal)
    for command in legal:
        run(s, "p1", command.type, **command.args)


def test_text_mountain_paid_once_even_when_the_line_leaves_it_and_returns():
    """"Es wird selbst dann keine zusätzliche Zahlung notwendig, wenn die Schienenstrecke
    zwischenzeitlich im selben Zug den Berg verlässt und dann wieder darauf zurückgeführt wird."
    On the two-sided mountain tile: onto the mountain (paid), off onto the meadow, back on."""
    s = fresh()
    lay_tile(s, "0,-1", "mountain2", 0, board=True)
    s.ends["A"] = {"pos": "0,-1", "field": [6, 2], "dirs": [W]}
    put(s, "0,-1", 6, 2, sides=(E, W))
    s = give(s, "p1", straight=4, curve=4)
    s, events = run(s, "p1", "PlaceTrack", end="A", via=W, exit=N, pay={"question": 1})
    assert events[0].payload["mountains"] == ["0,-1"]
    grounds = []
    for via, exit in ((N, N), (N, E), (E, E), (E, N), (N, W), (W, W), (W, N)):
        s, events = run(s, "p1", "PlaceTrack", end="A", via=via, exit=exit)
        assert events[0].payload["pay"] == {"screen": 0, "question": 0}
        grounds.append(events[0].payload["pieces"][0]["ground"])
    assert grounds == ["mountain", "mountain", "meadow", "meadow", "meadow", "meadow", "mountain"]


def test_the_listed_track_pieces_are_those_place_track_accepts():
    """The legal list checks a piece's fields itself (legal._lays, once per field entered):
    at every position of random games, the exits it lists from each end are the exits
    ``place_track`` accepts, dice aside."""
    from games.railroad_dice.legal import _lays
    from games.railroad_dice.track import place_track

    from .helpers import play_out

    checked = 0

    def same(t):
        nonlocal checked
        s = t.state
        if s.phase != "play":
            return
        for end, e in s.ends.items():
            for via in e["dirs"]:
                listed = [args["exit"] for type_, args, *_ in _lays(s, end, via) if type_ == "PlaceTrack"]
                accepted = []
                for x in range(4):
                    try:
                        place_track(s, end, via, x)
                    except IllegalMove:
                        continue
                    accepted.append(x)
                assert listed == accepted, (end, via)
                checked += len(accepted)

    play_out(3, "lays", check=same)
    assert checked > 100
