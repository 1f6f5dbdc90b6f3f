"""The scaled topology's figures (issue 15), all from one run on this machine (a
script, not a test):

(a) moves/s through ``EventStore.append`` on one shard (a dedicated redis-server, AOF
    everysec, as ``deploy/`` runs it today) next to a 3-master Redis Cluster with one
    replica each, with and without waiting for the replica (WAIT 1, the default on a
    cluster); several client processes append one-event moves to many games;
    and the server's own cost of one append (``INFO commandstats``: microseconds per
    EVALSHA, and per WAIT), which bounds a shard's moves/s whatever the clients do;
(b) Celery dispatch latency (``send_task`` until the task runs in a worker) with the
    queue on Redis and on RabbitMQ (127.0.0.1:5672, guest/guest);
(c) moves/s one worker process (solo pool) appends for bot seats: tally games whose
    seats are all random bots, enqueued through RabbitMQ.

    python benchmarks/bench_cluster.py [--seconds 5] [--procs 4] [--tasks 300] [--skip-celery]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import socket
import sys
import tempfile
import time
import uuid
from pathlib import Path

import _common  # noqa: F401  (sys.path)
from _common import ROOT, percentile

from events.connection import client as redis_client
from events.envelope import Envelope
from events.store import EventStore
from tests.cluster.redis_cluster import LocalRedisCluster, have_cluster_binaries
from tests.reliability.procs import PYTHON, Proc, RedisServer

GAMES_PER_PROC = 50


def _appender(url: str, prefix: str, wait_replicas: int, seconds: float, out: mp.Queue) -> None:
    store = EventStore(redis_client(url), prefix, wait_replicas=wait_replicas)
    games = [uuid.uuid4().hex[:12] for _ in range(GAMES_PER_PROC)]
    seqs = dict.fromkeys(games, 0)
    done = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for game in games:
            seq = seqs[game] + 1
            env = Envelope(seq=seq, type="Added", actor="p1", payload={"seat": "p1", "n": 2}, turn=seq,
                           ts=1_700_000_000_000 + seq, command_id=f"p1:{uuid.uuid4().hex}")
            store.append(game, seq - 1, env.command_id, [env], status={"to_move": ["p2"]})
            seqs[game] = seq
            done += 1
    out.put(done)


def moves_per_second(url: str, procs: int, seconds: float, wait_replicas: int) -> float:
    prefix = f"bench-{uuid.uuid4().hex[:6]}"
    out: mp.Queue = mp.Queue()
    workers = [mp.Process(target=_appender, args=(url, prefix, wait_replicas, seconds, out)) for _ in range(procs)]
    start = time.perf_counter()
    for w in workers:
        w.start()
    total = sum(out.get() for _ in workers)
    for w in workers:
        w.join()
    return total / (time.perf_counter() - start)


def usec_per_call(port: int, command: str) -> float:
    """The server's own time per call of ``command`` (single-threaded: 1e6 / this is
    the most calls per second one Redis process can serve)."""
    import redis

    stats = redis.Redis(host="127.0.0.1", port=port).info("commandstats")
    return float(stats.get(f"cmdstat_{command}", {}).get("usec_per_call", 0.0))


def store_figures(procs: int, seconds: float) -> tuple[dict[str, float], dict[str, float]]:
    server_us: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        single = RedisServer(Path(tmp) / "single").start()
        try:
            one = moves_per_second(single.url, procs, seconds, wait_replicas=0)
            server_us["evalsha (append.lua), single"] = usec_per_call(single.port, "evalsha")
        finally:
            single.stop()
        cluster = LocalRedisCluster(Path(tmp) / "cluster").start()
        try:
            three_wait = moves_per_second(cluster.url, procs, seconds, wait_replicas=1)
            three_nowait = moves_per_second(cluster.url, procs, seconds, wait_replicas=0)
            masters = [n.port for n in cluster.nodes[:cluster.masters]]
            server_us["evalsha (append.lua), cluster master"] = \
                sum(usec_per_call(p, "evalsha") for p in masters) / len(masters)
            server_us["wait, cluster master"] = sum(usec_per_call(p, "wait") for p in masters) / len(masters)
        finally:
            cluster.close()
    return ({"1 shard (single redis-server)": one, "3 shards, WAIT 1 replica": three_wait,
             "3 shards, no WAIT": three_nowait}, server_us)


def worker_moves_per_second(broker: str, games: int) -> dict[str, float]:
    """One worker (solo pool) plays ``games`` all-bot tally games to the end."""
    import dataclasses

    from events.settings import Settings
    from service import create_app
    from tests.reliability.procs import process_env, start_worker

    with tempfile.TemporaryDirectory() as tmp:
        server = RedisServer(Path(tmp) / "redis").start()
        tag = uuid.uuid4().hex[:6]
        env = process_env(server.url, f"benchw-{tag}", f"benchw-{tag}", STELLWERK_BROKER_URL=broker)
        worker = start_worker(env)
        try:
            settings = dataclasses.replace(Settings.from_env(), redis_url=server.url, key_prefix=f"benchw-{tag}",
                                           queue=f"benchw-{tag}", broker_url=broker,
                                           rate_public="100000 per second")
            from games import registry
            from tests.fixture_game import GAME

            registry.register(GAME)
            app = create_app(settings)
            repo = app.extensions["stellwerk"].repository
            web = app.test_client()
            start = time.perf_counter()
            ids = [web.post("/api/games", json={"game": "tally", "options": {"rounds": 5},
                                                "seats": [{"bot": "random"}] * 3}).json["id"] for _ in range(games)]
            for game in ids:
                while repo.store.meta(game).get("over") != "1":
                    repo.store.wait(game, repo.store.last_seq(game), block_ms=1000)
            elapsed = time.perf_counter() - start
            logs = [repo.store.read(g) for g in ids]
            commands = sum(len({e.command_id for e in log if e.command_id.startswith("work-")}) for log in logs)
            events = sum(len(log) for log in logs)
            return {"appends/s": commands / elapsed, "events/s": events / elapsed, "games": games,
                    "seconds": elapsed}
        finally:
            worker.stop()
            server.stop()


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def dispatch_latency(broker: str, reply_url: str, tasks: int) -> list[float]:
    """Sequential: send one task, wait for its reply, repeat (no queueing behind others)."""
    import redis
    from celery import Celery

    queue = f"bench-{uuid.uuid4().hex[:6]}"
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'benchmarks'}:{ROOT}", "BENCH_BROKER": broker,
           "BENCH_REPLY_URL": reply_url}
    worker = Proc("bench-worker", [PYTHON, "-m", "celery", "-A", "celery_bench", "worker", "--pool", "solo",
                                   "-Q", queue, "--loglevel", "INFO", "--without-gossip", "--without-mingle",
                                   "--without-heartbeat"], env=env, cwd=ROOT / "benchmarks")
    try:
        worker.wait_for(r"ready\.", timeout=60)
        sender = Celery("bench-sender", broker=broker, backend=None)
        replies = redis.Redis.from_url(reply_url, socket_timeout=60)
        key = f"bench:reply:{uuid.uuid4().hex}"
        out = []
        for i in range(tasks + 10):
            sender.send_task("bench.stamp", args=[time.time(), key], queue=queue)
            _key, value = replies.blpop([key], timeout=30) or (None, None)
            if value is None:
                raise RuntimeError("no reply from the bench worker")
            if i >= 10:  # the first few warm the connections
                out.append(float(value))
        replies.delete(key)
        return out
    finally:
        worker.stop()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--procs", type=int, default=4)
    ap.add_argument("--tasks", type=int, default=300)
    ap.add_argument("--skip-celery", action="store_true")
    ap.add_argument("--games", type=int, default=20, help="bot games for the worker figure")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not have_cluster_binaries():
        raise SystemExit("needs redis-server and redis-cli")
    result: dict[str, object] = {"cpus": os.cpu_count(), "procs": args.procs}
    store, server_us = store_figures(args.procs, args.seconds)
    result["moves_per_s"] = store
    result["server_usec_per_call"] = server_us
    if not args.skip_celery:
        latencies = {}
        with tempfile.TemporaryDirectory() as tmp:
            redis_server = RedisServer(Path(tmp) / "broker").start()
            try:
                latencies["redis"] = dispatch_latency(redis_server.url, redis_server.url, args.tasks)
                if _reachable("127.0.0.1", 5672):
                    latencies["rabbitmq"] = dispatch_latency("amqp://guest:guest@127.0.0.1:5672//",
                                                             redis_server.url, args.tasks)
            finally:
                redis_server.stop()
        if _reachable("127.0.0.1", 5672):
            result["worker"] = worker_moves_per_second("amqp://guest:guest@127.0.0.1:5672//", args.games)
        result["dispatch_ms"] = {name: {"p50": percentile(v, 50) * 1000, "p95": percentile(v, 95) * 1000,
                                        "p99": percentile(v, 99) * 1000} for name, v in latencies.items()}
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{result['cpus']} CPUs, {args.procs} appending processes x {GAMES_PER_PROC} games, "
          f"{args.seconds:.0f} s each; load average {load}")
    print(f"{'store appends (one-event moves)':40} {'moves/s':>10} {'per shard':>10}")
    for name, value in store.items():
        shards = 3 if name.startswith("3") else 1
        print(f"{name:40} {value:10.0f} {value / shards:10.0f}")
    for name, us in server_us.items():
        print(f"server time per call, {name:36} {us:7.1f} us  (one Redis process: <= {1e6 / us:,.0f}/s)"
              if us else f"server time per call, {name:36} n/a")
    if "worker" in result:
        w = result["worker"]
        print(f"one worker (solo pool), {w['games']} all-bot games: {w['appends/s']:.1f} bot/system appends/s, "
              f"{w['events/s']:.1f} events/s")
    for name, q in result.get("dispatch_ms", {}).items():  # type: ignore[union-attr]
        print(f"celery dispatch on {name:10} p50 {q['p50']:6.2f} ms  p95 {q['p95']:6.2f} ms  p99 {q['p99']:6.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
