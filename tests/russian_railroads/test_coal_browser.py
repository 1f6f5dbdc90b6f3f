"""Issue 12, coal module in the browser: a game created from the lobby with the coal
module against a bot; the coal board and the coal mine are drawn; one turn takes 2 coal
on the coal mine by clicking, a later one puts 2 coal on a coal field; screenshots."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import WIDE, create_table, person
from tests.web.test_browser import confirm, seq_of, wait_past

from .test_deutschland_browser import my_turn


def spend_open_actions(page) -> None:
    """Click what is open (a face-up foundry to take, the boiler's buttons, the tableau's
    chips) until nothing mandatory is left."""
    for _ in range(20):
        if not page.locator(".open-action.mandatory").count():
            return
        before = seq_of(page)
        choice = page.locator("#rr-choices button.command:not(.pass)")
        if choice.count():
            choice.first.click()
        elif page.locator("svg.rr-board .foundry.usable").count():
            page.locator("svg.rr-board .foundry.usable").first.click()
        else:
            page.locator("svg.rr-tableau .usable").first.click()
        if page.locator(".choice-menu").count():
            page.locator(".choice-menu button.choice").first.click()
        wait_past(page, before)
    expect(page.locator(".open-action.mandatory")).to_have_count(0)


def test_a_coal_game_from_the_lobby_uses_the_coal_mine_and_a_coal_field(chromium, server_url, screenshots):
    context, page, errors, _name = person(chromium, server_url, "kohle", viewport=WIDE)
    create_table(page, server_url, "russian_railroads", [None, "bot"], check=["input[name=opt-russian_railroads-coal]"],
                 ready="body.ready svg.rr-board")
    expect(page.locator("svg.rr-board .coal-field")).to_have_count(2)
    expect(page.locator("svg.rr-board .foundry")).to_have_count(2)
    expect(page.locator("svg.rr-board .space[data-space=coal_mine]")).to_have_count(1)
    mined = fielded = False
    for _ in range(12):
        page.wait_for_selector("body[data-my-turn=true], .rr-final")
        if page.locator(".rr-final").count() or not my_turn(page):
            break
        before = seq_of(page)
        if page.locator(".bonus-card.usable").count():
            page.locator(".bonus-card.usable").first.click()
        elif not mined and page.locator(".space.usable[data-space=coal_mine]").count():
            page.locator(".space.usable[data-space=coal_mine]").click()
            if page.locator(".choice-menu").count():
                page.locator(".choice-menu button.choice").first.click()
            mined = True
        elif mined and not fielded and page.locator("svg.rr-board .coal-field.usable").count():
            page.locator("svg.rr-board .coal-field.usable").first.click()
            wait_past(page, before)
            # what the field gave, before placing: a face-up foundry or the boiler's place
            for _ in range(3):
                before = seq_of(page)
                if page.locator("svg.rr-board .foundry.usable").count():
                    page.locator("svg.rr-board .foundry.usable").first.click()
                elif page.locator("#rr-choices button.command[data-type=AttachBoiler]").count():
                    page.locator("#rr-choices button.command[data-type=AttachBoiler]").first.click()
                else:
                    break
                wait_past(page, before)
            fielded = True
            page.screenshot(path=str(screenshots / "rr-coal-desktop.png"), full_page=True)
            before = seq_of(page)
            page.locator(".space.usable").first.click()
            if page.locator(".choice-menu").count():
                page.locator(".choice-menu button.choice").first.click()
        elif page.locator(".space.usable.area-track").count():
            page.locator(".space.usable.area-track").first.click()
            if page.locator(".choice-menu").count():
                page.locator(".choice-menu button.choice").first.click()
        else:
            page.click("#rr-choices button.command[data-type=Pass]")
        wait_past(page, before)
        spend_open_actions(page)
        confirm(page)
        if mined and fielded:
            break
    assert mined and fielded
    phone = chromium.new_context(viewport={"width": 390, "height": 844}, storage_state=context.storage_state())
    small = phone.new_page()
    small.on("pageerror", lambda e: errors.append(str(e)))
    small.goto(page.url)
    small.wait_for_selector("body.ready")
    small.wait_for_selector("svg.rr-board .coal-field")
    small.screenshot(path=str(screenshots / "rr-coal-phone.png"), full_page=True)
    phone.close()
    context.close()
    assert not errors, errors
