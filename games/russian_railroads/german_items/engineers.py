"""The two new engineers whose effect is no plain step or point: 5 and -10.

Engineer 5: "Der Spieler mischt verdeckt alle Startbonuskarten und zieht verdeckt 2
davon. Er führt sofort die Funktion dieser Karten aus."  The draw is random, so its
event is an undo barrier (a reveal).

Engineer -10: "Er darf dann sofort die Funktion einer seiner Fabriken nutzen, so als
wäre er mit dem Industriemarker darauf gezogen" - a pending choice of an own factory
(``use_factory``), taken with ``UseOwnFactory``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..data import COAL, RULES
from ..state import PlayerState

if TYPE_CHECKING:
    from ..context import Ctx

#: effect ops of the new engineers that :meth:`Ctx.gain` hands to :func:`gain`
OPS = frozenset({"start_bonus_draw", "use_factory"})


def all_start_bonus_cards(options: dict[str, Any]) -> list[str]:
    """"alle Startbonuskarten": the printed ones, the coal card with the coal module."""
    cards = [c["id"] for c in RULES.raw["start_bonus_cards"]]
    if options.get("coal"):
        cards.append(COAL["start_bonus"]["id"])
    return cards


def factory_slots(p: PlayerState) -> list[int]:
    """The slots of ``p``'s industry track holding a factory (what -10 may use)."""
    return [slot for slot, number in enumerate(p.factories) if number]


def gain(ctx: Ctx, seat: str, op: dict[str, Any], mandatory: bool, source: str,  # noqa: ARG001
         items: list[list[Any]], next_id: int) -> None:
    """Resolve a new engineer's op inside :meth:`Ctx.gain` (``items`` collects pending ones).

    Engineer 5's two cards are gained at once through :meth:`Ctx.gain` (their own
    ``ActionsGained``); the engineer's effect list has no other op, so no item id of
    the calling ``gain`` can clash with theirs."""
    if op["op"] == "start_bonus_draw":
        cards = ctx.rng.sample(all_start_bonus_cards(ctx.work.options), op["n"])
        ctx.emit("StartBonusCardsDrawn", {"seat": seat, "cards": cards, "source": source}, barrier=True)
        # drawn blind, so nobody can know beforehand that they are executable in full:
        # their steps may lapse even on a public engineer 5 (interpretation, data file)
        for card in cards:
            ctx.gain(seat, RULES.start_bonus[card], False, f"start_{card}")
    elif op["op"] == "use_factory":
        # the factory's own function may lapse like any factory action: not mandatory
        items.append([next_id, "use_factory", 1, False, None, False])


def feasible(p: PlayerState, effects: Any) -> bool:
    """A public -10 is executable in full only for a seat with a factory of its own."""
    return not any(op["op"] == "use_factory" for op in effects) or bool(factory_slots(p))
