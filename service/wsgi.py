"""The WSGI entry point for gunicorn: ``gunicorn -c deploy/gunicorn.conf.py service.wsgi:app``.

Configured from the environment (``REDIS_URL`` is required in production: without
it the app would talk to ``127.0.0.1:6379``)."""

from __future__ import annotations

from service import create_app

app = create_app()
