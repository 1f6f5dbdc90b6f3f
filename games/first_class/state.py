"""The state of a First Class game: frozen values, replaced (never mutated) by ``evolve``.

A train is a tuple of cards, left to right; each card is ``(kind, value, celebrity)``
with kind ``car`` (value = level), ``post`` (value = post wagon id) or ``lok``
(value = the tile's number).  A conductor stands on a card index of its train.
Pending effects are the ordered steps still open in the current turn; only the
first can be carried out (18xx's "open steps"), which keeps the legal list short.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

T = TypeVar("T")

Card = tuple[str, Any, bool]
Train = tuple[Card, ...]
#: (kind, remaining count, train index or -1)
Pending = tuple[str, int, int]

#: pending kinds that must be resolved before the turn may be confirmed
MANDATORY = ("post", "celebrity", "postcard", "draft")


def replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` without running ``__init__`` again: the unchanged
    fields are valid already, and ``evolve`` runs this a dozen times per event
    (the bots' playouts spend most of their time here otherwise)."""
    names = _FIELDS.get(type(obj))
    if names is None:
        names = _FIELDS[type(obj)] = frozenset(f.name for f in fields(obj))  # type: ignore[arg-type]
    unknown = set(changes) - names
    if unknown:
        raise TypeError(f"unknown fields {sorted(unknown)}")
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


_FIELDS: dict[type, frozenset[str]] = {}


@dataclass(frozen=True)
class Player:
    trains: tuple[Train, Train] = ((("car", 0, False),), (("car", 0, False),))
    conductors: tuple[int, int] = (0, 0)
    coins: tuple[bool, ...] = ()
    loco: int = 0
    route: tuple[str, ...] = ("printed",)
    postcards: tuple[str, ...] = ()
    vp: int = 0
    taken: tuple[str, ...] = ()
    contracts: tuple[str, ...] = ()
    fulfilled: tuple[str, ...] = ()
    end_cards: tuple[str, ...] = ()
    posts_left: tuple[str, ...] = ()
    claimed: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    phase: str = "setup"
    round: int = 0
    start: int = 0
    tile_holder: str | None = None
    turn: int = 0
    stacks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rows: tuple[tuple[str, ...], ...] = ()
    row_taken: tuple[int, ...] = ()
    discarded: tuple[str, ...] = ()
    end_deck: tuple[str, ...] = ()
    end_display: tuple[str, ...] = ()
    drafters: tuple[str, ...] = ()
    draft_index: int = 0
    draft_hand: tuple[str, ...] = ()
    supply: dict[str, int] = field(default_factory=dict)
    lok_tiles: tuple[int, ...] = ()
    constantinople: tuple[str, ...] = ()
    scoring_order: tuple[str, ...] = ()
    scoring_index: int = 0
    players: dict[str, Player] = field(default_factory=dict)
    # the open turn
    took: bool = False
    scored: bool = False
    pending: tuple[Pending, ...] = ()
    final: dict[str, Any] = field(default_factory=dict)

    def order(self) -> tuple[str, ...]:
        """This round's turn order: clockwise from the start player."""
        return self.seats[self.start:] + self.seats[:self.start]

    def current(self) -> str | None:
        if self.phase == "draft" and self.draft_index < len(self.drafters):
            return self.drafters[self.draft_index]
        if self.phase == "play":
            return self.order()[self.turn % len(self.seats)]
        if self.phase == "scoring" and self.scoring_index < len(self.scoring_order):
            return self.scoring_order[self.scoring_index]
        return None

    def player(self, seat: str) -> Player:
        return self.players[seat]

    def with_player(self, seat: str, **changes: Any) -> State:
        players = dict(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=players)
