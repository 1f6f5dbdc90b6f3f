"""First Class, a whole round by clicking only, on a phone (390x844) and a desktop,
in German and in English; a bot fills the other seat.

One person keeps an end-game card in the draft and then takes three action cards,
doing every step a card leaves open by clicking the pieces on the own board (or the
buttons above the table), and confirms, until round 2 is dealt.  On the way the
page's words are read - the table (every SVG text and tooltip), the menus at a
piece, the move window and the log - and none may show a card id (``g17``,
``gB8``, ``r19``, ``bA7``, ``EL3``, ...), a German word on the English page or an
English one on the German page, a "(s)"-style plural or "1 points".  Nothing is
wider than the phone's screen.  Every wait is on the DOM, never a sleep.
"""

from __future__ import annotations

import pytest

from tests.browser import DESKTOP, PHONE, create_table, person
from tests.first_class.words import bad_words
from tests.web.test_browser import confirm, seq_of, wait_past

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect

SIZES = {"desktop": DESKTOP, "phone": PHONE}

#: The words on the page: HTML text, every SVG text and tooltip, labels and titles of clickable things.
PAGE_WORDS = """() => {
  const parts = [document.querySelector("main")?.innerText || document.body.innerText,
                 document.querySelector("#commands-details")?.textContent || ""];
  document.querySelectorAll("svg text, svg title").forEach((el) => parts.push(el.textContent));
  document.querySelectorAll("[aria-label], [title]").forEach((el) => {
    parts.push(el.getAttribute("aria-label") || ""); parts.push(el.getAttribute("title") || "");
  });
  return parts.join("\\n");
}"""


def check_words(page, lang: str, seen: list[str]) -> None:
    text = page.evaluate(PAGE_WORDS)
    seen.append(text)
    bad = bad_words(text, lang)
    assert not bad, f"{bad[:12]} on the {lang} page"


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


def click_piece(page, locator, lang: str, seen: list[str], shot=None) -> int:
    """Click a usable piece; when it offers a menu (its words are read), take the first choice."""
    before = seq_of(page)
    locator.first.click()  # scrolls it into view; waits for it again if the page draws the table anew
    menu = page.locator(".choice-menu")
    if menu.count():
        if shot:
            page.screenshot(path=str(shot))
        seen.append(menu.inner_text())
        bad = bad_words(menu.inner_text(), lang)
        assert not bad, f"{bad} in the menu"
        menu.locator("button.choice").first.click()
    return wait_past(page, before)


def mandatory_open(page) -> bool:
    return page.locator(".open-action.mandatory").count() > 0


def do_open_steps(page, lang: str, seen: list[str]) -> None:
    """Click the own board's pieces (or the buttons above the table) until no step must still be done."""
    mine = "svg.fc-player.mine .usable:not([data-commands=SpendCoin])"
    take = "#fc-choices button[data-type=TakeCoins], #fc-choices button[data-type=TakePoints]"
    for _ in range(20):
        if page.locator(take).count():  # a card's coins and points may be forgone; here they are taken
            click_piece(page, page.locator(take), lang, seen)
            continue
        if not mandatory_open(page):
            return
        if page.locator(mine).count():
            click_piece(page, page.locator(mine), lang, seen)
        elif page.locator("svg.fc-extras .fc-end-card.usable").count():
            click_piece(page, page.locator("svg.fc-extras .fc-end-card.usable"), lang, seen)
        else:
            click_piece(page, page.locator("#fc-choices button"), lang, seen)
    assert not mandatory_open(page), "steps left open"


def my_turn(page) -> bool:
    return page.get_attribute("body", "data-my-turn") == "true"


