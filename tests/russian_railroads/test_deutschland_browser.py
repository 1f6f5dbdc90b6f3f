"""Issue 12, Deutschland tableau in the browser: a game created from the lobby with
``tableau=deutschland`` against a bot, one whole round played by clicking (the start
bonus, workers on the board, steps on the Deutschland tableau, the switch and extension
tiles through their buttons, pass), screenshots at desktop size and on a phone."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import WIDE, create_table, person
from tests.web.test_browser import confirm, seq_of, wait_past


def spend_open_actions(page) -> None:
    """Click what is open (tableau chips, the switch / tile / income buttons) until nothing
    mandatory is left."""
    for _ in range(20):
        if not page.locator(".open-action.mandatory").count():
            return
        before = seq_of(page)
        choice = page.locator("#rr-choices button.command:not(.pass)")
        if choice.count():
            choice.first.click()
        else:
            page.locator("svg.rr-tableau .usable").first.click()
            if page.locator(".choice-menu").count():
                page.locator(".choice-menu button.choice").first.click()
        wait_past(page, before)
    expect(page.locator(".open-action.mandatory")).to_have_count(0)


def my_turn(page) -> bool:
    return page.get_attribute("body", "data-my-turn") == "true"


def test_a_deutschland_game_from_the_lobby_plays_a_round_by_clicking(chromium, server_url, screenshots):
    context, page, errors, _name = person(chromium, server_url, "dora", viewport=WIDE)
    create_table(page, server_url, "russian_railroads", [None, "bot"],
                 select={"select[name=opt-russian_railroads-tableau]": "deutschland"}, ready="body.ready svg.rr-board")
    # Every seat's Deutschland tableau: München, Dresden, Nürnberg-Fürth with the dashed areas.
    expect(page.locator("svg.rr-tableau")).to_have_count(2)
    expect(page.locator("svg.rr-tableau .line-name[data-line=muenchen]")).to_have_count(2)
    expect(page.locator("svg.rr-tableau .de-area[data-station=hannover]")).to_have_count(2)
    expect(page.locator("svg.rr-tableau .de-switch")).to_have_count(2)
    turns = 0
    placed = 0
    for _ in range(40):
        page.wait_for_selector("body[data-my-turn=true], .rr-final")
        if page.locator(".rr-final").count() or not my_turn(page):
            break
        before = seq_of(page)
        if page.locator(".bonus-card.usable").count():
            page.locator(".bonus-card.usable").first.click()
        elif page.locator(".space.usable.area-track").count() and placed < 3:
            page.locator(".space.usable.area-track").first.click()
            if page.locator(".choice-menu").count():
                page.locator(".choice-menu button.choice").first.click()
            placed += 1
        else:
            page.click("#rr-choices button.command[data-type=Pass]")
            wait_past(page, before)
            confirm(page)
            turns += 1
            break
        wait_past(page, before)
        spend_open_actions(page)
        if turns == 1:
            page.screenshot(path=str(screenshots / "rr-deutschland-desktop.png"), full_page=True)
        confirm(page)
        turns += 1
    assert placed >= 1 and turns >= 2
    # The bot finishes its round; round 2 begins (scoring done) or it is our turn again.
    page.wait_for_selector("body[data-my-turn=true], .rr-final", timeout=60000)
    expect(page.locator("svg.rr-tableau[data-seat=p1] .track-marker[data-line=dresden]").first).to_be_visible()
    page.screenshot(path=str(screenshots / "rr-deutschland-round2.png"), full_page=True)
    phone = chromium.new_context(viewport={"width": 390, "height": 844}, storage_state=context.storage_state())
    small = phone.new_page()
    small.on("pageerror", lambda e: errors.append(str(e)))
    small.goto(page.url)
    small.wait_for_selector("body.ready")
    small.wait_for_selector("svg.rr-tableau")
    small.screenshot(path=str(screenshots / "rr-deutschland-phone.png"), full_page=True)
    phone.close()
    context.close()
    assert not errors, errors
