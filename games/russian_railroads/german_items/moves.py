"""``UseOwnFactory``: engineer -10's choice of one of the seat's factories."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import IllegalMove

from .. import actions, submoves
from ..context import Ctx, arg
from ..data import RULES
from ..state import State
from .engineers import factory_slots


def use_own_factory(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves._guard_blocking(ctx, ())
    slot = arg(args, "slot", int)
    found = actions.matching(ctx.work.pending, {"use_factory": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no factory use is open (engineer -10)")
    p = ctx.p(seat)
    if slot not in factory_slots(p):
        raise IllegalMove("rr.factory.not_yours", "choose a gap of your industry track holding a factory")
    ctx.emit("OwnFactoryUsed", {"seat": seat, "slot": slot, "number": p.factories[slot], "use": found[0].id})
    # "so als wäre er mit dem Industriemarker darauf gezogen (unabhängig davon, wo
    # sein Industriemarker steht)"
    ctx.enter_industry(seat, RULES.industry_gaps[slot])


def handler(state: State, ctype: str) -> Any:
    """The new engineers' handler of a seat's command, or None."""
    if ctype != "UseOwnFactory":
        return None
    if not state.placed and not state.pending:
        raise IllegalMove("rr.turn.place_first", "choose an action space (or pass) first")
    return use_own_factory
