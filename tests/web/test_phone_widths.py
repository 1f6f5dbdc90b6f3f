"""Every page fits a phone (issue 27): lobby, new game, a waiting table, each game's
table, a replay, the archive, a player's page, the leaderboards and the settings, at 390x844 in German
and in English.

The width is ``document.documentElement.scrollWidth`` measured against 390, not
``innerWidth``: in phone emulation the layout viewport grows with content that is too
wide, so ``innerWidth`` would hide exactly what this looks for.
"""

from __future__ import annotations

import pytest

from games import registry
from tests.browser import PHONE, create_table, person

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect


def _pages(page, server_url: str, name: str) -> dict[str, str]:
    """Every kind of page, made once (in English; the language is switched later)."""
    pages = {"lobby": f"{server_url}/", "new game": f"{server_url}/new", "archive": f"{server_url}/archive",
             "player": f"{server_url}/players/{name}", "settings": f"{server_url}/account",
             "ratings": f"{server_url}/ratings"}
    pages["waiting table"] = create_table(page, server_url, "tally", ["me", "open"], ready=None)
    for game in registry.names():
        kinds = ["me"] + ["bot"] * (registry.get(game).min_players - 1)
        pages[f"table: {game}"] = create_table(page, server_url, game, kinds, ready=None)
    pages["replay"] = pages["table: tally"].rstrip("/") + "/replay"
    return pages


def test_every_page_fits_a_phone_in_german_and_english(chromium, server_url, screenshots):
    context, page, _errors, name = person(chromium, server_url, "wanda", phone=True)
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
