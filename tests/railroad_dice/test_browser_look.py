"""Railroad Dice on a phone (390x844) and a desktop, German and English: the dice are drawn
as dice (faces as pictures, not letters), stations and company cards in their colours, and
the page never scrolls sideways.  Screenshots go to ``screenshots/`` for a person to look at.
"""

from __future__ import annotations

import pytest

from tests.browser import create_and_invite

from .test_browser import click, first_and_second

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect

NO_SIDEWAYS = "document.scrollingElement.scrollWidth <= window.innerWidth"


def test_dice_stations_and_cards_look_right_on_a_phone_and_a_desktop(two_people, server_url, screenshots):
    (ann, bob), _errors = two_people
    create_and_invite(ann, bob, server_url, "railroad_dice")
    bob.wait_for_selector("body.ready")
    first, second = first_and_second(ann, bob)
    click(first, ".rd-front .rd-die.face-question.usable", '"face":"straight"')
    click(first, "svg.rd-tile .rd-field.usable[data-field='2,3']", '"exit":0')
    click(first, ".rd-company[data-company=weiden].usable", '"seller":"bank"')
    first.screenshot(path=str(screenshots / "railroad-dice-desktop.png"), full_page=True)
    path = first.url.split(server_url, 1)[1]
    wide = {}
    first.set_viewport_size({"width": 390, "height": 844})
    for lang in ("de", "en"):
        first.goto(f"{server_url}/lang/{lang}?next={path}")
        first.wait_for_selector("svg.rd-tile")
        first.screenshot(path=str(screenshots / f"railroad-dice-phone-{lang}.png"), full_page=True)
        wide[lang] = first.evaluate(NO_SIDEWAYS)
        for part in ("boards", "companies", "players"):
            first.locator(f".rd-{part}").screenshot(path=str(screenshots / f"railroad-dice-phone-{lang}-{part}.png"))
    assert wide == {"de": True, "en": True}
    # Dice are pictures: one SVG die per die in front, its face drawn (a '?' is its own sign);
    # stations and company cards carry their company's colour.
    # (mine: four '?' less one turned and laid, one paid for the share; the other's: four '?').
    expect(first.locator(".rd-player").nth(0).locator(".rd-front svg.rd-die.face-question .rd-qmark")).to_have_count(2)
    expect(first.locator(".rd-player").nth(1).locator(".rd-front svg.rd-die.face-question .rd-qmark")).to_have_count(4)
    assert first.locator("svg.rd-tile .rd-tile-die").count() == 2  # the start die and the straight laid
    colours = first.locator(".rd-company").evaluate_all(
        "cards => cards.map(c => getComputedStyle(c).borderTopColor)")
    assert len(set(colours)) == 5, colours
