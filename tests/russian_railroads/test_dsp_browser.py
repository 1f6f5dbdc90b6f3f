"""Issue 12, DSP in the browser: two people create a DSP game from the lobby (Ann with
an open seat, Bob joins); the engineers show their printed numbers and names, the open
DSP ?-tokens lie beside the board; Ludmilla's card round is played by clicking: the
activating player chooses a card and confirms, the other chooses in a turn of their
own and confirms; screenshots in English and German.

The deal is random (a table of two people gets no chosen seed), so a table is created
again until Ludmilla lies for hire or crosswise in round 1 (about 1 table in 5)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import create_and_invite
from tests.web.test_browser import confirm, seq_of, wait_past

from .test_deutschland_browser import my_turn

LUDMILLA = "engineer_107"


def create_dsp_table(ann, bob, server_url: str) -> str:
    game_url = create_and_invite(ann, bob, server_url, "russian_railroads",
                                 check=["input[name=opt-russian_railroads-dsp]"])
    ann.wait_for_selector("svg.rr-board")
    return game_url


def ludmilla_in_round_1(page) -> bool:
    board = page.locator("svg.rr-board")
    return bool(board.locator(f".space[data-space={LUDMILLA}]").count()
                or board.locator(".engineer.hire[data-engineer='107']").count())


def click_and_choose(page, locator) -> None:
    before = seq_of(page)
    locator.first.click()
    if page.locator(".choice-menu").count():
        page.locator(".choice-menu button.choice").first.click()
    wait_past(page, before)


def take_a_turn_towards_ludmilla(page) -> bool:
    """One turn: use Ludmilla if possible (crosswise or one's own), else hire her, else a
    track space, else pass.  Returns True when Ludmilla was activated."""
    usable = page.locator(f".usable[data-space={LUDMILLA}]")
    if usable.count():
        click_and_choose(page, usable)
        return True
    hire = page.locator(".space.usable[data-space=hire_engineer]")
    if page.locator("svg.rr-board .engineer.hire[data-engineer='107']").count() and hire.count():
        click_and_choose(page, hire)
    elif page.locator(".space.usable.area-track").count():
        click_and_choose(page, page.locator(".space.usable.area-track"))
    else:
        before = seq_of(page)
        page.click("#rr-choices button.command[data-type=Pass]")
        wait_past(page, before)
    for _ in range(12):  # what the space gave
        if not page.locator(".open-action.mandatory").count():
            break
        choice = page.locator("#rr-choices button.command:not(.pass)")
        click_and_choose(page, choice if choice.count() else page.locator("svg.rr-tableau .usable"))
    confirm(page)
    return False


def test_two_people_play_ludmillas_card_round_by_clicking(two_people, server_url, screenshots):
    (ann, bob), _errors = two_people
    for _attempt in range(30):
        game_url = create_dsp_table(ann, bob, server_url)
        if ludmilla_in_round_1(ann):
            break
    else:
        raise AssertionError("Ludmilla never lay in round 1 in 30 tables")
    bob.goto(game_url)
    bob.wait_for_selector("svg.rr-board")
    # the engineers by printed number and name; the open DSP ?-tokens beside the board (3 with 2 players)
    expect(ann.locator("svg.rr-board")).to_contain_text("#7 Ludmilla")
    expect(ann.locator(".rr-dsp .q-token-open")).to_have_count(3)
    people = {"ann": ann, "bob": bob}
    activator = None
    for _ in range(16):
        for page in people.values():
            page.reload()
            page.wait_for_selector("body.ready")
        mover = next((name for name, page in people.items() if my_turn(page)), None)
        assert mover is not None
        page = people[mover]
        if page.locator("#rr-choices button.command[data-type=ChooseStartBonus], .bonus-card.usable").count():
            click_and_choose(page, page.locator(".bonus-card.usable"))
            for _ in range(4):
                if not page.locator(".open-action.mandatory").count():
                    break
                choice = page.locator("#rr-choices button.command:not(.pass)")
                click_and_choose(page, choice if choice.count() else page.locator("svg.rr-tableau .usable"))
            confirm(page)
            continue
        if take_a_turn_towards_ludmilla(page):
            activator = mover
            break
    assert activator is not None, "nobody could use Ludmilla"
    active, other = people[activator], people["bob" if activator == "ann" else "ann"]
    # the activating player chooses first: the cards are buttons with the game's sentences
    buttons = active.locator("#rr-choices button.command[data-type=ChooseLudmillaCard]")
    expect(buttons.first).to_contain_text("Ludmilla: take the start bonus card")
    expect(active.locator("#rr-choices button.command[data-type=TakeLudmillaPoints]")).to_have_count(1)
    before = seq_of(active)
    active.locator("#rr-choices button.command[data-type=ChooseLudmillaCard][data-args*=coin]").click()
    wait_past(active, before)
    expect(active.locator(".rr-ludmilla")).to_contain_text("has chosen")
    active.screenshot(path=str(screenshots / "rr-dsp-ludmilla-chosen.png"), full_page=True)
    confirm(active)
    # the other player's own choice turn: the coin is gone
    other.reload()
    other.wait_for_selector("body[data-my-turn=true]")
    expect(other.locator(".rr-ludmilla")).to_contain_text("still to choose")
    expect(other.locator("#rr-choices button.command[data-type=ChooseLudmillaCard]")).to_have_count(3)
    expect(other.locator("#rr-choices button.command[data-type=PlaceWorkers]")).to_have_count(0)
    other.screenshot(path=str(screenshots / "rr-dsp-ludmilla-choice.png"), full_page=True)
    before = seq_of(other)
    other.locator("#rr-choices button.command[data-type=TakeLudmillaPoints]").click()
    wait_past(other, before)
    confirm(other)
    # the round is over: the card panel is gone; play goes on
    active.reload()
    active.wait_for_selector("body.ready")
    expect(active.locator(".rr-ludmilla")).to_have_count(0)
    expect(active.locator("#log, .log").first).to_contain_text("3 points instead of a start bonus card")
    # the same table in German
    path = active.url.split(server_url, 1)[1]
    active.goto(f"{server_url}/lang/de?next={path}")
    active.wait_for_selector("svg.rr-board")
    expect(active.locator(".rr-dsp")).to_contain_text("Offene DSP-?-Plättchen")
    active.screenshot(path=str(screenshots / "rr-dsp-de.png"), full_page=True)
    active.goto(f"{server_url}/lang/en?next={path}")
