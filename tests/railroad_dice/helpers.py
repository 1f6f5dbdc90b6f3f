"""Shared helpers for the Railroad Dice tests: tables, states built by hand, random play."""

from __future__ import annotations

import random
from typing import Any

from events.local import LocalTable
from events.projection import fold
from games.contract import SYSTEM, Command
from games.railroad_dice import GAME
from games.railroad_dice.state import State

PLATFORM_ONLY = {"Undo", "RequestUndo", "AcceptUndo", "DeclineUndo", "HandToBot", "TakeBack"}


def table(players: int = 2, seed: str = "rd") -> LocalTable:
    return LocalTable.create(GAME, {}, players, seed=seed)


def dice_total(state: State) -> int:
    """Bank + behind the screens + in front + on the tiles: always the 40 railroad dice."""
    return (state.bank + sum(state.screen.values()) + sum(state.front_total(s) for s in state.seats)
            + state.dice_on_tiles())


def step(t: LocalTable, rng: random.Random, confirm_weight: float = 0.2) -> Command | None:
    """One random legal move (or system work); None when the game is over."""
    status = t.status()
    if status.over:
        return None
    if status.pending_system and not t.projection.tail:
        command = Command(status.pending_system[0], SYSTEM, {})
        t.submit(SYSTEM, command)
        return command
    seat = t.projection.turn_seat or status.to_move[0]
    legal = [c for c in t.legal(seat) if c.type not in PLATFORM_ONLY]
    confirm = [c for c in legal if c.type == "ConfirmTurn"]
    moves = [c for c in legal if c.type != "ConfirmTurn"]
    # Rolls are many (every mix of dice); choose the kind of move first, then the move.
    if confirm and (not moves or rng.random() < confirm_weight):
        command = confirm[0]
    else:
        kinds = sorted({c.type for c in moves})
        kind = rng.choice(kinds)
        command = rng.choice([c for c in moves if c.type == kind])
    t.submit(seat, command)
    return command


def play_out(players: int, seed: str, limit: int = 4000, check: Any = None) -> LocalTable:
    t = table(players, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if step(t, rng) is None:
            break
        if check is not None:
            check(t)
    return t


def refold(t: LocalTable) -> Any:
    return fold(GAME, t.log).live



# -- states built by hand, for scenario tests ------------------------------------------------

def fresh(players: int = 2, seed: str = "rd") -> State:
    """The state right after set-up, p1 to move (the start player is set to p1)."""
    state = table(players, seed).state.clone()
    state.start = 0
    return state


def run(state: State, seat: str, command_type: str, rng_seed: int = 1, **args: Any) -> tuple[State, list]:
    """Decide ``command_type`` for ``seat`` and fold its events: (new state, events)."""
    events = GAME.decide(state, Command(command_type, seat, args), random.Random(rng_seed))
    for event in events:
        state = GAME.evolve(state, event)
    return state, events


def confirm(state: State, seat: str) -> State:
    from games.contract import TURN_CONFIRMED, Event

    return GAME.evolve(state, Event(TURN_CONFIRMED, {"seat": seat}))


def give(state: State, seat: str, **faces: int) -> State:
    """Put dice in front of ``seat`` (taken from the bank, so the 40 stay 40)."""
    for face, n in faces.items():
        state.front[seat][face] += n
        state.bank -= n
    return state


def lay_tile(state: State, pos: str, tile: str, rot: int = 0, board: bool = False) -> None:
    """Put a small tile on the map (and a large one in play when ``board``)."""
    state.tiles[pos] = {"type": tile, "rot": rot}
    state.small_left[tile] -= 1
    state.mountains.setdefault(pos, pos)
    if board:
        state.boards[pos] = {}


def put(state: State, pos: str, r: int, c: int, kind: str = "straight", sides: tuple = (0, 2),
        company: str | None = None) -> None:
    """A piece on a large tile (a die from the bank, or a station)."""
    piece: dict[str, Any] = {"kind": kind, "sides": list(sides)}
    if company:
        piece["company"] = company
        state.stations.append({"company": company, "pos": pos, "field": [r, c], "kind": "meadow", "cost": 3})
    else:
        state.bank -= 1
    state.boards[pos][f"{r},{c}"] = piece
