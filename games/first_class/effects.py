"""Carrying out effects while deciding: the kit's builder (:class:`games.kit.Decision`)
appends each event and folds it at once, so a consequence (the 5th car brings a post wagon, a conductor
enters a LOK tile) is decided on the state the earlier events made.

Effects that need no choice (coins, locomotive steps, both conductors, points)
happen at once; those that do (new car, upgrade, split conductor steps, an
end-game card, a post wagon, a celebrity or postcard) become pending steps.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from games.kit import Decision

from . import coins, route, trains
from .data import RULES, Effect
from .evolve import evolve
from .state import State

#: effects that wait for the player's choice, as pending steps
CHOICES = ("car", "upgrade", "conductor", "end_card", "upgrade_or_car", "loco_or_conductor")


#: A First Class decision: the kit's event builder, folding by First Class's ``evolve``.
Builder = Decision[State]


def begin(state: State, rng: random.Random | None = None) -> Builder:
    """The builder of one command's events (a fixed rng where nothing may be drawn)."""
    return Decision(state, evolve, rng)


def apply(b: Builder, seat: str, effects: Iterable[Effect], front: bool = True, train: int = -1) -> None:
    """Do the automatic effects now and queue the choices (in their order)."""
    queued: list[list[Any]] = []
    for kind, n in effects:
        if kind in CHOICES:
            queued.append([kind, n, -1])
        elif kind == "coins":
            gain_coins(b, seat, n)
        elif kind == "vp":
            b.emit("PointsScored", {"seat": seat, "vp": n, "reason": "effect"})
        elif kind == "loco":
            move_loco(b, seat, n)
        elif kind == "conductors":
            for t in (0, 1):
                move_conductor(b, seat, t, n)
        elif kind == "own_conductor":
            move_conductor(b, seat, train, n)
        else:
            raise ValueError(f"unknown effect {kind!r}")
    if queued:
        b.emit("EffectsQueued", {"seat": seat, "items": queued, "front": front})


def gain_coins(b: Builder, seat: str, n: int) -> None:
    fields = coins.fields_for(b.state.player(seat).coins, n)
    b.emit("CoinsGained", {"seat": seat, "n": n, "fields": fields, "lost": n - len(fields)})


def move_loco(b: Builder, seat: str, steps: int, consumes: int = 0) -> None:
    player = b.state.player(seat)
    to, points = route.move(player, steps)
    if to != player.loco or consumes:
        b.emit("LocoMoved", {"seat": seat, "steps": to - player.loco, "to": to, "points": points,
                             "consumes": consumes})


def move_conductor(b: Builder, seat: str, train: int, steps: int, consumes: int = 0) -> None:
    player = b.state.player(seat)
    room = trains.conductor_room(player, train)
    steps = min(steps, room)
    if steps <= 0 and not consumes:
        return
    to = player.conductors[train] + steps
    b.emit("ConductorMoved", {"seat": seat, "train": train, "steps": steps, "to": to, "consumes": consumes})
    if steps and b.state.player(seat).trains[train][to][0] == "lok" and \
            len(b.state.constantinople) < len(RULES.constantinople):
        place = len(b.state.constantinople)
        b.emit("ConstantinopleReached", {"seat": seat, "train": train, "place": place + 1,
                                         "vp": RULES.constantinople[place]})


def attach_car(b: Builder, seat: str, train: int, consumes: int = 1) -> None:
    b.emit("CarAttached", {"seat": seat, "train": train, "consumes": consumes})
    after_growth(b, seat, train)


def after_growth(b: Builder, seat: str, train: int) -> None:
    """The 5th car calls for a post wagon (the player's choice, first of all steps);
    the 9th card brings the top LOK tile and its bonus."""
    cars = b.state.player(seat).trains[train]
    if trains.needs_post(cars):
        b.emit("EffectsQueued", {"seat": seat, "items": [["post", 1, train]], "front": True})
    elif trains.needs_lok(cars) and b.state.lok_tiles:
        value = min(b.state.lok_tiles)
        b.emit("LokAttached", {"seat": seat, "train": train, "value": value})
        bonus = dict((v, bonus) for v, bonus in RULES.lok_tiles)[value]
        apply(b, seat, bonus)
