"""The coal module as a plug-in (:class:`..table.Module`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import Command, Event, OpenAction

from ..context import Ctx
from ..data import COAL, COAL_ITEMS, without_boiler
from ..messages import Texts
from ..state import State
from ..table import Module
from . import board, events, legal, messages, moves, view

#: factory numbers from here on are the coal module's (the coal factory, boilers)
COAL_FACTORY_NUMBER: int = COAL["coal_factory"]["number"]


def _coal(ctx: Ctx, seat: str, op: Mapping[str, Any], mandatory: bool, source: str, items: list[list[Any]],
          next_id: int) -> None:
    ctx.emit("CoalTaken", {"seat": seat, "coal": op["n"], "reason": source})


def _item(ctx: Ctx, seat: str, op: Mapping[str, Any], mandatory: bool, source: str, items: list[list[Any]],
          next_id: int) -> None:
    blocking = COAL_ITEMS[op["op"]]
    items.append([next_id, op["op"], op.get("n", 1), mandatory or blocking, None, blocking])


def setup_event(opts: Mapping[str, Any], seats: Sequence[str], setup: Mapping[str, Any],
                rng: random.Random) -> Event:
    """The coal module's set-up: "eine Runde weniger", "+1 Kohle und 1 Münze" each, the
    coal start bonus card and ?-card, "Die 12 Gießereien werden gemischt ... Die obersten
    2 Gießereien werden aufgedeckt" (a reveal: an undo barrier)."""
    rules = COAL["setup"]
    foundries = [f["id"] for f in COAL["foundries"]]
    rng.shuffle(foundries)
    shown, stack = foundries[:rules["open_foundries"]], sorted(foundries[rules["open_foundries"]:])
    return Event("CoalPrepared", {
        "rounds": setup["rounds"] - rules["rounds_fewer"], "coins": rules["coins_per_player"],
        "coal": {seat: rules["coal_per_player"] for seat in seats},
        "draft_cards": [COAL["start_bonus"]["id"]], "q_cards": [c["id"] for c in COAL["question_cards"]],
        "open": shown, "stack": stack}, barrier=True)


class _Texts(Texts):
    events = messages.EVENTS
    commands = messages.COMMANDS

    def fill(self, key: str, values: Mapping[str, Any], params: dict[str, Any]) -> str:
        return messages.fill(key, values, params)


class Coal(Module):
    name = "coal"
    events = events.EVENTS
    engineer_sets = ("coal",)
    gain_ops = {"coal": _coal, **{kind: _item for kind in COAL_ITEMS}}

    def engineer_counts(self, counts: dict[str, int]) -> None:
        # "Es spielt immer ein A-Ingenieur weniger mit als gewöhnlich."
        counts["A"] -= COAL["setup"]["a_engineers_fewer"]

    def setup_events(self, opts: Mapping[str, Any], seats: Sequence[str], setup: Mapping[str, Any],
                     rng: random.Random) -> list[Event]:
        return [setup_event(opts, seats, setup, rng)]

    def determinize(self, state: State, rng: random.Random) -> None:
        if state.coal is not None:
            board.determinize(state, rng)

    def extra_spaces(self, state: State) -> list[str]:
        """The coal mine is a worker field of the coal board; with 2 players it shares the
        combined top field with the foundry purchase."""
        return [board.MINE] if not board.field_taken(state, board.MINE) or board.MINE in state.occupied else []

    def enter_factory(self, ctx: Ctx, seat: str, number: int) -> bool:
        if number < COAL_FACTORY_NUMBER:
            return False
        # a boiler on it, or the coal factory
        ctx.gain(seat, board.factory_effects(number), False, f"factory_{without_boiler(number)}")
        return True

    def late_handler(self, state: State, ctype: str) -> Any:
        return moves.handler(state, ctype)

    def commands(self, state: State, seat: str, listed: list[Command]) -> list[Command]:
        return listed + legal.commands(state, seat)

    def open_actions(self, state: State, seat: str) -> list[OpenAction]:
        return legal.optional_actions(state, seat)

    def view(self, out: dict[str, Any], state: State) -> None:
        view.extend(out, state)


MODULE = Coal()
TEXTS = _Texts()
