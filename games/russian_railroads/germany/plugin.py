"""The Deutschland tableau as the table's tableau (:class:`..table.Tableau`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import Command, Event, OpenAction

from ..context import Ctx
from ..messages import Texts
from ..state import PlayerState, State
from ..table import Tableau
from . import events, legal, messages, moves, scoring, view
from .board import DATA, LINES


class _Texts(Texts):
    events = messages.EVENTS
    commands = messages.COMMANDS

    def fill(self, key: str, values: Mapping[str, Any], params: dict[str, Any]) -> str:
        messages.fill(values, params)
        return key


class Deutschland(Tableau):
    name = "deutschland"
    line_names = LINES
    scoring = scoring
    events = events.EVENTS
    gain_ops = {"german_revaluation": lambda ctx, seat, *_: ctx.emit("RevaluationTileTaken", {"seat": seat})}

    def prepared(self, seats: Sequence[str]) -> list[Event]:
        return [Event("GermanTableauPrepared", dict(DATA["always_used"]))]

    def track_rules(self, p: PlayerState) -> Any:
        return moves.rules_for(p)

    def check_specials(self, ctx: Ctx, seat: str) -> None:
        moves.check_specials(ctx, seat)

    def own_handler(self, state: State, ctype: str) -> Any:
        return moves.handler(state, ctype)

    def before_placing(self, state: State, seat: str) -> list[Command]:
        return legal.before_placing(state, seat)

    def submoves(self, state: State, seat: str) -> list[Command]:
        return legal.submoves(state, seat)

    def with_open_actions(self, state: State, seat: str, result: list[OpenAction]) -> list[OpenAction]:
        return result + legal.optional_actions(state, seat)

    def view(self, out: dict[str, Any], state: State) -> None:
        view.extend(out, state)


TABLEAU = Deutschland()
TEXTS = _Texts()
