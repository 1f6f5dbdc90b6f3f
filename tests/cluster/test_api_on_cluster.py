"""The API tests run a second time, on a real Redis Cluster (issue 15).

Every test of ``tests/api/test_api.py``, ``test_chat.py``, ``test_handover.py`` and
``test_security.py`` is imported here and collected again with ``redis_client`` bound to
a cluster client (the only Redis fixture those tests use), so the same assertions hold
with each game's keys on its own shard and the global indexes spread over the others.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from redis.cluster import RedisCluster

from events.connection import client as redis_client_for
from tests.api.conftest import app, client, game, sent  # noqa: F401  (fixtures for the imported tests)
from tests.api.test_api import *  # noqa: F403
from tests.api.test_chat import *  # noqa: F403
from tests.api.test_handover import *  # noqa: F403
from tests.api.test_security import *  # noqa: F403


@pytest.fixture
def redis_client(redis_cluster) -> Iterator[RedisCluster]:  # type: ignore[no-untyped-def]
    c = redis_client_for(redis_cluster.url)
    yield c
    c.close()


def test_the_app_under_these_tests_runs_on_the_cluster(app, game) -> None:  # noqa: F811
    store = app.extensions["stellwerk"].repository.store
    assert isinstance(store.redis, RedisCluster) and store.cluster and store.wait_replicas == 1
    assert store.last_seq(game[0]) > 0
