"""German and English names for the ids that log lines mention.

The names are data (``data/names.json``); this module only looks them up, with a
few patterns for families of ids (``engineer_7``, ``st_petersburg_4``,
``start_coin``).  A name is a ``{"de": …, "en": …}`` mapping, which
:func:`games.contract.render` picks per language; an unknown id stays as it is.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any

from games.messageformat import format_message

Name = dict[str, str]

_NAMES: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/names.json").read_text("utf-8"))
_LINES = _NAMES["lines"]
_PATTERNS = _NAMES["patterns"]


def _format(pattern: str, **values: Any) -> Name:
    template = _PATTERNS[pattern]
    return {lang: format_message(template[lang], values, lang) for lang in ("de", "en")}


def colour(value: str) -> Name | str:
    return _NAMES["colours"].get(value, value)


def line(value: str) -> Name | str:
    return _LINES.get(value, value)


def item(kind: str) -> Name | str:
    return _NAMES["items"].get(kind, kind)


@lru_cache(maxsize=512)
def _thing(value: str) -> tuple[tuple[str, str], ...] | None:
    found = _NAMES["spaces"].get(value)
    if found:
        return tuple(found.items())
    m = re.fullmatch(r"(transsib|st_petersburg|kiev|muenchen|hamburg|berlin|dresden|nuernberg_fuerth"
                     r"|hannover|wuerzburg|frankfurt)_(\d+|end)", value)
    if m:
        name = _format("line_end", line=_LINES[m[1]]) if m[2] == "end" else \
            _format("line_space", line=_LINES[m[1]], n=m[2])
        return tuple(name.items())
    m = re.fullmatch(r"(engineer|factory|foundry)_(\d+)", value)
    if m:
        return tuple(_format(m[1], n=m[2]).items())
    m = re.fullmatch(r"reuse_(.+)", value)
    if m:
        inner = thing(m[1])
        return tuple(_format("reuse", rest=inner if isinstance(inner, dict) else m[1]).items())
    m = re.fullmatch(r"(start|qcard|q)_(.+)", value)
    if m:
        table = {"start": "start_bonus", "qcard": "q_cards", "q": "q_tokens"}[m[1]]
        rest = of(table, m[2])
        return tuple(_format(m[1], rest=rest if isinstance(rest, dict) else m[2].replace("_", " ")).items())
    return None


def of(table: str, value: Any) -> Name | Any:
    """A name from one table (``start_bonus``, ``q_tokens``, ``q_cards``): ids repeat
    across tables ("doubler" is a space and a start bonus card)."""
    return _NAMES[table].get(value, value) if isinstance(value, str) else value


def thing(value: Any) -> Name | Any:
    """The name of an action space, special space or effect source."""
    if not isinstance(value, str):
        return value
    found = _thing(value)
    return dict(found) if found else value


def items(gained: list[Any]) -> Name:
    """``[[…, kind, n, …], …]`` of ``ActionsGained`` as "3× track step(s), …"."""
    out = {}
    for lang in ("de", "en"):
        parts = []
        for entry in gained:
            name = item(entry[1])
            parts.append(f"{entry[2]}× {name[lang] if isinstance(name, dict) else name}")
        out[lang] = ", ".join(parts)
    return out
