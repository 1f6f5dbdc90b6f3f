"""The DSP mini expansion as a plug-in (:class:`..table.Module`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import Command, Event

from ..context import Ctx
from ..data import DSP, DSP_ITEMS, Q_FACTORY, without_boiler
from ..messages import Texts, count
from ..state import State
from ..table import Module
from ..view import add_engineers
from . import events, legal, ludmilla, messages, moves, olga, tokens, view, wagon


def _item(ctx: Ctx, seat: str, op: Mapping[str, Any], mandatory: bool, source: str, items: list[list[Any]],
          next_id: int) -> None:
    """Olga's worker, Ludmilla's card, the DSP ?-tokens' choices."""
    kind, must, block = DSP_ITEMS[op["op"]]
    items.append([next_id, kind, 1, must, None, block])


def _olga_error(state: State, seat: str, relocation: bool) -> tuple[str, str] | None:
    if not olga.possible(state, seat, relocation):  # "muss sofort": own Olga too
        return "rr.dsp.olga_no_target", "Olga needs another player's free engineer you can use now"
    return None


class _Texts(Texts):
    events = messages.EVENTS
    commands = messages.COMMANDS

    def fill(self, key: str, values: Mapping[str, Any], params: dict[str, Any]) -> str:
        return messages.fill(key, values, params, count)


class Dsp(Module):
    name = "dsp"
    events = events.EVENTS
    engineer_sets = ("dsp",)
    gain_ops = {kind: _item for kind in DSP_ITEMS}
    space_checks = {"engineer_104": _olga_error}  # Olga (the only engineer with this id)
    system_commands = {"FreightWagon": wagon.run}
    #: the ?-factory before the coal module's factories; Ludmilla's guard first
    ranks = {"enter_factory": 0, "handler": 0}

    def deals_engineer(self, info: Mapping[str, Any], players: int) -> bool:
        """Olga only with 2 players (Yucata's binding clarification)."""
        if not info.get("built", True):
            return False
        return info.get("name") != "Olga" or players <= DSP["olga_max_players"]

    def setup_events(self, opts: Mapping[str, Any], seats: Sequence[str], setup: Mapping[str, Any],
                     rng: random.Random) -> list[Event]:
        return [tokens.setup(len(seats), rng)]

    def scoring_work(self, state: State) -> str | None:
        """The freight wagons just before the scoring."""
        return "FreightWagon" if state.dsp and wagon.due(state) else None

    def waiting(self, state: State, seat: str) -> bool:
        return bool(state.dsp) and ludmilla.waiting(state, seat)

    def handler(self, state: State, ctype: str) -> Any:
        return moves.handler(state, state.current or "", ctype)

    def commands(self, state: State, seat: str, listed: list[Command]) -> list[Command]:
        return legal.commands(state, seat, listed)

    def extra_items(self, ctx: Ctx, seat: str, source: str, items: list[list[Any]], next_id: int) -> list[list[Any]]:
        """The DSP industry boom: industry steps may be doubled."""
        return tokens.boom_items(ctx.work, seat, source, items, next_id) if ctx.work.dsp else []

    def enter_factory(self, ctx: Ctx, seat: str, number: int) -> bool:
        if without_boiler(number) != Q_FACTORY:
            return False
        tokens.enter_q_factory(ctx, seat, number)
        return True

    def turn_confirmed(self, state: State, seat: str) -> str | None:
        if state.phase == wagon.PHASE:  # a freight wagon's steps are done, back to the scoring
            wagon.confirmed(state)
            return None
        if state.dsp and state.dsp.get("ludmilla"):  # Ludmilla's card round goes on
            return ludmilla.confirmed(state, seat)
        return seat

    def view(self, out: dict[str, Any], state: State) -> None:
        add_engineers(out, "dsp")
        view.extend(out, state)


MODULE = Dsp()
TEXTS = _Texts()
