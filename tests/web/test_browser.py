"""The web UI in a real browser: Chromium (Debian's, never downloaded) driven by
Playwright against a real ``stellwerk serve`` process (embedded Redis, Celery
worker, web app).

Two people register in two browser contexts, play Tally (the fixture game)
through the generic renderer with an undo and confirms, see each other's moves
arrive over SSE, and step through the replay; two more people do the same with
Russian Railroads on the SVG board (workers on highlighted spaces, track steps
on the tableau chips, an undo, confirms, the other page following live, the
replay); another test plays a Russian Railroads turn against a bot.  Every wait
is on the DOM (``body[data-seq]`` is the position the page shows), never a sleep.
Screenshots go to ``screenshots/`` (gitignored; the README's copy is in ``docs/screenshots/``).
"""

from __future__ import annotations

import re

import pytest

from tests.browser import WIDE, create_and_invite, create_table, person

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect


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
    """Confirm the turn; when optional actions are still open the page asks once: confirm anyway."""
    before = seq_of(page)
    page.click("#confirm-turn")
    if page.locator("#confirm-warning").is_visible():
        page.click("#confirm-anyway")
    return wait_past(page, before)


def test_two_people_play_undo_confirm_watch_and_replay(two_people, server_url, screenshots):
    (ann, bob), _errors = two_people
    # Ann creates a 2-player Tally game with an open seat and sends Bob the invitation.
    game_url = create_and_invite(ann, bob, server_url, "tally", rounds="2")
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
    context, page, _errors, _name = person(chromium, server_url, "cleo", phone=True)
    page.click("#lang-de")
    expect(page.locator("#my-games h2")).to_have_text("Meine Spiele")
    create_table(page, server_url, "tally", [None, "bot"])
    expect(page.locator("#notice")).to_have_text("Du bist am Zug!")
    move_window = page.locator("#move-window")
    expect(move_window).to_be_in_viewport()
    expect(page.locator("#confirm-turn")).to_have_text("Zug bestätigen")
    click_command(page, "Add", '{"n":3}')
    expect(move_window).to_be_in_viewport()
    page.screenshot(path=str(screenshots / "phone-tally.png"))
    confirm(page)
    # The bot answers through the worker; the page hears it on the stream.
    expect(page.locator("#notice")).to_have_text("Du bist am Zug!")
    context.close()


def spend_mandatory_steps(page) -> None:
    """Click the tableau's chips (track steps, industry, ...) until nothing mandatory is open."""
    for _ in range(12):
        if not page.locator(".open-action.mandatory").count():
            break
        before = seq_of(page)
        page.locator("svg.rr-tableau .usable").first.click()
        # Several ways (which loco to replace, which factory): the choice is asked for in place.
        if page.locator(".choice-menu").count():
            page.locator(".choice-menu button.choice").first.click()
        wait_past(page, before)
    expect(page.locator(".open-action.mandatory")).to_have_count(0)


def test_russian_railroads_turn_on_the_board(chromium, server_url, screenshots):
    context, page, errors, _name = person(chromium, server_url, "dora", viewport=WIDE)
    create_table(page, server_url, "russian_railroads", [None, "bot"], ready="body.ready svg.rr-board")
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


def my_turn(page) -> bool:
    return page.get_attribute("body", "data-my-turn") == "true"


def marker_pos(page, seat: str, line: str, colour: str) -> str:
    return page.get_attribute(f"svg.rr-tableau[data-seat={seat}] .track-marker[data-line={line}][data-colour={colour}]",
                              "data-pos")


def rr_turn(page, other, seat: str, area: str = "track", *, undo: bool = False, screenshot=None) -> str | None:
    """One whole turn through the board: the start bonus card or a worker placement on
    the first highlighted space of ``area`` (the in-place menu answered when it asks), the
    steps spent on the tableau chips (with an undo of one step first if asked), confirm.
    Returns the space used, if any; checks that ``other`` follows over SSE."""
    other_seq = seq_of(other)
    expect(page.locator("#notice")).to_have_text("It is your turn!")
    expect(page).to_have_title(re.compile("Your turn"))
    space_id = None
    before = seq_of(page)
    if page.locator(".bonus-card.usable").count():
        page.locator(".bonus-card.usable").first.click()
    else:
        space = page.locator(f".space.usable.area-{area}").first
        space_id = space.get_attribute("data-space")
        space.click()
        if page.locator(".choice-menu").count():
            page.locator(".choice-menu button.choice").first.click()
    wait_past(page, before)
    if space_id:
        expect(page.locator(f".space[data-space={space_id}] .piece.seat-fill-{seat}")).to_have_count(1)
    if undo:
        # One track step, then take it back with the move window's undo button.
        chip = page.locator(f"svg.rr-tableau[data-seat={seat}] .chip.usable[data-command=AdvanceTrack]").first
        line, colour = chip.get_attribute("data-line"), chip.get_attribute("data-colour")
        start = marker_pos(page, seat, line, colour)
        moves = page.locator("#sub-moves .sub-move").count()
        before = seq_of(page)
        chip.click()
        wait_past(page, before)
        assert int(marker_pos(page, seat, line, colour)) == int(start) + 1
        # The step may bring more (an unlocked colour): undo back to before its first sub-move.
        before = seq_of(page)
        page.locator("#sub-moves .sub-move").nth(moves).locator("button.undo").click()
        wait_past(page, before)
        expect(page.locator("#sub-moves .sub-move")).to_have_count(moves)
        assert marker_pos(page, seat, line, colour) == start
        expect(page.locator(".open-action.mandatory")).to_have_count(1)
    spend_mandatory_steps(page)
    expect(page.locator("#confirm-turn")).to_be_enabled()
    if screenshot:
        screenshot(page)
    markers = [(m.get_attribute("data-line"), m.get_attribute("data-colour"), m.get_attribute("data-pos"))
               for m in page.locator(f"svg.rr-tableau[data-seat={seat}] .track-marker").all()]
    confirm(page)
    expect(page.locator("#sub-moves .sub-move")).to_have_count(0)
    # The other page hears the confirmed turn on the stream and redraws.
    wait_past(other, other_seq)
    if space_id:
        expect(other.locator(f".space[data-space={space_id}] .piece.seat-fill-{seat}")).to_have_count(1)
    for line, colour, pos in markers:
        assert marker_pos(other, seat, line, colour) == pos
    return space_id


