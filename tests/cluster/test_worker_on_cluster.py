"""Integration tests of the worker run a second time on the scaled topology (issue 15):
events on the session's Redis Cluster, the Celery queue on RabbitMQ, a real worker
process (``stellwerk worker``) started with that configuration."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import uuid
from collections.abc import Iterator

import pytest

from events.settings import Settings
from tests.integration.conftest import ROOT, process_env, wait_for_line
from tests.integration.test_worker import (
    test_hint_is_computed_by_the_worker,  # noqa: F401
    test_worker_plays_bots_and_scores_rounds,  # noqa: F401
)

pytestmark = [pytest.mark.slow]


@pytest.fixture
def worker_settings(redis_cluster, rabbitmq_url) -> Settings:  # type: ignore[no-untyped-def]
    tag = uuid.uuid4().hex[:8]
    return dataclasses.replace(Settings.from_env(), redis_url=redis_cluster.url, broker_url=rabbitmq_url,
                               key_prefix=f"ctest-{tag}", queue=f"ctest-{tag}", stream_block_ms=200,
                               snapshot_every=10, work_margin_s=1)


@pytest.fixture
def celery_worker(worker_settings: Settings) -> Iterator[subprocess.Popen]:
    env = process_env(REDIS_URL=worker_settings.redis_url, STELLWERK_BROKER_URL=worker_settings.broker_url,
                      STELLWERK_KEY_PREFIX=worker_settings.key_prefix, STELLWERK_QUEUE=worker_settings.queue,
                      STELLWERK_SNAPSHOT_EVERY=str(worker_settings.snapshot_every),
                      STELLWERK_WORK_MARGIN_S=str(worker_settings.work_margin_s))
    proc = subprocess.Popen([sys.executable, "-m", "service.cli", "worker", "--pool", "prefork",
                             "--concurrency", "1", "--loglevel", "INFO"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wait_for_line(proc, "ready.")
    yield proc
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
