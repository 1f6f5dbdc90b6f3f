"""Real processes for the reliability tests and the benchmarks: a dedicated
``redis-server`` (AOF on, fsync every second), gunicorn web nodes with
``deploy/gunicorn.conf.py``, Celery workers and Celery beat.

Readiness is always a blocking wait on the process's own output ("Ready to accept
connections", "Listening at:", "ready.", "beat: Starting"), never a sleep.  Every process is started in
its own session so that one ``os.killpg`` ends it and its children, and nothing here
touches a process it did not start.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
PYTHON = sys.executable
GUNICORN_CONF = ROOT / "deploy" / "gunicorn.conf.py"


def have_redis_server() -> bool:
    return os.path.exists(REDIS_SERVER) and os.access(REDIS_SERVER, os.X_OK)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Proc:
    """A child process whose merged output is read by a thread; ``wait_for`` blocks
    until a line matching a pattern appears (or the process exits, or the timeout)."""

    def __init__(self, name: str, args: Sequence[str], env: dict[str, str] | None = None,
                 cwd: Path = ROOT) -> None:
        self.name = name
        self.args = list(args)
        self.lines: list[str] = []
        self._cond = threading.Condition()
        self._seen = 0
        self.popen = subprocess.Popen(self.args, cwd=cwd, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.STDOUT, text=True, start_new_session=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    @property
    def pid(self) -> int:
        return self.popen.pid

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            with self._cond:
                self.lines.append(line.rstrip("\n"))
                self._cond.notify_all()
        with self._cond:
            self._cond.notify_all()

    def wait_for(self, pattern: str, timeout: float = 60.0, new_only: bool = True) -> re.Match[str]:
        """The first line (after the last match when ``new_only``) matching ``pattern``."""
        rx = re.compile(pattern)
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for i in range(self._seen if new_only else 0, len(self.lines)):
                    m = rx.search(self.lines[i])
                    if m:
                        self._seen = i + 1
                        return m
                if not new_only:
                    new_only, self._seen = True, len(self.lines)
                else:
                    self._seen = len(self.lines)
                left = deadline - time.monotonic()
                if left <= 0 or (self.popen.poll() is not None and not self._reader.is_alive()):
                    tail = "\n".join(self.lines[-40:])
                    raise RuntimeError(f"{self.name} never printed {pattern!r} "
                                       f"(exit {self.popen.poll()}); last output:\n{tail}")
                self._cond.wait(left)

    def output(self) -> str:
        with self._cond:
            return "\n".join(self.lines)

    def signal(self, sig: int, group: bool = True) -> None:
        if self.popen.poll() is None:
            with suppress(ProcessLookupError):
                if group:
                    os.killpg(self.popen.pid, sig)
                else:
                    os.kill(self.popen.pid, sig)

    def stop(self, timeout: float = 30.0) -> int | None:
        """SIGTERM (the group), then SIGKILL if it does not exit in time."""
        self.signal(signal.SIGTERM)
        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.signal(signal.SIGKILL)
            self.popen.wait(timeout)
        self._reader.join(5)
        return self.popen.returncode

    def kill(self) -> None:
        self.signal(signal.SIGKILL)
        self.popen.wait(30)
        self._reader.join(5)


class RedisServer:
    """A dedicated redis-server on a free loopback port, data (AOF) in ``data_dir``."""

    def __init__(self, data_dir: Path, port: int | None = None) -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self.proc: Proc | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.proc = Proc("redis-server", [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1",
                                          "--dir", str(self.data_dir), "--appendonly", "yes",
                                          "--appendfsync", "everysec", "--save", "", "--daemonize", "no",
                                          "--maxmemory-policy", "noeviction", "--loglevel", "notice"])
        self.proc.wait_for(r"(?i)ready to accept connections", timeout=30)
        return self

    def stop(self) -> None:
        """A clean stop (SIGTERM: Redis fsyncs the AOF and exits)."""
        if self.proc is not None:
            self.proc.stop()
            self.proc = None

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc = None


def process_env(redis_url: str, prefix: str, queue: str, **extra: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1",
           "STELLWERK_EXTRA_GAMES": "tests.fixture_game:GAME", "REDIS_URL": redis_url,
           "STELLWERK_KEY_PREFIX": prefix, "STELLWERK_QUEUE": queue, "STELLWERK_LOG_LEVEL": "WARNING",
           # the load tests measure the store, not the per-seat rate limit
           "STELLWERK_RATE_COMMANDS": "100000 per second", "STELLWERK_RATE_PUBLIC": "100000 per second",
           "STELLWERK_STREAM_BLOCK_MS": "1000"}
    env.pop("STELLWERK_TEST_REDIS_URL", None)
    env.update(extra)
    return env


def start_gunicorn(env: dict[str, str], workers: int = 1, threads: int = 8, name: str = "web") -> tuple[Proc, str]:
    """A gunicorn web node with deploy/gunicorn.conf.py on a free port; returns its base URL
    once a worker has loaded the app (the first /healthz is answered)."""
    env = {**env, "GUNICORN_BIND": "127.0.0.1:0", "WEB_CONCURRENCY": str(workers),
           "GUNICORN_THREADS": str(threads), "GUNICORN_LOG_LEVEL": "info"}
    proc = Proc(name, [PYTHON, "-m", "gunicorn", "-c", str(GUNICORN_CONF), "service.wsgi:app"], env=env)
    m = proc.wait_for(r"Listening at: (http://127\.0\.0\.1:\d+)", timeout=60)
    for _ in range(workers):
        proc.wait_for(r"Booting worker with pid", timeout=60)
    base = m.group(1)
    # The socket is listening; this request waits in its backlog until a worker has
    # imported the app, so it is a blocking readiness check, not a poll.
    import urllib.request

    with urllib.request.urlopen(base + "/healthz", timeout=60) as r:
        assert r.status == 200
    return proc, base


def start_worker(env: dict[str, str], pool: str = "solo", concurrency: int = 1, name: str = "worker") -> Proc:
    """``stellwerk worker`` (the production command) once it printed "ready."."""
    args = [PYTHON, "-m", "service.cli", "worker", "--pool", pool, "--concurrency", str(concurrency),
            "--loglevel", "INFO"]
    proc = Proc(name, args, env=env)
    proc.wait_for(r"ready\.", timeout=60)
    return proc


def start_beat(env: dict[str, str], schedule: Path, name: str = "beat") -> Proc:
    """``stellwerk beat`` (the production command: the sweep for lost work and the
    deadline scan) once it printed that it started."""
    proc = Proc(name, [PYTHON, "-m", "service.cli", "beat", "--schedule", str(schedule)], env=env)
    proc.wait_for(r"beat: Starting", timeout=60)
    return proc


@contextmanager
def topology(tmp: Path, web_nodes: int = 2, web_workers: int = 1, threads: int = 8, with_worker: bool = True,
             worker_pool: str = "solo", with_beat: bool = False, **extra_env: str) -> Iterator[Topology]:
    """Redis + ``web_nodes`` gunicorn nodes + one Celery worker, all on loopback, and
    with ``with_beat`` the beat that production runs beside them (without it, work
    lost between an append and its task is never sent again)."""
    redis_server = RedisServer(tmp / "redis").start()
    tag = uuid.uuid4().hex[:8]
    env = process_env(redis_server.url, f"rel-{tag}", f"rel-{tag}", **extra_env)
    topo = Topology(redis_server, env)
    try:
        for i in range(web_nodes):
            proc, base = start_gunicorn(env, web_workers, threads, name=f"web-{i + 1}")
            topo.webs.append(proc)
            topo.bases.append(base)
        if with_worker:
            topo.workers.append(start_worker(env, pool=worker_pool))
        if with_beat:
            topo.beats.append(start_beat(env, tmp / "beat-schedule"))
        yield topo
    finally:
        topo.close()


class Topology:
    def __init__(self, redis_server: RedisServer, env: dict[str, str]) -> None:
        self.redis = redis_server
        self.env = env
        self.webs: list[Proc] = []
        self.bases: list[str] = []
        self.workers: list[Proc] = []
        self.beats: list[Proc] = []

    @property
    def prefix(self) -> str:
        return self.env["STELLWERK_KEY_PREFIX"]

    @property
    def queue(self) -> str:
        return self.env["STELLWERK_QUEUE"]

    def client(self):  # type: ignore[no-untyped-def]
        import redis

        # redis-py's default read timeout (5 s) is shorter than the tests' BLPOP waits.
        return redis.Redis.from_url(self.redis.url, socket_timeout=150)

    def errors(self) -> str:
        """Tracebacks and errors the web nodes and workers logged (for failure messages)."""
        out = []
        for proc in [*self.webs, *self.workers, *self.beats]:
            lines = proc.output().splitlines()
            hits = [i for i, line in enumerate(lines) if "Traceback" in line or "ERROR" in line]
            for i in hits[:3]:
                out.append(f"--- {proc.name}:\n" + "\n".join(lines[i:i + 30]))
        return "\n".join(out)

    def close(self) -> None:
        for proc in [*self.beats, *self.workers, *self.webs]:
            proc.stop()
        self.redis.stop()
