"""German and English sentences for events, open actions and commands (``data/texts.json``).

Secret parameters (the end-game card kept in the draft, the cards passed on) are
never put into a description: only the payload outside ``_secret`` is used, so a
log line cannot leak what the payload hides.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from games.contract import Command, Description, Event
from games.messageformat import format_message

from .data import RULES

TEXTS: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/texts.json").read_text("utf-8"))
LANGS = ("de", "en")

MESSAGES = {
    lang: {**{f"fc.event.{k}": v for k, v in TEXTS["events"][lang].items()}, **TEXTS["open"][lang],
           **{f"fc.cmd.{k}": v for k, v in TEXTS["commands"][lang].items()}}
    for lang in LANGS
}
ONE_BASED = ("train", "row", "city", "index")


def _params(raw: dict[str, Any]) -> dict[str, Any]:
    params = {k: v for k, v in raw.items() if not k.startswith("_")}
    for name in ONE_BASED:
        if isinstance(params.get(name), int):
            params[name] = params[name] + 1
    for name in ("mode", "use"):
        if params.get(name) in TEXTS["words"]:
            params[name] = TEXTS["words"][params[name]]
    if isinstance(params.get("items"), list):
        items = [(str(k), n) for k, n, *_ in params["items"]]
        params["items"] = {lang: ", ".join(_counted(k, n, lang) for k, n in items) for lang in LANGS}
    if isinstance(params.get("kind"), str):
        params["kind"] = {lang: _kind(params["kind"], lang) for lang in LANGS}
    if isinstance(params.get("card"), str):
        params["card"] = card_name(params["card"])
    if isinstance(params.get("route"), str):
        params["route"] = route_name(params["route"])
    if isinstance(params.get("post"), str) and params["post"] in RULES.post_wagons:
        params["post"] = _text(TEXTS["post_name"], effects=_effects(RULES.post_wagons[params["post"]]))
    return params


def _text(template: dict[str, str], **params: Any) -> dict[str, str]:
    return {lang: format_message(template[lang], params, lang) for lang in LANGS}


def _effects(effects: Any, extra: list[dict[str, str]] | None = None) -> dict[str, str]:
    """A card's effects in words: "2 new 0-cars, 1 coin"."""
    parts = [_text(TEXTS["effects"][kind], n=n) for kind, n in effects if kind in TEXTS["effects"]] + (extra or [])
    return {lang: ", ".join(part[lang] for part in parts) for lang in LANGS}


def route_name(route: str) -> dict[str, str] | str:
    """A route card by what it shows, its cities ("route card (2 points, 1 coin)"), never its id ("G2")."""
    cities = RULES.routes.get(route)
    if cities is None or route == "printed":
        return route
    words = [_text(TEXTS["city"], n=city.points) if city.points else _effects(city.bonus) for city in cities]
    return _text(TEXTS["route_name"], cities={lang: " · ".join(w[lang] for w in words) for lang in LANGS})


def card_name(card_id: str) -> dict[str, str] | str:
    """A card as the table shows it (its type and actions), never its id ("g01")."""
    names = TEXTS["card_names"]
    if card_id in RULES.end_cards:
        end = RULES.end_cards[card_id]
        return _text(names["end"], type=TEXTS["types"].get(end.type, end.type), points=end.points,
                     effects=_effects(end.effects))
    card = RULES.cards.get(card_id)
    if card is None:
        return card_id
    if card.contract is not None:
        requires = dict(card.contract.get("requires", {}))
        template = TEXTS["requirements"].get(str(requires.get("kind")), {"de": "", "en": ""})
        return _text(names["contract"], effects=_effects(card.contract.get("reward", ())),
                     requires=_text(template, n=requires.get("count", 1), level=requires.get("level", ""),
                                    position=requires.get("position", "")))
    extra = [TEXTS["effects"][flag] for flag in ("celebrity", "postcard") if getattr(card, flag)]
    if card.route:
        extra.insert(0, _text(TEXTS["effects"]["route"], route=route_name(card.route)))
    effects = _effects(card.effects, extra)
    kind = TEXTS["types"].get(card.type or "", card.type or "")
    return _text(names["action"], type=kind, effects=effects) if effects["en"] else _text(names["plain"], type=kind)


def _counted(kind: str, n: Any, lang: str) -> str:
    """``n`` steps of one kind: "2 upgrades" where the effect has its plural forms, else "2 × post wagon"."""
    if kind in TEXTS["effects"]:
        return format_message(TEXTS["effects"][kind][lang], {"n": n}, lang)
    return format_message(TEXTS["item"][lang], {"n": n, "kind": _kind(kind, lang)}, lang)


def _kind(kind: str, lang: str) -> str:
    """A pending step's name ("upgrade", "Aufwertung"); an unknown one as it is."""
    return TEXTS["kinds"].get(kind, {}).get(lang, kind)


def describe(event: Event) -> Description:
    return Description(f"fc.event.{event.type}", _params(dict(event.payload)))


def describe_command(command: Command) -> Description:
    ctype = command.type if command.type in TEXTS["commands"]["en"] else "Unknown"
    params = _params(dict(command.args) if isinstance(command.args, dict) else {})
    if ctype == "Unknown":
        params["type"] = command.type
    return Description(f"fc.cmd.{ctype}", params)
