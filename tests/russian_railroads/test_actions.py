"""Placing workers and spending gained actions (actions.py, decide.py, submoves.py):
costs, coins for workers, temporary and black workers, the rally space, mandatory vs
optional actions, free ordering, malformed commands."""

from __future__ import annotations

import random

import pytest

from games.contract import Command, IllegalMove
from games.russian_railroads import GAME
from games.russian_railroads.items import Item
from games.russian_railroads.legal import has_mandatory

from .helpers import act, at_turn, confirm, decide, illegal_code, player, types


def test_exact_worker_count_and_coins_replace_workers():
    """Rules text: exactly the printed number of workers; 'Münzen können Arbeiter ersetzen.
    Arbeiter können umgekehrt keine Münzen ersetzen.'"""
    s = at_turn()
    player(s).coins = 3
    s2 = act(s, "p1", "PlaceWorkers", space="black_2w", coins=1)
    p = s2.players["p1"]
    assert (p.free, p.coins) == (4, 2)
    assert s2.occupied["black_2w"] == ["p1", 1, 1, False]
    assert illegal_code(s, "p1", "PlaceWorkers", space="black_2w", coins=3) == "rr.cost.coins"


def test_not_enough_workers():
    s = at_turn()
    p = player(s)
    p.free, p.coins = 1, 0
    assert illegal_code(s, "p1", "PlaceWorkers", space="loco_3w") == "rr.cost.workers"


def test_joker_needs_a_worker_and_a_coin():
    """Rules text: 'muss der Spieler einen Arbeiter darauf stellen und zusätzlich eine Münze bezahlen'."""
    s = at_turn()
    player(s).coins = 0
    assert illegal_code(s, "p1", "PlaceWorkers", space="joker") == "rr.cost.coins"
    player(s).coins = 1
    s = act(s, "p1", "PlaceWorkers", space="joker")
    assert s.players["p1"].coins == 0 and s.players["p1"].free == 4


def test_hire_needs_no_worker():
    s = at_turn()
    p = player(s)
    p.free, p.coins = 0, 1
    s = act(s, "p1", "PlaceWorkers", space="hire_engineer")
    assert s.players["p1"].free == 0


def test_rally_is_never_occupied():
    """Rules text: the bottom track space can be used by all players, also repeatedly."""
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="rally")
    assert "rally" not in s.occupied
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    s = confirm(s)
    s = act(s, s.current, "PlaceWorkers", space="rally")
    assert s.pending[0].fields()[1:5] == ["steps", 1, True, "black|grey"]


def test_occupied_space_refused():
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="coins")
    s = confirm(s)
    assert illegal_code(s, s.current, "PlaceWorkers", space="coins") == "rr.space.occupied"


def test_temporary_workers_this_round_only():
    """Rules text: the two turquoise workers are used like own ones this round."""
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="temp_workers")
    assert s.players["p1"].free == 5 - 1 + 2
    s = confirm(s)
    while s.phase == "actions":
        s = act(s, s.current, "Pass")
        s = confirm(s)
    from .helpers import run_system

    s = run_system(s)
    assert s.players["p1"].free == 5


def test_black_worker_bonus_step():
    """?-card black worker: placed on a space with at least one black step, one more black step."""
    s = at_turn()
    p = player(s)
    p.black = p.black_free = True
    s2 = act(s, "p1", "PlaceWorkers", space="black_1w", black=True)
    assert s2.players["p1"].free == 5 and not s2.players["p1"].black_free
    assert [(i.kind, i.n, i.mandatory) for i in s2.pending] == [("steps", 2, True), ("steps", 1, False)]
    s3 = act(s, "p1", "PlaceWorkers", space="coins", black=True)
    assert s3.pending == ()
    p.black_free = False
    assert illegal_code(s, "p1", "PlaceWorkers", space="coins", black=True) == "rr.cost.black_worker"


