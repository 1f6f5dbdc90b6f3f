"""German and English words for the DSP events and commands (Olga, Ludmilla)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import names

EVENTS = frozenset({"OlgaWorkerPlaced", "LudmillaRoundBegan", "LudmillaChosen", "LudmillaTurnEnded",
                    "DspTokensLaidOut", "OpenQuestionTokenTaken", "HeadhunterUsed", "QuestionFactoryBuilt",
                    "FreightWagonAttached", "FreightWagonTurnBegan", "FreightWagonIdle", "FreightWagonDone"})
COMMANDS = frozenset({"PlaceOlgaWorker", "ChooseLudmillaCard", "TakeLudmillaPoints", "EndLudmillaTurn",
                      "ChooseOpenQuestionToken", "ChooseHeadhunterEngineer", "BuildQuestionFactory",
                      "AttachFreightWagon", "EndFreightWagon"})


def fill(key: str, values: Mapping[str, Any], params: dict[str, Any], count: Any) -> str:
    """Fill ``params`` for a DSP event or command; returns the text key."""
    if "card" in values:
        params["card"] = names.of("start_bonus", values.get("card"))
    if "token" in values:
        params["token"] = names.of("q_tokens", values.get("token"))
    if isinstance(values.get("number"), int):
        params["engineer"] = names.thing(f"engineer_{values['number']}")
    if isinstance(values.get("slot"), int):
        params["gap"] = values["slot"] + 1
    if key == "DspTokensLaidOut":
        laid = [names.of("q_tokens", t) for t in values.get("open", ())]
        params["open"] = {lang: ", ".join(x[lang] if isinstance(x, dict) else str(x) for x in laid)
                          for lang in ("de", "en")}
    if key == "AttachFreightWagon" and isinstance(values.get("line"), str):
        params["line"] = names.line(values["line"])
    if key == "PlaceOlgaWorker":
        params["space"] = names.thing(values.get("space"))
    if key == "LudmillaRoundBegan":
        params.pop("cards", None)
    if key == "LudmillaChosen" and not values.get("card"):
        params["amount"] = count("point", int(values.get("points", 3)))
        return "LudmillaPointsChosen"
    return key
