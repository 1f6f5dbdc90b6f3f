"""Locomotives and factories (games/russian_railroads/locomotives.py): lowest stack,
two locos on the Transsib, upgrade chains, leftover locos into factories, factory gaps."""

from __future__ import annotations

from games.russian_railroads import GAME
from games.russian_railroads.data import KIEV, PETERSBURG, SPECIAL9, TRANSSIB
from games.russian_railroads.items import Item

from .helpers import act, at_turn, decide, illegal_code, new_game, player, types


def test_stacks_per_player_count_and_start_locos():
    """Rules text: 4 of each number (3 players: 3, 2 players: 2); each player starts with a 1."""
    for players, per in ((2, 2), (3, 3), (4, 4)):
        state, _ = new_game(players)
        assert state.stacks[2:] == [per] * 8
        assert state.stacks[1] == per - players
        assert all(p.locos[TRANSSIB] == [1] for p in state.players.values())


def test_loco_from_the_lowest_stack_onto_a_free_line():
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="loco_1w")
    s = act(s, "p1", "BuildLoco", line="kiev")
    assert s.players["p1"].locos[KIEV] == [2]
    assert s.stacks[2] == 3


def test_second_loco_on_transsib_adds_reach():
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="loco_1w")
    s = act(s, "p1", "BuildLoco", line="transsib")
    assert sorted(s.players["p1"].locos[TRANSSIB]) == [1, 2]
    assert s.players["p1"].reach(TRANSSIB) == 3


def test_full_line_needs_a_lower_loco_to_replace():
    s = at_turn()
    p = player(s)
    p.locos = [[1, 5], [6], [7]]
    s = act(s, "p1", "PlaceWorkers", space="loco_1w")
    assert illegal_code(s, "p1", "BuildLoco", line="kiev") == "rr.loco.slot_taken"
    assert illegal_code(s, "p1", "BuildLoco", line="kiev", replace=7) == "rr.loco.not_higher"


def test_upgrade_chain_and_discard_to_the_factory_display():
    """Rules text: the old loco may go to another line (chain); a loco that cannot be placed
    is turned to its factory side and put into the display."""
    s = at_turn()
    p = player(s)
    p.locos = [[2, 3], [4], [5]]
    s.stacks = [0, 0, 0, 0, 0, 0, 4, 4, 4, 4]
    s = act(s, "p1", "PlaceWorkers", space="loco_1w")
    s = act(s, "p1", "BuildLoco", line="kiev", replace=5)
    assert s.players["p1"].locos[KIEV] == [6]
    # the 5 must be placed before anything else; not back on Kiev
    assert illegal_code(s, "p1", "PlaceLoco", line="kiev") == "rr.loco.same_line"
    s = act(s, "p1", "PlaceLoco", line="st_petersburg", replace=4)
    s = act(s, "p1", "PlaceLoco", line="transsib", replace=2)
    assert s.players["p1"].locos == [[3, 4], [5], [6]]
    s = act(s, "p1", "DiscardLoco")
    assert s.display[2] == 1
    assert s.pending == ()


def test_a_displaced_loco_goes_to_another_line_or_becomes_a_factory_as_the_player_chooses():
    """Rules text: "Die „alte“ Lokomotive ist nicht verloren. Der Spieler kann sie an eine
    seiner beiden anderen Strecken anlegen." and "Eine Lokomotive, die ein Spieler nicht
    mehr anlegen kann, dreht er auf die violette Seite" - the audit of issue 10: both are
    allowed while a slot is free; the player chooses (here: a free slot on Petersburg)."""
    s = at_turn()
    p = player(s)
    p.locos = [[1], [], [2]]
    s.stacks = [0, 0, 0, 4, 4, 4, 4, 4, 4, 4]
    s = act(s, "p1", "PlaceWorkers", space="loco_1w")
    s = act(s, "p1", "BuildLoco", line="kiev", replace=2)
    assert illegal_code(s, "p1", "AdvanceTrack", line="kiev", colour="black") == "rr.loco.finish_placement"
    legal = {(c.type, tuple(sorted(c.args.items()))) for c in GAME.legal_commands(s, "p1")}
    assert ("DiscardLoco", (("number", 2),)) in legal
    assert ("PlaceLoco", (("line", "st_petersburg"), ("number", 2), ("replace", 0))) in legal
    placed = act(s, "p1", "PlaceLoco", line="st_petersburg")
    assert placed.players["p1"].locos == [[1], [2], [3]]
    discarded = act(s, "p1", "DiscardLoco")
    assert discarded.players["p1"].locos == [[1], [], [3]] and discarded.display[2] == 1
    assert discarded.pending == () or all(item.kind != "place_loco" for item in discarded.pending)


