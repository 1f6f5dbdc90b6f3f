"""A Celery app with one task for :mod:`bench_cluster`'s dispatch latency: the task
pushes how long it took from ``send_task`` to the task running onto a reply list.

Configured from the environment (``BENCH_BROKER``, ``BENCH_REPLY_URL``), so the same
module runs on the Redis transport and on RabbitMQ."""

from __future__ import annotations

import os
import time

import redis
from celery import Celery

app = Celery("bench", broker=os.environ.get("BENCH_BROKER", "redis://127.0.0.1:6379/0"), backend=None)
app.conf.update(task_acks_late=True, worker_prefetch_multiplier=1, task_serializer="json",
                accept_content=["json"], broker_connection_retry_on_startup=True,
                worker_hijack_root_logger=False)
_replies = redis.Redis.from_url(os.environ.get("BENCH_REPLY_URL", "redis://127.0.0.1:6379/0"))


@app.task(name="bench.stamp")
def stamp(sent: float, reply_key: str) -> None:
    _replies.rpush(reply_key, repr(time.time() - sent))
