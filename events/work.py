"""Who must act next without a person: system work or a bot seat.

The web process and the worker both call this after an append, so that exactly
the process that appended enqueues the follow-up task for the new seq.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from events.projection import Projection
from games.contract import SYSTEM


@dataclass(frozen=True)
class Work:
    actor: str  # SYSTEM or a bot's seat
    seq: int
    bot: str | None = None  # the bot level for a seat
    #: A bot asked about someone's undo request answers with this command
    #: (``AcceptUndo`` or ``DeclineUndo``, :func:`undo_answer`).
    undo_answer: str | None = None


def next_work(p: Projection, bots: Mapping[str, str] | None = None) -> Work | None:
    """``bots`` defaults to the seats the log says bots play."""
    bots = p.bots if bots is None else bots
    status = p.status()
    if status.over:
        return None
    if p.undo_request is not None:
        seat = next((s for s in p.undo_request.waiting_for if s in bots), None)
        return None if seat is None else Work(seat, p.seq, bots[seat], undo_answer=undo_answer(p, seat))
    if status.pending_system and not p.tail:
        return Work(SYSTEM, p.seq)
    seat = p.turn_seat
    if seat is None:
        seat = next((s for s in status.to_move if s in bots), None)
    if seat is not None and seat in bots:
        return Work(seat, p.seq, bots[seat])
    return None


def undo_answer(p: Projection, seat: str) -> str:
    """A bot agrees to take back moves, except on a person's seat handed over to
    it: there it declines a take-back reaching before the hand-over, since that
    would take back the person's own moves (and the hand-over) without them;
    only the person can agree to that, once they have taken the seat back."""
    request = p.undo_request
    assert request is not None
    handed_at = p.handed_over_at.get(seat)
    if seat in p.handed_over and (handed_at is None or request.to_seq < handed_at):
        return "DeclineUndo"
    return "AcceptUndo"
