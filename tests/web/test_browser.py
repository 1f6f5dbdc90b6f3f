"""The web UI in a real browser: Chromium (Debian's, never downloaded) driven by
Playwright against a real ``stellwerk serve`` process (embedded Redis, Celery
worker, web app).

Two people register in two browser contexts, play Tally (the fixture game)
through the generic renderer with an undo and confirms, see each other's moves
arrive over SSE, and step through the replay; a third test plays a Russian
Railroads turn on the SVG board against a bot.  Every wait is on the DOM
(``body[data-seq]`` is the position the page shows), never a sleep.
Screenshots go to ``screenshots/`` (gitignored; the README's copy is in ``docs/screenshots/``).
"""

from __future__ import annotations

import re
import uuid

import pytest

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect


def register(page, base: str, name: str) -> None:
    page.goto(f"{base}/register")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.fill("input[name=password2]", "correct horse battery")
    page.click("#register-form button[type=submit]")
    expect(page.locator("#who")).to_have_text(name)


def seq_of(page) -> int:
    return int(page.get_attribute("body", "data-seq"))


def wait_past(page, seq: int) -> int:
    """Wait until the page shows a position after ``seq``; return it."""
    page.wait_for_selector(f"body[data-seq]:not([data-seq='{seq}'])")
    return seq_of(page)


def click_command(page, type_: str, args: str = "{}") -> int:
    before = seq_of(page)
    page.click(f"button.command[data-type='{type_}'][data-args='{args}']")
    return wait_past(page, before)


def confirm(page) -> int:
    before = seq_of(page)
    page.click("#confirm-turn")
    return wait_past(page, before)


@pytest.fixture
def two_people(chromium, server_url):
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


def test_two_people_play_undo_confirm_watch_and_replay(two_people, server_url, screenshots):
    (ann, bob), _errors = two_people
    # Ann creates a 2-player Tally game with an open seat and sends Bob the invitation.
    ann.goto(f"{server_url}/new")
    ann.select_option("#game-select", "tally")
    ann.fill("input[name=opt-tally-rounds]", "2")
    ann.select_option("#seat-0-kind", "me")
    ann.select_option("#seat-1-kind", "open")
    ann.click("#create-submit")
    ann.wait_for_selector("body.ready")
    invite = ann.get_attribute(".invite-url[data-seat=p2]", "value")
    game_url = ann.url
    assert re.search(r"/join/\w+/p2$", invite)

    bob.goto(invite)
    bob.click("#join-submit")
    bob.wait_for_url(game_url)
    bob.wait_for_selector("body.ready")
    expect(bob.locator("#move-window")).to_contain_text("Waiting for")

    # Ann's turn: add 1, add 2, take the second back, draw, confirm.
    ann.reload()
    ann.wait_for_selector("body.ready")
    expect(ann).to_have_title(re.compile("Your turn"))
    click_command(ann, "Add", '{"n":1}')
    click_command(ann, "Add", '{"n":2}')
    expect(ann.locator("#sub-moves .sub-move")).to_have_count(2)
    expect(ann.locator(".open-action.mandatory")).to_have_count(0)
    before = seq_of(ann)
    ann.locator("#sub-moves .sub-move").nth(1).locator("button.undo").click()
    wait_past(ann, before)
    expect(ann.locator("#sub-moves .sub-move")).to_have_count(1)
    expect(ann.locator("#view-tables td[data-key=counters] td[data-seat=p1]")).to_have_text("1")
    click_command(ann, "Draw")
    # The drawn card is an undo barrier: no undo button before it.
    expect(ann.locator("#sub-moves .sub-move").nth(1).locator("button.undo")).to_have_count(0)
    bob_seq = seq_of(bob)
    ann.screenshot(path=str(screenshots / "tally-move-window.png"), full_page=True)
    confirm(ann)

    # Bob's page follows over SSE: his turn now, with a notice and the tab title.
    wait_past(bob, bob_seq)
    expect(bob.locator("#notice")).to_have_text("It is your turn!")
    expect(bob).to_have_title(re.compile("Your turn"))
    expect(bob.locator("#view-tables td[data-key=counters] td[data-seat=p1]")).to_have_text("1")
    # Ann's drawn card is hidden from Bob: he sees how many cards she holds.
    expect(bob.locator("#view-tables td[data-key=hands] td[data-seat=p1]")).to_have_text("1")
    ann_seq = seq_of(ann)
    click_command(bob, "Add", '{"n":3}')
    confirm(bob)
    wait_past(ann, ann_seq)
    expect(ann.locator("#view-tables td[data-key=counters] td[data-seat=p2]")).to_have_text("3")
    # The worker scores round 1; then it is Ann's turn again in round 2.
    expect(ann.locator("#notice")).to_have_text("It is your turn!")
    expect(ann.locator("#game-head .game-line")).to_contain_text("Round 2")
    ann.screenshot(path=str(screenshots / "tally-game.png"), full_page=True)

    click_command(ann, "Add", '{"n":2}')
    confirm(ann)
    expect(bob.locator("#notice")).to_have_text("It is your turn!")
    click_command(bob, "Add", '{"n":1}')
    confirm(bob)
    expect(ann.locator("#notice")).to_contain_text("The game is over")
    expect(bob.locator("#notice")).to_contain_text("The game is over")

    # The replay: step through every confirmed position.
    ann.click("#replay-link")
    ann.wait_for_selector("body.ready")
    slider = ann.locator("#replay-slider")
    last = int(slider.get_attribute("max"))
    assert last >= 6
    expect(ann.locator("body")).to_have_attribute("data-replay-index", str(last))
    ann.click("#step-first")
    expect(ann.locator("body")).to_have_attribute("data-replay-index", "0")
    expect(ann.locator("#step-prev")).to_be_disabled()
    first_log = ann.locator("#log li").count()
    for i in range(1, 4):
        ann.click("#step-next")
        expect(ann.locator("body")).to_have_attribute("data-replay-index", str(i))
    assert ann.locator("#log li").count() > first_log
    slider.fill(str(last - 1))
    expect(ann.locator("body")).to_have_attribute("data-replay-index", str(last - 1))
    ann.click("#step-last")
    expect(ann.locator("body")).to_have_attribute("data-replay-index", str(last))
    # A finished game hides nothing: the replay shows Ann's drawn card to her.
    expect(ann.locator("#view-tables td[data-key=deck]")).to_have_count(1)
    ann.screenshot(path=str(screenshots / "tally-replay.png"), full_page=True)
    with ann.expect_download() as download:
        ann.click("#log-download")
    assert download.value.suggested_filename.endswith(".ndjson")

    # My games: the finished game is listed.
    ann.goto(f"{server_url}/")
    expect(ann.locator(f"#my-games tr[data-game='{game_url.rsplit('/', 1)[-1]}']")).to_contain_text("Finished")


