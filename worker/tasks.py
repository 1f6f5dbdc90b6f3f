"""Celery tasks: advance a game by one system or bot command; take snapshots.

A task carries the game id and the seq it was enqueued for.  It decides on that
position and appends with that expected seq under the deterministic command id
``work-<seq>``: run twice, or after a crash, the second run finds the command
already appended (or the log moved on) and does nothing.
"""

from __future__ import annotations

import logging
import time

import redis
from celery import shared_task

from events import commands as platform
from events import task_metrics
from events.redaction import view as view_for
from events.store import Conflict
from events.work import next_work
from games.contract import SYSTEM, Command, IllegalMove
from games.rng import rng_for
from worker import bots
from worker.runtime import runtime

log = logging.getLogger(__name__)

RETRY = dict(autoretry_for=(redis.ConnectionError, redis.TimeoutError), retry_backoff=True,
             retry_backoff_max=60, max_retries=20, acks_late=True)


@shared_task(name="stellwerk.advance", bind=True, **RETRY)
def advance(self, game_id: str, seq: int, enqueued_at: float | None = None) -> str:  # type: ignore[no-untyped-def]
    rt = runtime()
    repo = rt.repository
    p = repo.projection(game_id)
    if p.seq != seq:
        return "stale"
    work = next_work(p, repo.record(game_id).bots)
    if work is None:
        return "idle"
    if work.accept_undo:
        command = Command("AcceptUndo", work.actor, {})
    elif work.actor == SYSTEM:
        command = Command(p.status().pending_system[0], SYSTEM, {})
    else:
        bot = bots.get(work.bot or "random")
        legal = platform.legal_commands(p, work.actor)
        rng = rng_for(p.seed, p.seq, salt=f"bot:{work.actor}")
        command = bot.choose(view_for(p, work.actor), work.actor, legal, rng, rt.settings.bot_budget_ms)
        command = Command(command.type, work.actor, command.args)
    try:
        result = repo.execute(game_id, command, seq, command_id=f"work-{seq}")
    except Conflict:
        return "stale"
    except IllegalMove as exc:
        log.error("work for %s at seq %s was refused: %s", game_id, seq, exc)
        return "refused"
    if enqueued_at is not None:
        kind = "system" if work.actor == SYSTEM else "bot"
        task_metrics.observe(repo.store.redis, rt.settings.key_prefix, kind, time.time() - enqueued_at)
    return "duplicate" if result.duplicate else f"appended {result.first_seq}-{result.last_seq}"


@shared_task(name="stellwerk.snapshot", bind=True, **RETRY)
def snapshot(self, game_id: str, seq: int) -> int | None:  # type: ignore[no-untyped-def]
    repo = runtime().repository
    p = repo.projection(game_id)
    return repo.take_snapshot(game_id, upto=p.confirmed_seq)