def test_two_people_play_russian_railroads_on_the_board(two_people, server_url, screenshots):
    (ann, bob), _errors = two_people
    create_and_invite(ann, bob, server_url, "russian_railroads")
    bob.wait_for_selector("svg.rr-board")
    ann.reload()
    ann.wait_for_selector("svg.rr-board")
    for page in (ann, bob):
        expect(page.locator("svg.rr-tableau")).to_have_count(2)
        # The printed board comes from the view: the special spaces of every line.
        expect(page.locator("svg.rr-tableau[data-seat=p1] .special")).to_have_count(9)
        expect(page.locator("svg.rr-tableau[data-seat=p1] .unlock")).to_have_count(4)
        expect(page.locator("svg.rr-tableau[data-seat=p1] .kiev-star")).to_have_count(5)
    seats = {id(ann): "p1", id(bob): "p2"}
    # Turn order is dealt at random: whoever is to move goes first (the start bonus
    # draft belongs to the second in order, then the first begins the actions).
    mover, waiter = (ann, bob) if my_turn(ann) else (bob, ann)
    assert my_turn(mover) and not my_turn(waiter)

    def shot(page):
        page.set_viewport_size({"width": 1440, "height": 1000})
        page.screenshot(path=str(screenshots / "rr-two-people.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})

    used = []
    for turn, area in enumerate(["track", "track", "industry", "loco_factory", "track"]):
        used.append(rr_turn(mover, waiter, seats[id(mover)], area, undo=turn == 1,
                            screenshot=shot if turn == 4 else None))
        mover, waiter = waiter, mover
    assert len({u for u in used if u}) >= 3
    # Both pages show the same position.
    expect(bob.locator("body")).to_have_attribute("data-seq", str(seq_of(ann)))
    expect(waiter.locator("#move-window")).to_contain_text("Waiting for")

    # The replay: step through the confirmed positions, read-only.
    ann.click("#replay-link")
    ann.wait_for_selector("body.ready")
    last = int(ann.get_attribute("#replay-slider", "max"))
    assert last >= 5
    expect(ann.locator("svg.rr-board")).to_have_count(1)
    expect(ann.locator("svg.rr-board .usable, svg.rr-tableau .usable")).to_have_count(0)
    for space in filter(None, used):
        expect(ann.locator(f".space[data-space={space}] .piece")).to_have_count(1)
    ann.click("#step-first")
    expect(ann.locator("body")).to_have_attribute("data-replay-index", "0")
    expect(ann.locator("svg.rr-board .space .piece")).to_have_count(0)
    for i in range(1, 4):
        ann.click("#step-next")
        expect(ann.locator("body")).to_have_attribute("data-replay-index", str(i))
    ann.click("#step-last")
    expect(ann.locator("body")).to_have_attribute("data-replay-index", str(last))
    expect(ann.locator("svg.rr-board .space .piece")).to_have_count(len([u for u in used if u]))


def test_russian_railroads_final_scoring_table_on_a_phone(chromium, server_url, screenshots):
    """Two bots play a whole game while a person watches on a phone: the page ends
    with the final scoring as a table (round points, end-game cards, engineer
    majority, total per player), the same totals as the scores in the header."""
    context, page, errors, _name = person(chromium, server_url, "eve", phone=True)
    create_table(page, server_url, "russian_railroads", ["bot", "bot"])
    # The worker plays the bots' turns; the page follows over SSE to the end.
    table = page.locator("#rr-final table.rr-score-table")
    expect(table).to_be_visible(timeout=90_000)
    expect(page.locator("#notice")).to_contain_text("The game is over")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(2)
    for i in range(2):
        row = rows.nth(i)
        seat = row.get_attribute("data-seat")
        cells = {key: int(row.locator(f"td[data-key={key}]").inner_text().split("=")[-1].strip())
                 for key in ("rounds", "end_cards", "majority", "total")}
        assert cells["rounds"] + cells["end_cards"] + cells["majority"] == cells["total"]
        assert page.get_attribute(f"#game-head tr[data-seat={seat}] td.score", "data-score") == str(cells["total"])
        # Every end-game card is shown face up now, with its points.
        assert row.locator(".end-card").count() == int(
            page.locator(f"svg.rr-tableau[data-seat={seat}]").get_attribute("data-end-cards") or 0)
    # Readable on a phone: the table fits the screen width (it would scroll inside its card).
    box = page.locator("#rr-final").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.locator("#rr-final").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "rr-final-phone.png"))
    context.close()
    assert not errors, errors


def test_hint_button_asks_the_worker(chromium, server_url):
    """A table created with hints: the move window's hint button lists the turn the
    greedy bot would play, computed by the worker process of ``stellwerk serve``."""
    context, page, _errors, _name = person(chromium, server_url, "hana")
    create_table(page, server_url, "tally", [None, "bot"], check=["#hints"])
    expect(page.locator("#ask-hint")).to_be_visible()
    page.click("#ask-hint")
    # In words, like every move list: never the command's raw name.
    expect(page.locator("#hint li").last).to_have_text("Confirm the turn")
    context.close()
