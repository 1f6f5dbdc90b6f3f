"""American Railroads (option ``tableau="usa"``): the USA tableau "The Rocky
Mountaineer", the stock market, the steel mills and the American ?-tokens.

Its rules live here; the base modules reach them through small hooks that test
:func:`active` (or the seat's ``"usa"`` claim, where only a player is at hand), so a
base game never runs this code.
"""

from __future__ import annotations

from typing import Any

TABLEAU = "usa"


def active(state: Any) -> bool:
    return state.options.get("tableau") == TABLEAU
