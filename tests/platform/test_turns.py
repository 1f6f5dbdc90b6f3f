"""The turn model (DESIGN.md section 4) on the fixture game, engine only."""

from __future__ import annotations

import pytest

from events import commands as platform
from events.local import LocalTable
from events.projection import fold
from games.contract import REVIEWER, SPECTATOR, IllegalMove
from tests.fixture_game import GAME


def table(rounds: int = 2, seats: int = 2) -> LocalTable:
    return LocalTable.create(GAME, {"rounds": rounds}, seats, seed="fixed")


def test_sub_moves_are_live_for_the_mover_and_hidden_from_others():
    t = table()
    t.submit("p1", "Add", {"n": 3})
    assert t.projection.state_for("p1").counters["p1"] == 3
    assert t.projection.state_for("p2").counters["p1"] == 0
    assert t.projection.state_for(SPECTATOR).counters["p1"] == 0
    t.submit("p1", "ConfirmTurn")
    assert t.projection.state_for("p2").counters["p1"] == 3


def test_confirm_needs_the_mandatory_action():
    t = table()
    with pytest.raises(IllegalMove) as err:
        t.submit("p1", "ConfirmTurn")
    assert err.value.code == "platform.nothing_to_confirm"
    t.submit("p1", "Draw")
    with pytest.raises(IllegalMove) as err:
        t.submit("p1", "ConfirmTurn")
    assert err.value.code == "platform.mandatory_open"


def test_move_window_lists_open_actions_with_mandatory_flag():
    t = table()
    actions = {a.key: a.mandatory for a in GAME.open_actions(t.state, "p1")}
    assert actions == {"add": True, "draw": False}
    t.submit("p1", "Add", {"n": 1})
    assert {a.key: a.mandatory for a in GAME.open_actions(t.state, "p1")} == {"add": False, "draw": False}


def test_undo_drops_sub_moves_after_to_seq():
    t = table()
    start = t.projection.seq
    t.submit("p1", "Add", {"n": 1})
    mid = t.projection.seq
    t.submit("p1", "Add", {"n": 3})
    t.submit("p1", "Undo", {"to_seq": mid})
    assert t.state.counters["p1"] == 1 and t.state.adds == 1
    t.submit("p1", "Undo", {"to_seq": start})
    assert t.state.counters["p1"] == 0 and t.projection.tail == ()
    assert t.projection.turn_seat is None


def test_undo_stops_at_a_barrier():
    t = table()
    t.submit("p1", "Add", {"n": 1})
    t.submit("p1", "Draw")
    drawn = t.projection.seq
    t.submit("p1", "Add", {"n": 2})
    with pytest.raises(IllegalMove) as err:
        t.submit("p1", "Undo", {"to_seq": drawn - 1})
    assert err.value.code == "platform.undo_barrier"
    t.submit("p1", "Undo", {"to_seq": drawn})
    assert t.state.counters["p1"] == 1
    assert platform.undo_points(t.projection) == []  # the draw is the last sub-move: nothing to undo


def test_other_seat_cannot_move_while_a_turn_is_open():
    t = table()
    t.submit("p1", "Add", {"n": 1})
    with pytest.raises(IllegalMove) as err:
        t.submit("p2", "Add", {"n": 1})
    assert err.value.code in {"platform.turn_open", "platform.not_your_turn"}
    with pytest.raises(IllegalMove):
        t.submit("p2", "Undo", {"to_seq": 1})


def test_system_work_only_when_pending():
    t = table(rounds=1)
    with pytest.raises(IllegalMove):
        t.submit("system", "ScoreRound")
    for seat in ("p1", "p2"):
        t.submit(seat, "Add", {"n": 2})
        t.submit(seat, "ConfirmTurn")
    assert t.status().pending_system == ("ScoreRound",)
    with pytest.raises(IllegalMove) as err:
        t.submit("p1", "Add", {"n": 1})
    assert err.value.code in {"platform.system_pending", "platform.not_your_turn"}
    assert t.run_system() and t.status().over


def test_undo_across_turns_needs_every_affected_seat():
    t = table(seats=3)
    t.submit("p1", "Add", {"n": 1})
    t.submit("p1", "ConfirmTurn")
    before_p2 = t.projection.seq
    t.submit("p2", "Add", {"n": 2})
    t.submit("p2", "ConfirmTurn")
    t.submit("p3", "Add", {"n": 3})
    t.submit("p3", "ConfirmTurn")
    t.submit("p2", "RequestUndo", {"to_seq": before_p2})
    assert t.projection.undo_request.waiting_for == ("p3",)
    with pytest.raises(IllegalMove):
        t.submit("p1", "AcceptUndo")  # p1 is not affected
    t.submit("p3", "AcceptUndo")
    assert t.projection.undo_request is None
    assert t.state.counters == {"p1": 1, "p2": 0, "p3": 0}
    assert t.status().to_move == ("p2",)
    # The rebuilt log still folds to the same state.
    assert fold(GAME, t.log).live == t.state


def test_declined_undo_changes_nothing():
    t = table()
    t.submit("p1", "Add", {"n": 1})
    t.submit("p1", "ConfirmTurn")
    t.submit("p2", "Add", {"n": 1})
    t.submit("p2", "ConfirmTurn")
    state = t.state
    t.submit("p1", "RequestUndo", {"to_seq": t.projection.revert_points[0]})
    t.submit("p2", "DeclineUndo")
    assert t.state == state and t.projection.undo_request is None


