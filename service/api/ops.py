"""Operations endpoints: health."""

from __future__ import annotations

from flask import Blueprint, jsonify

from service.context import ctx

bp = Blueprint("ops", __name__)


@bp.get("/healthz")
def healthz():  # type: ignore[no-untyped-def]
    """Health, per shard of the event store.
    ---
    get:
      summary: 200 while any shard answers (``ok`` false when one is down), 503 when none does
      description: >-
        Each shard lists its slots, its master, whether it is up, and its durability
        ("replicated", or "degraded" after a failover left its master without a replica,
        when moves are acknowledged without a replica's copy). A web node stays in
        rotation while one shard fails over, since the other shards' games go on.
        failover_stops_cluster is true where the shard's master runs with
        cluster-require-full-coverage yes (Redis's default): then every shard refuses
        commands while any one fails over (moves wait up to 3 s, then 503); deploy's
        redis-cluster.conf says no. Null where the server does not allow CONFIG.
      responses:
        200: {description: at least one shard answers}
        503: {description: no shard answers}
    """
    store = ctx().repository.store
    try:
        shards = store.shards()
    except Exception as exc:  # any failure to reach Redis is "unhealthy", not a 500
        return jsonify({"ok": False, "redis": type(exc).__name__}), 503
    up = [s["up"] for s in shards]
    body = {"ok": all(up), "shards": shards,
            "durability": "degraded" if any(s["durability"] == "degraded" for s in shards) else "ok",
            "failover_stops_cluster": any(s.get("failover_stops_cluster") for s in shards)}
    if not any(up):
        body["redis"] = "unreachable"
    return jsonify(body), 200 if any(up) else 503
