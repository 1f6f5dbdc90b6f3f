"""Walking a local table through a game, for tests that look at the positions on the way."""

from __future__ import annotations

from collections.abc import Iterator

from events.local import LocalTable


def turns(table: LocalTable, steps: int) -> Iterator[tuple[int, str]]:
    """The table's steps, at most ``steps``, until the game is over.  A step with system
    work (round scoring, a draw) runs one piece of it; at every other step its number and
    the seat to move are yielded, and the caller plays that seat's move (or stops)."""
    for step in range(steps):
        if table.status().over:
            return
        if table.run_system():
            continue
        yield step, table.projection.turn_seat or table.status().to_move[0]