def test_one_action_per_turn_and_submoves_after_placing():
    s = at_turn()
    assert illegal_code(s, "p1", "AdvanceTrack", line="kiev", colour="black") == "rr.turn.place_first"
    s = act(s, "p1", "PlaceWorkers", space="coins")
    assert illegal_code(s, "p1", "PlaceWorkers", space="doubler") == "rr.turn.one_action"
    assert illegal_code(s, "p1", "Pass") == "rr.turn.one_action"
    assert illegal_code(s, "p1", "AdvanceTrack", line="kiev", colour="black") == "rr.turn.no_such_action"


def test_not_your_turn():
    s = at_turn()
    assert illegal_code(s, "p2", "Pass") == "rr.turn.not_yours"


def test_board_steps_are_mandatory():
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    assert has_mandatory(s, "p1")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    assert has_mandatory(s, "p1")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    assert not has_mandatory(s, "p1")


def test_free_order_of_gained_actions():
    """Yucata: actions gained during a turn may be carried out in any order."""
    s = at_turn()
    p = player(s)
    p.markers = [0, -1]
    s = act(s, "p1", "PlaceWorkers", space="industry_black_2w")
    a = act(act(s, "p1", "AdvanceTrack", line="kiev", colour="black"), "p1", "AdvanceIndustry", marker=1)
    b = act(act(s, "p1", "AdvanceIndustry", marker=1), "p1", "AdvanceTrack", line="kiev", colour="black")
    assert a.players["p1"].tr == b.players["p1"].tr and a.players["p1"].markers == b.players["p1"].markers
    assert a.pending == b.pending == ()


def test_a_step_may_not_strand_a_mandatory_step():
    """The specific optional black step is spent before the mandatory any-step, and a step
    that would make the mandatory one impossible is refused."""
    s = at_turn()
    p = player(s)
    p.tr[0], p.tr[5], p.tr[10] = 15, 9, 8  # only 1 black step left (Kiev)
    p.unlocked = [True, False, False, False, False]  # no other colour to step with
    s.pending = (Item(40, "steps", 1, True, "any", False), Item(41, "steps", 1, False, "black", False))
    s.placed = s.acted = True
    events = decide(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    assert events[0].payload["use"] == 40  # the optional one would strand the mandatory step
    # with room for a second step, the specific optional item is spent first
    player(s).tr[10] = 7
    assert decide(s, "p1", "AdvanceTrack", line="kiev", colour="black")[0].payload["use"] == 41


def test_start_bonus_draft_order_4_3_2():
    """Rules text: place 4 chooses first, then 3, then 2; the start player gets none."""
    from .helpers import new_game

    s, _ = new_game(4, seed=3)
    assert s.queue == [s.order[3], s.order[2], s.order[1]]
    s = act(s, s.current, "ChooseStartBonus", card="doubler")
    s = act(s, s.current, "PlaceDoubler")
    s = confirm(s)
    assert illegal_code(s, s.current, "ChooseStartBonus", card="doubler") == "rr.draft.unavailable"
    s2, _ = new_game(2, seed=3)
    assert s2.queue == [s2.order[1]]


@pytest.mark.parametrize("ctype,args", [
    ("PlaceWorkers", {}),
    ("PlaceWorkers", {"space": 5}),
    ("PlaceWorkers", {"space": "nowhere"}),
    ("PlaceWorkers", {"space": "coins", "coins": "1"}),
    ("PlaceWorkers", {"space": "coins", "black": 1}),
    ("Fly", {}),
    ("AdvanceTrack", {"line": "moscow", "colour": "black"}),
])
def test_malformed_commands_are_illegal_moves(ctype, args):
    s = at_turn()
    with pytest.raises(IllegalMove):
        GAME.decide(s, Command(ctype, "p1", args), random.Random(0))
    with pytest.raises(IllegalMove):
        GAME.decide(s, Command("PlaceWorkers", "p1", ["space"]), random.Random(0))  # type: ignore[arg-type]
    assert types([]) == []
