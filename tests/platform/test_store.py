"""The event store on a real Redis and on fakeredis: conditional, atomic, idempotent."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from events.envelope import Envelope
from events.settings import Settings
from events.store import Conflict, EventStore


def envs(first: int, n: int, command_id: str = "c") -> list[Envelope]:
    return [Envelope(seq=first + i, type="Thing", actor="p1", payload={"i": first + i}, turn=1, ts=0,
                     command_id=command_id) for i in range(n)]


def test_append_and_read_back(redis_client, prefix):
    store = EventStore(redis_client, prefix)
    result = store.append("g", 0, "c1", envs(1, 3))
    assert (result.first_seq, result.last_seq, result.duplicate) == (1, 3, False)
    assert [e.seq for e in store.read("g")] == [1, 2, 3]
    assert [e.seq for e in store.read("g", after=1, upto=2)] == [2]
    assert store.last_seq("g") == 3


def test_stale_expected_seq_conflicts_and_appends_nothing(redis_client, prefix):
    store = EventStore(redis_client, prefix)
    store.append("g", 0, "c1", envs(1, 2))
    with pytest.raises(Conflict) as err:
        store.append("g", 1, "c2", envs(2, 1))
    assert err.value.current_seq == 2
    assert store.last_seq("g") == 2 and len(store.read("g")) == 2


def test_repeated_command_id_returns_first_result(redis_client, prefix):
    store = EventStore(redis_client, prefix)
    store.append("g", 0, "c1", envs(1, 2))
    again = store.append("g", 2, "c1", envs(3, 2))
    assert (again.first_seq, again.last_seq, again.duplicate) == (1, 2, True)
    assert store.last_seq("g") == 2


def test_concurrent_appends_at_same_seq_one_wins(redis_client, prefix):
    store = EventStore(redis_client, prefix)
    store.append("g", 0, "create", envs(1, 1))
    barrier = threading.Barrier(16)
    outcomes: list[str] = []
    lock = threading.Lock()

    def contend(i: int) -> None:
        barrier.wait()
        try:
            store.append("g", 1, f"c{i}", envs(2, 3, f"c{i}"))
            outcome = "won"
        except Conflict:
            outcome = "conflict"
        with lock:
            outcomes.append(outcome)

    threads = [threading.Thread(target=contend, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("won") == 1 and outcomes.count("conflict") == 15
    log = store.read("g")
    assert [e.seq for e in log] == [1, 2, 3, 4]  # no gap, no duplicate
    assert len({e.command_id for e in log[1:]}) == 1  # one command's events landed together


def test_misnumbered_envelopes_are_refused(redis_client, prefix):
    store = EventStore(redis_client, prefix)
    with pytest.raises(ValueError):
        store.append("g", 0, "c", envs(2, 1))


def test_keys_of_a_game_share_one_hash_tag(redis_client, prefix):
    keys = EventStore(redis_client, prefix).keys.game("abc")
    tags = {k[k.index("{"):k.index("}") + 1] for k in (keys.log, keys.meta, keys.idem, keys.snap, keys.tokens)}
    assert tags == {"{abc}"}


def test_wait_returns_new_events(redis_client, prefix):
    store = EventStore(redis_client, prefix)
    store.append("g", 0, "c1", envs(1, 1))
    store.append("g", 1, "c2", envs(2, 1))
    assert [e.seq for e in store.wait("g", after=1, block_ms=10)] == [2]


def test_stream_reads_outlive_the_longest_block_and_others_time_out(real_redis_url):
    """Live streams block up to STELLWERK_STREAM_BLOCK_MS: their client's read timeout
    must be longer (a shorter one cut every stream after 5 s); every other client
    gives up soon, so a hung Redis does not hang requests."""
    from service import create_app

    app = create_app(dataclasses.replace(Settings.from_env(), redis_url=real_redis_url), send_task=False)
    store = app.extensions["stellwerk"].repository.store
    block_s = Settings.from_env().stream_block_ms / 1000
    assert store.blocking.connection_pool.connection_kwargs["socket_timeout"] > block_s
    assert store.redis.connection_pool.connection_kwargs["socket_timeout"] < block_s
