"""The queue-wait metric: how long each task sat in its queue before a worker
took it, per queue (``stellwerk_queue_wait_seconds{queue}`` on ``/metrics``).

Senders stamp the time in a message header (:func:`events.queues.enqueued_header`);
a ``task_prerun`` handler here reads it.  The samples go to Redis like the task
latency (:mod:`events.task_metrics`), so any web node shows the whole
deployment's queues.  It is what tells an operator that play waits behind
something (issue 28: bot turns queued behind analyses).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from celery.signals import task_prerun

from events import task_metrics
from events.queues import ENQUEUED_HEADER

log = logging.getLogger(__name__)

_connected = False


def enqueued_at(request: Any) -> float | None:
    """The sender's stamp: Celery puts custom headers on the request itself (and,
    depending on the protocol, in ``request.headers`` too)."""
    value = getattr(request, ENQUEUED_HEADER, None)
    if value is None:
        headers = getattr(request, "headers", None) or {}
        value = headers.get(ENQUEUED_HEADER)
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _observe(sender: Any = None, task: Any = None, **_: Any) -> None:
    try:
        from worker.runtime import runtime

        started = enqueued_at(task.request)
        if started is None:
            return
        info = task.request.delivery_info or {}
        queue = info.get("routing_key") or info.get("exchange") or "unknown"
        rt = runtime()
        task_metrics.observe(rt.repository.store.redis, rt.settings.key_prefix, queue,
                             max(0.0, time.time() - started), key=task_metrics.WAIT_KEY)
    except Exception:  # noqa: BLE001 - a metric must never fail a task
        log.debug("could not record the queue wait", exc_info=True)


def connect() -> None:
    global _connected
    if not _connected:
        task_prerun.connect(_observe, weak=False)
        _connected = True
