"""Issue 12, the solo game against Emil in the browser: a solo table created from the
lobby (one seat, the solo option), one whole round played by clicking only while the
worker plays Emil's cards; Emil is shown as a player (his workers on the board in his
own colour, his name, workers, engineers, last card and the cards left), in English
and German; screenshots at desktop and 390x844."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import WIDE, create_table, person
from tests.web.test_browser import confirm, seq_of, wait_past

from .test_coal_browser import spend_open_actions


def test_a_solo_round_against_emil_by_clicking(chromium, server_url, screenshots):
    context, page, errors, _name = person(chromium, server_url, "solo", viewport=WIDE)
    # One seat first (the kinds come before the options): the form offers the solo game
    # only to one player (it asks the engine).
    create_table(page, server_url, "russian_railroads", [None, "none"],
                 check=["input[name=opt-russian_railroads-solo]"], ready="body.ready svg.rr-board")
    # Emil moves first (the worker turns up his card), then it is our turn.
    page.wait_for_selector("body[data-my-turn=true]")
    panel = page.locator(".rr-emil")
    expect(panel).to_have_count(1)
    expect(panel.locator(".rr-emil-name")).to_have_text("Emil")
    expect(panel.locator(".rr-emil-card")).to_contain_text("#")
    expect(panel).to_have_attribute("data-round", "1")
    expect(page.locator("svg.rr-tableau")).to_have_count(1)  # Emil has no tableau, only the panel
    # his blocked space: a piece in his own colour, named "Emil" in its tooltip
    emil_pieces = page.locator("svg.rr-board .space .piece.seat-fill-emil")
    expect(emil_pieces.first).to_be_visible()
    assert page.evaluate("""getComputedStyle(document.querySelector('svg.rr-board .piece.seat-fill-emil')).fill""") \
        == "rgb(52, 73, 94)"
    blocked = page.locator("svg.rr-board .space:has(.seat-fill-emil) title").first.text_content()
    assert "Emil:" in blocked and "emil:" not in blocked
    deck_start = int(panel.locator(".rr-emil-deck").get_attribute("data-left"))

    turns = placed = 0
    shot = False
    for _ in range(60):
        page.wait_for_selector("body[data-my-turn=true], .rr-final, .rr-emil[data-round='2']")
        if page.locator(".rr-emil[data-round='2']").count() or page.locator(".rr-final").count():
            break
        before = seq_of(page)
        spaces = page.locator("svg.rr-board .space.usable")
        if spaces.count():
            track = page.locator("svg.rr-board .space.usable.area-track")
            (track if track.count() else spaces).first.click()
            if page.locator(".choice-menu").count():
                page.locator(".choice-menu button.choice").first.click()
            placed += 1
        else:
            page.click("#rr-choices button.command[data-type=Pass]")
        wait_past(page, before)
        spend_open_actions(page)
        if placed == 2 and not shot:
            page.screenshot(path=str(screenshots / "rr-emil-desktop.png"), full_page=True)
            shot = True
        confirm(page)
        turns += 1
        # the worker plays Emil's next card (or the scoring) before our turn comes again
        page.wait_for_selector("body[data-my-turn=true], .rr-final, .rr-emil[data-round='2']", timeout=30000)
        if emil_pieces.count() >= 2:
            # Emil turned up more cards: fewer left than at the start
            assert int(panel.locator(".rr-emil-deck").get_attribute("data-left")) < deck_start
    assert placed >= 2 and turns > placed, (placed, turns)
    # The round was scored and round 2 began: Emil's deck is shuffled anew, the board cleared of last round.
    expect(page.locator(".rr-emil[data-round='2']")).to_have_count(1)
    expect(page.locator("#rr-last-scoring")).to_be_visible()
    page.screenshot(path=str(screenshots / "rr-emil-round2.png"), full_page=True)

    path = page.url.split(server_url, 1)[1]
    page.goto(f"{server_url}/lang/de?next={path}")
    page.wait_for_selector("svg.rr-board")
    expect(page.locator(".rr-emil .rr-emil-name")).to_have_text("Emil")
    expect(page.locator(".rr-emil")).to_contain_text("Emils letzte Karte")
    expect(page.locator(".rr-emil")).to_contain_text("Emils Ingenieure")
    page.goto(f"{server_url}/lang/en?next={path}")
    page.wait_for_selector("svg.rr-board")

    phone = chromium.new_context(viewport={"width": 390, "height": 844}, storage_state=context.storage_state())
    small = phone.new_page()
    small.on("pageerror", lambda e: errors.append(str(e)))
    small.goto(page.url)
    small.wait_for_selector("body.ready")
    small.wait_for_selector(".rr-emil")
    small.screenshot(path=str(screenshots / "rr-emil-phone.png"), full_page=True)
    phone.close()
    context.close()
    assert not errors, errors
