"""Complete games between bots through the real rules, in memory (no Redis).

Bots see only their seat's view and get their legal commands from the platform,
exactly as in the worker, so a self-play game is a game the service could have
played.
"""

from __future__ import annotations

from collections.abc import Sequence

from events.local import LocalTable
from events.redaction import view
from games.contract import Game
from games.rng import rng_for
from worker import bots


class Stalled(RuntimeError):
    """No seat and no system work can move, but the game is not over."""


def play(game: Game, players: int, seed: str, levels: Sequence[str] = ("random",),
         options: dict | None = None, max_commands: int = 200_000, budget_ms: int = 1000) -> LocalTable:
    table = LocalTable.create(game, options or {}, players, seed=seed)
    seats = table.projection.seats
    level_of = {seat: levels[i % len(levels)] for i, seat in enumerate(seats)}
    for _ in range(max_commands):
        if table.status().over:
            return table
        if table.run_system():
            continue
        p = table.projection
        seat = p.turn_seat or next(iter(table.status().to_move), None)
        if seat is None:
            raise Stalled(f"{game.name} seed {seed}: nobody to move at seq {p.seq}")
        legal = table.legal(seat)
        rng = rng_for(p.seed, p.seq, salt=f"bot:{seat}")
        command = bots.get(level_of[seat]).choose(view(p, seat), seat, legal, rng, budget_ms)
        table.submit(seat, command)
    raise Stalled(f"{game.name} seed {seed}: no end after {max_commands} commands")
