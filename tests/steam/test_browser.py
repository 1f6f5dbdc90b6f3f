"""Steam in a real browser (Chromium, Playwright, a real ``stellwerk serve``): Ann and Bob
and a bot play round 1 by clicking - the turn-order auction, action tiles, a tile built by
clicking a hex on the map (the menu names each face and turn with its cost), moving goods
- and both pages reach round 2 with the track on the map in its owner's colour, in English
and in German.  Every wait is on the DOM (``body[data-seq]``, ``data-my-turn``), never a sleep.
"""

from __future__ import annotations

import time

import pytest

from tests.web.test_browser import confirm, seq_of, wait_past

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect


def create(ann, bob, url: str) -> str:
    ann.goto(f"{url}/new")
    ann.select_option("#game-select", "steam")
    ann.select_option("#seat-0-kind", "me")
    ann.select_option("#seat-1-kind", "open")
    ann.select_option("#seat-2-kind", "bot")
    ann.select_option("#seat-2-bot", "random")
    ann.click("#create-submit")
    invite = ann.locator(".invite-url[data-seat=p2]").get_attribute("value")
    game_url = ann.url
    bob.goto(invite)
    bob.click("#join-submit")
    bob.wait_for_url(game_url)
    ann.goto(game_url)
    for page in (ann, bob):
        page.wait_for_selector("svg.steam-map")
    return game_url


def pick(page, selector: str) -> int:
    """Click a usable piece or button; when it offers a menu, take its first choice."""
    before = seq_of(page)
    page.locator(selector).first.click()
    if page.locator(".choice-menu").count():
        page.locator(".choice-menu button.choice").first.click()
    return wait_past(page, before)


def act(page) -> str:
    """One sensible turn of whatever the page's seat has to do; returns what it did."""
    has = lambda selector: page.locator(selector).count() > 0  # noqa: E731
    if has(".steam-buttons button[data-commands=PassBid]"):
        done = "pass"
        pick(page, ".steam-buttons button[data-commands=PassBid]")
    elif has(".steam-buttons button[data-commands=Bid]"):
        done = "bid"
        pick(page, ".steam-buttons button[data-commands=Bid]")
    elif has(".steam-tile.usable"):
        done = "tile"
        free = [f".steam-tile.usable[data-tile='{n}']" for n in (3, 4, 2, 1)
                if has(f".steam-tile.usable[data-tile='{n}']")]
        pick(page, free[0] if free else ".steam-tile.usable")
    elif has("svg.steam-map .steam-hex.usable[data-commands~=BuildTrack]"):
        done = "build"
        pick(page, "svg.steam-map .steam-hex.usable[data-commands~=BuildTrack]")
    elif has(".steam-buttons button[data-commands=EndBuild]"):
        done = "end-build"
        pick(page, ".steam-buttons button[data-commands=EndBuild]")
    elif has(".steam-buttons button[data-commands=ChooseReward]"):
        done = "reward"
        pick(page, ".steam-buttons button[data-commands=ChooseReward]")
    elif has(".steam-buttons button[data-commands=RaiseLocomotive]"):
        done = "loco"
        pick(page, ".steam-buttons button[data-commands=RaiseLocomotive]")
    else:
        done = "pass-move"
        pick(page, ".steam-buttons button[data-commands=PassMove]")
    confirm(page)
    return done


def my_turn(page) -> bool:
    return page.get_attribute("body", "data-my-turn") == "true"


def test_two_people_and_a_bot_play_the_first_round_of_steam(two_people, server_url, screenshots):  # noqa: F811
    (ann, bob), _errors = two_people
    create(ann, bob, server_url)
    # The map: the stand-in north-east board with its cities, towns and cubes; seven action tiles.
    expect(ann.locator("svg.steam-map .steam-hex")).to_have_count(214)
    expect(ann.locator("svg.steam-map .steam-city")).to_have_count(13)
    expect(ann.locator(".steam-tile")).to_have_count(7)
    expect(ann.locator(".steam-players tbody tr")).to_have_count(3)
    done: list[str] = []
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if all("Round 2" in page.locator(".steam-phase").inner_text() for page in (ann, bob)):
            break
        for page in (ann, bob):
            try:
                page.wait_for_selector("body[data-my-turn=true]", timeout=400)
            except Exception:  # noqa: BLE001 - not this page's turn: look at the other one
                continue
            done.append(act(page))
    else:
        raise AssertionError(f"round 2 not reached; did {done}")
    assert "tile" in done and "build" in done, done
    # A tile built by clicking a hex lies on both pages' maps in its owner's colour.
    for page in (ann, bob):
        expect(page.locator("svg.steam-map .steam-track[data-owner]:not([data-owner=''])")).not_to_have_count(0)
    ann.screenshot(path=str(screenshots / "steam-round-2.png"), full_page=True)
    # German texts.
    bob.click("#lang-de")
    bob.wait_for_selector("svg.steam-map")
    expect(bob.locator(".steam-phase")).to_contain_text("Runde 2 von 10")
    expect(bob.locator(".steam-tile[data-tile='7']")).to_contain_text("Urbanisierung")
