"""Issue 16 in a real browser: a finished game is found in the archive, its
analysis chart comes from the worker, a note is added at a position (plain text,
only its author may change it), and "play on from here" opens a hotseat fork in
which the player moves for each of the two seats they hold.  Every wait is on the DOM, never a sleep."""

from __future__ import annotations

import re
import time

import pytest

from tests.browser import create_and_invite
from tests.web.test_browser import click_command, confirm

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect


def test_archive_analysis_note_and_fork(two_people, server_url, screenshots):
    (ann, bob), _errors = two_people
    ann_name = ann.locator("#who").inner_text()
    game_url = create_and_invite(ann, bob, server_url, "tally", rounds="1")
    game_id = game_url.rstrip("/").rsplit("/", 1)[-1]
    click_command(ann, "Add", '{"n":3}')
    confirm(ann)
    bob.wait_for_selector("body.ready")
    expect(bob.locator("button.command[data-type='Add']").first).to_be_visible()
    click_command(bob, "Add", '{"n":1}')
    confirm(bob)

    # The worker scores the round; the finished game is in the archive.
    bob.goto(f"{server_url}/archive")
    bob.fill("#archive-search input[name=player]", ann_name)
    bob.click("#archive-submit")
    row = bob.locator(f"#archive-results tr[data-game='{game_id}']")
    deadline = time.monotonic() + 60
    while not row.count():  # the row is written when the worker's scoring ends the game
        assert time.monotonic() < deadline, "the finished game never reached the archive"
        bob.reload()
    expect(row).to_be_visible()
    # The end time in the reader's words (the page formats the server's UTC <time>).
    ended = row.locator("time.ended")
    expect(ended).to_have_attribute("data-local", "1")
    assert not re.fullmatch(r"\d+", ended.inner_text()) and "UTC" not in ended.inner_text()
    # Choosing a game shows its options as fields; searching by one keeps the game.
    bob.select_option("#archive-game", "tally")
    bob.wait_for_selector("#archive-options input[name='opt-rounds']")
    bob.fill("#archive-options input[name='opt-rounds']", "1")
    bob.click("#archive-submit")
    expect(row).to_be_visible()
    # On a phone, in German: the archive fits 390 px (issue 27: it was 451 px wide).
    bob.goto(f"{server_url}/lang/de?next=/archive?game=tally")
    bob.set_viewport_size({"width": 390, "height": 844})
    bob.goto(f"{server_url}/archive?game=tally&player={ann_name}")
    expect(row).to_be_visible()
    width = bob.evaluate("document.documentElement.scrollWidth")
    bob.screenshot(path=str(screenshots / "archive-phone-de.png"), full_page=True)
    assert width <= 390, width
    bob.set_viewport_size({"width": 1280, "height": 900})
    bob.goto(f"{server_url}/lang/en?next=/archive")
    bob.goto(f"{server_url}/archive?player={ann_name}")
    row.locator("a.replay-link").click()
    bob.wait_for_selector("body.ready")

    # The analysis: asked for, computed by the worker, drawn as a chart with the swings marked.
    bob.click("#analyse-button")
    bob.wait_for_selector("body[data-analysis='done']", timeout=60_000)
    expect(bob.locator("#analysis-chart polyline.analysis-line")).to_have_count(2)
    assert bob.locator("#analysis-chart circle.analysis-swing").count() >= 1
    expect(bob.locator("#analysis-chart .analysis-level")).to_contain_text("MCTS")
    # The legend names the players (the API's display names), not their seats.
    expect(bob.locator("#analysis-chart .analysis-legend")).to_contain_text(ann_name)
    expect(bob.locator("#analysis-chart .analysis-legend")).not_to_contain_text(re.compile(r"\bp[12]\b"))
    # Labelled axes: the chance in per cent, the time in rounds (issue 27).
    ticks = bob.locator("#analysis-chart text.analysis-tick").all_text_contents()
    assert {"0%", "50%", "100%"} <= {t.replace("\u00a0", "").replace(" ", "") for t in ticks}, ticks
    assert "1" in ticks, ticks  # the first round's mark
    expect(bob.locator("#analysis-chart text.analysis-axis")).to_have_count(2)
    bob.locator("#analysis-chart").screenshot(path=str(screenshots / "analysis-chart.png"))
    bob.click("#step-first")
    bob.wait_for_selector("body[data-replay-index='0']")
    # The bot is named by what it does ("search, 100 iterations a move"), not by its level id "mcts-100i".
    expect(bob.locator("#bot-would")).to_contain_text(re.compile("iteration", re.IGNORECASE))
    expect(bob.locator("#bot-would")).not_to_contain_text("mcts-")
    first_seq = int(bob.get_attribute("body", "data-replay-seq"))

    # A note at the first position: plain text, never markup.
    bob.fill("#note-text", "<b>opening</b> idea")
    bob.click("#note-add")
    note = bob.locator("#notes-list li.note")
    expect(note.locator(".note-text")).to_have_text("<b>opening</b> idea")
    assert bob.locator("#notes-list b").count() == 0
    expect(note.locator("button.note-edit")).to_be_visible()
    bob.click("#step-last")
    expect(bob.locator("#notes-list li.note")).to_have_count(0)  # shown at its own position only
    # A shared link opens at the position; Ann sees Bob's note there but may not change it.
    ann.goto(f"{server_url}/games/{game_id}/replay?seq={first_seq}")
    ann.wait_for_selector("body.ready")
    expect(ann.locator("#notes-list .note-text")).to_have_text("<b>opening</b> idea")
    expect(ann.locator("#notes-list button.note-edit")).to_have_count(0)
    bob.screenshot(path=str(screenshots / "replay-review.png"), full_page=True)

    # Play on from the first position as hotseat: Bob holds both seats of the fork and
    # moves for each by clicking; the page acts for the seat to move and says which.
    bob.goto(f"{server_url}/games/{game_id}/replay?seq={first_seq}")
    bob.wait_for_selector("body.ready")
    bob.select_option("#fork-seat-p1", "me")
    bob.select_option("#fork-seat-p2", "me")
    bob.click("#fork-button")
    bob.wait_for_url(lambda url: "/games/" in url and game_id not in url)
    bob.wait_for_selector("body.ready")
    assert int(bob.get_attribute("body", "data-seq")) == first_seq
    expect(bob.locator("#acting")).to_be_visible()
    expect(bob.locator("body")).to_have_attribute("data-acting-seat", "p1")
    expect(bob.locator("#acting-seat")).to_have_value("p1")
    # The switch by hand: p2 is not to move, so the page shows p2's view without moves...
    bob.select_option("#acting-seat", "p2")
    expect(bob.locator("body")).to_have_attribute("data-acting-seat", "p2")
    expect(bob.locator("body")).to_have_attribute("data-my-turn", "false")
    expect(bob.locator("button.command")).to_have_count(0)
    # ...and back to p1, whose turn it is.
    bob.select_option("#acting-seat", "p1")
    expect(bob.locator("body")).to_have_attribute("data-my-turn", "true")
    after = click_command(bob, "Add", '{"n":2}')
    assert after > first_seq
    confirm(bob)
    # p1's turn is over: the page now plays p2, Bob's other seat, and shows the switch.
    expect(bob.locator("body")).to_have_attribute("data-acting-seat", "p2")
    expect(bob.locator("#acting-seat")).to_have_value("p2")
    expect(bob.locator("body")).to_have_attribute("data-my-turn", "true")
    bob.screenshot(path=str(screenshots / "fork-hotseat.png"), full_page=True)
    click_command(bob, "Add", '{"n":1}')
    confirm(bob)
    fork_url = bob.url
    # Ann (no seat of the fork) only watches it: no seat switch, no commands.
    ann.goto(fork_url)
    ann.wait_for_selector("body.ready")
    expect(ann.locator("#acting")).to_be_hidden()
    expect(ann.locator("button.command")).to_have_count(0)
