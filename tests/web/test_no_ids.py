"""No id or coordinate on any game's page (issue 23 point 5): the log, the move window
and the menus name things, in German and in English, on a phone and on a desktop.

For every registered game (the registry, not a list here) a registered person sits
down with greedy bots (two of them where the game allows three players, so that they
must be told apart by name), plays a few random turns through the API while the bots
play theirs, until the game is in its middle, and starts one more turn with two
sub-moves.  The table takes the longest game its lobby options allow (the most
rounds); a game that a random player runs into an early end is tried again with
another seed.  Then the page is opened at 390x844 and 1280x900 in both languages and read:

- the log (``#log``) and the move window (``#move-window``: title, guidance, the
  sub-moves, the open actions),
- the menus: the fallback move list (``#commands``), each clickable piece's name
  (``aria-label``) and every menu it opens (``.choice-menu``, or whatever the game
  opens as ``[role=menu]``/``[role=dialog]``); clicking a piece that carries a single
  command would send it, so the page's command posts are cut off while the pieces
  are tried.

What counts as an id is defined once, in :data:`FORBIDDEN` (every game) and
:data:`GAME_IDS` (each game's own kinds of ids).  Screenshots:
``screenshots/no-ids-<game>-<lang>-<width>.png``.
"""

from __future__ import annotations

import random
import re
import time
import uuid
from dataclasses import dataclass

import pytest

from games import registry
from games.contract import PLATFORM_COMMANDS
from tests.browser import csrf_headers, register

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect

#: Ids every game must keep off the page: seat ids, bot level ids, coordinates.
FORBIDDEN = {
    "seat id": r"\bp[1-5]\b",
    "bot level id": r"\bmcts-\d+",
    "coordinate": r"-?\d+,-?\d+",
}

#: Each game's own kinds of ids (cards, tiles, engineers), the one place that lists them.
GAME_IDS: dict[str, dict[str, str]] = {
    "first_class": {"card id": r"\b[gbrGBR][AB]?\d+\b", "end card id": r"\bEL?\d+\b",
                    "post wagon id": r"\bpost_[a-z]+"},
    "steam": {"tile id": r"#?\bT\d{2}\b"},
    "russian_railroads": {"engineer or token id": r"#\d+", "space id": r"\b[a-z]+_\d+\b"},
    "railroad_dice": {"tile id": r"#T\d+"},
}

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
#: The person's own confirmed turns before the page is read ("the middle of the game").
TURNS = 3
#: Sub-moves of the turn the page is read in (a die roll, say, and the choices it opens).
SUB_MOVES = 2
#: The person's seat: first at the table.
ME = "p1"
TIMEOUT_S = 240
#: Tables tried per game (each with its own seed) until one reaches its middle.
ATTEMPTS = 3


def forbidden(game: str) -> dict[str, re.Pattern[str]]:
    return {name: re.compile(pattern) for name, pattern in {**FORBIDDEN, **GAME_IDS.get(game, {})}.items()}


def ids_in(text: str, patterns: dict[str, re.Pattern[str]]) -> list[str]:
    """Each forbidden match with its line (``"coordinate '4,-2' in: builds at 4,-2"``)."""
    found = []
    for line in text.splitlines():
        for name, pattern in patterns.items():
            for match in pattern.finditer(line):
                found.append(f"{name} {match.group(0)!r} in: {line.strip()[:160]}")
    return found


def cases() -> list:
    out = []
    for game in registry.names():
        for lang in ("de", "en"):
            for size in SIZES:
                out.append(pytest.param(game, lang, size, id=f"{game}-{lang}-{size}"))
    return out


# ---------------------------------------------------------------- the table
@dataclass
class Table:
    game: str
    id: str
    url: str
    context: object


