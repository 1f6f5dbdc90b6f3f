"""Emil through the platform on Redis (issue 12): his cards are system work that the
worker picks up (``events.work.next_work``) and appends like any system command; the
player moves after each of his cards, and Emil is due again after the player's turn."""

from __future__ import annotations

import pytest

from events import commands as platform
from events.repository import GameRepository
from events.store import EventStore
from events.work import next_work
from games.contract import SYSTEM, Command, IllegalMove


@pytest.fixture
def repo(redis_client, prefix):
    return GameRepository(EventStore(redis_client, prefix), snapshot_every=10, cache_size=4)


def test_a_solo_table_hands_emils_cards_to_the_worker_and_the_player_moves_after(repo):
    record, _tokens = repo.create("russian_railroads", {}, [{"name": "solo"}], seed="emil-1")
    p = repo.projection(record.id)
    assert p.status().pending_system == ("EmilTurn",) and p.status().to_move == ()
    work = next_work(p)
    assert work is not None and work.actor == SYSTEM and work.seq == p.seq
    with pytest.raises(IllegalMove):  # the player waits for Emil
        repo.execute(record.id, Command("Pass", "p1", {}), p.seq, "too-early")

    # what the worker does: decide the system command on that seq, append with it
    repo.execute(record.id, Command("EmilTurn", SYSTEM, {}), work.seq, f"work-{work.seq}")
    p = repo.projection(record.id)
    assert p.status().to_move == ("p1",) and not p.status().pending_system
    assert p.live.emil["discard"]  # at least one card was turned up
    assert next_work(p) is None  # nothing for the worker while the player thinks

    # the player's turn: one placement, its sub-moves, confirm; then Emil is due again
    place = next(c for c in platform.legal_commands(p, "p1") if c.type == "PlaceWorkers")
    repo.execute(record.id, place, p.seq, "p1-place")
    p = repo.projection(record.id)
    while p.live.pending:
        moves = [c for c in platform.legal_commands(p, "p1") if c.type not in ("ConfirmTurn", "Undo")]
        if not moves:
            break
        repo.execute(record.id, moves[0], p.seq, f"p1-{p.seq}")
        p = repo.projection(record.id)
    repo.execute(record.id, Command("ConfirmTurn", "p1", {}), p.seq, "p1-confirm")
    p = repo.projection(record.id)
    assert p.status().pending_system == ("EmilTurn",)
    assert next_work(p) is not None
