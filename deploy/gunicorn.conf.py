"""Gunicorn configuration for a Stellwerk web node: ``gunicorn -c deploy/gunicorn.conf.py service.wsgi:app``.

Every value comes from the environment so one file serves compose, Kubernetes and
plain processes:

| variable | default | meaning |
|---|---|---|
| ``GUNICORN_BIND`` | ``0.0.0.0:$PORT`` | address(es), comma-separated |
| ``PORT`` | ``8000`` | port when ``GUNICORN_BIND`` is unset (``0`` picks a free one) |
| ``WEB_CONCURRENCY`` | ``2`` | worker processes |
| ``GUNICORN_THREADS`` | ``16`` | threads per worker |
| ``GUNICORN_TIMEOUT`` | ``60`` | seconds before a silent worker is restarted |
| ``GUNICORN_GRACEFUL_TIMEOUT`` | ``30`` | seconds a stopping worker may finish requests |
| ``GUNICORN_KEEPALIVE`` | ``5`` | seconds an idle keep-alive connection stays open |
| ``GUNICORN_MAX_REQUESTS`` | ``0`` | recycle a worker after this many requests (0: never) |
| ``GUNICORN_LOG_LEVEL`` | ``info`` | gunicorn's log level |
| ``GUNICORN_ACCESS_LOG`` | (none) | access log file, ``-`` for stdout |
| ``GUNICORN_CONTROL_SOCKET`` | (off) | path of gunicorn's control socket (``gunicornc``) |

The worker class is ``gthread``: a live-update stream (``GET .../stream``,
server-sent events) holds its connection and one thread for as long as the browser
listens, so a sync worker would be blocked by a single spectator.  Threads bound the
number of simultaneous streams per worker (``WEB_CONCURRENCY * GUNICORN_THREADS``
per node); size them for the expected open browser tabs.  The app is not preloaded:
each worker builds its own Redis connections after the fork.
"""

import os


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


bind = [b.strip() for b in os.environ.get("GUNICORN_BIND", "").split(",") if b.strip()] or \
    [f"0.0.0.0:{_env_int('PORT', 8000)}"]
workers = _env_int("WEB_CONCURRENCY", 2)
worker_class = "gthread"
threads = _env_int("GUNICORN_THREADS", 16)
timeout = _env_int("GUNICORN_TIMEOUT", 60)
graceful_timeout = _env_int("GUNICORN_GRACEFUL_TIMEOUT", 30)
keepalive = _env_int("GUNICORN_KEEPALIVE", 5)
max_requests = _env_int("GUNICORN_MAX_REQUESTS", 0)
max_requests_jitter = max_requests // 10
preload_app = False
# Containers often mount /tmp on overlayfs; the heartbeat file belongs in memory.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None  # e.g. "-" for stdout
# The path without its query (%(U)s, not %(r)s): the live-update stream takes the seat
# token as ?token=, and a log must not keep it.
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(a)s"'
errorlog = "-"
# Requests larger than this are refused before they reach Flask (Flask itself refuses
# bodies over STELLWERK_MAX_BODY_BYTES with 413).
limit_request_line = 8190
limit_request_fields = 100
proc_name = "stellwerk-web"
# Gunicorn >= 25 opens a control socket at one fixed path per user by default, so two
# nodes on one host would fight over it: off unless a path is given.
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
control_socket_disable = not control_socket
# The proxy in front (if any) terminates TLS; trust its X-Forwarded-* only when set.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
