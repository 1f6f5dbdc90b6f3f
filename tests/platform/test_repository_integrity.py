"""The repository and the append script against retries, races and finished games
(issue 9 items 4, 7 and 11), on a real Redis and fakeredis."""

from __future__ import annotations

import threading

import pytest

from events.repository import GameRepository, status_summary
from events.store import Conflict, EventStore, GameOver
from games.contract import SPECTATOR, Command, IllegalMove


@pytest.fixture
def repo(redis_client, prefix):
    return GameRepository(EventStore(redis_client, prefix), snapshot_every=10, cache_size=4)


def new_game(repo, rounds=2):
    record, _ = repo.create("tally", {"rounds": rounds}, [{"name": "a"}, {"name": "b"}], seed="s")
    return record.id


def test_a_command_id_reused_for_another_command_is_refused(repo):
    game_id = new_game(repo)
    seq = repo.projection(game_id).seq
    first = repo.execute(game_id, Command("Add", "p1", {"n": 1}), seq, "p1:x")
    again = repo.execute(game_id, Command("Add", "p1", {"n": 1}), seq, "p1:x")
    assert again.duplicate and (again.first_seq, again.last_seq) == (first.first_seq, first.last_seq)
    with pytest.raises(IllegalMove) as err:
        repo.execute(game_id, Command("Add", "p1", {"n": 2}), seq + 1, "p1:x")
    assert err.value.code == "platform.command_id_reused"
    assert repo.projection(game_id).seq == seq + 1


def test_a_retry_racing_its_first_request_gets_the_first_result(repo, monkeypatch):
    """Probe: 'seen before?' and the projection read were not atomic, so a retry that
    looked just before the first request appended got 409."""
    game_id = new_game(repo)
    seq = repo.projection(game_id).seq
    store = repo.store
    real_seen = store.seen_command
    calls = {"n": 0}

    def seen_then_race(gid, command_id):
        calls["n"] += 1
        answer = real_seen(gid, command_id)
        if calls["n"] == 1:  # the first request lands between our check and our read
            other = GameRepository(EventStore(store.redis, store.keys.prefix))
            other.execute(gid, Command("Add", "p1", {"n": 1}), seq, command_id)
        return answer

    monkeypatch.setattr(store, "seen_command", seen_then_race)
    result = repo.execute(game_id, Command("Add", "p1", {"n": 1}), seq, "p1:race")
    assert result.duplicate and result.first_seq == seq + 1
    assert repo.projection(game_id).seq == seq + 1


@pytest.mark.parametrize("redis_client", ["real"], indirect=True)
def test_concurrent_identical_retries_all_get_the_first_result(repo):
    game_id = new_game(repo)
    seq = repo.projection(game_id).seq
    for burst in range(5):
        results: list[object] = []
        barrier = threading.Barrier(12)

        def send(burst=burst, seq=seq, barrier=barrier, results=results):
            local = GameRepository(EventStore(repo.store.redis, repo.store.keys.prefix))
            barrier.wait()
            try:
                results.append(local.execute(game_id, Command("Add", "p1" if burst % 2 == 0 else "p2",
                                                              {"n": 1}), seq, f"burst-{burst}"))
            except (Conflict, IllegalMove) as exc:  # pragma: no cover - the defect
                results.append(exc)

        threads = [threading.Thread(target=send) for _ in range(12)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        firsts = {(r.first_seq, r.last_seq) for r in results if not isinstance(r, Exception)}
        assert not [r for r in results if isinstance(r, Exception)], results
        assert len(firsts) == 1 and sum(not r.duplicate for r in results) == 1
        seq = repo.projection(game_id).seq
        repo.execute(game_id, Command("ConfirmTurn", "p1" if burst % 2 == 0 else "p2", {}), seq, f"c-{burst}")
        p = repo.projection(game_id)
        if p.status().pending_system:
            repo.execute(game_id, Command("ScoreRound", "system", {}), p.seq, f"s-{burst}")
        seq = repo.projection(game_id).seq
        if repo.projection(game_id).status().over:
            break


def test_the_append_script_refuses_events_after_the_end(repo):
    game_id = new_game(repo, rounds=1)
    for seat in ("p1", "p2"):
        p = repo.projection(game_id)
        repo.execute(game_id, Command("Add", seat, {"n": 1}), p.seq, f"{seat}-a")
        repo.execute(game_id, Command("ConfirmTurn", seat, {}), p.seq + 1, f"{seat}-c")
    p = repo.projection(game_id)
    repo.execute(game_id, Command("ScoreRound", "system", {}), p.seq, "score")
    p = repo.projection(game_id)
    assert p.status().over and repo.store.meta(game_id)["over"] == "1"
    # Even a writer that skipped the rules cannot extend a finished log.
    from events import commands as platform
    from games.contract import Event

    envs = platform.to_envelopes(p, [Event("SeatTakenBack", {"seat": "p2"})], "p2", "sneak")
    with pytest.raises(GameOver):
        repo.store.append(game_id, p.seq, "sneak", envs, status_summary(p))
    with pytest.raises(IllegalMove) as err:
        repo.execute(game_id, Command("TakeBack", "p2", {}), p.seq, "p2-tb")
    assert err.value.code == "platform.game_over"


def test_a_stale_command_from_another_seat_learns_only_the_public_seq(repo):
    game_id = new_game(repo)
    public = repo.projection(game_id).seq
    repo.execute(game_id, Command("Add", "p1", {"n": 1}), public, "p1-a")
    repo.execute(game_id, Command("Add", "p1", {"n": 1}), public + 1, "p1-b")
    # p2 sends with a made-up seq: the 409 names the seq p2 can see.
    with pytest.raises(Conflict) as err:
        repo.execute(game_id, Command("RequestUndo", "p2", {"to_seq": 0}), public + 2, "p2-probe")
    assert err.value.current_seq == public
    # With the public seq p2 is heard (and refused on the rules, not on the seq).
    with pytest.raises(IllegalMove):
        repo.execute(game_id, Command("RequestUndo", "p2", {"to_seq": 0}), public, "p2-real")
    # The lobby's summary did not move either.
    summary = repo.store.meta(game_id)["status"]
    assert f'"seq":{public}' in summary and "turn_seat" not in summary
    assert repo.projection(game_id).visible_seq(SPECTATOR) == public
