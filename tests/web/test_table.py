"""The game table in a real browser (Chromium, Playwright, a real ``stellwerk serve``):
play by clicking the pieces themselves, guidance to the next click, why a space
cannot be chosen, the confirm warning for optional actions, other players' last
turns highlighted, whose turn the move window names, "Withdraw" on one's own
take-back request, the phone layout and the replay's icons.

Russian Railroads games here are created through the API with a fixed seed (the
seat is taken through the invitation link), so the deal is known: I am first in
turn order and the engineer for hire has an effect that is always possible.
Every wait is on the DOM, never a sleep.
"""

from __future__ import annotations

import re

import pytest

from events.creation import creation_events
from games import registry
from games.russian_railroads import engineers
from tests.browser import DESKTOP, PHONE, create_and_invite, create_by_api, person
from tests.web.test_browser import confirm, seq_of, spend_mandatory_steps, wait_past

#: Two registered people in two browser contexts (the fixture of test_browser.py).

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect

#: Engineers whose action is possible from the first turn on (black, any colour, industry, doublers).
ALWAYS_POSSIBLE = {1, 2, 3, 4, 5, 7, 9, 10, 11, 14}


def seed_where_i_start_and_can_hire() -> str:
    """A seed whose deal puts p1 first in turn order with an always-usable engineer for hire."""
    game = registry.get("russian_railroads")
    for i in range(200):
        seed = f"web-table-{i}"
        state = game.initial_state()
        for event in creation_events(game, {}, ["p1", "p2"], seed, bots={"p2": "random"}):
            state = game.evolve(state, event)
        if state.order[0] == "p1" and engineers.hire_candidate(state) in ALWAYS_POSSIBLE:
            return seed
    raise AssertionError("no such seed among 200")


def rr_against_a_bot(page, server_url: str, seed: str, name: str) -> str:
    """Create a seeded 2-player game (p1 the logged-in ``name``, p2 a random bot) through the API
    with the page's session (a chosen seed needs a table nobody else can join) and open it."""
    body = {"game": "russian_railroads", "options": {}, "seats": [{"name": name}, {"bot": "random"}], "seed": seed}
    return create_by_api(page, server_url, body, ready="body.ready svg.rr-board")


def wait_my_turn(page) -> None:
    page.wait_for_selector("body[data-my-turn=true]", timeout=30_000)
    expect(page.locator("#mw-title")).to_have_text("Your turn")


def no_page_scroll_sideways(page) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page scrolls sideways: {width} > {inner}"


def place_on(page, space_id: str) -> None:
    """Click an action space; when several ways to pay fit, take the first (workers only)."""
    before = seq_of(page)
    page.click(f".space.usable[data-space={space_id}]")
    if page.locator(".choice-menu").count():
        page.locator(".choice-menu button.choice").first.click()
    wait_past(page, before)


