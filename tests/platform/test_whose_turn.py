"""``Projection.whose_turn`` (the part of the status the turn machinery reads, from the
game's quick ``turn`` answer) must say what the full status says, or a command would be
refused or listed where the status allows otherwise.  Checked at every position of a
random game of every registered game, plus the fallback for a game without the hook."""

from __future__ import annotations

import random

import pytest

from events.local import LocalTable
from events.projection import _replace
from games import registry
from games.contract import Turn


def _expected(p) -> Turn:  # type: ignore[no-untyped-def]
    status = p.game.status(p.live)
    return Turn(status.to_move, status.pending_system, status.over)


@pytest.mark.parametrize("name", registry.names())
def test_whose_turn_agrees_with_the_status(name: str) -> None:
    game = registry.get(name)
    table = LocalTable.create(game, {}, seats=game.min_players, seed=f"whose-turn-{name}")
    rng = random.Random(3)
    checked = 0
    for _ in range(400):
        p = table.projection
        assert p.whose_turn() == _expected(p)
        checked += 1
        if table.run_system():
            continue
        if p.whose_turn().over:
            break
        seat = p.turn_seat or p.whose_turn().to_move[0]
        legal = table.legal(seat, undo=False)
        if not legal:
            break
        table.submit(seat, rng.choice(legal))
    assert checked > 10


def test_a_game_without_the_hook_is_asked_for_its_status() -> None:
    game = registry.get("first_class")
    table = LocalTable.create(game, {}, seats=2, seed="whose-turn-fallback")

    class NoHook:
        """The game seen as one not on the kit: only ``status``."""

        def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
            return getattr(game, name)

    p = _replace(table.projection, game=NoHook())
    assert p.whose_turn() == _expected(table.projection)
