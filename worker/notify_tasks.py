"""Celery tasks for notices: "your turn" after an append, and the beat's deadline scan.

Each notice is claimed once per (game, seq, kind) in Redis before it is sent, so
two beat ticks or two web nodes never send it twice; a failed delivery is retried
by Celery with backoff.
"""

from __future__ import annotations

import logging
import smtplib
import time

from celery import shared_task

from events import seating
from events.contacts import ContactBook
from events.deadlines import INVITED, MISSED, REMINDER, YOUR_TURN, due_notice
from events.repository import GameRecord, UnknownGame
from worker.notify import Notice, deliver
from worker.runtime import runtime

log = logging.getLogger(__name__)

RETRY = {"autoretry_for": (OSError, smtplib.SMTPException), "retry_backoff": True, "retry_backoff_max": 600,
         "max_retries": 8, "acks_late": True}


def _notice(record: GameRecord, title: str, kind: str, seat: str, seq: int, public_url: str) -> Notice:
    return Notice(kind, record.id, record.game, title, seat, seq, f"{public_url.rstrip('/')}/games/{record.id}",
                  inviter=(seating.inviter(record) or "") if kind == INVITED else "")


@shared_task(name="stellwerk.notify", bind=True, **RETRY)
def notify(self, game_id: str, seq: int, kind: str, seats: list[str], about: str | None = None) -> list[str]:  # type: ignore[no-untyped-def]
    """Send ``kind`` to the accounts holding ``seats`` (``about``: the seat concerned)."""
    rt = runtime()
    repo = rt.repository
    record = repo.record(game_id)
    title = repo.game_of(game_id).title
    book = ContactBook(repo.store.redis, rt.settings.key_prefix)
    names = {s.seat: s.name for s in record.seats}
    sent = []
    invited = {s.seat: s.invited for s in record.seats if s.invited and not s.filled}
    for seat in seats:
        # An invitee holds no seat yet: the invitation goes to their account.
        contact = book.get(invited[seat]) if kind == INVITED and seat in invited else \
            book.holder(game_id, seat, names.get(seat))
        if contact is None:
            continue
        notice = _notice(record, title, kind, about or seat, seq, rt.settings.public_url)
        for channel in deliver(rt.settings, contact, notice):
            sent.append(f"{seat}:{channel}")
    return sent


@shared_task(name="stellwerk.scan_deadlines", bind=True, acks_late=True)
def scan_deadlines(self, now: float | None = None) -> list[str]:  # type: ignore[no-untyped-def]
    """Beat: remind seats that keep a game waiting; tell the others when a deadline passed."""
    rt = runtime()
    repo = rt.repository
    now = time.time() if now is None else now
    queued = []
    for game_id, last_activity in repo.store.lobby_activity():
        try:
            record = repo.record(game_id)
        except UnknownGame:
            continue
        status = record.status
        if status.get("over") or not record.deadline_s:
            continue
        kind = due_notice(now, last_activity, record.deadline_s, rt.settings.reminder_fraction)
        if kind is None:
            continue
        seq = int(status.get("seq", 0))
        bots = repo.projection(game_id).bots
        waiting = [s for s in status.get("to_move", []) if s not in bots]
        if not waiting or not repo.store.claim_work(game_id, seq, kind=kind):
            continue
        if kind == REMINDER:
            notify.delay(game_id, seq, REMINDER, waiting)
        else:
            others = [s.seat for s in record.human_seats(bots) if s.seat not in waiting]
            for seat in waiting:
                notify.delay(game_id, seq, MISSED, others + [seat], about=seat)
        queued.append(f"{game_id}:{kind}")
    return queued


__all__ = ["notify", "scan_deadlines", "YOUR_TURN"]