def test_clicking_own_engineer_guidance_why_not_and_the_confirm_warning(chromium, server_url, screenshots):
    context, page, errors, name = person(chromium, server_url, "ida", viewport=DESKTOP)
    rr_against_a_bot(page, server_url, seed_where_i_start_and_can_hire(), name)
    # Bots are named with their level, in the head and in the log.
    expect(page.locator("#game-head")).to_contain_text("Bruno (bot, random)")
    wait_my_turn(page)

    # The move window says what to click and where.
    expect(page.locator("#mw-guide")).to_contain_text("action space")
    # A space that cannot be chosen says why, on hover (title) and on a click/tap (in the move window).
    locked = page.locator(".space.unavailable[data-space=last_round]")
    reason = locked.get_attribute("data-reason")
    assert reason == "Only in the last round."
    assert reason in locked.locator("title").text_content()
    locked.click()
    expect(page.locator("#mw-reason")).to_have_text(reason)
    # "All possible moves" is a fallback in words, never raw arguments.
    page.click("#commands-details summary")
    labels = page.locator("#commands button.command").all_inner_texts()
    assert labels and not [label for label in labels if re.search(r"\w=|[{}]", label)], labels
    assert len(set(labels)) == len(labels), labels  # each says which space and how to pay
    page.click("#commands-details summary")  # folded again: a fallback, not the way to play

    # Turn 1: hire the engineer (1 coin), confirm.
    hired = page.get_attribute("svg.rr-board .engineer.hire", "data-engineer")
    place_on(page, "hire_engineer")
    expect(page.locator(f"svg.rr-tableau[data-seat=p1] .own-engineer[data-engineer='{hired}']")).to_have_count(1)
    confirm(page)

    # The bot moves; its placement stands out as what changed since my turn.
    wait_my_turn(page)
    bot_spaces = page.locator("svg.rr-board .space:has(.piece.seat-fill-p2)")
    if bot_spaces.count():
        expect(page.locator("svg.rr-board .space.recent")).to_have_count(bot_spaces.count())
        for space in page.locator("svg.rr-board .space.recent").all():
            assert space.locator(".piece.seat-fill-p2").count() == 1
    expect(page.locator("svg.rr-board .space.recent .piece.seat-fill-p1")).to_have_count(0)

    # Turn 2: my own engineer is used by clicking it on my board.
    engineer = page.locator(f"svg.rr-tableau[data-seat=p1] .own-engineer.usable[data-engineer='{hired}']")
    expect(engineer).to_have_count(1)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / "game-page.png"))
    before = seq_of(page)
    engineer.click()
    if page.locator(".choice-menu").count():
        page.locator(".choice-menu button.choice").first.click()
    wait_past(page, before)
    assert page.locator("#sub-moves .sub-move").count() >= 1
    expect(page.locator(f"svg.rr-tableau[data-seat=p1] .own-engineer.used[data-engineer='{hired}']")).to_have_count(1)
    # Its effects are optional ("darf man auch verfallen lassen"): the window says I may still use them ...
    expect(page.locator("#mw-guide")).to_contain_text("You may still")
    # ... and Confirm asks once before they lapse; nothing is sent until I say so.
    seq = seq_of(page)
    page.click("#confirm-turn")
    warning = page.locator("#confirm-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("Still open")
    expect(warning).to_contain_text("Confirm anyway?")
    assert seq_of(page) == seq
    page.screenshot(path=str(screenshots / "rr-confirm-warning.png"))
    page.click("#confirm-back")
    expect(warning).to_be_hidden()
    assert seq_of(page) == seq
    page.click("#confirm-turn")
    expect(warning).to_be_visible()
    page.click("#confirm-anyway")
    wait_past(page, seq)
    expect(page.locator("#sub-moves .sub-move")).to_have_count(0)

    # Turn 3: a track space opens three steps on my board, below the fold: the page brings them into view.
    wait_my_turn(page)
    page.evaluate("window.scrollTo(0, 0)")
    track = page.locator(".space.usable.area-track").first
    expect(page.locator("svg.rr-tableau[data-seat=p1] .chip.usable")).to_have_count(0)
    place_on(page, track.get_attribute("data-space"))
    chip = page.locator("svg.rr-tableau[data-seat=p1] .chip.usable[data-command=AdvanceTrack]").first
    expect(chip).to_be_in_viewport()
    expect(page.locator("#mw-guide")).to_contain_text("track button under a line on your player board")
    page.screenshot(path=str(screenshots / "rr-next-click.png"))
    spend_mandatory_steps(page)
    confirm(page)
    context.close()
    assert not errors, errors


def test_whose_turn_withdraw_and_replay_icons(two_people, server_url, screenshots):
    (ann, bob), _errors = two_people
    create_and_invite(ann, bob, server_url, "tally", rounds="3")
    ann.reload()
    ann.wait_for_selector("body.ready")
    bob.wait_for_selector("body.ready")
    bob_name = bob.inner_text("#who")
    # The move window's title says whose turn it is, on both sides.
    expect(ann.locator("#mw-title")).to_have_text("Your turn")
    expect(bob.locator("#mw-title")).to_have_text(f"{ann.inner_text('#who')} to move")
    before = seq_of(ann)
    ann.click("button.command[data-type='Add'][data-args='{\"n\":1}']")
    wait_past(ann, before)
    bob_seq = seq_of(bob)
    confirm(ann)
    expect(ann.locator("#mw-title")).to_have_text(f"{bob_name} to move")
    wait_past(bob, bob_seq)
    expect(bob.locator("#mw-title")).to_have_text("Your turn")

    # Bob moves too; then Ann asks to take her turn back (Bob has moved since, so he is asked):
    # she may withdraw her request, Bob may accept or decline it.
    before = seq_of(bob)
    bob.click("button.command[data-type='Add'][data-args='{\"n\":2}']")
    wait_past(bob, before)
    confirm(bob)
    ann.wait_for_selector("body[data-my-turn=true]")
    bob.wait_for_selector("body[data-my-turn=false]")
    bob_seq = seq_of(bob)
    ann.click("#request-undo")
    expect(ann.locator("#undo-request")).to_contain_text(f"waiting for {bob_name}")
    expect(ann.locator("#undo-request button")).to_have_text(["Withdraw"])
    wait_past(bob, bob_seq)
    expect(bob.locator("#undo-request button")).to_have_text(["Accept", "Decline"])
    expect(bob.locator("#undo-request")).not_to_contain_text("#")
    bob_seq = seq_of(bob)
    ann.click("#undo-request button.withdraw")
    expect(ann.locator("#undo-request .undo-text")).to_have_count(0)
    wait_past(bob, bob_seq)
    expect(bob.locator("#undo-request .undo-text")).to_have_count(0)

    # The replay: the heading stays, the step buttons are drawn icons with a real size.
    ann.click("#replay-link")
    ann.wait_for_selector("body.ready")
    expect(ann.locator("#replay-controls h2")).to_have_text("Replay")
    for button in ("step-first", "step-prev", "step-next", "step-last"):
        box = ann.locator(f"#{button} svg.icon path").first.bounding_box()
        assert box and box["width"] > 4 and box["height"] > 4, (button, box)
        assert ann.locator(f"#{button}").inner_text().strip() == ""  # no glyph to miss in the fonts
    ann.locator("#replay-controls").screenshot(path=str(screenshots / "replay-controls.png"))


def test_a_whole_turn_on_a_phone_without_sideways_scrolling(chromium, server_url, screenshots):
    context, page, errors, name = person(chromium, server_url, "jo", phone=True)
    rr_against_a_bot(page, server_url, seed_where_i_start_and_can_hire(), name)
    wait_my_turn(page)
    no_page_scroll_sideways(page)
    # The board wraps into rows that fit the screen; the player boards are overviews to the width.
    board = page.locator("svg.rr-board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
    for box in page.locator(".rr-tableau-wrap").all():
        b = box.bounding_box()
        assert b["x"] + b["width"] <= PHONE["width"]
    # The move window is docked and folded: small, with what to do next and the confirm button.
    window = page.locator("#move-window")
    expect(window).to_be_in_viewport()
    assert window.bounding_box()["height"] <= 0.3 * PHONE["height"]
    expect(page.locator("#mw-guide")).to_be_visible()
    page.click("#mw-toggle")
    expect(page.locator("#sub-moves")).to_be_visible()
    page.click("#mw-toggle")
    expect(page.locator("#sub-moves")).to_be_hidden()

    place_on(page, page.locator(".space.usable.area-track").first.get_attribute("data-space"))
    no_page_scroll_sideways(page)
    # My board opens at full size (inside its own box) with the next choices in view.
    chip = page.locator("svg.rr-tableau[data-seat=p1] .chip.usable").first
    expect(chip).to_be_in_viewport()
    page.screenshot(path=str(screenshots / "phone-rr-turn.png"))
    spend_mandatory_steps(page)
    no_page_scroll_sideways(page)
    confirm(page)
    no_page_scroll_sideways(page)
    # A tap on another player's board zooms it (inside its box), a second tap fits it again.
    other = page.locator(".rr-tableau-wrap[data-seat=p2] .zoom-box")
    other.click(position={"x": 10, "y": 10})
    expect(other).to_have_class(re.compile("zoomed"))
    no_page_scroll_sideways(page)
    other.click(position={"x": 10, "y": 10})
    expect(other).not_to_have_class(re.compile("zoomed"))
    wait_my_turn(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / "phone-game.png"))
    context.close()
    assert not errors, errors
