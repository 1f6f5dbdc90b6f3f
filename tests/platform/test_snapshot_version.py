"""Issue 23: a snapshot records the game's ``state_version``, and one of another
version is never loaded: after a rules change the projection is folded from the log."""

from __future__ import annotations

import pytest

from events import commands as platform
from events import snapshots
from events.projection import fold
from events.repository import GameRepository
from events.store import EventStore
from games import registry
from games.contract import Command
from games.kit import hooks
from tests.platform.test_repository import new_game


@pytest.fixture
def repo(redis_client, prefix):
    return GameRepository(EventStore(redis_client, prefix), snapshot_every=10_000, cache_size=4)


def test_a_snapshot_of_another_state_version_is_not_loaded(repo, monkeypatch):
    game_id, _ = new_game(repo, rounds=2)
    p = repo.projection(game_id)
    n = 0
    while n < 6 or not snapshots.can_snapshot(p):  # a few moves, on to a confirmed boundary
        pending = p.status().pending_system
        seat = p.turn_seat or (p.status().to_move + ("system",))[0]
        if pending:
            command = Command(pending[0], "system", {})
        elif p.tail and not platform.mandatory_open(p, seat):
            command = Command("ConfirmTurn", seat, {})
        else:
            command = Command("Add", seat, {"n": 1 + n % 3})
        repo.execute(game_id, command, p.seq, f"v{n}")
        p, n = repo.projection(game_id), n + 1
    game = registry.get("tally")
    data = snapshots.dump(p)
    assert data["state_version"] == hooks.state_version(game) == 1
    # A doctored snapshot: whoever loads it sees 99 points for p1.
    data["state"]["points"]["p1"] = 99
    repo.store.save_snapshot(game_id, p.seq, data)
    fresh = GameRepository(repo.store, snapshot_every=10_000)
    assert fresh.projection(game_id).confirmed.points["p1"] == 99  # same version: the snapshot is used

    monkeypatch.setattr(type(game), "state_version", 2)  # a rules change that changes the state
    assert not snapshots.usable(data, game)
    rebuilt = GameRepository(repo.store, snapshot_every=10_000).projection(game_id)
    truth = fold(game, repo.store.read(game_id))
    assert rebuilt.confirmed == truth.confirmed and rebuilt.confirmed.points["p1"] != 99


def test_snapshots_from_before_the_field_count_as_version_1():
    game = registry.get("tally")
    old = {"format": snapshots.FORMAT}
    assert snapshots.usable(old, game)
    assert not snapshots.usable({"format": snapshots.FORMAT - 1, "state_version": 1}, game)
