"""Shared by the benchmark scripts: a dedicated redis-server (AOF on, everysec) unless
``--redis-url`` is given, and percentile helpers."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.reliability.procs import RedisServer, have_redis_server  # noqa: E402


@contextmanager
def redis_url(given: str | None = None) -> Iterator[str]:
    if given:
        yield given
        return
    if not have_redis_server():
        raise SystemExit("needs redis-server (or pass --redis-url)")
    with tempfile.TemporaryDirectory() as tmp:
        server = RedisServer(Path(tmp)).start()
        try:
            yield server.url
        finally:
            server.stop()


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]
