"""The browser tests' shared fixtures, for every test folder (a pytest plugin of the
root conftest): one ``stellwerk serve`` process and one Chromium for the whole session.

They must be defined once: a test module importing them would make pytest create a
second session-scoped Chromium, and Playwright's sync API refuses a second one inside
the first one's event loop.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tests.integration.conftest import ROOT, serve_process

CHROMIUM = Path("/usr/bin/chromium")
#: The viewports the browser tests look at.
DESKTOP = {"width": 1280, "height": 900}
WIDE = {"width": 1440, "height": 1000}
PHONE = {"width": 390, "height": 844}
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


class Person(NamedTuple):
    """A registered person in a browser context of their own, with the script errors
    of their pages (a test asserts there are none)."""

    context: Any
    page: Any
    errors: list[str]
    name: str


def person(chromium, base: str, prefix: str, phone: bool = False, **context_options: Any) -> Person:
    """Register ``<prefix>-<random>`` in a new context (``phone``: 390x844, touch;
    else ``viewport`` from ``context_options``, Playwright's default without)."""
    if phone:
        context_options = {"viewport": PHONE, "is_mobile": True, "has_touch": True, **context_options}
    context = chromium.new_context(**context_options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    name = f"{prefix}-{uuid.uuid4().hex[:6]}"
    register(page, base, name)
    return Person(context, page, errors, name)


def create_table(page, base: str, game: str, kinds: Iterable[str | None] = (), *, lang: str | None = None,
                 select: Mapping[str, str] | None = None, fill: Mapping[str, str] | None = None,
                 check: Iterable[str] = (), ready: str | None = "body.ready") -> str:
    """A table made through the new-game form: the seat kinds in order (None keeps a
    seat as the form has it), then ``select`` and ``fill`` (selector -> value) and the
    boxes to ``check``; waits for ``ready`` on its page (None: the page loaded, e.g. a
    table that waits for players).  ``lang``: the form in that language.  Its URL."""
    page.goto(f"{base}/lang/{lang}?next=/new" if lang else f"{base}/new")
    page.select_option("#game-select", game)
    for i, kind in enumerate(kinds):
        if kind is not None:
            page.select_option(f"#seat-{i}-kind", kind)
    for selector, value in (select or {}).items():
        page.select_option(selector, value)
    for selector, text in (fill or {}).items():
        page.fill(selector, text)
    for selector in check:
        page.check(selector)
    page.click("#create-submit")
    if ready is None:
        page.wait_for_load_state("domcontentloaded")
    else:
        page.wait_for_selector(ready)
    return page.url


def create_and_invite(ann, bob, base: str, game: str, check: Iterable[str] = (), **options: str) -> str:
    """Ann creates a 2-player game with an open seat (``options``: the game's number
    fields, ``check``: boxes to tick); Bob joins by the invite link.  Returns the game
    page's URL once Ann's page shows the dealt table."""
    ann.goto(f"{base}/new")
    ann.select_option("#game-select", game)
    for name, value in options.items():
        ann.fill(f"input[name=opt-{game}-{name}]", value)
    for selector in check:
        ann.check(selector)
    ann.select_option("#seat-0-kind", "me")
    ann.select_option("#seat-1-kind", "open")
    ann.click("#create-submit")
    # The table waits for players (nothing dealt yet) and shows the invitation links.
    invite = ann.locator(".invite-url[data-seat=p2]").get_attribute("value")
    game_url = ann.url
    assert re.search(r"/join/\w+/p2$", invite)
    bob.goto(invite)
    bob.click("#join-submit")
    bob.wait_for_url(game_url)
    # Ann's waiting page turns into the table by itself once the game is dealt (a
    # goto of her own would race that reload).
    ann.wait_for_selector("body.game-page.ready", timeout=60_000)
    return game_url


def create_by_api(page, base: str, body: Mapping[str, Any], ready: str = "body.ready") -> str:
    """A table made through the JSON API in the page's session (a chosen seed needs
    a table nobody else can join), opened in ``page``; waits for ``ready``.  Its id."""
    page.goto(f"{base}/")  # a session acts with its page's CSRF token
    created = page.request.post(f"{base}/api/games", data=json.dumps(body), headers=csrf_headers(page))
    assert created.status == 201, created.text()
    game_id = str(created.json()["id"])
    page.goto(f"{base}/games/{game_id}")
    page.wait_for_selector(ready)
    return game_id


def csrf_headers(page) -> dict[str, str]:
    """The headers a page's own script sends with a JSON request in its session's
    name (the session acts only with its page's CSRF token)."""
    token = page.evaluate("document.querySelector('meta[name=\"csrf-token\"]').content")
    return {"Content-Type": "application/json", "X-CSRFToken": token}


@pytest.fixture
def two_people(chromium, server_url):
    """Ann and Bob, registered in two browser contexts; no page may raise a script error."""
    tag = uuid.uuid4().hex[:6]
    contexts = [chromium.new_context(viewport=DESKTOP) for _ in range(2)]
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
