"""Fixtures for the scaled topology: a 3-master Redis Cluster started for the test
session and the machine's RabbitMQ (started with ``rabbitmq-server -detached`` when it
is installed but not running)."""

from __future__ import annotations

import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from events.connection import client as redis_client
from tests.cluster.redis_cluster import LocalRedisCluster, have_cluster_binaries, poll

RABBITMQ = ("127.0.0.1", 5672)


def _reachable(address: tuple[str, int]) -> bool:
    try:
        with socket.create_connection(address, timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalRedisCluster]:
    if not have_cluster_binaries():
        pytest.skip("needs Debian's redis-server and redis-cli (apt install redis-server redis-tools)")
    cluster = LocalRedisCluster(Path(tmp_path_factory.mktemp("redis-cluster")))
    try:
        yield cluster.start()
    finally:
        cluster.close()


@pytest.fixture(scope="session")
def rabbitmq_url() -> str:
    """``amqp://guest:guest@127.0.0.1:5672//``; starts the machine's RabbitMQ if it is down."""
    if not _reachable(RABBITMQ):
        server = shutil.which("rabbitmq-server") or "/usr/sbin/rabbitmq-server"
        if not Path(server).exists():
            pytest.skip("needs RabbitMQ on 127.0.0.1:5672 (apt install rabbitmq-server)")
        subprocess.run([server, "-detached"], check=False, timeout=60)
        try:
            poll(lambda: _reachable(RABBITMQ), 90, "RabbitMQ on 127.0.0.1:5672", every=0.5)
        except TimeoutError:
            pytest.skip("RabbitMQ did not come up on 127.0.0.1:5672 after rabbitmq-server -detached")
    return "amqp://guest:guest@127.0.0.1:5672//"


@pytest.fixture
def cluster_client(redis_cluster: LocalRedisCluster):  # type: ignore[no-untyped-def]
    c = redis_client(redis_cluster.url)
    yield c
    c.close()
