"""Issue 12, German Railroads' new engineers and ?-items in the browser: two people
create a table with both options from the lobby; the new engineers lie on the board by
their printed numbers (6, 15, 5, -10, not the internal 306 ...) with their effects in
words, in English and German; screenshots looked at.

The deal is random (a table of two people gets no chosen seed), so a table is created
again until a new engineer lies on the strip (most tables)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import create_and_invite

NEW = {"306": "#6", "315": "#15", "305": "#5", "390": "#-10"}


def create_table(ann, bob, server_url: str) -> str:
    game_url = create_and_invite(ann, bob, server_url, "russian_railroads",
                                 check=["input[name=opt-russian_railroads-new_engineers]",
                                        "input[name=opt-russian_railroads-new_q]"])
    ann.wait_for_selector("svg.rr-board")
    return game_url


def test_the_new_engineers_show_their_printed_numbers_and_effects(two_people, server_url, screenshots):
    (ann, bob), _errors = two_people
    shown: list[str] = []
    for _attempt in range(20):
        create_table(ann, bob, server_url)
        board = ann.locator("svg.rr-board")
        shown = [n for n in NEW if board.locator(f".engineer[data-engineer='{n}']").count()]
        if shown:
            break
    assert shown, "no new engineer on the strip in 20 tables"
    board = ann.locator("svg.rr-board")
    for number in shown:
        expect(board.locator(f".engineer[data-engineer='{number}']").first).to_contain_text(NEW[number])
    titles = " ".join(board.locator(f".engineer[data-engineer='{n}'] title").first.text_content() or ""
                      for n in shown)
    assert "#3" not in titles and "#306" not in titles and "#390" not in titles
    expected_en = {"306": "grey +3", "315": "black +1", "305": "draw 2 start bonus cards", "390": "use one of your"}
    for number in shown:
        assert expected_en[number] in titles, (number, titles)
    ann.screenshot(path=str(screenshots / "rr-new-engineers-en.png"), full_page=True)
    path = ann.url.split(server_url, 1)[1]
    ann.goto(f"{server_url}/lang/de?next={path}")
    ann.wait_for_selector("svg.rr-board")
    titles_de = " ".join(ann.locator(f"svg.rr-board .engineer[data-engineer='{n}'] title").first.text_content()
                         or "" for n in shown)
    expected_de = {"306": "grau +3", "315": "schwarz +1", "305": "Startbonuskarten", "390": "eigene Fabrik"}
    for number in shown:
        assert expected_de[number] in titles_de, (number, titles_de)
    ann.screenshot(path=str(screenshots / "rr-new-engineers-de.png"), full_page=True)
    ann.goto(f"{server_url}/lang/en?next={path}")
