"""Real processes: a Celery worker on a real Redis, and ``stellwerk serve``.

Processes signal readiness on their own output (a worker's "ready" line, the
server's "listening on" line); tests then wait on the event stream itself
(XREAD BLOCK), never on sleeps.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from events.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def wait_for_line(proc: subprocess.Popen, needle: str, timeout: float = 60.0) -> str:
    """Read the process's merged output until a line contains ``needle``."""
    found: list[str] = []
    done = threading.Event()

    def reader() -> None:
        for line in proc.stdout:  # type: ignore[union-attr]
            if needle in line and not done.is_set():
                found.append(line)
                done.set()
        done.set()

    threading.Thread(target=reader, daemon=True).start()
    if not done.wait(timeout) or not found:
        proc.kill()
        raise RuntimeError(f"process never printed {needle!r}")
    return found[0]


def process_env(**extra: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "STELLWERK_EXTRA_GAMES": "tests.fixture_game:GAME",
           "PYTHONUNBUFFERED": "1"}
    env.update(extra)
    return env


@contextmanager
def serve_process(data_dir: Path, redis_url: str | None = None, **extra_env: str) -> Iterator[str]:
    """``stellwerk serve`` on a free port with the embedded Redis in ``data_dir``
    (or on ``redis_url``, with its worker and beat all the same); yields its base
    URL and stops it with SIGINT (killed if it does not stop)."""
    env = process_env(STELLWERK_DATA_DIR=str(data_dir), **extra_env)
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    env.pop("STELLWERK_SECRET_KEY", None)
    proc = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", "0"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = wait_for_line(proc, "listening on")
    try:
        yield line.strip().rsplit(" ", 1)[-1]
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise


@pytest.fixture
def worker_settings(real_redis_url: str) -> Settings:
    tag = uuid.uuid4().hex[:8]
    return dataclasses.replace(Settings.from_env(), redis_url=real_redis_url, key_prefix=f"itest-{tag}",
                               queue=f"itest-{tag}", stream_block_ms=200, snapshot_every=10, work_margin_s=1)


@pytest.fixture
def celery_worker(worker_settings: Settings) -> Iterator[subprocess.Popen]:
    env = process_env(REDIS_URL=worker_settings.redis_url, STELLWERK_KEY_PREFIX=worker_settings.key_prefix,
                      STELLWERK_QUEUE=worker_settings.queue,
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
