"""Fixtures of the web UI tests: an app on fakeredis with a test client that
logs in through the real forms, and (for the browser tests) a real
``stellwerk serve`` process with Chromium driven by Playwright."""

from __future__ import annotations

import dataclasses
import re

import fakeredis
import pytest
from argon2 import PasswordHasher

from events.settings import Settings
from service import create_app
from tests.browser import CHROMIUM, register  # noqa: F401 - re-exported for the web tests

PASSWORD = "correct horse battery"


def csrf_of(html: str) -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', html) or \
        re.search(r'<meta name="csrf-token" content="([^"]+)"', html)
    assert match, "page has no CSRF token"
    return match.group(1)


@pytest.fixture
def web_app(prefix):
    settings = dataclasses.replace(Settings.from_env(), key_prefix=prefix, secret_key="test-secret",
                                   stream_block_ms=50)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=None)
    app.config["TESTING"] = True
    # Cheap password hashes keep the tests fast; the parameters are stored in each hash.
    app.extensions["stellwerk_users"].hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    return app


class Browser:
    """A test client that behaves like a person with a browser: reads the CSRF
    token from each form it fills in."""

    def __init__(self, app) -> None:
        self.client = app.test_client()

    def get(self, path: str, **kw):
        return self.client.get(path, **kw)

    def submit(self, path: str, data: dict, form_path: str | None = None, **kw):
        page = self.client.get(form_path or path)
        return self.client.post(path, data={"csrf_token": csrf_of(page.text), **data}, **kw)

    def register(self, name: str, password: str = PASSWORD):
        return self.submit("/register", {"name": name, "password": password, "password2": password})

    def login(self, name: str, password: str = PASSWORD):
        return self.submit("/login", {"name": name, "password": password})

    def create(self, game: str = "tally", seats=("me", "open"), **fields):
        data = {"game": game, **fields}
        for i, kind in enumerate(seats):
            if isinstance(kind, tuple):
                data[f"seat-{i}-kind"], value = kind
                data[f"seat-{i}-{'bot' if kind[0] == 'bot' else 'name'}"] = value
            else:
                data[f"seat-{i}-kind"] = kind
        response = self.submit("/new", data)
        return response

    def seat(self, game_id: str):
        page = self.client.get(f"/games/{game_id}")
        return self.client.get(f"/web/games/{game_id}/seat", headers={"X-CSRFToken": csrf_of(page.text)}).json


@pytest.fixture
def people(web_app):
    def make() -> Browser:
        return Browser(web_app)

    return make
