"""Complete games between bots through the real rules, in memory (no Redis).

Each turn is computed exactly as the worker computes it (:func:`bot_turn`: the
seat's determinized view, its own rng) and then submitted command by command, so
a self-play game is a game the service could have played.
"""

from __future__ import annotations

from collections.abc import Sequence

from events.envelope import any_barrier
from events.local import LocalTable
from games.contract import Game, IllegalMove
from worker.bots.turns import bot_turn


class Stalled(RuntimeError):
    """No seat and no system work can move, but the game is not over."""


def play(game: Game, players: int, seed: str, levels: Sequence[str] = ("random",),
         options: dict | None = None, max_turns: int = 20_000, budget_ms: int = 1000) -> LocalTable:
    table = LocalTable.create(game, options or {}, players, seed=seed)
    seats = table.projection.seats
    level_of = {seat: levels[i % len(levels)] for i, seat in enumerate(seats)}
    for _ in range(max_turns):
        if table.status().over:
            return table
        if table.run_system():
            continue
        p = table.projection
        seat = p.turn_seat or next(iter(table.status().to_move), None)
        if seat is None:
            raise Stalled(f"{game.name} seed {seed}: nobody to move at seq {p.seq}")
        commands = bot_turn(p, seat, level_of[seat], budget_ms)
        if not commands:
            raise Stalled(f"{game.name} seed {seed}: bot {level_of[seat]} found no move at seq {p.seq}")
        for i, command in enumerate(commands):
            try:
                envelopes = table.submit(seat, command)
            except IllegalMove:
                if i == 0:
                    raise
                break  # the real position left the bot's simulation: decide again
            if any_barrier(envelopes):
                break  # the real draw may differ from the bot's simulation: decide again
    raise Stalled(f"{game.name} seed {seed}: no end after {max_turns} turns")
