"""Every page fits a phone (issue 27): lobby, new game, a waiting table, each game's
table, a replay, the archive, a player's page, the leaderboards and the settings, at 390x844 in German
and in English.

The width is ``document.documentElement.scrollWidth`` measured against 390, not
``innerWidth``: in phone emulation the layout viewport grows with content that is too
wide, so ``innerWidth`` would hide exactly what this looks for.
"""

from __future__ import annotations

import uuid

import pytest

from games import registry
from tests.browser import register

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect

PHONE = {"width": 390, "height": 844}


def _create(page, server_url: str, game: str, kinds: list[str]) -> str:
    """A table made through the new-game form (seat kinds in order); its page's URL."""
    page.goto(f"{server_url}/new")
    page.select_option("#game-select", game)
    for i, kind in enumerate(kinds):
        page.select_option(f"#seat-{i}-kind", kind)
    page.click("#create-submit")
    page.wait_for_load_state("domcontentloaded")
    return page.url


def _pages(page, server_url: str, name: str) -> dict[str, str]:
    """Every kind of page, made once (in English; the language is switched later)."""
    pages = {"lobby": f"{server_url}/", "new game": f"{server_url}/new", "archive": f"{server_url}/archive",
             "player": f"{server_url}/players/{name}", "settings": f"{server_url}/account",
             "ratings": f"{server_url}/ratings"}
    pages["waiting table"] = _create(page, server_url, "tally", ["me", "open"])
    for game in registry.names():
        kinds = ["me"] + ["bot"] * (registry.get(game).min_players - 1)
        pages[f"table: {game}"] = _create(page, server_url, game, kinds)
    pages["replay"] = pages["table: tally"].rstrip("/") + "/replay"
    return pages


def test_every_page_fits_a_phone_in_german_and_english(chromium, server_url, screenshots):
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    name = f"wanda-{uuid.uuid4().hex[:6]}"
    register(page, server_url, name)
    pages = _pages(page, server_url, name)
    too_wide = []
    for lang in ("de", "en"):
        page.goto(f"{server_url}/lang/{lang}?next=/")
        for what, url in pages.items():
            page.goto(url)
            if what.startswith("table") or what == "replay":
                page.wait_for_selector("body.ready")
            else:
                page.wait_for_load_state("load")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > PHONE["width"]:
                shot = screenshots / f"too-wide-{lang}-{what.replace(': ', '-').replace(' ', '-')}.png"
                page.screenshot(path=str(shot), full_page=True)
                too_wide.append(f"{what} ({lang}): {width} px, see {shot.name}")
    context.close()
    assert not too_wide, "pages wider than a 390 px phone:\n" + "\n".join(too_wide)
