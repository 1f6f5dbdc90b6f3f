"""First Class names its cards by what they are, in the reader's language, with real plurals.

Issue 26 ("The table"): menus and log showed "Take card g17 (its actions)", "takes gB8
from row 3", German card types on the English page and "1 cars of level ≥ 4".  Every
action card, end-game card and route card is put through the sentences that name it
(taking it, the log line, a postcard under it), in German and English, and read the way
the browser test reads the page.
"""

from __future__ import annotations

import pytest

from games.contract import Command, Event
from games.first_class import messages
from games.first_class.data import RULES
from games.first_class.game import _engine_texts
from games.messageformat import format_message
from tests.first_class.words import bad_words

QUEUED = Event("EffectsQueued", {"seat": "Ann", "items": [["car", 1, -1], ["upgrade", 2, -1]]})


#: The catalogue the game serves (the engine's sentences with the newer ones of web/texts.json over them).
CATALOGUE = _engine_texts()


def _say(description, lang: str) -> str:
    return format_message(CATALOGUE[lang][description.key], description.params, lang)


def _sentences(lang: str) -> list[str]:
    out = []
    for card in RULES.cards:
        for mode in ("actions", "upgrade"):
            out.append(_say(messages.describe_command(Command("TakeCard", "p1", {"card": card, "mode": mode})), lang))
            taken = Event("CardTaken", {"seat": "Ann", "card": card, "row": 2, "mode": mode})
            out.append(_say(messages.describe(taken), lang))
    for card in RULES.end_cards:
        buy = Command("BuyEndCard", "p1", {"card": card, "columns": [1, 1, 2, 3]})
        out.append(_say(messages.describe_command(buy), lang))
    for route in RULES.routes:
        out.append(_say(messages.describe_command(Command("PlacePostcard", "p1", {"route": route})), lang))
        out.append(_say(messages.describe(Event("RouteExtended", {"seat": "Ann", "route": route})), lang))
    for post in RULES.post_wagons:
        out.append(_say(messages.describe_command(Command("AttachPost", "p1", {"post": post, "train": 0})), lang))
    for kind in ("car", "upgrade", "coins", "vp", "loco", "own_conductor", "celebrity", "postcard"):
        skip = Command("SkipEffect", "p1", {"kind": kind, "train": 0})
        out.append(_say(messages.describe_command(skip), lang))
    out.append(_say(messages.describe(QUEUED), lang))
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_card_is_named_by_what_it_is(lang: str) -> None:
    sentences = _sentences(lang)
    bad = {s: bad_words(s, lang) for s in sentences if bad_words(s, lang)}
    assert not bad, list(bad.items())[:5]


def test_the_names_say_the_actions_in_each_language() -> None:
    gb8 = RULES.cards["gB8"]
    en = _say(messages.describe_command(Command("TakeCard", "p1", {"card": "gB8", "mode": "actions"})), "en")
    de = _say(messages.describe_command(Command("TakeCard", "p1", {"card": "gB8", "mode": "actions"})), "de")
    assert en.startswith("Take the ") and en.endswith(" for its actions") and "gB8" not in en
    assert de.startswith("Die ") and de.endswith(": ihre Aktionen") and "gB8" not in de
    assert gb8.type is None or {"lok": "Lok", "waggon": "Waggon", "schaffner": "Schaffner"}[gb8.type] in de
    assert _say(messages.describe(QUEUED), "en") == "Ann still has to do: 1 new 0-car, 2 upgrades"


def test_the_check_bites() -> None:
    assert bad_words("Take card g17 (its actions)", "en") == ["g17"]
    assert bad_words("takes gB8 from row 3", "en") == ["gB8"]
    assert bad_words("1 coin(s)", "en") == ["n(s)"]
    assert bad_words("2 city/cities (1 points)", "en") == ["city/cities", "1 points"]
    assert bad_words("Take the Waggon card", "en") == ["Waggon"]
    assert bad_words("Nimm die Lok-Karte mit 2 coins", "de") == ["coins"]
