"""Fixtures of the web UI tests: an app on fakeredis with a test client that
logs in through the real forms, and (for the browser tests) a real
``stellwerk serve`` process with Chromium driven by Playwright."""

from __future__ import annotations

import dataclasses
import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import fakeredis
import pytest
from argon2 import PasswordHasher

from events.settings import Settings
from service import create_app
from tests.integration.conftest import ROOT, serve_process

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
#: Written on every run (gitignored); docs/screenshots/ keeps the one the README shows.
SCREENSHOTS = ROOT / "screenshots"
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


# ---------------------------------------------------------------- browser tests
@pytest.fixture(scope="session")
def server_url(tmp_path_factory) -> Iterator[str]:
    """One ``stellwerk serve`` (embedded Redis, worker, web app) for all browser tests."""
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium (apt install chromium)")
    # Every browser test registers its people from the same address: more than a real person's login limit.
    with serve_process(tmp_path_factory.mktemp("serve"), STELLWERK_STREAM_BLOCK_MS="1000",
                       STELLWERK_RATE_LOGIN="1000 per minute", STELLWERK_RATE_PUBLIC="1000 per minute") as url:
        yield url


@pytest.fixture(scope="session")
def chromium():
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium (apt install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


def register(page, base: str, name: str) -> None:
    """Register ``name`` in a browser page (every browser test's people)."""
    from playwright.sync_api import expect

    page.goto(f"{base}/register")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.fill("input[name=password2]", "correct horse battery")
    page.click("#register-form button[type=submit]")
    expect(page.locator("#who")).to_have_text(name)


@pytest.fixture
def two_people(chromium, server_url):
    """Ann and Bob, registered in two browser contexts; no page may raise a script error."""
    tag = uuid.uuid4().hex[:6]
    contexts = [chromium.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    pages = [c.new_page() for c in contexts]
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda e: errors.append(str(e)))
    register(pages[0], server_url, f"ann-{tag}")
    register(pages[1], server_url, f"bob-{tag}")
    yield pages, errors
    for c in contexts:
        c.close()
    assert not errors, errors
