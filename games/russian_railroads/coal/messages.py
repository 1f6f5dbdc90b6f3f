"""German and English words for the coal module's events and commands: coal counted,
foundries by number and function, the boiler's locomotive or factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import names
from ..data import COAL, SPECIAL9, Tile

EVENTS = frozenset({"CoalPrepared", "CoalTaken", "CoalSpent", "CoalFieldUsed", "FoundryTaken", "FoundryRevealed",
                    "BoilerDrawn", "BoilerAttached", "FoundryUsed", "FoundryClosed", "CoalFactoryBuilt"})
COMMANDS = frozenset({"UseCoalField", "TakeFoundry", "AttachBoiler", "UseFoundry", "CloseFoundry", "SpendCoal",
                      "BuildCoalFactory", "ReuseWithFoundry"})
_FOUNDRY_TEXT = {f["id"]: f for f in COAL["foundries"]}


def coal_amount(n: int) -> dict[str, str]:
    return {"de": f"{n} Kohle", "en": f"{n} coal"}


def foundry_name(foundry: Any) -> Any:
    """"Gießerei 3 (2 Münzen)" - the number and what it does."""
    if not isinstance(foundry, int) or foundry not in _FOUNDRY_TEXT:
        return foundry
    what = names.of("foundries", str(foundry))
    if isinstance(what, dict):
        return {lang: f"{'Gießerei' if lang == 'de' else 'foundry'} {foundry} ({what[lang]})" for lang in ("de", "en")}
    return {"de": f"Gießerei {foundry}", "en": f"foundry {foundry}"}


def fill(key: str, values: Mapping[str, Any], params: dict[str, Any]) -> str:
    """Fill ``params`` for an event or command of the coal module; returns the text key."""
    if "coal" in values and isinstance(values["coal"], int):
        params["amount"] = coal_amount(int(values["coal"]))
    if "foundry" in values:
        params["foundry"] = foundry_name(values["foundry"])
    if "field" in values:
        params["field"] = names.thing(values["field"])
    if "slot" in values and isinstance(values["slot"], int):
        params["gap"] = values["slot"] + 1
    if key == "CoalPrepared":
        params["open"] = ", ".join(str(f) for f in values.get("open", ()))
        for name in ("coal", "stack", "draft_cards", "q_cards"):
            params.pop(name, None)
    if key == "AttachBoiler":
        number = values.get("number")
        if isinstance(number, int):
            tile = Tile.of(number)
            params["number"] = f"{tile.number} (+1)" if tile.boiler else (9 if number == SPECIAL9 else number)
        if isinstance(values.get("line"), str):
            params["line"] = names.line(values["line"])
    if key in ("BoilerAttached", "AttachBoiler"):
        return key + ("Factory" if values.get("target") == "factory" else "Loco")
    return key
