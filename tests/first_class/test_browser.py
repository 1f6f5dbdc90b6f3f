"""First Class in a real browser (Chromium, Playwright, a real ``stellwerk serve``):
two people play by clicking the pieces from the end-card draft through round 1
and 2 to the first scoring phase; each sees the other's moves arrive live, the
three card rows, both trains with conductors, the route with the locomotive, the
coin grid, contracts and the scoring track, and never the other's end-game card.
Every wait is on the DOM (``body[data-seq]``, ``data-my-turn``), never a sleep.
"""

from __future__ import annotations

import pytest

from tests.browser import create_and_invite
from tests.web.test_browser import confirm, seq_of, wait_past

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect


def wait_my_turn(page) -> None:
    page.wait_for_selector("body[data-my-turn=true]", timeout=30_000)
    page.wait_for_selector("svg.fc-rows")


def click_piece(page, selector: str, args_part: str | None = None) -> int:
    """Click a usable piece; when it offers a menu, take the choice whose args contain ``args_part``."""
    before = seq_of(page)
    page.locator(selector).first.click()
    if page.locator(".choice-menu").count():
        wanted = f"[data-args*='{args_part}']" if args_part else ""
        page.locator(f".choice-menu button.choice{wanted}").first.click()
    return wait_past(page, before)


def draft(page) -> None:
    wait_my_turn(page)
    expect(page.locator("svg.fc-extras .fc-end-card.usable")).not_to_have_count(0)
    click_piece(page, "svg.fc-extras .fc-end-card.usable")
    confirm(page)


def take_card_for_an_upgrade(page) -> None:
    wait_my_turn(page)
    click_piece(page, "svg.fc-rows .fc-card.usable", '"mode":"upgrade"')
    # The open step: one upgrade (or a 0-car); the cars it may hit are clickable on my own board.
    click_piece(page, "svg.fc-player .fc-train-card.usable")
    confirm(page)


def score(page) -> None:
    wait_my_turn(page)
    before = seq_of(page)
    page.click("#fc-choices button[data-type=ScoreTrains]")
    wait_past(page, before)
    confirm(page)


def test_two_people_play_first_class_through_the_first_scoring(two_people, server_url, screenshots):  # noqa: F811
    (ann, bob), _errors = two_people
    create_and_invite(ann, bob, server_url, "first_class")
    bob.wait_for_selector("body.ready")
    # The draft starts right of the start player: Bob (p2) keeps a card first, then Ann.
    draft(bob)
    draft(ann)
    # Bob never sees Ann's end-game card, only that she holds one.
    bob.reload()
    bob.wait_for_selector("svg.fc-rows")
    expect(bob.locator("svg.fc-player[data-seat=p1] .fc-end-line")).to_contain_text("1 face down")
    expect(ann.locator("svg.fc-player[data-seat=p1] .fc-end-line")).not_to_contain_text("face down")
    # The table: 3 rows of 6 cards, the start-player tile, two trains per player with conductors,
    # the route with the locomotive, 12 coin fields, the scoring track.
    expect(ann.locator("svg.fc-rows .fc-card")).to_have_count(18)
    expect(ann.locator("svg.fc-rows .fc-start-tile")).to_have_count(1)
    expect(ann.locator("svg.fc-player[data-seat=p1] .fc-conductor")).to_have_count(2)
    expect(ann.locator("svg.fc-player[data-seat=p2] .fc-train-card")).to_have_count(2)
    expect(ann.locator("svg.fc-player[data-seat=p1] .fc-loco")).to_have_count(1)
    expect(ann.locator("svg.fc-player[data-seat=p1] .fc-coin")).to_have_count(12)
    expect(ann.locator("svg.fc-track .fc-track-marker")).to_have_count(2)
    ann.screenshot(path=str(screenshots / "first-class-game.png"), full_page=True)
    for _round in (1, 2):
        for _turn in range(3):
            take_card_for_an_upgrade(ann)
            take_card_for_an_upgrade(bob)
    # After round 2 the scoring phase, from the start player (nobody took the tile: Ann).
    score(ann)
    score(bob)
    # The worker deals round 3 from stack 2; both pages follow.
    for page in (ann, bob):
        expect(page.locator("#game-head .game-line")).to_contain_text("Round 3", timeout=30_000)
    expect(ann.locator("svg.fc-rows .fc-card")).to_have_count(18)
    # Each upgraded one car per turn (6 upgrades): both trains still score for the cars the conductors stand on.
    points = int(ann.locator("svg.fc-track .fc-track-marker[data-seat=p1]").get_attribute("data-vp"))
    assert points >= 1
    bob.screenshot(path=str(screenshots / "first-class-after-scoring.png"), full_page=True)
    # The same table in German: the card rows, the boards and the sentences of the game change language.
    path = bob.url.split(server_url, 1)[1]
    bob.goto(f"{server_url}/lang/de?next={path}")
    bob.wait_for_selector("svg.fc-rows")
    expect(bob.locator("#game-head .game-line")).to_contain_text("Runde 3")
    expect(bob.locator("svg.fc-rows")).to_contain_text("Aktions-Karten")
    expect(bob.locator("svg.fc-player[data-seat=p2]")).to_contain_text("Genommene Aktions-Karten")
    bob.screenshot(path=str(screenshots / "first-class-after-scoring-de.png"), full_page=True)
    bob.goto(f"{server_url}/lang/en?next={path}")
