"""What a seat may do with the coal module: coal fields, own foundries and what they
gave (a boiler to place, a foundry to take or close, the coal factory).  Candidates
are checked with the very handlers ``decide`` dispatches to."""

from __future__ import annotations

from typing import Any

from games.contract import Command, OpenAction

from .. import actions
from ..context import accepts
from ..decide import handler_for
from ..locomotives import factory_slots
from ..state import State
from . import board, moves
from .board import FIELDS
from .shape import coal_state


def _lines(state: State) -> tuple[str, ...]:
    if state.options.get("tableau") == "deutschland":
        from ..germany.board import LINES

        return LINES
    from ..data import RULES

    return RULES.lines


def _ok(state: State, seat: str, ctype: str, args: dict[str, Any]) -> bool:
    return accepts(handler_for, state, seat, ctype, args)


def commands(state: State, seat: str) -> list[Command]:
    # (a seat that passed after a coal field still finishes what it gave: the handlers
    # of the coal fields and foundries themselves refuse a seat that passed)
    if state.phase != "actions":
        return []
    p = state.players[seat]
    cands: list[tuple[str, dict[str, Any]]] = []
    block = actions.blocking_item(state.pending)
    if block is not None:
        if block.kind != "boiler":
            return []
        names = _lines(state)
        for target, where, number in board.boiler_targets(p):
            if target == "loco":
                cands.append(("AttachBoiler", {"target": "loco", "line": names[where], "number": number}))
            else:
                cands.append(("AttachBoiler", {"target": "factory", "slot": where}))
        return [Command(t, seat, a) for t, a in cands if _ok(state, seat, t, a)]
    cands += [("UseCoalField", {"field": f}) for f, info in FIELDS.items() if info["pay"] == "coal"]
    cands += [("UseFoundry", {"foundry": f}) for f in board.owned(state, seat)]
    kinds = {item.kind for item in state.pending if item.n > 0}
    coal = coal_state(state)
    if "take_foundry" in kinds:
        cands += [("TakeFoundry", {"foundry": f}) for f in coal.get("open", ())]
    for item in state.pending:
        if item.kind == "close_foundry" and item.n > 0:
            cands.append(("CloseFoundry", {"foundry": item.arg}))
    if "coal_steps" in kinds:
        cands.append(("SpendCoal", {}))
    if "coal_factory" in kinds:
        cands += [("BuildCoalFactory", {"slot": s}) for s in factory_slots(p)]
    if "reuse_1_or_2" in kinds:
        cands += [("ReuseWithFoundry", {"space": s}) for s in moves.reusable_with_foundry(state, seat)]
    return [Command(t, seat, a) for t, a in cands if _ok(state, seat, t, a)]


def optional_actions(state: State, seat: str) -> list[OpenAction]:
    """Coal fields and own foundries that could be used now (never mandatory)."""
    if actions.blocking_item(state.pending) is not None or seat in state.passed:
        return []
    usable = [c for c in commands(state, seat) if c.type in ("UseCoalField", "UseFoundry")]
    if not usable:
        return []
    return [OpenAction("rr.open.coal_use", False, {"coal": board.coal_of(state, seat)},
                       ("UseCoalField", "UseFoundry"))]