def wait_turn_or_round(page, round_word: str) -> bool:
    """Wait until it is my turn (True) or round 2 is dealt (False)."""
    page.wait_for_function(
        """(word) => document.body.dataset.myTurn === "true"
             || (document.querySelector("#game-head .game-line")?.textContent || "").includes(word)""",
        arg=round_word, timeout=60_000)
    return round_word not in page.locator("#game-head .game-line").inner_text()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_whole_round_of_first_class_by_clicking(chromium, server_url, screenshots, size, lang):
    phone = size == "phone"
    context, page, errors, _name = person(chromium, server_url, "fc", phone=phone, viewport=SIZES[size])
    create_table(page, server_url, "first_class", [None, "bot"], lang=lang)
    page.wait_for_selector("svg.fc-rows")
    # The look comes from the game's own stylesheet (games/first_class/web/first_class.css).
    expect(page.locator("link#first-class-css")).to_have_count(1)
    fill = page.locator("svg.fc-player .fc-board-bg").first.evaluate("(el) => getComputedStyle(el).fill")
    assert fill == "rgb(250, 247, 240)"
    round_2 = {"en": "Round 2", "de": "Runde 2"}[lang]
    seen: list[str] = []
    turns = 0
    shot = 0
    while wait_turn_or_round(page, round_2):
        check_words(page, lang, seen)
        if phone:
            no_sideways_scroll(page)
        draft = page.locator("svg.fc-extras .fc-end-card.usable[data-commands=DraftEndCard]")
        if draft.count():
            click_piece(page, draft, lang, seen)
        else:
            # A route card first (the route grows on the board), then one with coins, then any.
            wanted = [("Route card", "Streckenkarte"), ("coin", "Münze")][turns] if turns < 2 else None
            rows = page.locator("svg.fc-rows .fc-card.usable")
            if wanted and page.locator(f"svg.fc-rows .fc-card.usable[aria-label*='{wanted[lang == 'de']}']").count():
                rows = page.locator(f"svg.fc-rows .fc-card.usable[aria-label*='{wanted[lang == 'de']}']")
            page.evaluate("document.querySelector('svg.fc-rows').scrollIntoView()")
            if shot == 0:
                page.screenshot(path=str(screenshots / f"first-class-{size}-{lang}-rows.png"))
            shot += 1
            menu_shot = screenshots / f"first-class-{size}-{lang}-menu.png" if shot == 1 else None
            click_piece(page, rows, lang, seen, menu_shot)
            turns += 1
        do_open_steps(page, lang, seen)
        check_words(page, lang, seen)
        if turns == 2:
            page.screenshot(path=str(screenshots / f"first-class-{size}-{lang}-turn.png"), full_page=True)
            board = screenshots / f"first-class-{size}-{lang}-board.png"
            page.locator("svg.fc-player.mine").screenshot(path=str(board))
        confirm(page)
    assert turns == 3, f"{turns} turns in round 1"
    # Round 2 is dealt: 18 cards, one fewer when the bot opens round 2 and has taken its card
    # before the page looks (a busy machine's page may render only after the bot's move).
    page.wait_for_function("""() => { const n = document.querySelectorAll("svg.fc-rows .fc-card").length;
                                      return n === 18 || n === 17; }""", timeout=60_000)
    check_words(page, lang, seen)
    log = page.locator("#log")
    assert log.count() and log.inner_text().strip()
    page.screenshot(path=str(screenshots / f"first-class-{size}-{lang}-round-2.png"), full_page=True)
    if phone:
        no_sideways_scroll(page)
        # Turned sideways, the table is laid out again for the wider screen.
        drawn = page.get_attribute("svg.fc-rows", "viewBox")
        page.set_viewport_size({"width": 844, "height": 390})
        expect(page.locator("svg.fc-rows")).not_to_have_attribute("viewBox", drawn)
        no_sideways_scroll(page)
    context.close()
    assert not errors, errors


@pytest.mark.parametrize(("size", "lang"), [("phone", "de"), ("desktop", "en")])
def test_a_whole_game_of_bots_reads_right_to_the_final_scoring(chromium, server_url, screenshots, size, lang):
    """Two bots play a whole game while a person watches: the late table (long trains, route
    cards, LOK tiles, end-game cards face up), every line of the log and the final scoring
    table show no card id, no foreign word and no false plural, and fit the screen."""
    phone = size == "phone"
    context, page, errors, _name = person(chromium, server_url, "fw", phone=phone, viewport=SIZES[size])
    create_table(page, server_url, "first_class", ["bot", "bot"], lang=lang)
    final = page.locator("#fc-final table")
    expect(final).to_be_visible(timeout=120_000)
    expect(final.locator("tbody tr")).to_have_count(2)
    check_words(page, lang, [])
    if phone:
        no_sideways_scroll(page)
    page.screenshot(path=str(screenshots / f"first-class-final-{size}-{lang}.png"), full_page=True)
    page.locator("svg.fc-player").first.screenshot(path=str(screenshots / f"first-class-final-{size}-{lang}-board.png"))
    # The replay draws the same table, nothing clickable, in the same words.
    page.click("#replay-link")
    page.wait_for_selector("body.ready")
    expect(page.locator("svg.fc-rows")).to_have_count(1)
    expect(page.locator("svg.fc-rows .usable")).to_have_count(0)
    check_words(page, lang, [])
    if phone:
        no_sideways_scroll(page)
    context.close()
    assert not errors, errors
