"""The Celery app factory, configured from :class:`events.settings.Settings`.

Broker and result backend sit on the same Redis as the event store by default;
``STELLWERK_BROKER_URL`` moves the queue elsewhere (RabbitMQ), and with a Redis
Cluster it must (:func:`events.connection.broker_url`).
Tasks are ``acks_late`` with retries, because every task appends with an expected
seq and a deterministic command id and is therefore safe to run twice.
"""

from __future__ import annotations

import logging

from celery import Celery

from events.connection import broker_url, result_backend
from events.queues import REVIEW_TASKS
from events.settings import Settings
from worker import queue_wait

log = logging.getLogger(__name__)


def transport_options(settings: Settings) -> dict[str, int | str]:
    """Kombu's Redis options.  A task whose worker died (SIGKILL, lost node) stays
    unacknowledged until ``visibility_timeout`` passes, then any worker restores it;
    with a short timeout the sweep for such tasks must run as often (kombu's default
    sweep runs about every 100 s).

    Bot turns and system work do not wait for that: the beat's sweep enqueues them
    again once they are older than the task time limit plus a margin
    (``settings.work_overdue_s``).  The visibility timeout must not be shorter than
    that, or a task still running within its limit would be handed to a second
    worker as well; the default (an hour, at least four time limits) is the slow
    safety net for every other task."""
    timeout = settings.visibility_timeout or max(3600, settings.task_time_limit * 4)
    if timeout < settings.work_overdue_s:
        log.warning("STELLWERK_VISIBILITY_TIMEOUT=%s is shorter than the task time limit plus margin (%s s): "
                    "a task that runs long may run twice", timeout, settings.work_overdue_s)
    # A worker that serves both queues (``-Q play,review``) takes play first: kombu
    # asks Redis for the queues in the order given instead of round robin.
    options: dict[str, int | str] = {"visibility_timeout": timeout, "queue_order_strategy": "priority"}
    if timeout < 100:
        options.update(unacked_restore_interval=max(1, timeout // 2), unacked_restore_throttle=1)
    return options


def beat_schedule(settings: Settings) -> dict[str, dict]:
    """The sweep for lost work and the deadline scan; a tick that finds its
    predecessor still queued expires (no pile-up while workers are busy)."""
    def every(task: str, seconds: int) -> dict:
        return {"task": task, "schedule": float(seconds),
                "options": {"queue": settings.queue, "expires": float(seconds)}}

    return {"sweep-lost-work": every("stellwerk.sweep", settings.sweep_s),
            "scan-deadlines": every("stellwerk.scan_deadlines", settings.deadline_scan_s)}


def make_celery(settings: Settings | None = None, redis_url: str | None = None) -> Celery:
    settings = settings or Settings.from_env()
    store_url = redis_url or settings.redis_url or "redis://127.0.0.1:6379/0"
    url = broker_url(store_url, settings.broker_url)
    app = Celery("stellwerk", broker=url, backend=url, include=["worker.tasks", "worker.notify_tasks",
                                                                 "worker.archive_tasks"])
    app.conf.update(
        # Results only on the event store's single Redis (as before); none otherwise.
        result_backend=result_backend(store_url, settings.broker_url),
        task_default_queue=settings.queue,
        # Review work on its own queue, whoever sends it (events.queues).
        task_routes={task: {"queue": settings.review_queue} for task in REVIEW_TASKS},
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
        beat_schedule=beat_schedule(settings),
    )
    queue_wait.connect()
    app.conf.stellwerk_settings = settings
    app.conf.stellwerk_redis_url = redis_url or settings.redis_url or "redis://127.0.0.1:6379/0"
    return app
