"""Fixtures for the reliability tests: the production topology from plain processes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.reliability.procs import Topology, have_redis_server, topology


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Topology]:
    """A dedicated redis-server (AOF, everysec), two gunicorn web nodes and a Celery worker."""
    if not have_redis_server():
        pytest.skip("needs the redis-server binary (apt install redis-server)")
    with topology(Path(tmp_path_factory.mktemp("cluster")), web_nodes=2, web_workers=1, threads=8) as topo:
        yield topo
