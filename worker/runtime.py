"""The worker process's event store and repository, built once per process.

Tasks reach them through :func:`runtime`, configured from the Celery app's
settings, and every append a task makes enqueues the follow-up work through the
same Celery app.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from celery import current_app

from events.connection import client
from events.followups import enqueue_followups
from events.queues import enqueued_header, queue_for
from events.repository import GameRepository
from events.settings import Settings
from events.store import EventStore
from games import registry


@dataclass
class Runtime:
    settings: Settings
    repository: GameRepository
    #: Sends a task by name to the queue (what the follow-ups and the sweep use).
    send: Callable[[str, list[Any]], None]


@lru_cache(maxsize=1)
def runtime() -> Runtime:
    app = current_app
    settings: Settings = app.conf.get("stellwerk_settings") or Settings.from_env()
    url = app.conf.get("stellwerk_redis_url") or settings.redis_url
    for spec in settings.extra_games:
        registry.register(registry.load_object(spec))
    store = EventStore(client(url), settings.key_prefix, wait_replicas=settings.wait_replicas,
                       wait_replicas_ms=settings.wait_replicas_ms)
    repo = GameRepository(store, settings.snapshot_every, settings.projection_cache_size)

    def send(name: str, args: list) -> None:
        app.send_task(name, args=args, queue=queue_for(settings, name), headers=enqueued_header())

    repo.on_appended = lambda game_id, p: enqueue_followups(repo, game_id, p, send)
    return Runtime(settings, repo, send)
