"""The Deutschland tableau of German Railroads (option ``tableau="deutschland"``).

Its rules live here; the base modules reach them through small hooks that test
:func:`active`, so a base game never runs this code.
"""

from __future__ import annotations

from typing import Any

TABLEAU = "deutschland"


def active(state: Any) -> bool:
    return state.options.get("tableau") == TABLEAU
