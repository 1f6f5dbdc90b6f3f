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
* the embedded Redis runs in the foreground as one of these children
  (:mod:`worker.embedded_redis`): restarted when it dies, and sent SIGTERM (an
  orderly shutdown: the AOF is fsynced) when ``serve`` dies.
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
                 max_backoff: float = 60.0, healthy_after: float = 60.0, parent_pid_arg: bool = True,
                 on_start: Callable[[int], None] | None = None) -> None:
        """``parent_pid_arg``: pass ``--parent-pid`` (a ``stellwerk`` command watches
        it; a foreign program would not understand it).  ``on_start(pid)`` runs
        after every (re)start."""
        self.name = name
        self.args = list(args)
        self.env = env
        self.parent_pid_arg = parent_pid_arg
        self.on_start = on_start
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
            extra = ["--parent-pid", str(os.getpid())] if self.parent_pid_arg else []
            self._popen = subprocess.Popen([*self.args, *extra], env=self.env,
                                           start_new_session=True, preexec_fn=die_with_parent(signal.SIGTERM))
            log.info("%s started (pid %s)", self.name, self._popen.pid)
            if self.on_start is not None:
                self.on_start(self._popen.pid)
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
        self.terminate()
        self.wait_stopped(timeout)

    def terminate(self) -> None:
        """SIGTERM and no restart; :meth:`wait_stopped` waits for the exit (serve
        signals all its children first, so they stop side by side)."""
        with self._lock:
            self._stopping.set()
            popen = self._popen
        if popen is not None and popen.poll() is None:
            popen.terminate()

    def wait_stopped(self, timeout: float = 30.0) -> None:
        with self._lock:
            popen = self._popen
        if popen is not None:
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
