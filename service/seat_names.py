"""Players as people read them: a seat's name in a language, never its id.

A person's seat is their account or guest name; a bot's is a first name of its
own, with its level in words ("Ada (bot, greedy)", "Bruno (Bot, gierig)"), so two
bots of the same level at one table are told apart (issue 27) and no level id
(``mcts-100i``) shows.  The bots' first names and the level words are messages of
the platform catalogue (``seat.bot_name``, ``js.bot_level.*``), which the page's
``widgets.js`` formats the same way.  A name that several seats share (one account
holding every seat of a hotseat fork) gets the seat's number.

:func:`with_names` puts these names into a text's parameters: the games describe a
seat by its id (``{"seat": "p1"}``), and every text the API returns is rendered
through it, so no ``p1`` reaches a player.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from service.web.i18n import LANGS, catalogue, translate

_ITERATIONS = re.compile(r"mcts-(\d+)i\Z")
_SEAT = re.compile(r"p(\d+)")


def bot_level(level: str, lang: str) -> str:
    """A bot level in words ("greedy" -> "gierig", "mcts-100i" -> "Suche, 100 Iterationen je
    Zug"); an unknown level as it is (a level registered without words)."""
    iterations = _ITERATIONS.match(level)
    if iterations:
        return translate(lang, "js.bot_level.iterations", n=int(iterations.group(1)))
    key = f"js.bot_level.{level}"
    return translate(lang, key) if key in catalogue(lang) or key in catalogue("en") else level


def _fields(seat: Any) -> tuple[str | None, str | None, str | None, str | None]:
    """(seat id, name, bot level, invitee) of a ``SeatInfo`` or a seat's JSON."""
    if isinstance(seat, Mapping):
        return seat.get("seat"), seat.get("name"), seat.get("bot"), seat.get("invited")
    return (getattr(seat, "seat", None), getattr(seat, "name", None), getattr(seat, "bot", None),
            getattr(seat, "invited", None))


def seat_names(seats: Iterable[Any], lang: str) -> dict[str, str]:
    """Every seat's name in ``lang``, keyed by seat id (``p1``, ...; a seat without an
    id by its number).  A seat kept for an invitee is "bob (invited)", an open seat "open seat"."""
    rows = [_fields(s) for s in seats]
    names: dict[str, str] = {}
    for n, (seat, name, bot, invited) in enumerate(rows, start=1):
        if name:
            text = name
        elif bot:
            text = translate(lang, "seat.bot_name", n=n, level=bot_level(bot, lang))
        elif invited:
            text = translate(lang, "waiting.invited", name=invited)
        else:
            text = translate(lang, "seat.open")
        names[seat or f"p{n}"] = text
    shared = Counter(row[1] for row in rows if row[1])
    for n, (seat, name, *_rest) in enumerate(rows, start=1):
        if name and shared[name] > 1:
            names[seat or f"p{n}"] = translate(lang, "seat.name_numbered", name=name, n=n)
    return names


def seat_number(seat: str) -> int | str:
    """A seat's number as players count (``"p4"`` -> 4) for "Seat 4"; anything else as it is."""
    match = _SEAT.fullmatch(seat or "")
    return int(match.group(1)) if match else seat


def all_names(seats: Iterable[Any]) -> dict[str, dict[str, str]]:
    """:func:`seat_names` in every language: ``{"de": {...}, "en": {...}}``."""
    rows = list(seats)
    return {lang: seat_names(rows, lang) for lang in LANGS}


def with_names(value: Any, names: Mapping[str, str]) -> Any:
    """A text parameter with every seat id in it replaced by the seat's name (lists of
    seats too); a language-dependent parameter (``{"de": ..., "en": ...}``) and any
    other value as it is."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list | tuple):
        return [with_names(v, names) for v in value]
    return value
