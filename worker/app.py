"""The Celery app factory, configured from :class:`events.settings.Settings`.

Broker and result backend sit on the same Redis as the event store by default.
Tasks are ``acks_late`` with retries, because every task appends with an expected
seq and a deterministic command id and is therefore safe to run twice.
"""

from __future__ import annotations

from celery import Celery

from events.connection import celery_url
from events.settings import Settings


def transport_options(settings: Settings) -> dict[str, int]:
    """Kombu's Redis options.  A task whose worker died (SIGKILL, lost node) stays
    unacknowledged until ``visibility_timeout`` passes, then any worker restores it;
    with a short timeout the sweep for such tasks must run as often (kombu's default
    sweep runs about every 100 s)."""
    timeout = settings.visibility_timeout or max(3600, settings.task_time_limit * 4)
    options = {"visibility_timeout": timeout}
    if timeout < 100:
        options.update(unacked_restore_interval=max(1, timeout // 2), unacked_restore_throttle=1)
    return options


def make_celery(settings: Settings | None = None, redis_url: str | None = None) -> Celery:
    settings = settings or Settings.from_env()
    url = celery_url(redis_url or settings.redis_url or "redis://127.0.0.1:6379/0")
    app = Celery("stellwerk", broker=url, backend=url, include=["worker.tasks", "worker.notify_tasks"])
    app.conf.update(
        task_default_queue=settings.queue,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_soft_time_limit=settings.task_soft_time_limit,
        task_time_limit=settings.task_time_limit,
        task_serializer="json",
        accept_content=["json"],
        result_expires=3600,
        broker_connection_retry_on_startup=True,
        broker_transport_options=transport_options(settings),
        worker_hijack_root_logger=False,
        beat_schedule={
            "sweep-lost-work": {"task": "stellwerk.sweep", "schedule": float(settings.deadline_scan_s),
                                "options": {"queue": settings.queue, "expires": float(settings.deadline_scan_s)}},
            "scan-deadlines": {"task": "stellwerk.scan_deadlines", "schedule": float(settings.deadline_scan_s),
                               "options": {"queue": settings.queue, "expires": float(settings.deadline_scan_s)}},
        },
    )
    app.conf.stellwerk_settings = settings
    app.conf.stellwerk_redis_url = redis_url or settings.redis_url or "redis://127.0.0.1:6379/0"
    return app
