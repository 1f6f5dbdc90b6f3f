"""Celery tasks of the archive: a finished game is archived and rated; a
finished game is analysed on request (:mod:`worker.analysis`)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import redis
from celery import shared_task

from events import archive
from events.analysis import ANALYSE_TASK, AnalysisStore
from events.ratings import Ratings
from events.repository import GameRepository
from worker.analysis import prepare
from worker.runtime import runtime

log = logging.getLogger(__name__)

RETRY = {"autoretry_for": (redis.ConnectionError, redis.TimeoutError), "retry_backoff": True,
         "retry_backoff_max": 60, "max_retries": 20, "acks_late": True}
#: An analysis walks every position with a bot's search: about a minute for an
#: 80-position game at the default 100 MCTS iterations.  It runs in slices of about
#: this many seconds (one position at least, up to 40 s in Steam), each a task.
SLICE_S = 5.0
#: The limit of one slice (a position never takes near this long).
ANALYSIS_SOFT_LIMIT_S = 600


@shared_task(name="stellwerk.game_ended", bind=True, **RETRY)
def game_ended(self, game_id: str) -> str:  # type: ignore[no-untyped-def]
    """Archive (idempotent) and rate once; forks and games with bots are not rated."""
    repo = runtime().repository
    row = archive.record_finished(repo, game_id)
    if row is None:
        return "not over"
    rated = Ratings(repo.store.redis, repo.store.keys.prefix).apply(row)
    return "rated" if rated else "archived"


@shared_task(name="stellwerk.analyse", bind=True, soft_time_limit=ANALYSIS_SOFT_LIMIT_S,
             time_limit=ANALYSIS_SOFT_LIMIT_S + 60, **RETRY)
def analyse(self, game_id: str, level: str | None = None, seed: str = "0",  # type: ignore[no-untyped-def]
            start: int = 0) -> str:
    """One slice of a game's analysis from position ``start`` (``level``: as the API
    chose it, ``events.analysis.level_for``; None: the game's default)."""
    runtime_ = runtime()
    return analyse_slice(runtime_.repository, runtime_.send, game_id, level, seed, start)


def analyse_slice(repo: GameRepository, send: Callable[[str, list[Any]], None], game_id: str, level: str | None,
                  seed: str, start: int, slice_s: float = SLICE_S) -> str:
    """Analyse positions from ``start`` for about ``slice_s`` seconds (one at least);
    then store the rows so far and enqueue the rest as a new task, so that bot turns
    and round scoring queued meanwhile run in between (a worker of concurrency 1
    would otherwise wait a minute or two).  The rows do not depend on the slicing."""
    store = AnalysisStore(repo.store.redis, repo.store.keys.prefix)
    if store.get(game_id)["state"] == "done":
        return "cached"
    try:
        work = prepare(repo, game_id, level, seed)
        rows = store.rows(game_id) if start else []
        if len(rows) != start:  # the stored rows are not the ones this slice continues: start over
            rows, start = [], 0
        store.progress(game_id, start, work.total)
        end = time.monotonic() + slice_s
        index = start
        while index < work.total:
            rows.append(work.row(index))
            index += 1
            store.progress(game_id, index, work.total)
            if time.monotonic() > end:
                break
        if index < work.total:
            store.save_rows(game_id, rows, work.total)
            send(ANALYSE_TASK, [game_id, work.level, seed, index])
            return f"continues at {index} of {work.total}"
        result = work.result(rows)
    except Exception as exc:  # noqa: BLE001 - recorded for the page, then raised for the logs
        store.fail(game_id, str(exc) or type(exc).__name__)
        raise
    store.finish(game_id, result)
    return "done"
