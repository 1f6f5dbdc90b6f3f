"""The web server of ``stellwerk serve``: gunicorn, not Werkzeug's development
server (whose own documentation says not to use it in production, and ``make
serve`` is what a club runs; issue 28).

One worker process of the ``gthread`` class: a live-update stream holds a thread
for as long as a browser listens, so the threads bound the open tabs (as in
``deploy/gunicorn.conf.py``).  The app is built in the worker after the fork, so
it opens its own Redis connections.  Gunicorn's master runs in the ``serve``
process and handles SIGINT and SIGTERM: a short graceful timeout, because a live
stream never finishes by itself, so ``serve`` stops within a few seconds.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any

from gunicorn.app.base import BaseApplication

from events.settings import Settings

log = logging.getLogger("stellwerk.serve")

#: Threads of the one worker: open live streams (browser tabs) at once, plus requests.
THREADS = 32
#: Seconds a stopping worker may finish its requests (streams end at once).
GRACEFUL_TIMEOUT = 2


class WebServer(BaseApplication):  # type: ignore[misc]
    def __init__(self, settings: Settings, host: str, port: int,
                 on_ready: Callable[[str, int], None] | None = None) -> None:
        self.settings = settings
        self.bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        self.on_ready = on_ready
        super().__init__()

    def load_config(self) -> None:
        def when_ready(server: Any) -> None:
            host, port = server.LISTENERS[0].sock.getsockname()[:2]
            if self.on_ready is not None:
                self.on_ready(host, port)

        options = {
            "bind": [self.bind],
            "workers": 1,
            "worker_class": "gthread",
            "threads": THREADS,
            "timeout": 60,
            "graceful_timeout": GRACEFUL_TIMEOUT,
            "keepalive": 5,
            "preload_app": False,
            # Gunicorn's own lines only when something is wrong; serve says what it started.
            "loglevel": "warning",
            "errorlog": "-",
            "accesslog": None,
            "proc_name": "stellwerk-serve",
            "worker_tmp_dir": "/dev/shm" if os.path.isdir("/dev/shm") else None,
            # No control socket at a fixed per-user path (two serves would fight over it).
            "control_socket_disable": True,
            "when_ready": when_ready,
        }
        for key, value in options.items():
            if key in self.cfg.settings:
                self.cfg.set(key, value)

    def load(self) -> Any:
        from service import create_app

        return create_app(self.settings)
