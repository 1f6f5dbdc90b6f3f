"""German Railroads' new engineers and the German ?-items as plug-ins
(:class:`..table.Module`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import Command, Event

from ..data import GERMAN_Q, RULES
from ..messages import Texts, factory_name
from ..state import State
from ..table import Module
from ..view import add_engineers
from . import engineers, events, legal, messages, moves


class _Texts(Texts):
    events = messages.EVENTS
    commands = messages.COMMANDS

    def fill(self, key: str, values: Mapping[str, Any], params: dict[str, Any]) -> str:
        return messages.fill(key, values, params, factory_name)


class NewEngineers(Module):
    """The new engineers (6, 15, 5, -10)."""

    name = "new_engineers"
    events = events.EVENTS
    engineer_sets = ("new_engineers",)
    gain_ops = {op: engineers.gain for op in engineers.OPS}
    ranks = {"view": 60}  # after DSP's, which names its engineers

    def handler(self, state: State, ctype: str) -> Any:
        return moves.handler(state, ctype) if ctype == "UseOwnFactory" else None

    def commands(self, state: State, seat: str, listed: list[Command]) -> list[Command]:
        return listed + legal.commands(state, seat)

    def view(self, out: dict[str, Any], state: State) -> None:
        add_engineers(out, "new_engineers")
        if out.get("board") is not None:
            # German Railroads' new engineers by printed number (internal 300 + it, 390 = -10)
            out["board"].setdefault("engineer_names", {}).update({
                str(n): {"printed": info["printed"], "name": ""}
                for n, info in sorted(RULES.engineers.items()) if info.get("set") == "new_engineers"})


class GermanItems(Module):
    """The German ?-token "4 Münzen" and ?-card "Aufwerter" at a table without the
    Deutschland tableau (which lays them out itself): "Ihr könnt sie aber auch in allen
    anderen Spielen verwenden"."""

    name = "new_q"
    events = events.EVENTS
    gain_ops = {"german_revaluation": lambda ctx, seat, *_: ctx.emit("RevaluationTileTaken", {"seat": seat})}

    def setup_events(self, opts: Mapping[str, Any], seats: Sequence[str], setup: Mapping[str, Any],
                     rng: random.Random) -> list[Event]:
        return [Event("GermanQuestionItemsAdded", {"q_cards": list(GERMAN_Q["q_cards"]),
                                                   "q_tokens": list(GERMAN_Q["q_tokens"])})]


NEW_ENGINEERS = NewEngineers()
GERMAN_ITEMS = GermanItems()
TEXTS = _Texts()
