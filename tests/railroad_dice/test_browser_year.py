"""Railroad Dice played by clicking only, on a phone (390x844) and a desktop, in German and
English: one person against a random bot plays two whole years (year 1 without income, year
2 with it) - rolling with the steppers of the roll panel, returning dice with the return
panel, turning a '?' die, buying a share on a company card, laying track and building on the
dashed fields, confirming - while the worker plays the bot and changes the years.

On the way, every text on the page (board, move window, menus, log, every listed command)
is searched for what a player must never read: a coordinate (``2,3``, ``0,-1``), an id
(``p2``, ``weiden``, ``mountain2``, ``PlaceTrack``) or a plural left to the reader
("(s)", "die/dice").  The move window never says "nothing left to do" while track, a
station or a share can still be done.  The page never scrolls sideways.  Every wait is on
the page, never a sleep.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import DESKTOP, PHONE, create_table, person
from tests.web.test_browser import confirm, seq_of, wait_past

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect

COORDINATE = re.compile(r"-?\d+,-?\d+")
IDS = re.compile(r"\b(p[1-4]|eisberg|ueberall|weiden|insel|bergtal|mountain[23]|question|TakeIncome|TurnDie|"
                 r"BuyShare|PlaceTrack|BuildBridge|ConnectTile|BuildStation|ReturnDie|rd\.[a-z_.]+|js\.[a-z_.]+)\b")
PLURAL = re.compile(r"[A-Za-zÄÖÜäöüß]\((?:s|n|e|en|er)\)|\b(?:die/dice|city/cities)\b")
NOTHING_LEFT = re.compile(r"Nothing left to do|Nichts mehr zu tun")
#: the texts a page may show: everything a player reads, hidden menus and titles included
TEXTS = """() => {
  const parts = [];
  for (const sel of ['#board', '#move-window', '#log', '#commands', '.choice-menu', '#command-error', '#notice']) {
    document.querySelectorAll(sel).forEach((el) => parts.push(el.textContent));
  }
  document.querySelectorAll('#board [aria-label], #board title, #board [title]').forEach((el) =>
    parts.push(el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent));
  return parts.join('\\n');
}"""
NO_SIDEWAYS = "document.scrollingElement.scrollWidth <= window.innerWidth"


def snap(page, selector: str, path) -> None:
    """A screenshot of one part of the page for a person to look at; the board is redrawn when the
    live stream catches up, so a part replaced mid-shot is taken again."""
    error = pytest.importorskip("playwright.sync_api").Error
    for _ in range(3):
        try:
            page.locator(selector).screenshot(path=str(path))
            return
        except error:
            continue


def check_texts(page, seen: set[str]) -> None:
    """Nothing the player reads shows a coordinate, an id or a "(s)" plural."""
    text = page.evaluate(TEXTS)
    for pattern in (COORDINATE, IDS, PLURAL):
        found = pattern.search(text)
        assert found is None, (pattern.pattern, text[max(0, found.start() - 80):found.end() + 80])
    assert page.evaluate(NO_SIDEWAYS), "the page scrolls sideways"
    seen.add(text)


def act(page, selector: str, seen: set[str], shot=None) -> bool:
    """Click the first usable piece matching ``selector``; when it opens a menu, read the menu
    and take its first choice.  False when there is no such piece."""
    pieces = page.locator(selector)
    if not pieces.count():
        return False
    before = seq_of(page)
    pieces.first.click()
    menu = page.locator(".choice-menu")
    while menu.count():  # a field's menu comes in layers: the kind, the piece, the payment
        check_texts(page, seen)
        if shot is not None:
            page.screenshot(path=str(shot))
            shot = None
        menu.locator("button.choice").first.click()
    wait_past(page, before)
    return True


def step(page, stepper: str, times: int) -> None:
    for _ in range(times):
        more = page.locator(f"{stepper} .rd-more-dice")
        if more.is_disabled():
            return
        more.click()


def return_dice(page, seen: set[str], shot) -> None:
    """With more than five dice in front: choose on the return panel which go back, then return them."""
    if not page.locator("#rd-return").count():
        return
    snap(page, "#rd-actions", str(shot).replace("rolled", "return-panel"))
    for stepper in page.locator("#rd-return .rd-stepper").all():
        step(page, f"#rd-return .rd-stepper[data-name='{stepper.get_attribute('data-name')}']", 6)
    check_texts(page, seen)
    before = seq_of(page)
    page.locator("#rd-return button.rd-go").click()
    page.wait_for_function("() => !document.querySelector('#rd-return')")
    assert seq_of(page) > before


def my_turn(page, seen: set[str], shot) -> None:
    """One turn by clicking: income, a roll (steppers), a share, track or a station, a '?' turned,
    dice returned when more than five lie in front, then confirm."""
    check_texts(page, seen)
    act(page, "#rd-actions button[data-commands~=TakeIncome]", seen)
    if page.locator("#rd-roll").count():
        step(page, "#rd-roll .rd-stepper[data-name='roll.screen']", 4)
        step(page, "#rd-roll .rd-stepper[data-name='roll.question']", 1)
        snap(page, "#rd-actions", str(shot).replace("rolled", "roll-panel"))
        go = page.locator("#rd-roll button.rd-go")
        if go.is_enabled():
            check_texts(page, seen)
            before = seq_of(page)
            go.click()
            wait_past(page, before)
    page.screenshot(path=str(shot), full_page=True)
    return_dice(page, seen, shot)  # more than five in front after the roll: the return panel, at once
    snap(page, ".rd-boards", str(shot).replace("rolled", "boards"))
    # While a share, track or a station can still be done, the move window says so.
    if page.locator(".rd-company.usable, svg.rd-tile .rd-field.usable").count():
        expect(page.locator("#open-actions")).to_contain_text(re.compile("Buy a share|Lay track|Build a station|"
                                                                          "Aktie kaufen|Schienen legen|Bahnhof bauen"))
        assert not NOTHING_LEFT.search(page.locator("#move-window").text_content())
    act(page, ".rd-company.usable", seen)
    for i in range(3):
        if not act(page, "svg.rd-tile .rd-field.usable", seen, str(shot).replace("rolled", "menu") if i == 0 else None):
            break
    if page.locator(".rd-front .rd-die.face-question.usable").count():
        act(page, ".rd-front .rd-die.face-question.usable", seen)
    return_dice(page, seen, shot)
    check_texts(page, seen)
    confirm(page)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_two_years_by_clicking(chromium, server_url, screenshots, size, lang):
    phone = size == "phone"
    context, page, errors, _name = person(chromium, server_url, "rita", phone=phone,
                                          viewport=PHONE if phone else DESKTOP)
    create_table(page, server_url, "railroad_dice", [None, "bot"], lang=lang, select={"#seat-1-bot": "random"},
                 ready="svg.rd-tile")
    seen: set[str] = set()
    turns = 0
    while True:
        page.wait_for_selector("body[data-my-turn=true], #rd-final", timeout=60_000)
        round_text = page.locator("#game-head .game-line").inner_text()
        if page.locator("#rd-final").count() or re.search(r"(Round|Runde) 3\b", round_text):
            break
        page.screenshot(path=str(screenshots / f"railroad-dice-{size}-{lang}-turn-{turns + 1}.png"), full_page=True)
        page.screenshot(path=str(screenshots / f"railroad-dice-{size}-{lang}-turn-{turns + 1}-screen.png"))
        my_turn(page, seen, screenshots / f"railroad-dice-{size}-{lang}-rolled-{turns + 1}.png")
        turns += 1
    assert turns == 2
    # Both years are in the log, in words.
    expect(page.locator("#log")).to_contain_text(re.compile("Year 2|Jahr 2"))
    check_texts(page, seen)
    page.screenshot(path=str(screenshots / f"railroad-dice-{size}-{lang}-year-3.png"), full_page=True)
    context.close()
    assert not errors, errors
