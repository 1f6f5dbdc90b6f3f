"""Move latency through HTTP at a fixed offered load (a script, not a test).

The production topology from plain processes (tests/reliability/procs.py): a dedicated
redis-server (AOF, everysec), two gunicorn web nodes (deploy/gunicorn.conf.py, one
gthread worker each) and a Celery worker for round scoring.  An *open-loop* generator
sends ``--rate`` moves per second on a fixed schedule whatever the answers take (a slow
answer does not slow the next send), spread over many tally games of 4 seats; each
move is the next legal command of a game (Add, Add, ConfirmTurn, ...).  Latency is
measured from the scheduled send time, so queueing in the generator counts too.

    python benchmarks/bench_http.py [--rate 100] [--seconds 20]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import _common
import redis

from events.keys import Keys
from tests.reliability.httpclient import Client
from tests.reliability.load import create_games
from tests.reliability.procs import topology

SEATS, ROUNDS = 4, 5
PLAN = [{"type": "Add", "args": {"n": 1}}, {"type": "Add", "args": {"n": 2}}, {"type": "ConfirmTurn", "args": {}}]


class Game:
    def __init__(self, game_id: str, tokens: dict[str, str]) -> None:
        self.id, self.tokens = game_id, tokens
        self.seats = sorted(tokens)
        self.seq = 2  # GameCreated, DeckShuffled
        self.turn = 0  # turns played
        self.step = 0  # index into PLAN
        self.over = False

    def next_move(self) -> tuple[str, dict, int]:
        return self.tokens[self.seats[self.turn % len(self.seats)]], PLAN[self.step], self.seq


def run(rate: float = 100.0, seconds: float = 20.0, warmup: float = 3.0) -> dict[str, float]:
    warm = int(rate * warmup)  # sent at the same rate first, not measured (connections, imports, caches)
    moves = int(rate * seconds) + warm
    games_needed = moves // (SEATS * ROUNDS * len(PLAN)) * 2 + 8
    with tempfile.TemporaryDirectory() as tmp, topology(Path(tmp), web_nodes=2, web_workers=1, threads=16) as topo:
        created = create_games(topo.bases[0], games_needed, SEATS, ROUNDS)
        ready: queue.Queue[Game] = queue.Queue()
        blocked: dict[str, Game] = {}
        lock = threading.Lock()
        for game_id, tokens in created:
            ready.put(Game(game_id, tokens))
        local = threading.local()
        latencies: list[float] = []
        service: list[float] = []
        errors: dict[int, int] = {}
        samples: list[tuple] = []
        stop = threading.Event()
        r = redis.Redis.from_url(topo.redis.url)
        keys = Keys(topo.prefix)

        def unblocker() -> None:  # games waiting for the worker's round scoring
            while not stop.is_set():
                with lock:
                    waiting = dict(blocked)
                if not waiting:
                    stop.wait(0.01)
                    continue
                reply = r.xread({keys.game(g.id).log: f"{g.seq}-0" for g in waiting.values()}, block=200)
                for stream, entries in reply or []:
                    game_id = stream.decode().split("{")[1].split("}")[0]
                    with lock:
                        g = blocked.pop(game_id, None)
                    if g is not None:
                        g.seq = int(entries[-1][0].decode().split("-")[0])
                        ready.put(g)

        def send(scheduled: float, measured: bool) -> None:
            game = ready.get()
            if not hasattr(local, "clients"):
                local.clients = [Client(b) for b in topo.bases]
                local.n = 0
            local.n += 1
            client = local.clients[local.n % len(local.clients)]
            token, command, seq = game.next_move()
            sent = time.perf_counter()
            answer = client.post(f"/api/games/{game.id}/commands",
                                 {"command": command, "expected_seq": seq, "command_id": os.urandom(8).hex()},
                                 token=token)
            done = time.perf_counter()
            if answer.status != 201:
                errors[answer.status] = errors.get(answer.status, 0) + 1
                ready.put(game)
                return
            if measured:
                latencies.append(done - scheduled)
                service.append(done - sent)
                samples.append((done - sent, scheduled - measure_start, command["type"], game.turn % SEATS,
                                client.port))
            body = answer.json
            game.seq = body["seq"]
            game.step = (game.step + 1) % len(PLAN)
            if game.step == 0:
                game.turn += 1
                if game.turn % SEATS == 0:  # round over: the worker scores it
                    if game.turn < SEATS * ROUNDS:
                        with lock:
                            blocked[game.id] = game
                    return
            ready.put(game)

        threading.Thread(target=unblocker, daemon=True).start()
        pool = ThreadPoolExecutor(max_workers=32)
        start = time.perf_counter() + 0.2
        measure_start = start
        futures = []
        for i in range(moves):
            scheduled = start + i / rate
            delay = scheduled - time.perf_counter()
            if delay > 0:
                time.sleep(delay)  # pacing the open loop, not synchronisation
            if i == warm:
                measure_start = scheduled
            futures.append(pool.submit(send, scheduled, i >= warm))
        for f in futures:
            f.result()
        elapsed = time.perf_counter() - measure_start
        stop.set()
        pool.shutdown()
    if os.environ.get("BENCH_SLOWEST"):
        for sample in sorted(samples, reverse=True)[:int(os.environ["BENCH_SLOWEST"])]:
            took, at, kind, seat, port = sample
            print(f"slow: {took * 1000:.1f} ms at t={at:.2f} s {kind} seat#{seat} node {port}")
    ms = [x * 1000 for x in latencies]
    sv = [x * 1000 for x in service]
    return {"offered_per_s": rate, "achieved_per_s": len(ms) / elapsed, "moves": len(ms),
            "p50_ms": _common.percentile(ms, 50), "p90_ms": _common.percentile(ms, 90),
            "p99_ms": _common.percentile(ms, 99), "max_ms": max(ms),
            "service_p50_ms": _common.percentile(sv, 50), "service_p99_ms": _common.percentile(sv, 99),
            "refused": sum(errors.values()), "cores": os.cpu_count() or 0}


def run_baseline(rate: float = 100.0, seconds: float = 10.0) -> dict[str, float]:
    """The same open-loop generator against ``GET /healthz`` (one Redis PING, no game):
    the latency floor of this machine, generator and gunicorn at that rate."""
    n = int(rate * seconds)
    with tempfile.TemporaryDirectory() as tmp, topology(Path(tmp), web_nodes=2, web_workers=1, threads=16,
                                                        with_worker=False) as topo:
        local = threading.local()
        latencies: list[float] = []

        def send(scheduled: float) -> None:
            if not hasattr(local, "clients"):
                local.clients, local.n = [Client(b) for b in topo.bases], 0
            local.n += 1
            r = local.clients[local.n % 2].get("/healthz")
            if r.status == 200:
                latencies.append(time.perf_counter() - scheduled)

        pool = ThreadPoolExecutor(max_workers=32)
        start = time.perf_counter() + 0.2
        futures = []
        for i in range(n):
            scheduled = start + i / rate
            delay = scheduled - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            futures.append(pool.submit(send, scheduled))
        for f in futures:
            f.result()
        pool.shutdown()
    ms = [x * 1000 for x in latencies[int(rate):]]  # the first second warms up
    return {"offered_per_s": rate, "requests": len(ms), "p50_ms": _common.percentile(ms, 50),
            "p99_ms": _common.percentile(ms, 99), "max_ms": max(ms)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rate", type=float, default=100.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--baseline", action="store_true", help="GET /healthz instead of moves")
    args = parser.parse_args()
    if args.baseline:
        print(json.dumps(run_baseline(args.rate, args.seconds)))
    else:
        print(json.dumps(run(args.rate, args.seconds, args.warmup)))


if __name__ == "__main__":
    main()
