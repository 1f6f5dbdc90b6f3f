"""Celery tasks: advance a game by system work or a bot's turn; take snapshots.

A task carries the game id and the seq it was enqueued for.  Every append uses
the seq it was decided on and the deterministic command id ``work-<seq>``, so a
task run twice, or redelivered after a crash, appends nothing twice.  A task that
finds the game moved on does nothing, unless no task was enqueued for the new
position (its predecessor crashed in the middle of a bot's turn): then it carries
on from there.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import redis
from celery import shared_task

from events import task_metrics
from events.repository import GameRepository
from events.store import Conflict
from events.work import next_work
from games.contract import SYSTEM, Command, IllegalMove
from worker import bots
from worker import sweep as sweeping
from worker.bots.base import NEVER
from worker.bots.turns import FALLBACK_LEVELS, bot_turn
from worker.runtime import runtime

log = logging.getLogger(__name__)

RETRY = {"autoretry_for": (redis.ConnectionError, redis.TimeoutError), "retry_backoff": True,
         "retry_backoff_max": 60, "max_retries": 20, "acks_late": True}


@shared_task(name="stellwerk.advance", bind=True, **RETRY)
def advance(self, game_id: str, seq: int, enqueued_at: float | None = None) -> str:  # type: ignore[no-untyped-def]
    rt = runtime()
    store = rt.repository.store
    # From now on the time limit runs, and the heartbeats: the sweep leaves the work
    # alone while they come, and sends it again soon after they stop (a dead worker).
    store.work_started(game_id, seq)
    with heartbeat(store, game_id, seq, rt.settings.heartbeat_s):
        outcome = _advance(rt, game_id, seq, enqueued_at)
    # Only a task that returns is done: one that died (or raised) stays in flight
    # for the sweep to enqueue again.
    store.work_done(game_id, seq)
    return outcome


@contextmanager
def heartbeat(store, game_id: str, seq: int, every_s: float) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Beat for (game, seq) every ``every_s`` seconds while the block runs, from a
    thread (a bot's search does not return to the task in between)."""
    done = threading.Event()

    def beat() -> None:
        while not done.wait(every_s):
            try:
                store.work_heartbeat(game_id, seq)
            except redis.RedisError:
                log.warning("heartbeat of %s@%s failed", game_id, seq)

    thread = threading.Thread(target=beat, name=f"heartbeat-{game_id}-{seq}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join(every_s)


def _advance(rt, game_id: str, seq: int, enqueued_at: float | None) -> str:  # type: ignore[no-untyped-def]
    repo = rt.repository
    p = repo.projection(game_id)
    if p.seq != seq and repo.store.work_claimed(game_id, p.seq):
        return "stale"
    work = next_work(p)
    if work is None:
        return "idle"
    if work.undo_answer is not None:
        commands = [Command(work.undo_answer, work.actor, {})]
    elif work.actor == SYSTEM:
        commands = [Command(p.status().pending_system[0], SYSTEM, {})]
    else:
        # Seat management and undo belong to people: whatever a bot level returns,
        # the task never sends them for it.
        commands = [c for c in bot_turn(p, work.actor, work.bot or "random", rt.settings.bot_budget_ms)
                    if c.type not in NEVER]
    outcome = _append_turn(repo, game_id, p.seq, commands)
    if enqueued_at is not None:
        kind = "system" if work.actor == SYSTEM else "bot"
        task_metrics.observe(repo.store.redis, rt.settings.key_prefix, kind, time.time() - enqueued_at)
    return outcome


def _append_turn(repo: GameRepository, game_id: str, seq: int, commands: list[Command]) -> str:
    """Append ``commands`` one by one from ``seq``; only the last append enqueues
    follow-up work.  Stops early (and enqueues) after revealed information or a
    command the real position refuses, so the bot decides again on the truth."""
    appended: list[int] = []
    for i, command in enumerate(commands):
        last = i == len(commands) - 1
        try:
            result = repo.execute(game_id, command, seq, command_id=f"work-{seq}", followups=last)
        except Conflict:
            return "stale" if not appended else f"appended {appended[0]}-{seq} then stale"
        except IllegalMove as exc:
            if exc.code == "platform.command_id_reused":
                # An earlier run of this task appended at this seq (a bot's search
                # need not choose the same move twice): the work is done.
                return "duplicate"
            log.error("work for %s at seq %s was refused: %s", game_id, seq, exc)
            if appended:
                repo.notify(game_id)
            return "refused"
        if result.duplicate:
            return "duplicate"
        task_metrics.count_append(repo.store.redis, runtime().settings.key_prefix, result.projection.game.name)
        appended.append(result.first_seq)
        seq = result.last_seq
        revealed = any(e.barrier and e.seq >= result.first_seq for e in result.projection.tail)
        if not last and revealed:
            repo.notify(game_id)
            break
    return f"appended {appended[0]}-{seq}" if appended else "nothing"


@shared_task(name="stellwerk.hint", bind=True, **RETRY)
def hint(self, game_id: str, seq: int, seat: str, reply_key: str) -> str:  # type: ignore[no-untyped-def]
    """The greedy bot's turn for ``seat``, computed on the seat's determinized view."""
    rt = runtime()
    repo = rt.repository
    p = repo.projection(game_id)
    body: dict[str, Any]
    if p.seq != seq:
        body = {"stale": True, "current_seq": p.seq}
    else:
        level = next(name for name in FALLBACK_LEVELS if name in bots.LEVELS)
        commands = bot_turn(p, seat, level, rt.settings.bot_budget_ms)
        body = {"level": level, "commands": [c.to_json() for c in commands]}
    pipe = repo.store.redis.pipeline()
    pipe.rpush(reply_key, json.dumps(body))
    pipe.expire(reply_key, 60)
    pipe.execute()
    return "answered"


@shared_task(name="stellwerk.sweep", bind=True, acks_late=True)
def sweep(self) -> list[str]:  # type: ignore[no-untyped-def]
    """Beat: enqueue again work whose task was lost (its worker died) or never
    enqueued (see :mod:`worker.sweep`)."""
    rt = runtime()
    return sweeping.sweep(rt.repository, rt.settings, rt.send).lines()


@shared_task(name="stellwerk.snapshot", bind=True, **RETRY)
def snapshot(self, game_id: str, seq: int) -> int | None:  # type: ignore[no-untyped-def]
    repo = runtime().repository
    p = repo.projection(game_id)
    return repo.take_snapshot(game_id, upto=p.confirmed_seq)
