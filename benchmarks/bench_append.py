"""Appends per second through ``EventStore.append`` against raw single-client ``XADD``,
on the same Redis in the same run (a script, not a test).

Raw: one client, one ``XADD`` per event (explicit id, the same JSON payload).  Store:
one client, one ``EventStore.append`` per event (one event per command, the worst
case: serialise the envelope, EVALSHA of append.lua = idempotency check, seq check,
XADD, meta and idempotency HSETs).  Target (issue 17): store >= 70% of raw.

The store sends its append on a connection it holds per thread
(``events/held_connection.py``), skipping redis-py's pool and instrumentation;
``raw_xadd_held`` is the same bare ``XADD`` over such a connection, so that the
figure also shows what the script costs against the leanest possible client.

    python benchmarks/bench_append.py [--n 20000] [--redis-url URL]
"""

from __future__ import annotations

import argparse
import json
import time
import uuid

import _common  # noqa: F401  (sys.path)
import redis

from events.envelope import Envelope
from events.store import EventStore


def envelope(seq: int) -> Envelope:
    return Envelope(seq=seq, type="Added", actor="p1", payload={"seat": "p1", "n": 2}, turn=seq // 3,
                    ts=1_700_000_000_000 + seq, command_id=f"p1:{uuid.UUID(int=seq).hex}")


def raw_xadd(client: redis.Redis, key: str, n: int, payload: str) -> float:
    start = time.perf_counter()
    for seq in range(1, n + 1):
        client.xadd(key, {"e": payload}, id=f"{seq}-0")
    return n / (time.perf_counter() - start)


def raw_xadd_held(client: redis.Redis, key: str, n: int, payload: str) -> float:
    from events.held_connection import HeldConnection

    held = HeldConnection(client)
    start = time.perf_counter()
    for seq in range(1, n + 1):
        held.execute("XADD", key, f"{seq}-0", "e", payload)
    rate = n / (time.perf_counter() - start)
    held.close()
    return rate


def store_append(store: EventStore, game: str, n: int, status: dict) -> float:
    envelopes = [envelope(seq) for seq in range(1, n + 1)]  # built before the clock starts
    start = time.perf_counter()
    for env in envelopes:
        store.append(game, env.seq - 1, env.command_id, [env], status)
    return n / (time.perf_counter() - start)


def store_append_turns(store: EventStore, game: str, n: int, status: dict, per: int = 3) -> float:
    """Events per second when each command appends ``per`` events (a sub-move, its
    consequence, the confirmation): the same script call carries more events."""
    envelopes = [envelope(seq) for seq in range(1, n + 1)]
    groups = [envelopes[i:i + per] for i in range(0, n - n % per, per)]
    start = time.perf_counter()
    for group in groups:
        store.append(game, group[0].seq - 1, group[0].command_id, group, status)
    return len(groups) * per / (time.perf_counter() - start)


def run(n: int = 20000, url: str | None = None, rounds: int = 3) -> dict[str, float]:
    from events import envelope as codec

    with _common.redis_url(url) as redis_url:
        client = redis.Redis.from_url(redis_url)
        prefix = f"bench-{uuid.uuid4().hex[:8]}"
        store = EventStore(client, prefix)
        payload = codec.dumps(envelope(1))
        status = {"phase": "play", "round": 1, "to_move": ["p1"], "over": False, "seq": 0}
        raws, helds, stores, turns = [], [], [], []
        for r in range(rounds):  # interleaved, best of each: the same Redis, the same moment
            raws.append(raw_xadd(client, f"{prefix}:raw:{r}", n, payload))
            helds.append(raw_xadd_held(client, f"{prefix}:held:{r}", n, payload))
            stores.append(store_append(store, f"g{r}", n, status))
            turns.append(store_append_turns(store, f"t{r}", n, status))
        for key in client.scan_iter(f"{prefix}*"):
            client.delete(key)
        client.close()
    raw, held, st, tu = max(raws), max(helds), max(stores), max(turns)
    return {"n": n, "payload_bytes": len(payload), "raw_xadd_per_s": raw, "store_append_per_s": st,
            "ratio": st / raw, "raw_xadd_held_per_s": held, "ratio_vs_held": st / held,
            "store_events_per_s_3_per_append": tu, "ratio_events_3": tu / raw}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=20000)
    parser.add_argument("--redis-url")
    args = parser.parse_args()
    print(json.dumps(run(args.n, args.redis_url)))


if __name__ == "__main__":
    main()
