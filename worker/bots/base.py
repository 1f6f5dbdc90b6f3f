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
from typing import Protocol

from events.local import LocalTable
from games.contract import Command

#: Commands bots never send on their own: undoing would let them wander forever, and
#: the seat belongs to its person (a bot never gives a seat back or hands one over).
NEVER = frozenset({"Undo", "RequestUndo", "AcceptUndo", "DeclineUndo", "TakeBack", "HandToBot"})


class Bot(Protocol):
    name: str

    def choose_turn(self, table: LocalTable, seat: str, rng: random.Random, budget_ms: int) -> list[Command]: ...


def options(table: LocalTable, seat: str) -> list[Command]:
    """The commands a bot may choose from now."""
    return [c for c in table.legal(seat) if c.type not in NEVER]


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
        chosen.append(Command(command.type, seat, command.args))
        if command.type == "ConfirmTurn" or (until_draw and any(e.barrier for e in envelopes)):
            break
    return chosen
