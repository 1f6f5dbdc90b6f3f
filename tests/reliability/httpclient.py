"""A small keep-alive JSON client for the reliability tests and the benchmarks.

A request that finds its kept-alive connection closed by the server is sent again on
a new connection: for ``POST .../commands`` that is safe, because the repeat carries
the same ``command_id`` (the server answers the first result with 200).
"""

from __future__ import annotations

import http.client
import json
from typing import Any
from urllib.parse import urlsplit


class Response:
    def __init__(self, status: int, body: bytes, headers: dict[str, str]) -> None:
        self.status = status
        self.body = body
        self.headers = headers

    @property
    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


class Client:
    def __init__(self, base: str, timeout: float = 30.0) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.timeout = timeout
        self._conn: http.client.HTTPConnection | None = None

    def _connection(self) -> http.client.HTTPConnection:
        if self._conn is None:
            self._conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> Response:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in (1, 2):
            conn = self._connection()
            try:
                conn.request(method, path, body=data, headers=headers)
                r = conn.getresponse()
                payload = r.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError,
                    http.client.CannotSendRequest):
                self.close()
                if attempt == 2:
                    raise
                continue
            if r.getheader("Connection", "").lower() == "close":
                self.close()
            return Response(r.status, payload, {k.lower(): v for k, v in r.getheaders()})
        raise AssertionError("unreachable")

    def get(self, path: str, token: str | None = None) -> Response:
        return self.request("GET", path, token=token)

    def post(self, path: str, body: Any, token: str | None = None) -> Response:
        return self.request("POST", path, body, token=token)
