"""The one message formatter: ICU MessageFormat with real plural and select rules.

Every player-facing text (the platform's catalogue, each game's texts) is an ICU
MessageFormat template: ``{seat}`` is filled in, ``{n, plural, one {# Münze} other
{# Münzen}}`` picks the form by the language's plural rules (CLDR, through Babel),
``{kind, select, station {der Bahnhof} other {die Fabrik}}`` picks by a word, and
``#`` inside a plural branch is the count.  Templates are parsed by
``pyicumessageformat``; the page formats the very same catalogues with
``service/web/static/js/i18n.js``, which follows the same grammar and the same
rules (``Intl.PluralRules``), and ``tests/platform/test_texts_plurals.py`` checks
that both give the same sentence for every message.

A parameter may be language-dependent, ``{"de": "Kiew", "en": "Kiev"}``: the
formatter takes the entry of the language asked for (English otherwise).
A parameter a template names but the caller did not give stays visible as
``{name}`` (a missing count takes the ``other`` form), so a mistake shows and a
test can find it, instead of raising in the middle of a page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from babel import Locale
from pyicumessageformat import Parser

_PARSER = Parser({"require_other": True})
_PLURAL_TYPES = ("plural", "selectordinal")
_NUMERIC = re.compile(r"-?\d+(\.\d+)?\Z")


@cache
def parse(template: str) -> list[Any]:
    """The template's syntax tree (cached: catalogues are small and fixed)."""
    return list(_PARSER.parse(template))


@cache
def _locale(lang: str) -> Locale:
    try:
        return Locale.parse(lang)
    except (ValueError, TypeError):
        return Locale.parse("en")


def plural_category(lang: str, n: float, ordinal: bool = False) -> str:
    """The CLDR plural category ("one", "other", ...) of ``n`` in ``lang``."""
    locale = _locale(lang)
    return locale.ordinal_form(n) if ordinal else locale.plural_form(n)


def pick(value: Any, lang: str) -> Any:
    """A language-dependent parameter's entry for ``lang`` (English otherwise)."""
    if isinstance(value, Mapping) and "en" in value:
        return value.get(lang, value["en"])
    return value


def as_text(value: Any) -> str:
    """A parameter as the page shows it (the same in ``i18n.js``'s ``asText``)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list | tuple):
        return ", ".join(as_text(v) for v in value)
    return str(value)


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    if isinstance(value, str) and _NUMERIC.match(value.strip()):
        return float(value) if "." in value else int(value)
    return None


def format_message(template: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """``template`` filled with ``params`` in ``lang``.

    A template that is no valid ICU MessageFormat is returned as it is (a test
    checks that every catalogue parses).
    """
    try:
        tree = parse(template)
    except SyntaxError:
        return template
    values = {k: pick(v, lang) for k, v in (params or {}).items()}
    return _render(tree, values, lang, None)


def _render(nodes: list[Any], values: Mapping[str, Any], lang: str, hash_value: str | None) -> str:
    out: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
            continue
        name = node["name"]
        kind = node.get("type")
        if node.get("hash"):
            out.append(hash_value if hash_value is not None else "#")
        elif kind in _PLURAL_TYPES:
            out.append(_plural(node, values, lang))
        elif kind == "select":
            value = values.get(name)
            options = node["options"]
            key = as_text(value) if name in values else "other"
            out.append(_render(options.get(key, options["other"]), values, lang, hash_value))
        elif name in values:
            out.append(as_text(values[name]))
        else:
            out.append("{" + name + "}")
    return "".join(out)


def _plural(node: Mapping[str, Any], values: Mapping[str, Any], lang: str) -> str:
    name = node["name"]
    options = node["options"]
    n = _number(values.get(name))
    if n is None:  # no count: the "other" form, with the value (or the gap) for #
        return _render(options["other"], values, lang, as_text(values[name]) if name in values else "{" + name + "}")
    exact = f"={as_text(n)}"
    if exact in options:
        branch = options[exact]
    else:
        shown = n - node.get("offset", 0)
        category = plural_category(lang, shown, ordinal=node.get("type") == "selectordinal")
        branch = options.get(category, options["other"])
    return _render(branch, values, lang, as_text(n - node.get("offset", 0)))
