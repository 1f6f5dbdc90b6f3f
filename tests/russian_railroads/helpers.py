"""Shared helpers for the Russian Railroads tests: fold events, play random games."""

from __future__ import annotations

import random
from typing import Any

from games.contract import SYSTEM, TURN_CONFIRMED, Command, Event
from games.russian_railroads import GAME
from games.russian_railroads.legal import has_mandatory
from games.russian_railroads.state import State

SEATS = ("p1", "p2", "p3", "p4")


def fold(events: list[Event], state: State | None = None) -> State:
    state = GAME.initial_state() if state is None else state
    for event in events:
        state = GAME.evolve(state, event)
    return state


def new_game(players: int = 4, seed: int = 1, options: dict[str, Any] | None = None) -> tuple[State, list[Event]]:
    seats = list(SEATS[:players])
    events = GAME.setup(options or {}, seats, random.Random(seed))
    return fold(events), events


def act(state: State, seat: str, ctype: str, log: list[Event] | None = None, **args: Any) -> State:
    events = GAME.decide(state, Command(ctype, seat, args), random.Random(0))
    if log is not None:
        log.extend(events)
    return fold(events, state)


def confirm(state: State, log: list[Event] | None = None) -> State:
    event = Event(TURN_CONFIRMED, {"seat": state.current})
    if log is not None:
        log.append(event)
    return GAME.evolve(state, event)


def run_system(state: State, log: list[Event] | None = None, rng: random.Random | None = None) -> State:
    while GAME.status(state).pending_system:
        name = GAME.status(state).pending_system[0]
        events = GAME.decide(state, Command(name, SYSTEM, {}), random.Random(rng.random() if rng else 0))
        if log is not None:
            log.extend(events)
        state = fold(events, state)
    return state


def play_random(players: int, seed: int, check: Any = None, max_moves: int = 20000,
                options: dict[str, Any] | None = None) -> tuple[State, list[Event]]:
    """A random legal-move bot plays a whole game; returns the final state and log."""
    rng = random.Random(seed)
    state, log = new_game(players, seed, options)
    for _ in range(max_moves):
        status = GAME.status(state)
        if status.over:
            return state, log
        if status.pending_system:
            state = run_system(state, log, rng if state.emil is not None else None)
            continue
        seat = status.to_move[0]
        legal = GAME.legal_commands(state, seat)
        if check is not None:
            check(state, seat, legal, rng)
        can_confirm = state.acted and not has_mandatory(state, seat)
        if can_confirm and (not legal or rng.random() < 0.25):
            state = confirm(state, log)
            continue
        assert legal, f"seat {seat} stuck: no legal command and cannot confirm ({GAME.open_actions(state, seat)})"
        command = rng.choice(legal)
        events = GAME.decide(state, command, random.Random(rng.random()))
        log.extend(events)
        state = fold(events, state)
    raise AssertionError("game did not end")


def started(players: int = 4, seed: int = 1) -> State:
    """A game after the start-bonus draft (everybody drafting takes the coin card
    or the first card left), at the first turn of round 1."""
    state, _ = new_game(players, seed)
    while state.phase == "draft":
        card = "coin" if "coin" in state.draft_cards else state.draft_cards[0]
        state = act(state, state.current, "ChooseStartBonus", card=card)
        while state.pending:
            cmd = GAME.legal_commands(state, state.current)[0]
            state = fold(GAME.decide(state, cmd, random.Random(0)), state)
        state = confirm(state)
    return state


def at_turn(players: int = 4, seat: str = "p1", seed: int = 1) -> State:
    """A started game where ``seat`` is to move (turn order forced to start with it)."""
    state = started(players, seed)
    order = [seat] + [s for s in state.order if s != seat]
    state.order = order
    state.current = seat
    return state


def player(state: State, seat: str = "p1"):
    """The player object of ``seat`` for a test to arrange (test-owned state)."""
    return state.mut(seat)


def illegal_code(state: State, seat: str, ctype: str, **args: Any) -> str:
    from games.contract import IllegalMove

    try:
        GAME.decide(state, Command(ctype, seat, args), random.Random(0))
    except IllegalMove as exc:
        return exc.code
    raise AssertionError(f"{ctype} {args} was accepted")


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def decide(state: State, seat: str, ctype: str, **args: Any) -> list[Event]:
    return GAME.decide(state, Command(ctype, seat, args), random.Random(0))
