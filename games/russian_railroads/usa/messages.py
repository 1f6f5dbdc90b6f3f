"""German and English words for American Railroads' events and commands: dividend
tiles, rubble and coin spaces by name, gaps counted from 1, never an id."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .. import names

EVENTS = frozenset({"UsaTableauPrepared", "SharesRose", "DividendTileLaid", "RubbleBlasted", "CoinSpaceUsed",
                    "UsaDoublerPlaced", "SteelMillTaken", "SteelMillBuilt", "SteelMillBoxed", "PersonalPayout",
                    "StockBonusScored", "GeneralPayoutBegan", "GeneralPayoutDone", "GeneralPayoutEnded",
                    "PayoutDeclined"})
COMMANDS = frozenset({"UseCoinSpace", "ChooseDividend", "BuildSteelMill", "BoxSteelMill", "DeclinePayout",
                      "PlaceDoubler"})

RUBBLE = {"rubble_8": {"de": "das Geröll auf Transcontinental West 8 (+10 Punkte)",
                       "en": "the rubble on Transcontinental West 8 (+10 points)"},
          "rubble_15": {"de": "das Geröll auf dem 15er-Industriefeld (+10 Punkte)",
                        "en": "the rubble on the 15-point industry field (+10 points)"}}


def tile_name(tile: Any) -> Any:
    return names.thing(f"dividend_{tile}") if isinstance(tile, str) else tile


def fill(key: str, values: Mapping[str, Any], params: dict[str, Any],
         count: Callable[[str, int], Any], line_name: Callable[[Any], Any]) -> str:
    """Fill ``params`` for an event or command of American Railroads; returns the text key."""
    params.pop("market", None)
    params.pop("first", None)
    if "tile" in values:
        params["tile"] = tile_name(values["tile"])
    if "rubble" in values:
        params["rubble"] = RUBBLE.get(values["rubble"], values["rubble"])
    if "space" in values:
        params["space"] = names.thing(values["space"])
    if key == "CoinSpaceUsed":
        params["amount"] = count("coin", int(values.get("coins", 1)))
    if key == "StockBonusScored":
        params["amount"] = count("point", int(values.get("points", 0)))
    if "slot" in values and isinstance(values["slot"], int):
        params["gap"] = values["slot"] + 1
    if key == "SteelMillBuilt":
        params["replaced"] = ({"de": " (statt einer Fabrik)", "en": " (replacing a factory)"}
                              if values.get("replaced") else "")
    if key == "PlaceDoubler":
        if not values.get("line"):
            return key
        params["line"] = line_name(values["line"])
        return "PlaceDoublerLine"
    return key
