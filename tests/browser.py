"""The browser tests' shared fixtures, for every test folder (a pytest plugin of the
root conftest): one ``stellwerk serve`` process and one Chromium for the whole session.

They must be defined once: a test module importing them would make pytest create a
second session-scoped Chromium, and Playwright's sync API refuses a second one inside
the first one's event loop.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.conftest import ROOT, serve_process

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
#: Written on every run (gitignored); docs/screenshots/ keeps the one the README shows.
SCREENSHOTS = ROOT / "screenshots"


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


def csrf_headers(page) -> dict[str, str]:
    """The headers a page's own script sends with a JSON request in its session's
    name (the session acts only with its page's CSRF token)."""
    token = page.evaluate("document.querySelector('meta[name=\"csrf-token\"]').content")
    return {"Content-Type": "application/json", "X-CSRFToken": token}


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
