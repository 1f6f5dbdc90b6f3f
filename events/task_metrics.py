"""Task latency shared across processes: workers add samples to a Redis hash, the
web app's ``/metrics`` exposes them as a Prometheus histogram.

Prometheus' own multiprocess mode needs a shared directory; the workers of a
deployment already share Redis, so the histogram lives there.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import redis

#: Upper bounds (seconds) of the latency buckets.
BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)

log = logging.getLogger(__name__)


#: Histograms kept: the delay from enqueueing bot or system work to its append (by
#: kind), and the time any task sat in its queue (by queue, :mod:`worker.queue_wait`).
LATENCY_KEY = "task_latency"
WAIT_KEY = "queue_wait"


def key(prefix: str, name: str = LATENCY_KEY) -> str:
    return f"{prefix}:metrics:{name}"


def observe(client: redis.Redis, prefix: str, kind: str, seconds: float, key: str = LATENCY_KEY) -> None:
    """Count one sample.  Best effort: the metrics live on one shard, and a shard
    failing over must not fail the bot turn or the move that is being measured."""
    try:
        _observe(client, prefix, kind, seconds, key)
    except redis.RedisError as exc:
        log.debug("metric %s not recorded: %s", key, exc)


def _observe(client: redis.Redis, prefix: str, kind: str, seconds: float, key: str) -> None:
    pipe = client.pipeline(transaction=False)
    k = f"{prefix}:metrics:{key}"
    for bound in BUCKETS:
        if seconds <= bound:
            pipe.hincrby(k, f"{kind}:le:{bound}", 1)
    pipe.hincrby(k, f"{kind}:count", 1)
    pipe.hincrbyfloat(k, f"{kind}:sum", seconds)
    pipe.execute()


def count_append(client: redis.Redis, prefix: str, game: str) -> None:
    """Workers count their appends here; web nodes count their own in-process
    (best effort, like :func:`observe`)."""
    try:
        client.hincrby(f"{prefix}:metrics:worker_appends", game, 1)
    except redis.RedisError as exc:
        log.debug("worker append not counted: %s", exc)


def read_appends(client: redis.Redis, prefix: str) -> dict[str, float]:
    return {k.decode(): float(v) for k, v in client.hgetall(f"{prefix}:metrics:worker_appends").items()}


def read(client: redis.Redis, prefix: str, name: str = LATENCY_KEY) -> dict[str, dict[str, float]]:
    """``{kind: {"le:0.1": n, ..., "count": n, "sum": s}}``; a kind (a queue's
    name) may itself hold ``:``, so fields are split from the right."""
    out: dict[str, dict[str, float]] = {}
    for raw, value in client.hgetall(key(prefix, name)).items():
        field = raw.decode()
        kind, sep, bound = field.rpartition(":le:")
        if sep:
            out.setdefault(kind, {})[f"le:{bound}"] = float(value)
        else:
            kind, _, stat = field.rpartition(":")
            out.setdefault(kind, {})[stat] = float(value)
    return out


def kinds(samples: dict[str, dict[str, float]]) -> Iterable[str]:
    return sorted(samples)
