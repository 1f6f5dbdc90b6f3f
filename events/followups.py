"""After an append: enqueue the one task the new position needs.

Called by whichever process appended (web node or worker) with a ``send``
function (Celery's ``send_task``), so ``events`` stays free of Celery.  A claim
key per (game, seq) makes sure exactly one task is enqueued per position even if
two processes look at it; a claim of work also lists it as in flight until its
task is done, so that the beat's sweep can enqueue it again if the task is lost.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from events.deadlines import YOUR_TURN
from events.projection import Projection
from events.repository import GameRepository
from events.work import next_work

log = logging.getLogger(__name__)

ADVANCE_TASK = "stellwerk.advance"
SNAPSHOT_TASK = "stellwerk.snapshot"
NOTIFY_TASK = "stellwerk.notify"
#: A game ended: archive it (again, idempotent) and update the ratings.
GAME_ENDED_TASK = "stellwerk.game_ended"

Send = Callable[[str, list[Any]], Any]


def enqueue_followups(repo: GameRepository, game_id: str, p: Projection, send: Send) -> str | None:
    """Enqueue work for ``p`` if any; returns the task name sent, for tests/logs."""
    sent = None
    work = next_work(p)
    if work is not None and claim_and_send(repo, game_id, p.seq, "work", send, ADVANCE_TASK,
                                           [game_id, p.seq, time.time()]):
        sent = ADVANCE_TASK
    if repo.snapshot_due(game_id, p):
        _send_quietly(send, SNAPSHOT_TASK, [game_id, p.seq])
    waiting = [] if p.turn_seat is not None else [s for s in p.status().to_move if s not in p.bots]
    if waiting:
        claim_and_send(repo, game_id, p.seq, YOUR_TURN, send, NOTIFY_TASK, [game_id, p.seq, YOUR_TURN, waiting])
    if p.status().over:
        game_ended(repo, game_id, p, send)
    return sent


def game_ended(repo: GameRepository, game_id: str, p: Projection, send: Send) -> None:
    """Archive the finished game at once (a cheap, idempotent write, so the archive
    lists it before any worker runs) and hand the ratings to a worker."""
    from events import archive

    try:
        archive.record_finished(repo, game_id, p)
    except Exception:  # noqa: BLE001 - the move is appended; the worker task archives it again
        log.exception("could not archive %s", game_id)
    claim_and_send(repo, game_id, p.seq, "ended", send, GAME_ENDED_TASK, [game_id])


def claim_and_send(repo: GameRepository, game_id: str, seq: int, kind: str, send: Send, task: str,
                   args: list[Any]) -> bool:
    """Claim (game, seq, kind) and send; a failed send releases the claim so that
    the beat's sweep (or the next append) can enqueue the task after all.  A
    process that dies between claim and send leaves work in flight that the
    sweep enqueues once it is overdue (:mod:`worker.sweep`)."""
    if not repo.store.claim_work(game_id, seq, kind=kind):
        return False
    if _send_quietly(send, task, args):
        return True
    repo.store.release_work(game_id, seq, kind=kind)
    return False


def _send_quietly(send: Send, task: str, args: list[Any]) -> bool:
    """The move is appended already: a broker hiccup must not turn it into an error."""
    try:
        send(task, args)
    except Exception:  # noqa: BLE001 - any broker failure; logged, swept up later
        log.exception("could not enqueue %s%s", task, args[:2])
        return False
    return True
