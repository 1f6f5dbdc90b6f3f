"""Who asked for each take-back, for the log's lines about it (issue 27).

``UndoAccepted`` and ``UndoDeclined`` are sent by the seat that answers; which seat
asked stands in the ``UndoRequested`` before them.  An ``UndoDeclined`` sent by the
seat that asked is that seat withdrawing its own request, not somebody declining
it.  Reading the requester from the log (rather than from a payload field) names
the requester in every game already played too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from events.envelope import Envelope
from events.projection import REVERTED, UNDO_ACCEPTED, UNDO_DECLINED, UNDO_REQUESTED


@dataclass(frozen=True)
class UndoAnswer:
    """The take-back request an answer belongs to: who asked, and whether the answer
    is the asker withdrawing it."""

    requester: str
    withdrawn: bool = False


def undo_answers(envelopes: Iterable[Envelope]) -> dict[int, UndoAnswer]:
    """For each ``UndoAccepted`` / ``UndoDeclined`` (by seq), the request it answers."""
    out: dict[int, UndoAnswer] = {}
    requester: str | None = None
    for env in envelopes:
        if env.type == UNDO_REQUESTED:
            requester = env.actor
        elif env.type in (UNDO_ACCEPTED, UNDO_DECLINED) and requester is not None:
            out[env.seq] = UndoAnswer(requester, env.type == UNDO_DECLINED and env.actor == requester)
            if env.type == UNDO_DECLINED:
                requester = None
        elif env.type == REVERTED:
            requester = None
    return out