def test_the_question_card_loco_must_be_placed_while_a_slot_is_free():
    """The ?-card "9er-Lok" is in competition ("MÜSSEN immer komplett ausgeführt werden"):
    unlike a displaced loco it is not turned into a factory while it can be placed."""
    s = at_turn()
    s.placed = s.acted = True
    s.pending = (Item(90, "place_loco", 1, True, SPECIAL9 * 10, True),)
    assert illegal_code(s, "p1", "DiscardLoco") == "rr.loco.must_place"


def test_factory_gaps_filled_left_to_right():
    """Rules text: 'Er füllt die 5 Lücken von links nach rechts.'"""
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="loco_1w")
    assert illegal_code(s, "p1", "BuildFactory", source="stack", slot=2) == "rr.factory.slot"
    s = act(s, "p1", "BuildFactory", source="stack")
    assert s.players["p1"].factories == [2, 0, 0, 0, 0]


def test_factory_from_the_display():
    s = at_turn()
    s.display[7] = 1
    s = act(s, "p1", "PlaceWorkers", space="loco_1w")
    assert illegal_code(s, "p1", "BuildFactory", source="display", number=5) == "rr.factory.not_in_display"
    s = act(s, "p1", "BuildFactory", source="display", number=7)
    assert s.players["p1"].factories[0] == 7 and s.display[7] == 0


def test_factory_replacement_when_all_gaps_are_full():
    """Rules text: with all 5 gaps filled a factory may be replaced, the old one goes to the
    display; the replacement need not start on the left."""
    s = at_turn()
    p = player(s)
    p.factories = [2, 3, 4, 5, 6]
    s = act(s, "p1", "PlaceWorkers", space="loco_1w")
    events = decide(s, "p1", "BuildFactory", source="stack", slot=3)
    assert events[0].payload["replaced"] == 5
    s = act(s, "p1", "BuildFactory", source="stack", slot=3)
    assert s.players["p1"].factories == [2, 3, 4, 2, 6] and s.display[5] == 1


def test_loco_3w_builds_loco_and_factory_in_any_order():
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="loco_3w")
    s = act(s, "p1", "BuildFactory", source="stack")
    s = act(s, "p1", "BuildLoco", line="st_petersburg")
    p = s.players["p1"]
    assert p.factories[0] == 2 and p.locos[PETERSBURG] == [2]
    assert s.pending == ()


def test_loco_space_not_executable_without_a_placeable_loco():
    s = at_turn()
    p = player(s)
    p.locos = [[9, 9], [9], [9]]
    s.display = [0] * 10
    s.stacks = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    # the factory alternative keeps loco_1w executable
    assert types(decide(s, "p1", "PlaceWorkers", space="loco_1w"))[0] == "WorkersPlaced"
    s.stacks = [0] * 10
    assert illegal_code(s, "p1", "PlaceWorkers", space="loco_1w") == "rr.action.not_executable"


def test_loco_3w_order_may_not_strand_the_mandatory_loco():
    """Rules text: the 3-worker space gives a loco *and* a factory and, being a board action,
    must be carried out in full (Yucata clarification).  With one tile left in the stacks
    and one factory in the display, taking the factory from the stack would leave the
    mandatory loco impossible, so only the display factory may go first."""
    s = at_turn()
    s.stacks = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    s.display = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    s = act(s, "p1", "PlaceWorkers", space="loco_3w")
    assert illegal_code(s, "p1", "BuildFactory", source="stack") == "rr.turn.mandatory_blocked"
    s = act(s, "p1", "BuildFactory", source="display", number=3)
    s = act(s, "p1", "BuildLoco", line="kiev")
    assert s.players["p1"].locos[KIEV] == [9] and s.pending == ()


def test_loco_3w_loco_first_may_not_take_the_last_factory_source():
    """Loco first: it takes the lowest stack (8) and the factory the next one (9); the
    check of the previous test does not get in the way of a legal order."""
    s = at_turn()
    s.stacks = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1]
    s.display = [0] * 10
    s = act(s, "p1", "PlaceWorkers", space="loco_3w")
    s = act(s, "p1", "BuildLoco", line="kiev")  # the 8; the 9 is left for the factory
    assert s.players["p1"].locos[KIEV] == [8]
    s = act(s, "p1", "BuildFactory", source="stack")
    assert s.players["p1"].factories[0] == 9 and s.pending == ()
