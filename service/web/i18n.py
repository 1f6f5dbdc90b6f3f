"""The UI's message catalogues (``translations/de.json``, ``translations/en.json``)
and the language of a request.

The language is chosen, in order, by the ``lang`` cookie (set by the switch and
kept for a year), the logged-in user's saved choice, the browser's
Accept-Language, and English.  Game texts (log lines, open actions) come from each
game's own ``messages``; these catalogues hold only the platform's strings.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from flask import g, request

from games.messageformat import format_message

LANGS = ("de", "en")
DEFAULT = "en"
COOKIE = "lang"
_DIR = Path(__file__).parent / "translations"


@cache
def catalogue(lang: str) -> dict[str, str]:
    return json.loads((_DIR / f"{lang}.json").read_text(encoding="utf-8"))


def translate(lang: str, key: str, **params: Any) -> str:
    """The catalogue's ICU MessageFormat template for ``key``, formatted
    (:func:`games.messageformat.format_message`, the same as the page's ``i18n.js``)."""
    template = catalogue(lang).get(key) or catalogue(DEFAULT).get(key) or key
    return format_message(template, params, lang)


def choose_lang(saved: str | None = None) -> str:
    cookie = request.cookies.get(COOKIE)
    if cookie in LANGS:
        return cookie
    if saved in LANGS:
        return saved  # type: ignore[return-value]
    return request.accept_languages.best_match(LANGS) or DEFAULT


def lang() -> str:
    return g.get("lang") or DEFAULT


def t(key: str, **params: Any) -> str:
    """A string in the request's language."""
    return translate(lang(), key, **params)


def t_or(key: str, fallback: str, game: str | None = None) -> str:
    """A string in the request's language (from ``game``'s bundle when given, else
    the platform's catalogue), or ``fallback`` where there is none (a game's option
    title or value from its schema)."""
    if game is not None:
        from service.web.bundles import page_texts

        texts = page_texts(game)
        template = texts.get(lang(), {}).get(key) or texts.get("en", {}).get(key)
        if template is not None:
            return format_message(template, {}, lang())
    text = translate(lang(), key)
    return fallback if text == key else text


def js_catalogue(lang_code: str, game: str | None = None) -> dict[str, str]:
    """The strings the page scripts use (keys starting with ``js.``): the platform's,
    and on a game's pages that game's own (its bundle's ``web/texts.json``, which
    may also name its phases), in the page's language."""
    from service.web.bundles import page_texts

    out = {k: v for k, v in catalogue(lang_code).items() if k.startswith("js.")}
    if game is not None:
        texts = page_texts(game)
        out.update(texts.get("en", {}))
        out.update(texts.get(lang_code, {}))
    return out
