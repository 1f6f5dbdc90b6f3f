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
    #: A bot asked to accept someone's undo request: bots always agree.
    accept_undo: bool = False


def next_work(p: Projection, bots: Mapping[str, str] | None = None) -> Work | None:
    """``bots`` defaults to the seats the log says bots play."""
    bots = p.bots if bots is None else bots
    status = p.status()
    if status.over:
        return None
    if p.undo_request is not None:
        seat = next((s for s in p.undo_request.waiting_for if s in bots), None)
        return None if seat is None else Work(seat, p.seq, bots[seat], accept_undo=True)
    if status.pending_system and not p.tail:
        return Work(SYSTEM, p.seq)
    seat = p.turn_seat
    if seat is None:
        seat = next((s for s in status.to_move if s in bots), None)
    if seat is not None and seat in bots:
        return Work(seat, p.seq, bots[seat])
    return None
