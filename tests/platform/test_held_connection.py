"""The append path's own connection: one per thread, fresh after a fork, and
re-made when the server drops it — without an append lost or made twice."""

from __future__ import annotations

import os
import threading

import redis

from events.envelope import Envelope
from events.store import EventStore


def env(seq: int, command_id: str) -> list[Envelope]:
    return [Envelope(seq=seq, type="Thing", actor="p1", payload={"i": seq}, turn=1, ts=0, command_id=command_id)]


def client_ids(client: redis.Redis, name: str) -> set[str]:
    return {c["id"] for c in client.client_list() if c.get("name") == name}


def named(real_redis_url: str, name: str) -> redis.Redis:
    return redis.Redis.from_url(real_redis_url, client_name=name)


def test_each_thread_appends_on_its_own_connection(real_redis_url, prefix):
    name = f"held-{prefix}"
    client = named(real_redis_url, name)
    store = EventStore(client, prefix)
    appended = threading.Barrier(5)
    listed = threading.Event()

    def appender(game: str) -> None:
        for seq in range(1, 6):
            store.append(game, seq - 1, f"{game}:{seq}", env(seq, f"{game}:{seq}"))
        # Stay alive until the connections are listed: a finished thread's held
        # connection goes with its thread-local storage, at a moment of its own.
        appended.wait(timeout=30)
        listed.wait(timeout=30)

    threads = [threading.Thread(target=appender, args=(f"g{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    appended.wait(timeout=30)
    seen = [client_ids(client, name)]
    listed.set()
    for t in threads:
        t.join()
    # Four held connections (one per thread) plus the pool's own for CLIENT LIST.
    assert len(seen[0]) == 5
    assert all(store.last_seq(f"g{i}") == 5 for i in range(4))
    client.close()


def test_a_dropped_connection_is_made_anew_and_the_append_happens_once(real_redis_url, prefix):
    name = f"drop-{prefix}"
    client = named(real_redis_url, name)
    store = EventStore(client, prefix)
    store.append("g", 0, "c1", env(1, "c1"))
    admin = redis.Redis.from_url(real_redis_url)
    for cid in client_ids(admin, name):
        admin.client_kill_filter(_id=cid)
    result = store.append("g", 1, "c2", env(2, "c2"))
    assert (result.first_seq, result.duplicate) == (2, False)
    assert [e.seq for e in store.read("g")] == [1, 2]
    admin.close()
    client.close()


def test_a_forked_child_does_not_use_its_parents_connection(real_redis_url, prefix):
    name = f"fork-{prefix}"
    client = named(real_redis_url, name)
    store = EventStore(client, prefix)
    store.append("g", 0, "c1", env(1, "c1"))
    parent = client_ids(client, name)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: append, report its connection ids, leave without cleanup
        try:
            store.append("g", 1, "c2", env(2, "c2"))
            os.write(write, ",".join(sorted(client_ids(client, name))).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        during = set(pipe.read().split(","))
    os.waitpid(pid, 0)
    # The child made a connection of its own and the parent's keeps working.
    assert len(during - parent) >= 1
    store.append("g", 2, "c3", env(3, "c3"))
    assert [e.seq for e in store.read("g")] == [1, 2, 3]
    client.close()
