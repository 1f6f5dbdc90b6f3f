"""Celery tasks of the archive: a finished game is archived and rated; a
finished game is analysed on request (:mod:`worker.analysis`)."""

from __future__ import annotations

import logging

import redis
from celery import shared_task

from events import archive
from events.analysis import AnalysisStore
from events.ratings import Ratings
from worker.analysis import analyse as run_analysis
from worker.runtime import runtime

log = logging.getLogger(__name__)

RETRY = {"autoretry_for": (redis.ConnectionError, redis.TimeoutError), "retry_backoff": True,
         "retry_backoff_max": 60, "max_retries": 20, "acks_late": True}
#: An analysis walks every position with a bot's search: far longer than a move
#: (about a minute for an 80-position game at the default 100 MCTS iterations).
ANALYSIS_SOFT_LIMIT_S = 1800


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
def analyse(self, game_id: str, level: str | None = None, seed: str = "0") -> str:  # type: ignore[no-untyped-def]
    """``level``: as the API chose it (``events.analysis.level_for``); None: the game's default."""
    repo = runtime().repository
    store = AnalysisStore(repo.store.redis, repo.store.keys.prefix)
    if store.get(game_id)["state"] == "done":
        return "cached"
    try:
        result = run_analysis(repo, game_id, level, seed,
                              progress=lambda done, total: store.progress(game_id, done, total))
    except Exception as exc:  # noqa: BLE001 - recorded for the page, then raised for the logs
        store.fail(game_id, str(exc) or type(exc).__name__)
        raise
    store.finish(game_id, result)
    return "done"
