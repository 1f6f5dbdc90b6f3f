"""Which pending item a sub-move uses: the most specific one that allows it, never one
whose use would leave a mandatory item impossible to finish; and the guard that an open
blocking choice (a displaced loco, a tableau's switch) comes first.
"""

from __future__ import annotations

from collections.abc import Callable

from games.contract import IllegalMove

from . import actions
from .context import Ctx
from .items import Item
from .state import PlayerState, State


def _choose(ctx: Ctx, seat: str, candidates: list[Item], hypo: Callable[[PlayerState], None] | None,
            supply: int | None = None, what: str = "action") -> Item:
    return _choose_in(ctx.work, seat, candidates, hypo, supply, what)


def _choose_in(work: State, seat: str, candidates: list[Item], hypo: Callable[[PlayerState], None] | None,
               supply: int | None = None, what: str = "action") -> Item:
    if not candidates:
        raise IllegalMove("rr.turn.no_such_action", f"no open {what} allows this")
    for item in candidates:
        if hypo is None or not _mandatory_left(work.pending, item.id):
            return item
        rest = actions.consume(work.pending, item.id)
        p = work.players[seat].clone()
        hypo(p)
        if actions.pending_feasible(work, p, rest, supply):
            return item
    raise IllegalMove("rr.turn.mandatory_blocked",
                      "this would leave a mandatory action impossible to complete")


def _mandatory_left(pending: tuple[Item, ...], item_id: int) -> bool:
    """Is a mandatory item still open after one use of ``item_id`` (without one every
    use keeps the turn finishable)?  Asked of ``pending`` itself, without building the
    items :func:`actions.consume` would leave: the item used stays open only if it had
    more than one use."""
    for item in pending:
        if item.mandatory and (item.n > 1 if item.id == item_id else item.n > 0):
            return True
    return False


def _guard_blocking(ctx: Ctx, kinds: tuple[str, ...]) -> None:
    _guard_blocking_state(ctx.work, kinds)


def _guard_blocking_state(work: State, kinds: tuple[str, ...]) -> None:
    block = actions.blocking_item(work.pending)
    if block is not None and block.kind not in kinds:
        raise IllegalMove("rr.loco.finish_placement",
                          "a locomotive placement (with its chain) must be completed first")
