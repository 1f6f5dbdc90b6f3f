"""Complete games between bots through the real rules, in memory (no Redis).

Each turn is computed exactly as the worker computes it (:func:`bot_turn`: the
seat's determinized view, its own rng) and then submitted command by command, so
a self-play game is a game the service could have played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from events.envelope import Envelope, any_barrier
from events.local import LocalTable
from games.contract import SYSTEM, Command, Game, IllegalMove
from worker.bots.turns import bot_turn

#: How :func:`drive` submits a command (``LocalTable.submit``'s shape).
Submit = Callable[[str, Command], list[Envelope]]


class Stalled(RuntimeError):
    """No seat and no system work can move, but the game is not over."""


def play(game: Game, players: int, seed: str, levels: Sequence[str] = ("random",),
         options: dict | None = None, max_turns: int = 20_000, budget_ms: int = 1000) -> LocalTable:
    table = LocalTable.create(game, options or {}, players, seed=seed)
    seats = table.projection.seats
    level_of = {seat: levels[i % len(levels)] for i, seat in enumerate(seats)}
    drive(table, level_of, budget_ms, max_turns=max_turns, name=f"{game.name} seed {seed}")
    return table


def drive(table: LocalTable, level_of: Mapping[str, str], budget_ms: int = 1000, max_turns: int = 20_000,
          stop: Callable[[], bool] | None = None, submit: Submit | None = None, name: str = "game") -> None:
    """Play ``table`` on until the game is over (or ``stop()``): pending system work first,
    then each seat's turn from :func:`bot_turn`.  ``submit`` (default ``table.submit``)
    sees every command, system work included: a script that records a game passes its own."""
    submit = submit or table.submit
    for _ in range(max_turns):
        if table.status().over or (stop is not None and stop()):
            return
        p = table.projection
        pending = p.whose_turn().pending_system
        if pending and not p.tail:
            submit(SYSTEM, Command(pending[0], SYSTEM, {}))
            continue
        seat = p.turn_seat or next(iter(table.status().to_move), None)
        if seat is None:
            raise Stalled(f"{name}: nobody to move at seq {p.seq}")
        commands = bot_turn(p, seat, level_of[seat], budget_ms)
        if not commands:
            raise Stalled(f"{name}: bot {level_of[seat]} found no move at seq {p.seq}")
        for i, command in enumerate(commands):
            try:
                envelopes = submit(seat, command)
            except IllegalMove:
                if i == 0:
                    raise
                break  # the real position left the bot's simulation: decide again
            if any_barrier(envelopes):
                break  # the real draw may differ from the bot's simulation: decide again
    raise Stalled(f"{name}: no end after {max_turns} turns")
