"""The event builder of ``decide``: emit an event, fold it at once, draw from one rng.

A command's consequences are often decided on the state its earlier events made
(First Class: the 5th car brings a post wagon; Railroad Dice: the end of the game
is triggered by the board as the command leaves it).  A :class:`Decision` keeps the
events emitted so far, the state they fold to (by the game's own ``evolve``, so
the two cannot drift) and the command's rng, the only source of randomness.

Replaces First Class's ``effects.Builder`` and the folds by hand in Railroad Dice;
Russian Railroads' ``context.Ctx`` is the same idea and can adopt it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from games.contract import Event

S = TypeVar("S")


def _no_draws() -> random.Random:
    """A fixed rng for a decision that should draw nothing (tests of one effect)."""
    return random.Random(0)


class Decision(Generic[S]):
    """``emit`` appends an event and folds it into :attr:`state`."""

    __slots__ = ("state", "rng", "events", "_evolve")

    def __init__(self, state: S, evolve: Callable[[S, Event], S], rng: random.Random | None = None) -> None:
        self.state = state
        self.rng = rng if rng is not None else _no_draws()
        self.events: list[Event] = []
        self._evolve = evolve

    def emit(self, type_: str, payload: Mapping[str, Any], barrier: bool = False) -> Event:
        return self.add(Event(type_, payload, barrier))

    def add(self, event: Event) -> Event:
        """An event built elsewhere (a concept module's), emitted and folded."""
        self.events.append(event)
        self.state = self._evolve(self.state, event)
        return event

    def extend(self, events: Iterable[Event]) -> None:
        for event in events:
            self.add(event)
