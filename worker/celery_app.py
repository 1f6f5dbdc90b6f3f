"""The Celery app for the ``celery`` command line (``celery -A worker.celery_app worker|beat``),
configured from the environment like every other process (see README, "Configuration")."""

from __future__ import annotations

from worker.app import make_celery

app = make_celery()
