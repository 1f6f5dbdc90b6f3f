"""Game integrity against a seat that wants to cheat (issue 9): undo into system
work, reveal then undo, moves after the end, drafts and their metadata.

Scenario tests name the probe's reproduction; the property test at the end lets
hypothesis play every seat as an attacker (undo and take-back requests to any seq,
seat commands, system work) and checks that no game gets stuck, no round is scored
twice, no revealed card goes back into the deck and the live state is always the
fold of the events still in effect.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events import commands as platform
from events.local import LocalTable
from events.projection import REVERTED, UNDONE, Projection
from events.redaction import redact_log
from events.repository import status_summary
from games.contract import SPECTATOR, SYSTEM, TURN_CONFIRMED, IllegalMove
from tests.fixture_game import GAME


def table(rounds: int = 2, seats: int = 2) -> LocalTable:
    return LocalTable.create(GAME, {"rounds": rounds}, seats, seed="fixed")


def play_turn(t: LocalTable, seat: str, n: int = 1) -> int:
    t.submit(seat, "Add", {"n": n})
    t.submit(seat, "ConfirmTurn")
    return t.projection.seq


def refused(t: LocalTable, seat: str, type_: str, args: dict | None = None) -> str:
    before = t.projection.seq
    with pytest.raises(IllegalMove) as err:
        t.submit(seat, type_, args or {})
    assert t.projection.seq == before, "a refused command must append nothing"
    return err.value.code


# ------------------------------------------------------------ undo targets (1)
def test_undo_request_into_setup_is_refused():
    """Probe: the seat not to move sent RequestUndo {to_seq: 1} and the game was
    stuck in phase setup for good."""
    t = table()
    assert t.projection.seq == 2  # GameCreated, DeckShuffled: one command
    play_turn(t, "p1")
    assert refused(t, "p2", "RequestUndo", {"to_seq": 1}) == "platform.undo_range"
    assert refused(t, "p2", "RequestUndo", {"to_seq": 0}) == "platform.undo_range"
    assert 1 not in t.projection.revert_points and 2 in t.projection.revert_points


def test_undo_request_just_before_round_scoring_is_refused():
    """Probe: RequestUndo to the seq between scoring and the next round reverted at
    once and the worker scored the round again (3 -> 6 -> 9 points)."""
    t = table()
    play_turn(t, "p1", 3)
    last_turn = play_turn(t, "p2", 2)
    assert t.status().pending_system == ("ScoreRound",)
    assert last_turn not in t.projection.revert_points  # scoring still to come
    assert t.run_system()
    scored = t.projection.seq
    assert t.state.points == {"p1": 3, "p2": 2}
    for target in (last_turn, scored - 1):
        assert refused(t, "p2", "RequestUndo", {"to_seq": target}) == "platform.undo_range"
    # The position after scoring is quiescent, but returning to where one stands is no undo.
    assert refused(t, "p2", "RequestUndo", {"to_seq": scored}) == "platform.undo_range"
    assert t.state.points == {"p1": 3, "p2": 2} and not t.status().pending_system


def test_undo_across_scoring_needs_every_seat_and_scores_once():
    """An undo across system work changes everybody's game: all must agree, and the
    round is scored once more only after its turns are played again."""
    t = table(seats=3)
    first = play_turn(t, "p1", 1)
    play_turn(t, "p2", 1)
    play_turn(t, "p3", 1)
    t.run_system()
    # p2 asks to go back to after p1's turn: p3 confirmed since, and scoring ran, so p1 and p3 must agree.
    t.submit("p2", "RequestUndo", {"to_seq": first})
    assert t.projection.undo_request.waiting_for == ("p1", "p3")
    assert refused(t, SYSTEM, "ScoreRound") in {"platform.no_system_work", "platform.undo_pending"}
    t.submit("p1", "AcceptUndo")
    t.submit("p3", "AcceptUndo")
    assert t.projection.undo_request is None and t.status().to_move == ("p2",)
    assert t.state.points == {"p1": 0, "p2": 0, "p3": 0} and t.state.round == 1
    play_turn(t, "p2", 3)
    play_turn(t, "p3", 3)
    t.run_system()
    assert t.state.points == {"p1": 1, "p2": 3, "p3": 3} and t.state.round == 2


def test_system_work_waits_for_an_open_undo_request():
    t = table()
    p1 = play_turn(t, "p1")
    play_turn(t, "p2")
    t.submit("p1", "RequestUndo", {"to_seq": p1})
    assert t.status().pending_system
    assert refused(t, SYSTEM, "ScoreRound") == "platform.undo_pending"
    assert not any(c.type == "ScoreRound" for c in platform.legal_commands(t.projection, SYSTEM)) or \
        t.projection.undo_request is not None


def test_only_the_last_event_of_a_command_is_a_revert_point():
    t = table()
    # Set-up is one command of two events: only its end counts.
    assert [s for s in t.projection.revert_points if s <= 2] == [2]


# --------------------------------------------------------- reveal, then undo (2)
def test_reveal_then_request_undo_of_the_own_open_turn_is_refused():
    """Drawing shows p1 a card; asking to undo the turn across it would put it back."""
    t = table()
    start = t.projection.seq
    t.submit("p1", "Draw")
    assert refused(t, "p1", "RequestUndo", {"to_seq": start}) == "platform.undo_range"
    assert refused(t, "p1", "Undo", {"to_seq": start}) == "platform.undo_barrier"


def test_reveal_then_request_undo_after_confirming_is_refused():
    t = table()
    start = t.projection.seq
    t.submit("p1", "Draw")
    t.submit("p1", "Add", {"n": 1})
    t.submit("p1", "ConfirmTurn")
    assert refused(t, "p2", "RequestUndo", {"to_seq": start}) == "platform.undo_range"
    assert refused(t, "p1", "RequestUndo", {"to_seq": start}) == "platform.undo_range"


# -------------------------------------------------------------- finished game (7)
def finished(seats: int = 2) -> LocalTable:
    t = table(rounds=1, seats=seats)
    for seat in t.projection.seats:
        play_turn(t, seat)
    t.run_system()
    assert t.status().over
    return t


@pytest.mark.parametrize("type_,args", [
    ("TakeBack", {}), ("AcceptUndo", {}), ("DeclineUndo", {}), ("HandToBot", {"seat": "p2", "level": "random"}),
    ("RequestUndo", {"to_seq": 2}), ("Undo", {"to_seq": 2}), ("ConfirmTurn", {}), ("Add", {"n": 1}),
])
def test_nothing_is_appended_to_a_finished_game(type_, args):
    t = finished()
    assert refused(t, "p1", type_, args) == "platform.game_over"


def test_take_back_after_the_game_is_over_is_refused():
    """Probe: TakeBack appended SeatTakenBack after GameFinished."""
    t = table(rounds=1)
    play_turn(t, "p1")
    t.submit("p1", "HandToBot", {"seat": "p2", "level": "random"})
    play_turn(t, "p2")  # the bot plays it
    t.run_system()
    assert t.status().over and "p2" in t.projection.handed_over
    assert refused(t, "p2", "TakeBack") == "platform.game_over"
    assert platform.legal_commands(t.projection, "p2") == []


def test_undo_is_refused_while_an_undo_request_is_open():
    t = table()
    before = play_turn(t, "p1")
    t.submit("p2", "Add", {"n": 1})
    t.submit("p1", "RequestUndo", {"to_seq": before})
    assert refused(t, "p2", "Undo", {"to_seq": before}) == "platform.undo_pending"
    assert not any(c.type in {"Undo", "ConfirmTurn"} for c in platform.legal_commands(t.projection, "p2"))


# ------------------------------------------------------ drafts after a revert (10)
def test_a_reverted_draft_stays_hidden_from_the_others():
    """Probe: p2's unconfirmed sub-moves appeared in p1's and spectators' log after a
    Reverted wiped them."""
    t = table()
    before = t.projection.seq
    play_turn(t, "p1")
    t.submit("p2", "Add", {"n": 2})
    t.submit("p2", "Add", {"n": 1})
    drafted = {e.seq for e in t.projection.tail}
    t.submit("p1", "RequestUndo", {"to_seq": before})
    t.submit("p2", "AcceptUndo")
    assert t.log[-1].type == REVERTED
    for viewer in ("p1", SPECTATOR):
        shown = {e.seq for e in redact_log(t.projection, t.log, viewer)}
        assert not drafted & shown, viewer
    assert drafted <= {e.seq for e in redact_log(t.projection, t.log, "p2")}


# ------------------------------------------------------------ draft metadata (11)
def test_others_see_neither_the_length_nor_the_time_of_a_draft():
    t = table()
    play_turn(t, "p1")
    public = t.projection.seq
    summary = status_summary(t.projection)
    envs = t.submit("p2", "Add", {"n": 1})
    t.submit("p2", "Undo", {"to_seq": public})
    t.submit("p2", "Add", {"n": 3})
    p = t.projection
    assert p.seq == public + 3 and envs[0].seq == public + 1
    for viewer in ("p1", SPECTATOR):
        assert p.visible_seq(viewer) == public
        assert p.visible_ts(viewer) == p.public_ts
    assert p.visible_seq("p2") == p.seq
    assert status_summary(p) == summary
    t.submit("p2", "Undo", {"to_seq": public})  # everything withdrawn: still p2's secret
    assert t.projection.turn_seat is None and t.projection.visible_seq("p1") == public
    assert t.projection.visible_seq("p2") == t.projection.seq
    t.submit("p2", "Add", {"n": 3})
    t.submit("p2", "ConfirmTurn")
    assert t.projection.visible_seq("p1") == t.projection.seq


def test_a_platform_event_during_a_draft_is_public_but_the_draft_is_not():
    t = table()
    before = play_turn(t, "p1")
    t.submit("p2", "Add", {"n": 1})
    t.submit("p1", "RequestUndo", {"to_seq": before})
    p = t.projection
    assert p.visible_seq("p1") == p.seq  # the request is p1's own and public
    shown = [e.type for e in redact_log(p, t.log, SPECTATOR)]
    assert "UndoRequested" in shown and "Added" not in shown[-2:]


def test_a_premature_confirm_names_what_is_missing_in_words():
    """Issue 10: 'still open: rr.open.steps' told a person nothing."""
    t = table()
    t.submit("p1", "Draw")
    with pytest.raises(IllegalMove) as err:
        t.submit("p1", "ConfirmTurn")
    assert err.value.code == "platform.mandatory_open" and "Add 1 to 3" in err.value.message
    assert "add" not in err.value.message.split(": ", 1)[1].split()


# --------------------------------------------------------------- property test
def effective_events(log) -> list:
    """The game events still in effect: drop sub-moves withdrawn by ``Undone``,
    everything a ``Reverted`` voided, and the open draft is kept (it is live)."""
    kept: list = []  # (seq, envelope)
    for env in log:
        if env.type == UNDONE:
            to_seq = env.payload["to_seq"]
            last_confirmed = max((e.seq for e in kept if e.type == TURN_CONFIRMED or e.actor == SYSTEM),
                                 default=0)
            kept = [e for e in kept if e.seq <= max(to_seq, last_confirmed)]
        elif env.type == REVERTED:
            to_seq = env.payload["to_seq"]
            kept = [e for e in kept if e.seq <= to_seq]
        elif env.type in {"UndoRequested", "UndoAccepted", "UndoDeclined", "SeatHandedToBot", "SeatTakenBack"}:
            continue
        else:
            kept.append(env)
    return kept


def candidates(p: Projection) -> list[tuple[str, str, dict]]:
    """Everything an attacker at any seat might send now, legal or not."""
    out: list[tuple[str, str, dict]] = []
    for seat in p.seats:
        out += [(seat, c.type, dict(c.args)) for c in platform.legal_commands(p, seat)]
        out += [(seat, "RequestUndo", {"to_seq": s}) for s in range(0, p.seq + 1)]
        out += [(seat, "Undo", {"to_seq": s}) for s in range(max(0, p.seq - 4), p.seq + 1)]
        out += [(seat, t, {}) for t in ("AcceptUndo", "DeclineUndo", "TakeBack", "ConfirmTurn", "Draw")]
        out += [(seat, "HandToBot", {"seat": other, "level": "random"}) for other in p.seats if other != seat]
    out += [(SYSTEM, "ScoreRound", {})]
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=5, max_size=80),
       st.integers(min_value=2, max_value=3))
def test_attackers_cannot_break_or_cheat_a_game(choices, seats):
    t = table(rounds=3, seats=seats)
    deck = len(t.state.deck)
    for choice in choices:
        options = candidates(t.projection)
        seat, type_, args = options[choice % len(options)]
        before = t.projection
        try:
            t.submit(seat, type_, args)
        except IllegalMove:
            assert t.projection is before
        p = t.projection
        status = p.status()
        # Never stuck: somebody can always act while the game runs.
        if not status.over:
            anyone = any(platform.legal_commands(p, s) for s in p.seats)
            system = bool(status.pending_system) and not p.tail and p.undo_request is None
            assert anyone or system, f"stuck at seq {p.seq}: {status}"
        # A card once seen never goes back into the deck.
        assert len(p.live.deck) <= deck
        deck = len(p.live.deck)
        # Each round is scored once among the events in effect, in order.
        kept = effective_events(t.log)
        rounds = [e.payload["round"] for e in kept if e.type == "RoundScored"]
        assert rounds == list(range(1, len(rounds) + 1))
        assert p.live.round == len(rounds) + 1 or p.live.over
        # The live state is the fold of exactly the events in effect.
        state = GAME.initial_state()
        for env in kept:
            state = GAME.evolve(state, env.event)
        assert state == p.live
        if status.pending_system and not p.tail and p.undo_request is None:
            t.run_system()
