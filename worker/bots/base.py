"""The bot interface.

A bot plays one whole turn: ``choose_turn(table, seat, rng, budget_ms)`` gets a
:class:`events.local.LocalTable` over the game *as its seat may know it* (hidden
information resampled by the game's ``determinize``, a fake seed for future
draws), plays its turn on that table (the table is the bot's own copy to search
on) and returns the commands in order, normally ending with ``ConfirmTurn``.
The worker then appends them one by one, so the log and the replay read like a
person's turn.  Bots are deterministic for a given game seed and seq: all their
randomness comes from ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from events.envelope import any_barrier
from events.local import LocalTable
from games.contract import Command, IllegalMove

#: Commands bots never send on their own: undoing would let them wander forever, and
#: the seat belongs to its person (a bot never gives a seat back or hands one over).
NEVER = frozenset({"Undo", "RequestUndo", "AcceptUndo", "DeclineUndo", "TakeBack", "HandToBot"})


class Bot(Protocol):
    name: str

    def choose_turn(self, table: LocalTable, seat: str, rng: random.Random, budget_ms: int) -> list[Command]: ...


def options(table: LocalTable, seat: str) -> list[Command]:
    """The commands a bot may choose from now."""
    # without the Undo commands (in NEVER) from the start: a random Railroad Dice sub-move
    # listed some 1.5 of them, each a Command, and their undo points
    commands = table.legal(seat, undo=False)
    for c in commands:  # the listing itself (a new list) unless it holds one of NEVER (rare)
        if c.type in NEVER:
            return [c for c in commands if c.type not in NEVER]
    return commands


def still_moving(table: LocalTable, seat: str) -> bool:
    p = table.projection
    return p.turn_seat == seat or (p.turn_seat is None and seat in table.status().to_move)


def play_turn(table: LocalTable, seat: str, pick: Callable[[Sequence[Command]], Command],
              max_commands: int = 500, until_draw: bool = False) -> list[Command]:
    """Play the rest of ``seat``'s turn on ``table`` with ``pick`` choosing each
    sub-move; stops after ``ConfirmTurn`` (or when the seat no longer moves) and, with
    ``until_draw``, after a command that drew (a barrier event: a roll, a card)."""
    chosen: list[Command] = []
    for _ in range(max_commands):
        if not still_moving(table, seat):
            break
        legal = options(table, seat)
        if not legal:
            break
        command = pick(legal)
        envelopes = table.submit(seat, command)
        # the listed command itself when it is the seat's (a command is a frozen value)
        chosen.append(command if command.seat == seat else Command(command.type, seat, command.args))
        if command.type == "ConfirmTurn":
            break
        if until_draw and any_barrier(envelopes):
            return chosen
    return chosen


class PlayedPlan(NamedTuple):
    """What :func:`play_planned` did: the commands played (as the seat's, the confirmation
    included), whether the turn is over, and the first command the rules refused."""

    played: list[Command]
    over: bool
    refused: Command | None


def play_planned(table: LocalTable, seat: str, commands: Sequence[Command]) -> PlayedPlan:
    """Submit a planned turn on ``table`` as far as the rules accept it, then confirm it.

    A planner works on its own reading of the rules, so a command the rules refuse ends the
    plan there rather than the turn (nothing is confirmed when not one command was accepted)."""
    played: list[Command] = []
    refused = None
    for command in commands:
        try:
            table.submit(seat, command)
        except IllegalMove:
            refused = command
            break
        played.append(Command(command.type, seat, command.args))
    if played and still_moving(table, seat):
        confirm = next((c for c in options(table, seat) if c.type == "ConfirmTurn"), None)
        if confirm is None:
            return PlayedPlan(played, False, refused)
        table.submit(seat, confirm)
        played.append(Command(confirm.type, seat, {}))
    return PlayedPlan(played, bool(played), refused)
