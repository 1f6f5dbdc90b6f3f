"""Operations endpoints: health."""

from __future__ import annotations

from flask import Blueprint, jsonify

from service.context import ctx

bp = Blueprint("ops", __name__)


@bp.get("/healthz")
def healthz():  # type: ignore[no-untyped-def]
    """Health.
    ---
    get:
      summary: 200 when Redis answers, 503 otherwise
      responses:
        200: {description: healthy}
        503: {description: Redis unreachable}
    """
    try:
        ctx().repository.store.redis.ping()
    except Exception as exc:  # any failure to reach Redis is "unhealthy", not a 500
        return jsonify({"ok": False, "redis": type(exc).__name__}), 503
    return jsonify({"ok": True})
