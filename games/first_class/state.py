"""The state of a First Class game: frozen values, replaced (never mutated) by ``evolve``.

A train is a tuple of cards, left to right; each card is ``(kind, value, celebrity)``
with kind ``car`` (value = level), ``post`` (value = post wagon id) or ``lok``
(value = the tile's number).  A conductor stands on a card index of its train.
Pending effects are the parts of the current turn still open, in frames: the
parts one source gave (an action card, a coin, an end-game card, a post wagon's
bonus, a contract's reward) share a frame number.  The rules text leaves the order
of a card's parts open ("führe die Aktionen der Karte ganz / teilweise aus"), so the
parts of the top frame may be done or forgone in any order; what a part triggers
"sofort" (a post wagon, its bonus, a LOK tile's bonus, an end-game card's action)
comes as a new frame on top and is finished first.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

T = TypeVar("T")

Card = tuple[str, Any, bool]
Train = tuple[Card, ...]
#: (kind, remaining count, train index or -1, frame)
Pending = tuple[str, int, int, int]

#: pending kinds that must be resolved before the turn may be confirmed
MANDATORY = ("post", "celebrity", "postcard", "draft")
#: pending kinds to be done at once ("sofort"): nothing else may happen before them
BLOCKING = ("post", "postcard", "draft")


def replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` without running ``__init__`` again: the unchanged
    fields are valid already, and ``evolve`` runs this a dozen times per event
    (the bots' playouts spend most of their time here otherwise)."""
    if obj is _working:  # a decision's own copy, which nobody else holds: changed in place
        if not _STATE_FIELDS.issuperset(changes):
            raise TypeError(f"unknown fields {sorted(set(changes) - _STATE_FIELDS)}")
        obj.__dict__.update(changes)
        return obj
    cls = type(obj)
    try:  # a subscript, specialised for a dict (no method call, no None test): ``State`` and ``Player`` are there
        names = _FIELDS[cls]
    except KeyError:
        names = _FIELDS[cls] = frozenset(f.name for f in fields(obj))  # type: ignore[arg-type]
    if not names.issuperset(changes):  # no set built per call: bots replace some 100,000 times a second
        raise TypeError(f"unknown fields {sorted(set(changes) - names)}")
    # dict(), not .copy(): a state made by the dataclass keeps its fields inline, and its
    # __dict__ is then a split dict sharing the class's keys; .copy() kept it split, and
    # Python 3.11 deoptimises every attribute read of an object with a split dict (the
    # read specialised on the hint finds no value there): state.pending, player.trains
    # took the long way, about three times as dear.  dict() of a split dict makes a
    # combined one, and dict() of a combined one clones it as fast as .copy().
    # (``{**a, **b}`` is that dict() and update(): two bytecodes each, not two calls)
    values = {**obj.__dict__, **changes}
    new = _new(cls)
    _set_attribute(new, "__dict__", values)  # (a frozen dataclass refuses attribute assignment)
    return new


_set_attribute = object.__setattr__
_new = object.__new__
#: The pending parts :meth:`State.top` was last asked for (held, so their id is not
#: reused; tuples never change) and their top frame.
_last_top: tuple[tuple[Pending, ...], tuple[Pending, ...]] = ((), ())


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
    #: end-game cards to lay out when the turn is over ("Zum Ende Deines Spielzuges
    #: ergänze die Auslage wieder auf 4 Karten"): system work after the confirm
    refill: int = 0
    final: dict[str, Any] = field(default_factory=dict)

    def order(self) -> tuple[str, ...]:
        """This round's turn order: clockwise from the start player."""
        return self.seats[self.start:] + self.seats[:self.start]

    def current(self) -> str | None:
        phase = self.phase
        if phase == "play":  # order()[turn % n], without building the order (asked per command; tested first)
            return self.seats[(self.start + self.turn) % len(self.seats)]
        if phase == "draft" and self.draft_index < len(self.drafters):
            return self.drafters[self.draft_index]
        if phase == "scoring" and self.scoring_index < len(self.scoring_order):
            return self.scoring_order[self.scoring_index]
        return None

    def player(self, seat: str) -> Player:
        return self.players[seat]

    def top(self) -> tuple[Pending, ...]:
        """The parts of the top frame: the ones that may be done now."""
        global _last_top
        pending = self.pending
        if not pending:
            return ()
        last = _last_top  # the listing, the deciders and the evaluation ask it of one state in turn
        if last[0] is pending:
            return last[1]
        frame = pending[0][3]
        # a loop, not a generator: a generator over ``frame`` made it a cell at every call
        # (Python 3.11; the top frame is asked for per command listed and decided)
        top = []
        for part in pending:
            if part[3] == frame:
                top.append(part)
        found = pending if len(top) == len(pending) else tuple(top)
        _last_top = (pending, found)  # one assignment: a thread reads a pair that belongs together
        return found

    def blocked(self) -> bool:
        """A part that must be done at once is open: nothing else may happen first."""
        for part in self.top():
            if part[0] in BLOCKING:
                return True
        return False

    def mandatory_open(self) -> bool:
        for part in self.pending:
            if part[0] in MANDATORY:
                return True
        return False

    def with_player(self, seat: str, **changes: Any) -> State:
        return replace(self, players=self.players_with(seat, **changes))

    def players_with(self, seat: str, **changes: Any) -> dict[str, Player]:
        """The players with ``seat``'s changed: for ``evolve`` to change them and other
        fields in one copy of the state (a state copies some thirty fields)."""
        players = dict(self.players)
        players[seat] = replace(players[seat], **changes)
        return players


#: The state a decision folds its second and later events into in place
#: (:class:`games.first_class.effects.Folding`, while one event's handler runs): the copy
#: its first event made, which nobody but that decision holds; :func:`replace` changes it
#: instead of copying it.  Named by identity, not by switching the state's class (as until
#: issue 26's sixth round): a handler reading states of either class found its attribute
#: reads specialised for the other one half the time (Python 3.11).  One name for every
#: thread: another thread's decision never holds this copy, so at worst it copies its own.
_working: State | None = None


def set_working(state: State | None) -> None:
    """Name the state :func:`replace` changes in place (None: none)."""
    global _working
    _working = state


_STATE_FIELDS = frozenset(f.name for f in fields(State))
_FIELDS[State] = _STATE_FIELDS
_FIELDS[Player] = frozenset(f.name for f in fields(Player))
