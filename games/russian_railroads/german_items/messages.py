"""German and English words for the new engineers' events and command."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .. import names
from ..data import without_boiler

EVENTS = frozenset({"StartBonusCardsDrawn", "OwnFactoryUsed", "GermanQuestionItemsAdded"})
COMMANDS = frozenset({"UseOwnFactory"})


def fill(key: str, values: Mapping[str, Any], params: dict[str, Any],
         factory_name: Callable[[int], Any]) -> str:
    """Fill ``params`` for an event or command of the new engineers; returns the text key."""
    if key == "StartBonusCardsDrawn":
        cards = [names.of("start_bonus", c) for c in values.get("cards", ())]
        params["cards"] = {lang: " + ".join(f"„{c[lang]}“" if lang == "de" else f"“{c[lang]}”"
                                             for c in cards if isinstance(c, dict))
                           for lang in ("de", "en")}
    if isinstance(values.get("slot"), int):
        params["gap"] = values["slot"] + 1
    if key == "GermanQuestionItemsAdded":
        params.pop("q_cards", None)
        params.pop("q_tokens", None)
    if key == "OwnFactoryUsed":
        params["factory"] = factory_name(without_boiler(int(values.get("number", 0))))
    return key
