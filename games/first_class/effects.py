"""Carrying out effects while deciding: the kit's builder (:class:`games.kit.Decision`)
appends each event and folds it at once, so a consequence (the 5th car brings a post wagon, a conductor
enters a LOK tile) is decided on the state the earlier events made.

Every part of a card, a bonus or a reward becomes a pending part of one frame
(coins, points and locomotive steps too): the rules text lets the player carry
out the actions "ganz / teilweise" and forgo bonus parts ("Man darf auf
Bonus-Teile verzichten"), in an order it leaves open.  Steps for both conductors
are one part per train, so each may be walked or left.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from games.contract import Event
from games.kit import Decision

from . import coins, route, trains
from .data import RULES, Effect
from .evolve import HANDLERS, evolve
from .state import State, set_working

#: the kinds a pending part may have (besides post, celebrity, postcard and draft)
PARTS = ("car", "upgrade", "conductor", "end_card", "upgrade_or_car", "loco_or_conductor", "coins", "vp", "loco",
         "own_conductor")


#: A First Class decision: the kit's event builder, folding by First Class's ``evolve``.
Builder = Decision[State]


def begin(state: State, rng: random.Random | None = None) -> Builder:
    """The builder of one command's events (a fixed rng where nothing may be drawn)."""
    return Decision(state, evolve, rng)


class Folding(Decision[State]):
    """The builder ``decide`` uses: one copy of the state per command, not one per event.

    The first event that changes the state makes a copy (``evolve``'s handler);
    the later ones change that copy in place (:func:`~games.first_class.state.set_working`),
    which only this builder holds (``decide``'s rules read :attr:`state` between events,
    never keep an earlier one of its copies).  Issue 26:
    a taken card folds two to four events, and each made and sealed a whole state."""

    __slots__ = ("_own",)

    def __init__(self, state: State, rng: random.Random | None = None) -> None:
        super().__init__(state, evolve, rng)
        #: The copy an event of this decision made (None: still the state it started from).
        self._own: State | None = None

    def add(self, event: Event) -> Event:
        self.events.append(event)
        before = self.state
        handler = _handler(event.type)
        if handler is None:
            return event
        if before is self._own:  # the copy an earlier event made: changed in place
            set_working(before)
            try:
                after = handler(before, event.payload)  # type: ignore[arg-type]
            finally:
                set_working(None)
        else:
            after = handler(before, event.payload)  # type: ignore[arg-type]
        if after is not before:
            self._own = after
        self.state = after
        return event

    def finish(self) -> State:
        """The state after the events, a plain state like ``evolve``'s."""
        return self.state


#: ``HANDLERS.get`` bound once (an imported dict's method looked up per event otherwise).
_handler = HANDLERS.get


def parts(effects: Iterable[Effect], train: int = -1) -> list[list[Any]]:
    """The pending parts of ``effects``: ``conductors`` (both trains) becomes one
    part per train, ``own_conductor`` the post wagon's train; equal parts add up."""
    out: dict[tuple[str, int], int] = {}
    for kind, n in effects:
        if kind == "conductors":
            for t in (0, 1):
                out[("own_conductor", t)] = out.get(("own_conductor", t), 0) + n
        elif kind == "own_conductor":
            out[(kind, train)] = out.get((kind, train), 0) + n
        elif kind in PARTS:
            out[(kind, -1)] = out.get((kind, -1), 0) + n
        else:
            raise ValueError(f"unknown effect {kind!r}")
    return [[kind, n, t] for (kind, t), n in out.items() if n > 0]


def apply(b: Builder, seat: str, effects: Iterable[Effect], train: int = -1,
          extra: Iterable[list[Any]] = ()) -> None:
    """Queue the parts of ``effects`` (and ``extra`` ones) as a new frame on top."""
    items = parts(effects, train) + [list(x) for x in extra]
    if items:
        b.emit("EffectsQueued", {"seat": seat, "items": items, "front": True})


Step = list[Any]


def _part(consumes: int, step: Step | None) -> dict[str, Any]:
    """The payload naming the pending part an event carries out (none: nothing consumed)."""
    return {"consumes": consumes, "step": step} if step else {}


def gain_coins(b: Builder, seat: str, n: int, step: Step | None = None) -> None:
    """``n`` coins; ``step`` names the pending part they carry out, if any."""
    fields = coins.fields_for(b.state.player(seat).coins, n)
    b.emit("CoinsGained", {"seat": seat, "n": n, "fields": fields, "lost": n - len(fields), **_part(n, step)})


def move_loco(b: Builder, seat: str, steps: int, consumes: int = 0, step: Step | None = None) -> None:
    player = b.state.player(seat)
    to, points = route.move(player, steps)
    if to == player.loco and not consumes:
        return
    b.emit("LocoMoved", {"seat": seat, "steps": to - player.loco, "to": to, "points": points,
                         **_part(consumes, step)})


def move_conductor(b: Builder, seat: str, train: int, steps: int, consumes: int = 0,
                   step: Step | None = None) -> None:
    player = b.state.player(seat)
    room = trains.conductor_room(player, train)
    steps = min(steps, room)
    if steps <= 0 and not consumes:
        return
    to = player.conductors[train] + steps
    b.emit("ConductorMoved", {"seat": seat, "train": train, "steps": steps, "to": to, **_part(consumes, step)})
    if steps and b.state.player(seat).trains[train][to][0] == "lok" and \
            len(b.state.constantinople) < len(RULES.constantinople):
        place = len(b.state.constantinople)
        b.emit("ConstantinopleReached", {"seat": seat, "train": train, "place": place + 1,
                                         "vp": RULES.constantinople[place]})


def attach_car(b: Builder, seat: str, train: int, step: Step | None = None) -> None:
    b.emit("CarAttached", {"seat": seat, "train": train, **_part(1, step)})
    after_growth(b, seat, train)


def after_growth(b: Builder, seat: str, train: int) -> None:
    """The 5th car calls for a post wagon ("sofort": the player's choice, before
    anything else); the 9th card brings the top LOK tile and its bonus ("direkt")."""
    cars = b.state.player(seat).trains[train]
    if trains.needs_post(cars):
        b.emit("EffectsQueued", {"seat": seat, "items": [["post", 1, train]], "front": True})
    elif trains.needs_lok(cars) and b.state.lok_tiles:
        value = min(b.state.lok_tiles)
        b.emit("LokAttached", {"seat": seat, "train": train, "value": value})
        bonus = dict((v, bonus) for v, bonus in RULES.lok_tiles)[value]
        apply(b, seat, bonus)
