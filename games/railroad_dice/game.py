"""The ``Game`` object the platform registers; everything rule-bearing is delegated."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import (
    REVIEWER,
    Command,
    Description,
    Event,
    IllegalMove,
    OpenAction,
    Status,
    redact_secrets,
)

from .data import RULES
from .decide import decide as _decide
from .evolve import evolve as _evolve
from .legal import legal_commands as _legal
from .legal import open_actions as _open
from .messages import MESSAGES
from .messages import describe as _describe
from .messages import describe_command as _describe_command
from .state import State
from .view import view as _view


class RailroadDice:
    name = "railroad_dice"
    title = "Railroad Dice"
    rules_version = 1
    min_players = 2
    max_players = 4
    option_schema: Mapping[str, Any] = {}
    messages = MESSAGES

    def validate_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        if options:
            raise IllegalMove("rd.options.unknown", f"Railroad Dice has no options (got {sorted(options)})")
        return {}

    def setup(self, options: Mapping[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        """The start player is drawn (the text: whoever played most railroad games); the bank
        holds every die not in front of a screen or on the start tile."""
        seats = list(seats)
        if len(set(seats)) != len(seats):
            raise IllegalMove("rd.options.seats", "seats must be distinct")
        bank = RULES["dice"] - RULES["start_dice_in_front"] * len(seats) - 1
        return [Event("GameCreated", {"options": dict(options), "seats": seats}),
                Event("GameSetUp", {"start": rng.choice(seats), "_secret": {"_nobody": {"bank_dice": bank}}},
                      barrier=True)]

    def initial_state(self) -> State:
        return State()

    def decide(self, state: State, command: Command, rng: random.Random) -> list[Event]:
        return _decide(state, command, rng)

    def evolve(self, state: State, event: Event) -> State:
        return _evolve(state, event)

    def legal_commands(self, state: State, seat: str) -> list[Command]:
        return _legal(state, seat)

    def open_actions(self, state: State, seat: str) -> list[OpenAction]:
        return _open(state, seat)

    def status(self, state: State) -> Status:
        """Passengers are secret while the game runs: scores are empty until the end."""
        if state.phase == "over":
            ranking = tuple(state.final.get("ranking", ()))
            return Status("over", state.year, (), (), True, dict(state.passengers), ranking,
                          dict(state.final.get("places", {})))
        if state.phase == "year_change":
            return Status("year_change", state.year, (), ("ScoreYear",), False, {}, tuple(state.seats))
        if state.phase == "play":
            current = state.current
            return Status("play", state.year, (current,) if current else (), (), False, {}, tuple(state.seats))
        return Status(state.phase, None, ())

    def view(self, state: State, viewer: str) -> dict[str, Any]:
        return _view(state, viewer)

    def redact(self, event: Event, viewer: str) -> Event:
        return redact_secrets(event, viewer)

    def describe(self, event: Event) -> Description:
        return _describe(event)

    def describe_command(self, command: Command) -> Description:
        return _describe_command(command)

    def determinize(self, state: State, viewer: str, rng: random.Random) -> State:
        """Resample what ``viewer`` cannot see, keeping what is public: the dice behind the
        other screens and in the bank keep their sum (40 minus the dice in sight and the
        viewer's own) and are dealt out again at random; the other seats' passenger
        totals are unknown and set to the viewer's own (a neutral guess)."""
        if viewer == REVIEWER or state.phase in ("setup", "over"):
            return state
        new = state.clone()
        others = [s for s in state.seats if s != viewer]
        pool = state.bank + sum(state.screen[s] for s in others)
        slots = others + ["bank"]
        counts = {slot: 0 for slot in slots}
        for _ in range(pool):
            counts[rng.choice(slots)] += 1
        for s in others:
            new.screen[s] = counts[s]
            new.passengers[s] = state.passengers.get(viewer, 0)
        new.bank = counts["bank"]
        return new

    def dump_state(self, state: State) -> Any:
        return state.dump()

    def load_state(self, data: Any) -> State:
        return State.load(data)


GAME = RailroadDice()
