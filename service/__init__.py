"""The Flask web app: JSON API, live updates, operations endpoints.

Built by :func:`create_app` from :class:`events.settings.Settings`; the Redis
client and the task sender may be injected (tests use fakeredis and a recorder).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import redis
from flask import Flask

from events.connection import blocking_client
from events.connection import client as redis_client
from events.followups import enqueue_followups
from events.queues import enqueued_header, queue_for
from events.repository import GameRepository
from events.settings import Settings
from events.store import EventStore
from games import registry
from service.context import ServiceContext

SendTask = Callable[[str, list[Any]], Any]


def celery_sender(redis_url: str, settings: Settings) -> SendTask:
    """Send tasks by name through a Celery client; the web app never imports the tasks."""
    from celery import Celery

    from events.connection import broker_url

    # No result backend: the web side never waits on task results (hints come back
    # through a reply list), and a backend costs a SUBSCRIBE round trip per task sent.
    client = Celery("stellwerk-web", broker=broker_url(redis_url, settings.broker_url), backend=None)
    client.conf.broker_connection_retry_on_startup = True

    def send(name: str, args: list[Any]) -> None:
        client.send_task(name, args=args, queue=queue_for(settings, name), headers=enqueued_header())

    return send


def create_app(settings: Settings | None = None, client: redis.Redis | None = None,
               send_task: SendTask | None | bool = True) -> Flask:
    """``send_task=True`` builds a Celery sender on the same Redis; ``None`` or
    ``False`` enqueues nothing (tests drive the work themselves)."""
    settings = settings or Settings.from_env()
    logging.basicConfig(level=settings.log_level)
    for spec in settings.extra_games:
        registry.register(registry.load_object(spec))
    url = settings.redis_url or "redis://127.0.0.1:6379/0"
    injected = client is not None
    blocking = client or blocking_client(url, max(settings.stream_block_ms, settings.hint_timeout_s * 1000))
    client = client or redis_client(url)
    store = EventStore(client, settings.key_prefix, blocking=blocking, wait_replicas=settings.wait_replicas,
                       wait_replicas_ms=settings.wait_replicas_ms)
    repo = GameRepository(store, settings.snapshot_every, settings.projection_cache_size)
    sender = celery_sender(url, settings) if send_task is True else (send_task if callable(send_task) else None)
    if sender is not None:
        repo.on_appended = lambda game_id, p: enqueue_followups(repo, game_id, p, sender)

    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    app.config["JSON_SORT_KEYS"] = False
    from service.json_limits import LimitedJSONProvider

    app.json = LimitedJSONProvider(app)
    app.extensions["stellwerk"] = ServiceContext(settings, repo, sender)

    from service.api import chat, games, hints, history, moves, ops, stream, tables
    from service.errors import register_error_handlers
    from service.metrics import init_metrics
    from service.openapi import init_openapi
    from service.security import init_security

    for blueprint in (games.bp, moves.bp, history.bp, stream.bp, hints.bp, ops.bp, tables.bp, chat.bp):
        app.register_blueprint(blueprint)
    from service.api import annotations, archive, forks

    for blueprint in (archive.bp, annotations.bp, forks.bp):  # issue 16: archive, notes, forks, analysis
        app.register_blueprint(blueprint)
    # An injected client (fakeredis in tests) keeps rate limits in memory.
    limiter = init_security(app, settings, None if injected else url)
    register_error_handlers(app)
    init_metrics(app)
    init_openapi(app)
    from service.web import init_web; init_web(app)  # noqa: E702, I001  (web UI, accounts, secret key)
    from service.security import apply_limits

    apply_limits(app, limiter, settings)  # after every blueprint, the web UI's too
    return app
