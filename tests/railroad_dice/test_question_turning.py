"""Turning a '?' die is offered only in its owner's turn; the rules text allows it "at any time".

The restriction is rule-equivalent (see ``decide._turn_die``): a '?' die in front is
used only in its owner's turn (track, share, payment, roll), and there it can be
turned, or stand in for any face, right before it is used.  Nothing that happens in
another seat's turn or at the year change reads the face of a die in front of
someone else: the legal moves and the events of the seat to move, the passengers,
the directors and the end triggers are the same whatever face the other seat's
'?' die shows.  The only rule that reads it is the final tie-break ("most '?' in
front"), which a turned die can only lose.  So a turn outside one's own turn can
always be postponed to the start of the owner's next turn without changing the
game; these tests check exactly those claims on positions of random games.
"""

from __future__ import annotations

import random

from games.contract import SYSTEM, Command
from games.railroad_dice.year import ranking_key

from .helpers import GAME, PLATFORM_ONLY, fresh, run, step, table

TURNED = ("straight", "curve", "share")


def turned(state, seat: str, face: str):
    """``state`` with one of ``seat``'s '?' dice in front showing ``face`` (outside its turn)."""
    new = state.clone()
    new.front[seat]["question"] -= 1
    new.front[seat][face] += 1
    return new


def outcome(state, command: Command, seed: int):
    """What a command does: its events, or the refusal's code."""
    try:
        return [(e.type, e.payload) for e in GAME.decide(state, command, random.Random(seed))]
    except Exception as error:  # IllegalMove: the code decides, the text may name faces
        return ("refused", getattr(error, "code", type(error).__name__))


def without(events, seat: str):
    """Events minus what the tie-break makes of ``seat``'s faces: the final GameEnded lists the
    faces in front and ranks by them (checked apart: a turned die can only lose places)."""
    if not isinstance(events, list):
        return events
    out = []
    for kind, payload in events:
        payload = dict(payload)
        if kind == "GameEnded":
            payload["front"] = {s: f for s, f in payload["front"].items() if s != seat}
            payload["ranking"] = [s for s in payload["ranking"] if s != seat]
            payload.pop("places")
        out.append((kind, payload))
    return out


def place(events, seat: str) -> int:
    return next((p["places"][seat] for kind, p in events if kind == "GameEnded"), 0)


def positions(players: int, seed: str, every: int = 7):
    """States met in a random game, some in mid-turn, some at the year change."""
    t = table(players, seed)
    rng = random.Random(seed)
    for i in range(3000):
        if i % every == 0 or t.status().pending_system:
            yield t.state
        if step(t, rng) is None:
            return


def test_another_seats_question_face_changes_nothing_in_the_turn_or_the_year_change():
    checked = 0
    for players, seed in ((2, "q2"), (3, "q3"), (4, "q4")):
        for state in positions(players, seed):
            holders = [s for s in state.seats if s != state.current and state.front[s]["question"]]
            for other in holders[:1]:
                for face in TURNED:
                    variant = turned(state, other, face)
                    if state.phase == "year_change":
                        a = outcome(state, Command("ScoreYear", SYSTEM, {}), 1)
                        b = outcome(variant, Command("ScoreYear", SYSTEM, {}), 1)
                        assert without(a, other) == without(b, other)
                        assert place(b, other) >= place(a, other)
                        checked += 1
                        continue
                    if state.phase != "play":
                        continue
                    seat = state.current
                    legal = [c for c in GAME.legal_commands(state, seat) if c.type not in PLATFORM_ONLY]
                    assert legal == [c for c in GAME.legal_commands(variant, seat) if c.type not in PLATFORM_ONLY]
                    assert GAME.open_actions(state, seat) == GAME.open_actions(variant, seat)
                    for command in random.Random(checked).sample(legal, min(6, len(legal))):
                        assert outcome(state, command, 7) == outcome(variant, command, 7), command
                    checked += 1
    assert checked > 100


def test_the_only_rule_that_reads_the_face_is_the_tie_break_and_a_turned_die_loses_it():
    state = fresh()
    totals = {seat: 5 for seat in state.seats}
    for face in TURNED:
        assert ranking_key(turned(state, "p2", face), totals, "p2") < ranking_key(state, totals, "p2")


def test_in_its_owners_turn_a_question_die_may_be_turned_or_used_as_any_face_directly():
    state = fresh()
    assert {c.args["face"] for c in GAME.legal_commands(state, "p1") if c.type == "TurnDie"} == set(TURNED)
    assert not [c for c in GAME.legal_commands(state, "p2") if c.type == "TurnDie"]
    # A curve laid with a '?' die as it stands, or after turning the die to a curve first: the same table.
    curve = Command("PlaceTrack", "p1", {"end": "A", "via": 0, "exit": 1})
    direct, _ = run(state, "p1", "PlaceTrack", **curve.args)
    first, _ = run(state, "p1", "TurnDie", face="curve")
    after, _ = run(first, "p1", "PlaceTrack", **curve.args)
    assert direct.boards == after.boards and direct.front == after.front and direct.bank == after.bank
