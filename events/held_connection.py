"""One Redis connection held per thread (and process) for the append path.

An append is a single EVALSHA, but through redis-py's client each command also
takes a connection from the pool and gives it back (with a readiness poll on the
socket), retries through a policy object and records observability metrics: about
40 µs of client CPU, more than the command itself costs the server.  The append is
the hottest path of the service (every move), so the store sends it on a
connection of its own: made from the client's pool settings (TCP, TLS or the
embedded server's Unix socket alike), one per thread because a connection carries
one request at a time, and made anew in a forked child (Celery's prefork workers,
gunicorn's workers), which must never share a socket with its parent.

A broken connection is dropped and the command sent once more on a fresh one, as
redis-py's default retry would: the append script is safe to repeat (a command id
seen before answers with the first result; without one, the seq check answers
with a conflict instead of appending twice).
"""

from __future__ import annotations

import os
import threading
from typing import Any

import redis


class HeldConnection(threading.local):
    def __init__(self, client: redis.Redis) -> None:
        self._pool = client.connection_pool
        self._connection: Any = None
        self._pid = 0

    def _current(self) -> Any:
        if self._connection is None or self._pid != os.getpid():
            self._connection = self._pool.connection_class(**self._pool.connection_kwargs)
            self._pid = os.getpid()
        return self._connection

    def execute(self, *command: Any) -> Any:
        """Send ``command`` and return its reply (a Redis error reply is raised)."""
        for attempt in (1, 2):
            connection = self._current()
            try:
                connection.send_command(*command)
                return connection.read_response()
            except (redis.ConnectionError, redis.TimeoutError):
                connection.disconnect()
                self._connection = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self._connection is not None:
            self._connection.disconnect()
            self._connection = None
