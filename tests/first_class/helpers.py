"""Scenario helpers: a dealt 2-4 player game after the end-card draft, positions
built from it with ``dataclasses.replace``, and commands decided and folded."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from games.contract import TURN_CONFIRMED, Command, Event
from games.first_class import GAME
from games.first_class.state import State


def fold(events: list[Event], state: State | None = None) -> State:
    state = state or GAME.initial_state()
    for event in events:
        state = GAME.evolve(state, event)
    return state


def new_game(players: int = 2, seed: int = 1) -> State:
    """Set up and draft (every drafter keeps the first card of the hand)."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = fold(GAME.setup({}, seats, random.Random(seed)))
    while state.phase == "draft":
        seat = state.current()
        state, _ = play(state, seat, "DraftEndCard", card=state.draft_hand[0])
        state = confirm(state, seat)
    return state


def play(state: State, seat: str, type_: str, rng: int = 0, **args: Any) -> tuple[State, list[Event]]:
    events = GAME.decide(state, Command(type_, seat, args), random.Random(rng))
    return fold(events, state), events


def confirm(state: State, seat: str) -> State:
    return GAME.evolve(state, Event(TURN_CONFIRMED, {"seat": seat}))


def train(*cards: Any) -> tuple:
    """``train(12, 7, "post", 0, "lok")``: levels, ``"post"`` and ``"lok"`` (value 5)."""
    out = []
    for c in cards:
        if c == "post":
            out.append(("post", "post_coins", False))
        elif c == "lok":
            out.append(("lok", 5, False))
        else:
            out.append(("car", c, False))
    return tuple(out)


def with_trains(state: State, seat: str, first: tuple, second: tuple | None = None) -> State:
    second = second if second is not None else state.player(seat).trains[1]
    return state.with_player(seat, trains=(first, second))


def pending(state: State, *items: tuple[str, int, int]) -> State:
    """The card taken and ``items`` open as one frame of parts ``(kind, n, train)``."""
    return replace(state, pending=tuple((*item, 1) for item in items), took=True)


def parts(state: State) -> tuple[tuple[str, int, int], ...]:
    """The open parts as ``(kind, n, train)``, top frame first."""
    return tuple(p[:3] for p in state.pending)


def do_all(state: State, seat: str) -> State:
    """Carry out every automatic part (coins, points, locomotive steps in full) of the top frames."""
    automatic = {"coins": "TakeCoins", "vp": "TakePoints", "loco": "MoveLoco"}
    while state.pending and state.pending[0][0] in automatic:
        kind, n, _, _ = state.pending[0]
        args = {"steps": n} if kind == "loco" else {}
        state, _ = play(state, seat, automatic[kind], **args)
    return state


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]