class Api:
    """The JSON API with the person's seat token, through the browser context's session."""

    def __init__(self, request, base: str, game_id: str, token: str) -> None:
        self.request, self.base, self.token = request, f"{base}/api/games/{game_id}", token

    def get(self, path: str = "") -> dict:
        r = self.request.get(self.base + path, headers={"Authorization": f"Bearer {self.token}"})
        assert r.ok, (path, r.status, r.text())
        return r.json()

    def send(self, command: dict, seq: int) -> int:
        body = {"command": {"type": command["type"], "args": command.get("args", {})}, "expected_seq": seq,
                "command_id": uuid.uuid4().hex}
        r = self.request.post(self.base + "/commands", data=body,
                              headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
        assert r.status in (200, 201, 409), (command, r.status, r.text())
        return r.status


def longest(game) -> dict:
    """The options of the longest game the lobby offers: every integer option it shows at its maximum."""
    properties = game.option_schema.get("properties", {})
    return {name: spec["maximum"] for name, spec in properties.items()
            if spec.get("type") == "integer" and "maximum" in spec and spec.get("x-lobby", True)}


def choose(commands: list[dict], rng: random.Random) -> dict:
    """A kind of move first, then one of it (some games list very many of one kind)."""
    kind = rng.choice(sorted({c["type"] for c in commands}))
    return rng.choice([c for c in commands if c["type"] == kind])


def play_to_the_middle(api: Api, rng: random.Random) -> bool:
    """Play the person's turns at random until they have confirmed ``TURNS`` of them; then
    start the next one with ``SUB_MOVES`` sub-moves, so the move window has something to show.  The
    bots move meanwhile (the worker); every wait is on the game's state.  False when the
    game ended before (a random player can run a short game into a dead end)."""
    confirmed = 0
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        game = api.get()
        if game["status"]["over"]:
            return False
        window = game["move_window"] or {}
        mine = ME in game["status"]["to_move"] or bool(window.get("sub_moves"))
        listing = api.get("/commands") if mine else {"commands": []}
        if not mine or listing["seq"] != game["seq"]:
            time.sleep(0.2)  # polling the game's state: the bots or the round's scoring are at work
            continue
        moves = [c for c in listing["commands"] if c["type"] not in PLATFORM_COMMANDS]
        confirm = [c for c in listing["commands"] if c["type"] == "ConfirmTurn"]
        if confirmed >= TURNS and moves:
            api.send(choose(moves, rng), game["seq"])
            if len(window.get("sub_moves") or ()) + 1 >= SUB_MOVES:
                return True
            continue
        if confirmed >= TURNS and window.get("sub_moves"):
            return True  # nothing more to do in this turn but confirm it
        if confirm and (not moves or rng.random() < 0.3):
            if api.send(confirm[0], game["seq"]) != 409:
                confirmed += 1
        elif moves:
            api.send(choose(moves, rng), game["seq"])
        else:
            time.sleep(0.2)
    raise AssertionError(f"no middle of the game within {TIMEOUT_S} s ({confirmed} turns)")


@pytest.fixture(scope="module")
def tables(chromium, server_url):
    """One table per game, played to its middle once and read by every case."""
    made: dict[str, Table] = {}
    contexts = []

    def table(game: str) -> Table:
        if game in made:
            return made[game]
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        register(page, server_url, f"ida-{uuid.uuid4().hex[:6]}")
        name = page.locator("#who").inner_text()
        spec = registry.get(game)
        players = max(spec.min_players, min(3, spec.max_players))
        seats = [{"name": name}] + [{"bot": "greedy"}] * (players - 1)
        for attempt in range(ATTEMPTS):
            r = context.request.post(f"{server_url}/api/games", headers=csrf_headers(page),
                                     data={"game": game, "options": longest(spec), "seats": seats,
                                           "seed": f"no-ids-{game}-{attempt}"})
            assert r.status == 201, r.text()
            created = r.json()
            token = next(s["token"] for s in created["seats"] if s["seat"] == ME)
            if play_to_the_middle(Api(context.request, server_url, created["id"], token), random.Random(attempt)):
                break
        else:
            raise AssertionError(f"{game}: every game of {ATTEMPTS} ended before its middle")
        page.close()
        made[game] = Table(game, created["id"], f"{server_url}/games/{created['id']}", context)
        return made[game]

    yield table
    for context in contexts:
        context.close()


# ---------------------------------------------------------------- reading the page
def menu_texts(page) -> list[str]:
    """The text of every menu a clickable piece opens (its command posts cut off)."""
    texts = []
    page.route("**/api/games/*/commands", lambda route: route.abort() if route.request.method == "POST"
               else route.continue_())
    try:
        pieces = page.locator("#board [data-commands]")
        for i in range(min(pieces.count(), 12)):
            piece = pieces.nth(i)
            if not piece.count():
                break
            texts.append(piece.get_attribute("aria-label") or "")
            piece.dispatch_event("click")
            page.wait_for_selector("body.ready:not(.busy)")
            for menu in page.locator(".choice-menu, [role=menu], [role=dialog]").all():
                texts.append(menu.inner_text())
            page.evaluate("document.querySelectorAll('.choice-menu').forEach((m) => m.remove())")
    finally:
        page.unroute("**/api/games/*/commands")
    return texts


@pytest.mark.parametrize(("game", "lang", "size"), cases())
def test_no_ids_in_log_move_window_and_menus(tables, server_url, screenshots, game, lang, size):
    table = tables(game)
    page = table.context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{server_url}/lang/{lang}?next=/games/{table.id}")
        page.wait_for_selector("body.ready")
        expect(page.locator("#log li").first).to_be_visible()
        expect(page.locator("#sub-moves .sub-move").first).to_be_attached()
        if page.locator("#mw-toggle[aria-expanded=false]").count():
            page.click("#mw-toggle")  # the folded window on a phone: read all of it
        page.screenshot(path=str(screenshots / f"no-ids-{game}-{lang}-{width}.png"))
        parts = {
            "log": page.locator("#log").inner_text(),
            "move window": page.locator("#move-window").inner_text(),
            "move list": page.locator("#commands").inner_text() if page.locator("#commands").count() else "",
            "menus": "\n".join(menu_texts(page)),
        }
        patterns = forbidden(game)
        found = {part: ids_in(text, patterns) for part, text in parts.items()}
        assert not any(found.values()), found
        assert parts["log"].strip() and parts["move window"].strip()
        assert not errors, errors
    finally:
        page.close()
