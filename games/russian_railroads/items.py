"""The pending items of a turn (:class:`Item`) and the ints some items' ``arg`` packs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(slots=True, unsafe_hash=True)
class Item:
    """A pending action gained in the current turn (``ActionsGained`` and the dump
    carry each as the list of these six fields, in this order: :meth:`fields`,
    :func:`item_of`).

    A value: never changed in place (:func:`.actions.consume` makes a new one), so
    it may be hashed by its fields (``needs_after_use`` keys on the pending items).
    A slotted dataclass rather than a named tuple, and not a frozen one: the listings
    read these fields far more often than items are made (~450 made in two random
    4-player games), and a plain slot is read faster than a named tuple's field, a
    plain tuple's index or a frozen dataclass's slot (measured with callgrind)."""

    #: its number in the game (``State.next_item``); sub-moves name it as ``use``
    id: int
    #: what it allows: "steps", "industry", "place_loco", "q_token", ...
    kind: str
    #: uses remaining
    n: int
    #: must be used this turn if it can be (a competitive space's effect)
    mandatory: bool
    #: the kind's detail: the colour set of steps, the loco to place (:func:`loco_to_place`), ...
    arg: Any
    #: nothing else may be done before it is used (a loco to place)
    blocking: bool

    def fields(self) -> list[Any]:
        """The six fields in order, as events and dumps carry an item."""
        return [self.id, self.kind, self.n, self.mandatory, self.arg, self.blocking]


def loco_to_place(number: int, excluded_line: int = -1) -> int:
    """A ``place_loco`` item's ``arg``: the loco and the line it may not go back to
    (the one it was displaced from; -1: any line), one int as the events carry it."""
    return number * 10 + excluded_line + 1


def placing(arg: int) -> tuple[int, int]:
    """(loco number, excluded line or -1) of a ``place_loco`` item's ``arg``."""
    return arg // 10, arg % 10 - 1


def item_of(fields: Sequence[Any]) -> Item:
    """The item of its six fields in order (an event's or a dump's list)."""
    return Item(*fields)