def test_language_switch_and_phone_layout(chromium, server_url, screenshots):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    register(page, server_url, f"cleo-{uuid.uuid4().hex[:6]}")
    page.click("#lang-de")
    expect(page.locator("#my-games h2")).to_have_text("Meine Spiele")
    page.goto(f"{server_url}/new")
    page.select_option("#game-select", "tally")
    page.select_option("#seat-1-kind", "bot")
    page.click("#create-submit")
    page.wait_for_selector("body.ready")
    expect(page.locator("#notice")).to_have_text("Du bist am Zug!")
    move_window = page.locator("#move-window")
    expect(move_window).to_be_in_viewport()
    expect(page.locator("#confirm-turn")).to_have_text("Zug bestätigen")
    click_command(page, "Add", '{"n":3}')
    expect(move_window).to_be_in_viewport()
    page.screenshot(path=str(screenshots / "phone-game.png"))
    before = seq_of(page)
    page.click("#confirm-turn")
    wait_past(page, before)
    # The bot answers through the worker; the page hears it on the stream.
    expect(page.locator("#notice")).to_have_text("Du bist am Zug!")
    context.close()


def spend_mandatory_steps(page) -> None:
    """Click the tableau's chips (track steps, industry, ...) until nothing mandatory is open."""
    for _ in range(12):
        if not page.locator(".open-action.mandatory").count():
            break
        before = seq_of(page)
        page.locator("svg.rr-tableau .chip.usable").first.click()
        wait_past(page, before)
    expect(page.locator(".open-action.mandatory")).to_have_count(0)


def test_russian_railroads_turn_on_the_board(chromium, server_url, screenshots):
    context = chromium.new_context(viewport={"width": 1440, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    register(page, server_url, f"dora-{uuid.uuid4().hex[:6]}")
    page.goto(f"{server_url}/new")
    page.select_option("#game-select", "russian_railroads")
    page.select_option("#seat-1-kind", "bot")
    page.click("#create-submit")
    page.wait_for_selector("body.ready")
    page.wait_for_selector("svg.rr-board")
    expect(page.locator("svg.rr-tableau")).to_have_count(2)
    # The start bonus (when the draft reaches this seat first), then a worker placement.
    if page.locator(".bonus-card.usable").count():
        before = seq_of(page)
        page.locator(".bonus-card.usable").first.click()
        wait_past(page, before)
        spend_mandatory_steps(page)
        confirm(page)
    page.wait_for_selector(".space.usable.area-track")
    space = page.locator(".space.usable.area-track").first
    space_id = space.get_attribute("data-space")
    before = seq_of(page)
    space.click()
    # Several ways to pay: the choice is asked for in place.
    if page.locator(".choice-menu").count():
        page.locator(".choice-menu button.choice").first.click()
    wait_past(page, before)
    expect(page.locator(f".space[data-space={space_id}] .piece")).to_have_count(1)
    spend_mandatory_steps(page)
    page.screenshot(path=str(screenshots / "game-page.png"), full_page=True)
    confirm(page)
    expect(page.locator("#notice")).to_have_text("It is your turn!")
    # The move window survives a reload; the replay draws the same board read-only.
    page.locator(".space.usable.area-track").first.click()
    if page.locator(".choice-menu").count():
        page.locator(".choice-menu button.choice").first.click()
    expect(page.locator("#sub-moves .sub-move").first).to_be_visible()
    moves = page.locator("#sub-moves .sub-move").count()
    page.reload()
    page.wait_for_selector("body.ready")
    expect(page.locator("#sub-moves .sub-move")).to_have_count(moves)
    page.click("#replay-link")
    page.wait_for_selector("body.ready")
    expect(page.locator("svg.rr-board")).to_have_count(1)
    expect(page.locator("svg.rr-board .usable")).to_have_count(0)
    page.click("#step-first")
    expect(page.locator("body")).to_have_attribute("data-replay-index", "0")
    context.close()
    assert not errors, errors
