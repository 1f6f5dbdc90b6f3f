"""Legal commands of the new engineers: ``UseOwnFactory`` while engineer -10's choice is open."""

from __future__ import annotations

from games.contract import Command, IllegalMove

from ..context import Ctx, Valid
from ..state import State
from .engineers import factory_slots
from .moves import use_own_factory


def _ok(state: State, seat: str, slot: int) -> bool:
    try:
        use_own_factory(Ctx(state, probe=True), seat, {"slot": slot})
    except Valid:
        return True
    except IllegalMove:
        return False
    return True


def commands(state: State, seat: str) -> list[Command]:
    if not any(item.kind == "use_factory" and item.n > 0 for item in state.pending):
        return []
    return [Command("UseOwnFactory", seat, {"slot": slot})
            for slot in factory_slots(state.players[seat]) if _ok(state, seat, slot)]
