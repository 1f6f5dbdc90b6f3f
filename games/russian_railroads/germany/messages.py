"""German and English words for the Deutschland tableau's events and commands: the
arm, the extension tile, the income marker by name, never by id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import names

EVENTS = frozenset({"GermanTableauPrepared", "BranchChosen", "ExtensionLaid", "IncomeMarkerTaken",
                    "IncomeMarkerUsed", "ExtraMarkerPlaced", "RevaluationTileTaken"})
COMMANDS = frozenset({"ChooseBranch", "ChooseExtension", "TakeIncomeMarker", "UseIncomeMarker"})


def income_name(marker: Any) -> Any:
    """"coin_2" -> the name of the coin marker (the copies read alike)."""
    return names.of("income_markers", marker.rsplit("_", 1)[0]) if isinstance(marker, str) else marker


def fill(values: Mapping[str, Any], params: dict[str, Any]) -> None:
    """Put the names of the arm, tile, station and marker in ``values`` into ``params``."""
    if "arm" in values:
        params["arm"] = names.line(str(values["arm"]))
    if "tile" in values:
        params["tile"] = names.of("extension_tiles", values["tile"])
    if "station" in values:
        params["station"] = names.thing(values["station"])
    if "marker" in values:
        params["marker"] = income_name(values["marker"])
    params.pop("q_cards", None)
    params.pop("q_tokens", None)