def test_undo_request_cannot_cross_a_revealed_card():
    t = table()
    first = t.projection.seq
    t.submit("p1", "Add", {"n": 1})
    t.submit("p1", "Draw")
    t.submit("p1", "ConfirmTurn")
    with pytest.raises(IllegalMove) as err:
        t.submit("p2", "RequestUndo", {"to_seq": first})
    assert err.value.code == "platform.undo_range"


def test_legal_commands_include_turn_commands():
    t = table()
    t.submit("p1", "Add", {"n": 1})
    types = {c.type for c in t.legal("p1")}
    assert {"Add", "Draw", "ConfirmTurn", "Undo"} <= types
    assert t.legal("p2") == []


def test_random_play_reaches_the_end_and_refolds():
    import random

    for seed in range(20):
        rng = random.Random(seed)
        t = LocalTable.create(GAME, {"rounds": 3}, rng.randint(2, 4), seed=str(seed))
        while not t.status().over:
            if t.run_system():
                continue
            seat = t.projection.turn_seat or t.status().to_move[0]
            t.submit(seat, rng.choice(t.legal(seat)))
        again = fold(GAME, t.log)
        assert again.live == t.state and GAME.status(again.live).scores == t.status().scores


def test_reviewer_sees_the_deck_spectator_does_not():
    t = table()
    assert "deck" in GAME.view(t.state, REVIEWER)
    assert "deck" not in GAME.view(t.state, SPECTATOR)


def test_bots_are_asked_to_accept_undo_requests():
    from events.work import next_work

    t = table()
    t.submit("p1", "Add", {"n": 1})
    t.submit("p1", "ConfirmTurn")
    before = t.projection.revert_points[0]
    t.submit("p2", "Add", {"n": 1})
    t.submit("p2", "ConfirmTurn")
    t.submit("p1", "RequestUndo", {"to_seq": before})
    work = next_work(t.projection, {"p2": "random"})
    assert work is not None and work.actor == "p2" and work.undo_answer == "AcceptUndo"
    assert next_work(t.projection, {}) is None


def _turn(t: LocalTable, seat: str) -> None:
    t.submit(seat, "Add", {"n": 1})
    t.submit(seat, "ConfirmTurn")
    while t.run_system():
        pass


def test_a_bot_on_a_handed_over_seat_refuses_to_take_back_the_persons_moves():
    """Issue 28 B: ann (p1) played a turn herself, then went idle and bob handed her
    seat to a bot.  bob asks to take back to before ann's own turn: her bot declines
    (it would take back her move, and the hand-over, without her); ann's move stays.
    Moves the bot made itself it may agree to take back."""
    from events.work import next_work

    t = table(rounds=5)
    before_ann = t.projection.revert_points[-1]
    _turn(t, "p1")
    _turn(t, "p2")
    t.submit("p2", "HandToBot", {"seat": "p1", "level": "random"})
    handed_at = t.projection.seq
    assert t.projection.handed_over_at == {"p1": handed_at}
    t.submit("p2", "RequestUndo", {"to_seq": before_ann})
    work = next_work(t.projection)
    assert work is not None and work.actor == "p1" and work.undo_answer == "DeclineUndo"
    t.submit("p1", work.undo_answer)
    assert t.projection.undo_request is None
    assert t.projection.state_for(REVIEWER).counters["p1"] == 1  # ann's own move stands
    assert "p1" in t.projection.handed_over
    # The bot plays, bob plays, the bot plays: bob may ask to take back to after
    # the hand-over, and the bot agrees (only its own moves go).
    _turn(t, "p1")
    _turn(t, "p2")
    after_handover = t.projection.revert_points[-1]
    _turn(t, "p1")
    assert after_handover > handed_at
    t.submit("p2", "RequestUndo", {"to_seq": after_handover})
    work = next_work(t.projection)
    assert work is not None and work.undo_answer == "AcceptUndo"
    t.submit("p1", work.undo_answer)
    assert t.projection.state_for(REVIEWER).counters["p1"] == 2  # the bot's second turn is gone


def test_the_hand_over_point_survives_a_snapshot():
    from events import snapshots

    t = table(rounds=5)
    _turn(t, "p1")
    _turn(t, "p2")
    t.submit("p2", "HandToBot", {"seat": "p1", "level": "random"})
    data = snapshots.dump(t.projection)
    assert snapshots.load(GAME, data).handed_over_at == t.projection.handed_over_at
    # A snapshot from before the field: the hand-over counts as at the snapshot (the safe side).
    del data["handed_over_at"]
    assert snapshots.load(GAME, data).handed_over_at == {"p1": data["seq"]}


def test_equal_scores_share_a_place_unless_the_game_breaks_the_tie():
    from games.contract import Status

    status = Status("over", 7, (), (), True, {"p1": 90, "p2": 120, "p3": 90, "p4": 60}, ("p2", "p1", "p3", "p4"))
    assert status.final_places() == {"p2": 1, "p1": 2, "p3": 2, "p4": 4}
    broken = Status("over", 7, (), (), True, {"p1": 90, "p3": 90}, ("p1", "p3"), places={"p1": 1, "p3": 2})
    assert broken.final_places() == {"p1": 1, "p3": 2}
