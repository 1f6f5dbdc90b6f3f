"""Uses that come only on top of the turn's regular action: coal fields, own foundries
(coal module) and income markers (Deutschland tableau).

Rules text: "Du darfst diese Aktionsfelder nur zusätzlich zu deiner regulären Aktion
nutzen", "Du darfst keines dieser Aktionsfelder nutzen, wenn du passt", "Du darfst
keine Einkommensmarker nutzen, wenn du passt".  The pass is refused once such a use
was made while a placement is possible; this guard closes the other side: a seat
that has not placed and could not place any more (so its turn can only end in a
pass) may not make such a use at all.  Coins the use gives at once count, since they
may pay for a placement ("Münzen statt Arbeiter").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.contract import IllegalMove

from .placements import placement_commands
from .state import State


def could_place(state: State, seat: str, coins: int = 0) -> bool:
    """Could the seat place workers this turn, with ``coins`` more in hand?"""
    if placement_commands(state, seat):
        return True
    if coins <= 0:
        return False
    trial = state.clone()
    trial.mut(seat).coins += coins
    return bool(placement_commands(trial, seat))


def immediate_coins(effects: Iterable[dict[str, Any]]) -> int:
    return sum(int(op["n"]) for op in effects if op.get("op") == "coins")


def ensure_not_a_pass(state: State, seat: str, effects: Iterable[dict[str, Any]], code: str, what: str) -> None:
    """Refuse the use if the seat's turn could only end in a pass."""
    if state.placed or seat in state.passed:
        return
    if not could_place(state, seat, immediate_coins(effects)):
        raise IllegalMove(code, f"no {what} in a turn that can only end in a pass: no placement is possible")
