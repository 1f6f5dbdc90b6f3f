"""The solo game against Emil as a plug-in (:class:`..table.Module`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import Event

from ..context import Ctx
from ..state import State
from ..table import Module
from . import rules
from .view import emil_view


class Emil(Module):
    name = "solo"
    events = rules.EVENTS
    system_commands = {"EmilTurn": rules.emil_turn}

    def last_setup_events(self, opts: Mapping[str, Any]) -> list[Event]:
        # "Emil beginnt": his deck for round 1; his first cards are system work.
        return [Event("EmilDeckShuffled", {"cards": rules.round_deck(dict(opts))})]

    def system_due(self, state: State) -> str | None:
        return "EmilTurn" if rules.to_move(state) else None

    def blocks_seats(self, state: State) -> bool:
        return rules.to_move(state)

    def next_seat(self, state: State) -> None:
        if state.emil is not None and not state.emil["passed"]:
            # "Nachdem du deinen Zug ausgeführt hast, deckst du erneut eine Karte für Emil auf."
            state.emil = {**state.emil, "due": True}

    def round_scored(self, ctx: Ctx) -> None:
        if ctx.work.emil is not None:
            rules.give_workers(ctx)  # "Meistens wird dies in der Wertung passieren."

    def round_began(self, ctx: Ctx) -> None:
        if ctx.work.emil is not None:
            # "Du mischst alle Emil-Karten und legst sie verdeckt bereit."
            ctx.emit("EmilDeckShuffled", {"cards": rules.round_deck(ctx.work.options)})

    def majority_rows(self, state: State) -> tuple[Any, ...]:
        row = rules.majority_entry(state)
        return (row,) if row else ()

    def final_payload(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if ctx.work.emil is not None:
            # "Allerdings zählst du nur deine eigenen Punkte"; Emil only counts in the majority.
            payload["emil"] = {"engineers": list(ctx.work.emil["engineers"]) if ctx.work.emil else []}

    def view(self, out: dict[str, Any], state: State) -> None:
        if state.emil is not None:
            out["emil"] = emil_view(state)


MODULE = Emil()
