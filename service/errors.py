"""One JSON error shape for every failure: ``{"error": {"code", "message", ...}}``.

Client mistakes map to 400 (with the field), 401/403, 404, 409 (with the current
seq), 413 and 422 (with the rule's code); nothing a client sends may become a 500.
"""

from __future__ import annotations

import logging
from typing import Any

import redis
from flask import Flask, jsonify
from marshmallow import ValidationError
from redis.exceptions import ClusterDownError, SlotNotCoveredError, TryAgainError
from werkzeug.exceptions import HTTPException

from events.repository import UnknownGame
from events.store import Conflict
from games.contract import IllegalMove

log = logging.getLogger(__name__)


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra


def error_response(status: int, code: str, message: str, **extra: Any):  # type: ignore[no-untyped-def]
    body = {"error": {"code": code, "message": message, **extra}}
    return jsonify(body), status


def _first_field(messages: Any, path: str = "") -> str:
    """The dotted path of the first invalid field in marshmallow's messages."""
    if isinstance(messages, dict) and messages:
        key = sorted(messages, key=str)[0]
        sub = f"{path}.{key}" if path else str(key)
        return _first_field(messages[key], sub)
    return path or "body"


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api(err: ApiError):  # type: ignore[no-untyped-def]
        return error_response(err.status, err.code, err.message, **err.extra)

    @app.errorhandler(ValidationError)
    def _invalid(err: ValidationError):  # type: ignore[no-untyped-def]
        field = _first_field(err.messages)
        return error_response(400, "bad_request", f"invalid field {field!r}", field=field, fields=err.messages)

    @app.errorhandler(IllegalMove)
    def _illegal(err: IllegalMove):  # type: ignore[no-untyped-def]
        return error_response(422, err.code, err.message)

    @app.errorhandler(Conflict)
    def _conflict(err: Conflict):  # type: ignore[no-untyped-def]
        return error_response(409, "stale_seq", str(err), seq=err.current_seq)

    @app.errorhandler(UnknownGame)
    def _unknown(err: UnknownGame):  # type: ignore[no-untyped-def]
        return error_response(404, "not_found", "no such game")

    @app.errorhandler(redis.ConnectionError)
    @app.errorhandler(redis.TimeoutError)
    # Redis Cluster: a shard whose master died answers CLUSTERDOWN / TRYAGAIN, or no
    # node serves the slot, until its replica is promoted (issue 15).
    @app.errorhandler(ClusterDownError)
    @app.errorhandler(TryAgainError)
    @app.errorhandler(SlotNotCoveredError)
    def _unavailable(err: Exception):  # type: ignore[no-untyped-def]
        # Redis is down or restarting: nothing was appended unless the command's id
        # shows up again, so resending with the same command_id is always safe.
        log.warning("redis unavailable: %s", err)
        response, status = error_response(503, "unavailable",
                                          "storage is unavailable; resend with the same command_id")
        response.headers["Retry-After"] = "1"
        return response, status

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException):  # type: ignore[no-untyped-def]
        code = (err.name or "error").lower().replace(" ", "_")
        return error_response(err.code or 500, code, err.description or err.name)

    @app.errorhandler(Exception)
    def _unexpected(err: Exception):  # type: ignore[no-untyped-def]
        log.exception("unhandled error")
        return error_response(500, "internal", "internal error")
