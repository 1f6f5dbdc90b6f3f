"""The new-game form and the engine agree on options (issue 27).

The form offers every value of a game's option schema, but a game may refuse some
combinations with some player counts (Russian Railroads: one player is the solo
game against Emil, and the USA tableau is played without Emil or German Railroads'
modules).  Rather than copy those rules into the page, the form asks the engine:
every combination of the game's choice fields (enums and switches; number fields at
their defaults) is run through ``validate_options`` for each player count once, and
the page disables what the engine would refuse and says why, in its language,
before anybody submits.

A refusal's words come from the game's page catalogue (``js.rule.<code>``), else
the platform's, else the engine's (English) message.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from games import registry
from games.contract import IllegalMove
from games.messageformat import format_message
from service.web.forms import option_fields
from service.web.i18n import catalogue

#: Beyond this many combinations the form checks nothing in the page (the server still does).
MAX_COMBINATIONS = 1024


@cache
def combinations(game_name: str) -> dict[str, Any] | None:
    """``{"keys": [...], "refused": [[players, value..., code], ...]}``: each refused
    combination of the choice fields with a player count, or None when there are
    too many to list.  Accepted ones are left out (the page assumes the rest pass)."""
    game = registry.get(game_name)
    fields = option_fields(game.option_schema)
    choices = [f for f in fields if f["kind"] in ("enum", "boolean")]
    fixed = {f["key"]: f["default"] for f in fields if f not in choices and f["default"] is not None}
    values = [f["enum"] if f["kind"] == "enum" else [False, True] for f in choices]
    players = range(game.min_players, game.max_players + 1)
    total = len(players)
    for v in values:
        total *= len(v)
    if total > MAX_COMBINATIONS:
        return None
    refused = []
    for n in players:
        for combo in itertools.product(*values):
            options = {**fixed, **{f["key"]: v for f, v in zip(choices, combo, strict=True)}}
            try:
                game.validate_options(options, n)
            except IllegalMove as exc:
                refused.append([n, *combo, exc.code])
    return {"keys": [f["key"] for f in choices], "refused": refused}


def refusal_text(game_name: str, code: str, message: str, lang: str) -> str:
    """A game's refusal of options in the page's language."""
    from service.web.bundles import page_texts

    key = f"js.rule.{code}"
    texts = page_texts(game_name)
    template = texts.get(lang, {}).get(key) or catalogue(lang).get(key)
    return format_message(template, {}, lang) if template else message


def refusal_texts(game_name: str, lang: str) -> dict[str, str]:
    """Every refusal code the form may meet for ``game_name``, in ``lang``."""
    found = combinations(game_name)
    codes = sorted({row[-1] for row in found["refused"]}) if found else []
    return {code: refusal_text(game_name, code, code, lang) for code in codes}
