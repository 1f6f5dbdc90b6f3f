"""The beat's sweep: enqueue again the work whose task was lost.

Every position that needs a bot or system work gets one task, claimed once per
(game, seq) by the process that appended it (:mod:`events.followups`).  Two ways
that task can get lost, and how the sweep finds each without reading every game
ever played:

* **The task died while running** (its worker was SIGKILLed, its node vanished):
  a running task beats every ``heartbeat_s`` seconds (the store's running set); work
  silent for ``heartbeat_timeout_s`` is taken over (compare-and-set on the last
  beat) and enqueued again, so a bot's turn resumes within about half a minute
  (issue 28: it took the task limit plus margin plus a sweep, 154 s).  Celery
  itself would redeliver it only after the broker's visibility timeout (an hour),
  which cannot be shortened to seconds without running long bot turns twice.
* **The task died before it ran, or never ended** (see above):  Claims of
  work are listed in the store's work-in-flight set, stamped when claimed and
  again when a task starts; the task removes its entry when done.  An entry older
  than the task time limit plus a margin (:attr:`Settings.work_overdue_s`) cannot
  belong to a running task any more (the hard limit would have ended it), so the
  sweep takes it over with a compare-and-set on the stamp (two sweeps never both
  re-send it) and enqueues the task again.  A duplicate is harmless (the task
  appends with expected seq and command id ``work-<seq>``), but it is not the
  normal case: a live task is never older than its limit.
* **The task was never enqueued** (a web node died between its append and its
  claim, or before this index existed): the sweep looks at the games appended to
  since its last run and quiet since for the margin (the lobby is ordered by last
  append; a watermark in Redis remembers how far it got, with an overlap for clocks
  of other hosts) and claims any such position that needs work and has no claim.
  The first run, with no watermark, looks at every game once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from events.followups import ADVANCE_TASK, Send, claim_and_send
from events.repository import GameRepository, UnknownGame
from events.settings import Settings
from events.shard_index import UNREACHABLE
from events.work import next_work

log = logging.getLogger(__name__)


@dataclass
class SweepReport:
    #: Overdue work enqueued again, as ``game@seq``.
    resent: list[str] = field(default_factory=list)
    #: Work that had no task at all, now enqueued, as ``game@seq``.
    revived: list[str] = field(default_factory=list)
    #: Overdue entries forgotten because the game moved on (or ended) without them.
    dropped: int = 0

    def lines(self) -> list[str]:
        return [f"resent {x}" for x in self.resent] + [f"revived {x}" for x in self.revived]


def watermark_key(prefix: str) -> str:
    return f"{prefix}:work:swept-until"


def sweep(repo: GameRepository, settings: Settings, send: Send, now: float | None = None) -> SweepReport:
    """One run of the sweep (see the module docstring)."""
    now = time.time() if now is None else now
    report = SweepReport()
    for step in (_resend_silent, _resend_overdue, _revive_unclaimed):
        try:
            step(repo, settings, send, now, report)
        except UNREACHABLE as exc:
            # A game (or the watermark) on a shard that is away: the other steps
            # still run, and this one tries again next time.
            log.warning("sweep step %s stopped at an unreachable shard: %s", step.__name__, exc)
    if report.resent or report.revived:
        log.warning("sweep enqueued lost work: %s", report.lines())
    return report


def _resend_overdue(repo: GameRepository, settings: Settings, send: Send, now: float, report: SweepReport) -> None:
    """Work claimed (or started) longer ago than the task time limit plus margin."""
    store = repo.store
    _resend(repo, send, now, report, store.work_overdue(now - settings.work_overdue_s),
            store.reclaim_work, store.drop_work)


def _resend_silent(repo: GameRepository, settings: Settings, send: Send, now: float, report: SweepReport) -> None:
    """Running work whose heartbeats stopped: its worker died mid-task (SIGKILL, a
    lost node).  Sent again within seconds, not after the task time limit."""
    store = repo.store
    _resend(repo, send, now, report, store.work_silent(now - settings.heartbeat_timeout_s),
            store.reclaim_silent, store.drop_silent)


def _resend(repo: GameRepository, send: Send, now: float, report: SweepReport,
            entries: list[tuple[str, int, float]], reclaim: Callable[..., bool],
            drop: Callable[[str, int, float], bool]) -> None:
    """Take over each lost entry ``(game, seq, stamp)`` (compare-and-set on the
    stamp: two sweeps never both re-send it) and enqueue its work again; forget it
    where the game has moved on or ended."""
    store = repo.store
    for game_id, seq, stamp in entries:
        try:
            p = repo.projection(game_id)
        except UnknownGame:
            drop(game_id, seq, stamp)
            report.dropped += 1
            continue
        if next_work(p) is None:
            # Done, or nothing left to do there (the task died after its last append).
            drop(game_id, seq, stamp)
            report.dropped += 1
        elif p.seq == seq:
            if not reclaim(game_id, seq, stamp, now):
                continue  # another sweep, or a task that just started (or beat), has it
            if _send(send, [game_id, seq, now]):
                report.resent.append(f"{game_id}@{seq}")
            else:
                store.release_work(game_id, seq)
        else:
            # The task died in the middle of a turn it appended sub-move by sub-move:
            # the newer position needs the work and was never claimed.
            if claim_and_send(repo, game_id, p.seq, "work", send, ADVANCE_TASK, [game_id, p.seq, now]):
                report.revived.append(f"{game_id}@{p.seq}")
            drop(game_id, seq, stamp)
            report.dropped += 1


def _revive_unclaimed(repo: GameRepository, settings: Settings, send: Send, now: float,
                      report: SweepReport) -> None:
    store = repo.store
    key = watermark_key(settings.key_prefix)
    raw = store.redis.get(key)
    after = float("-inf") if raw is None else float(raw) - settings.work_margin_s
    # Only games quiet for the margin: a bot in the middle of its turn appends its
    # sub-moves unclaimed (its task is responsible for them) and keeps its game
    # fresh; a task that died there is found by its work in flight instead.
    upto = now - settings.work_margin_s
    touched = store.touched_between(after, upto)
    for game_id, _when in touched:
        try:
            record = repo.record(game_id)
        except UnknownGame:
            continue
        if record.status.get("over"):
            continue
        p = repo.projection(game_id)
        if next_work(p) is None or store.work_claimed(game_id, p.seq):
            continue
        if claim_and_send(repo, game_id, p.seq, "work", send, ADVANCE_TASK, [game_id, p.seq, now]):
            report.revived.append(f"{game_id}@{p.seq}")
    if not touched.complete:
        return  # a shard was away: its games are looked at once it is back
    # A capped read (very many games) continues from its last game next time.
    until = touched[-1][1] if len(touched) >= store.TOUCHED_LIMIT else upto
    store.redis.set(key, repr(until))


def _send(send: Send, args: list) -> bool:
    try:
        send(ADVANCE_TASK, args)
    except Exception:  # noqa: BLE001 - a broker failure; the entry is released and retried
        log.exception("could not enqueue %s%s", ADVANCE_TASK, args[:2])
        return False
    return True
