"""LocalTable.decision_points: the positions where a seat decides, system work run between."""

from __future__ import annotations

import random

from events.local import LocalTable
from tests.fixture_game import GAME as TALLY


def test_a_game_played_through_its_decision_points_ends_and_each_seat_may_move():
    table = LocalTable.create(TALLY, {}, 3, seed="decision-points")
    rng = random.Random(1)
    seen = 0
    for p, seat in table.decision_points(5000):
        assert p is table.projection
        assert not p.whose_turn().pending_system or p.tail
        assert seat == p.turn_seat or seat in p.whose_turn().to_move
        legal = [c for c in table.legal(seat) if c.type != "Undo"]
        table.submit(seat, rng.choice(legal))
        seen += 1
    assert table.status().over
    assert seen > 3


def test_the_limit_stops_the_walk():
    table = LocalTable.create(TALLY, {}, 2, seed="decision-points-limit")
    assert len(list(table.decision_points(1))) <= 1
