"""State rebuild time against log length, with and without snapshots (a script, not a test).

A complete 4-player Russian Railroads game is played by random bots (about 600 events),
written to a dedicated Redis through ``EventStore.append`` (one append per command, as
the service does), and then rebuilt cold (empty projection cache) through
``GameRepository.projection(game, upto=L)`` for several lengths L: without snapshots
every rebuild reads and folds all L events; with snapshots taken the way the worker
takes them (every ``snapshot_every`` events, at the last confirmed seq) it loads the
newest snapshot at or before L and folds only the rest.

    python benchmarks/bench_rebuild.py [--seed 1] [--every 50,200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import uuid
from itertools import groupby

import _common
import redis

from events.repository import GameRepository
from events.store import EventStore
from games import registry
from worker.selfplay import play

GAME = "russian_railroads"


def load_game(repo: GameRepository, log: list, seed: str, players: int) -> str:
    record, _tokens = repo.create(GAME, {}, [{"name": f"bench{i}"} for i in range(players)], seed=seed,
                                  game_id=f"rebuild-{uuid.uuid4().hex[:8]}")
    created = repo.store.last_seq(record.id)
    assert [e.type for e in repo.store.read(record.id)] == [e.type for e in log[:created]], "setup differs"
    rest = log[created:]
    for command_id, group in groupby(rest, key=lambda e: e.command_id):
        envelopes = list(group)
        repo.store.append(record.id, envelopes[0].seq - 1, f"{command_id}@{envelopes[0].seq}", envelopes)
    return record.id


def take_snapshots(repo: GameRepository, game_id: str, length: int, every: int) -> list[int]:
    """Snapshot as the worker would: whenever ``every`` events passed since the last one,
    at the last confirmed seq."""
    last = 0
    for seq in range(1, length + 1):
        if seq - last >= every:
            p = repo.projection(game_id, upto=seq)
            taken = repo.take_snapshot(game_id, upto=p.confirmed_seq)
            if taken is not None and taken > last:
                last = taken
    return repo.store.snapshot_seqs(game_id)


def time_rebuild(repo: GameRepository, game_id: str, upto: int, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        repo.forget(game_id)
        start = time.perf_counter()
        p = repo.projection(game_id, upto=upto)
        times.append(time.perf_counter() - start)
        assert p.seq == upto
    return statistics.median(times)


def run(seed: str = "1", players: int = 4, everies: tuple[int, ...] = (50, 200), repeat: int = 5,
        url: str | None = None) -> dict:
    table = play(registry.get(GAME), players, seed, ["random"])
    log = table.log
    total = len(log)
    lengths = sorted({n for n in (50, 100, 200, 300, 400, 500, total) if n <= total})
    rows: dict[str, dict[int, float]] = {}
    snaps: dict[str, list[int]] = {}
    with _common.redis_url(url) as redis_url:
        client = redis.Redis.from_url(redis_url)
        for every in (0, *everies):
            repo = GameRepository(EventStore(client, f"bench-{uuid.uuid4().hex[:8]}"), snapshot_every=every or 10**9)
            game_id = load_game(repo, log, seed, players)
            label = "no snapshots" if not every else f"snapshot every {every}"
            snaps[label] = take_snapshots(repo, game_id, total, every) if every else []
            rows[label] = {n: time_rebuild(repo, game_id, n, repeat) * 1000 for n in lengths}
        client.close()
    return {"game": GAME, "events": total, "lengths": lengths, "ms": rows, "snapshots": snaps}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", default="1")
    parser.add_argument("--every", default="50,200")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--redis-url")
    args = parser.parse_args()
    result = run(args.seed, everies=tuple(int(x) for x in args.every.split(",")), repeat=args.repeat,
                 url=args.redis_url)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
