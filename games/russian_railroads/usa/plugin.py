"""The USA tableau and its stock market as the table's tableau (:class:`..table.Tableau`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import Command, Event, OpenAction

from ..context import Ctx
from ..messages import Texts, count
from ..messages import _line_name as line_name
from ..state import PlayerState, State
from ..table import Tableau
from . import events, legal, market, messages, moves, payout, scoring, view
from .board import LINES, doubler_room, factory_slots, industry_capacity, industry_step_target, rules_for


class _Texts(Texts):
    events = messages.EVENTS
    commands = messages.COMMANDS

    def describes_command(self, ctype: str, args: Mapping[str, Any]) -> bool:
        # a doubler names its line only at a USA table (the base sentence otherwise)
        return ctype in self.commands and (ctype != "PlaceDoubler" or bool(args.get("line")))

    def fill(self, key: str, values: Mapping[str, Any], params: dict[str, Any]) -> str:
        return messages.fill(key, values, params, count, line_name)


class Usa(Tableau):
    name = "usa"
    line_names = LINES
    scoring = scoring
    events = events.EVENTS
    system_commands = {"StockPayout": payout.stock_payout}

    def prepared(self, seats: Sequence[str]) -> list[Event]:
        return [Event("UsaTableauPrepared", {"market": market.initial(list(seats))})]

    def track_rules(self, p: PlayerState) -> Any:
        return rules_for(p)

    def doubler_room(self, p: PlayerState) -> int:
        return doubler_room(p)  # doubler slots on all three USA lines

    def industry_step_target(self, p: PlayerState, marker: int) -> int:
        return industry_step_target(p, marker)  # two industry tracks, the upper one over gaps

    def industry_capacity(self, p: PlayerState, extra_factory: bool) -> int:
        return industry_capacity(p, extra_factory)

    def factory_slots(self, p: PlayerState) -> list[int]:
        return factory_slots(p)  # and a gap holding a steel mill

    def check_specials(self, ctx: Ctx, seat: str) -> None:
        moves.check_specials(ctx, seat)

    def own_handler(self, state: State, ctype: str) -> Any:
        return moves.handler(state, ctype)

    def before_placing(self, state: State, seat: str) -> list[Command]:
        return legal.before_placing(state, seat)

    def submoves(self, state: State, seat: str) -> list[Command]:
        return legal.submoves(state, seat)

    def with_open_actions(self, state: State, seat: str, result: list[OpenAction]) -> list[OpenAction]:
        return legal.with_line_names(result) + legal.optional_actions(state, seat)

    def system_due(self, state: State) -> str | None:
        """The general payout goes on (a seat's part of it is system work)."""
        usa = state.usa
        return "StockPayout" if usa is not None and usa.get("resume") and state.current is None else None

    def system_listed(self, state: State) -> str | None:
        return "StockPayout" if state.usa is not None and events.payout_due(state) else None

    def turn_confirmed(self, state: State, seat: str) -> str | None:
        return None if events.confirmed(state, seat) else seat

    def before_final(self, ctx: Ctx) -> None:
        market.end_bonus(ctx)  # the stock market's end bonus

    def view(self, out: dict[str, Any], state: State) -> None:
        view.extend(out, state)


TABLEAU = Usa()
TEXTS = _Texts()
