"""The general payout as system work (``StockPayout``): each seat of the queue in turn
gets its benefits; coins and points at once, the steps as optional items that the
seat spends in a short turn of its own and confirms, like any turn."""

from __future__ import annotations

from games.contract import IllegalMove

from .. import actions
from ..context import Ctx
from . import market
from .board import market_of
from .events import payout_due


def stock_payout(ctx: Ctx) -> None:
    if not payout_due(ctx.work):
        raise IllegalMove("rr.system.not_due", "no general payout is due")
    while market_of(ctx.work)["queue"]:
        seat = market_of(ctx.work)["queue"][0]
        ctx.emit("GeneralPayoutBegan", {"seat": seat, "level": market.level_of(ctx.work, seat)})
        effects = market.payout_effects(ctx.work, seat)
        if effects:
            ctx.gain(seat, effects, False, "general_payout")
        p = ctx.work.players[seat]
        if any(actions.item_alone_feasible(ctx.work, p, item) for item in ctx.work.pending):
            return  # the seat spends its steps (or declines them), then confirms
        ctx.emit("GeneralPayoutDone", {"seat": seat})
    ctx.emit("GeneralPayoutEnded", {})


def decline_payout(ctx: Ctx, seat: str, args: object) -> None:
    """"... und auch ganz oder teilweise auf die Vorteile verzichten": the seat lets the
    rest of its general payout lapse (a sub-move, so that the turn can be confirmed)."""
    if not payout_due_for(ctx.work, seat):
        raise IllegalMove("rr.turn.no_such_action", "no general payout of yours is open")
    ctx.emit("PayoutDeclined", {"seat": seat})


def payout_due_for(state: object, seat: str) -> bool:
    u = state.usa  # type: ignore[attr-defined]
    return bool(u and u.get("resume") and u["queue"] and u["queue"][0] == seat
                and state.current == seat and state.pending)  # type: ignore[attr-defined]
