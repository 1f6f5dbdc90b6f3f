"""A refused confirm says what is still open in the page's language (issue 23 point 5).

The API refuses ``ConfirmTurn`` while a mandatory action is open (422
``platform.mandatory_open``) with the actions in German and English (``text``); the page
shows the sentence of its own language.  Tally: "Add" is mandatory, a drawn card alone
does not end the turn.  The page never offers that confirm (the button is disabled), so
the test enables the button the way a stale page or a second tab would send it.
"""

from __future__ import annotations

import pytest

from tests.browser import create_table, person

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect


@pytest.mark.parametrize(("lang", "text"), [
    ("de", "Nicht erlaubt: Pflichtaktionen sind noch offen: 1 bis 3 dazuzählen"),
    ("en", "Not allowed: mandatory actions are still open: Add 1 to 3"),
])
def test_a_refused_confirm_names_the_open_actions_in_the_page_language(chromium, server_url, screenshots,
                                                                        lang, text):
    context, page, _errors, _name = person(chromium, server_url, "rita", phone=True)
    page.click(f"#lang-{lang}")
    create_table(page, server_url, "tally", [None, "bot"])
    before = page.get_attribute("body", "data-seq")
    page.click("button.command[data-type='Draw']")
    page.wait_for_selector(f"body[data-seq]:not([data-seq='{before}'])")
    expect(page.locator(".open-action.mandatory")).to_have_count(1)
    expect(page.locator("#confirm-turn")).to_be_disabled()
    # Enabled and clicked in one step: a live update arriving in between re-renders the
    # move window and disables the button again (a cheating page would not wait for it).
    page.evaluate("const b = document.getElementById('confirm-turn'); b.disabled = false; b.click()")
    expect(page.locator("#command-error")).to_have_text(text)
    page.screenshot(path=str(screenshots / f"refused-confirm-{lang}.png"))
    context.close()
