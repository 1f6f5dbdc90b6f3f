"""Archive search and analysis time (a script, not a test).

Writes N synthetic archive rows (2-4 players, names from a pool of 200, ended over a
year) to a dedicated Redis and times searches by player, by game + player count,
by a filter Redis cannot index (winner, options: rows are read and filtered), and a
deep page; then plays a 2-player Russian Railroads game with random bots and times
its analysis (every confirmed position: evaluation and a greedy turn).

    python benchmarks/archive_search.py [--rows 20000] [--redis-url URL]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import uuid

import _common
import fakeredis
import redis

from events.archive import Archive, Query
from events.repository import GameRepository
from events.store import EventStore
from events.work import next_work
from games.contract import SYSTEM, Command


def rows(n: int, rng: random.Random):
    names = [f"player{i}" for i in range(200)]
    now = time.time()
    for i in range(n):
        count = rng.choice((2, 3, 4))
        seated = rng.sample(names, count)
        places = list(range(1, count + 1))
        rng.shuffle(places)
        seats = [{"seat": f"p{k + 1}", "name": name, "bot": None, "place": place, "score": 100 - place}
                 for k, (name, place) in enumerate(zip(seated, places, strict=True))]
        yield {"id": f"g{i:06d}", "game": rng.choice(("russian_railroads", "tally")), "options": {"rounds": 2},
               "created": now, "ended": now - rng.uniform(0, 365 * 86400), "seats": seats, "players": seated,
               "winners": [s["name"] for s in seats if s["place"] == 1], "ranking": [], "seq": 1,
               "fork_of": None, "bots": False}


def timed(fn, repeat: int = 20) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(samples), 2)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--redis-url", default=None)
    args = parser.parse_args()
    with _common.redis_url(args.redis_url) as url:
        client = redis.Redis.from_url(url)
        archive = Archive(client, f"bench-{uuid.uuid4().hex[:6]}")
        start = time.perf_counter()
        for row in rows(args.rows, random.Random(1)):
            archive.add(row)
        write_s = time.perf_counter() - start
        result = {
            "rows": args.rows, "write_ms_per_row": round(write_s * 1000 / args.rows, 3),
            "by_player_ms": timed(lambda: archive.search(Query(player="player7"))),
            "by_game_and_count_ms": timed(lambda: archive.search(Query(game="tally", players=3))),
            "by_winner_ms": timed(lambda: archive.search(Query(winner="player7"))),
            "by_options_page_10_ms": timed(lambda: archive.search(Query(options={"rounds": 2}, offset=200))),
        }
        # Leave a shared Redis as it was.
        keys = list(client.scan_iter(match=f"{archive.base}:*", count=1000))
        for i in range(0, len(keys), 500):
            client.delete(*keys[i:i + 500])
    repo = GameRepository(EventStore(fakeredis.FakeRedis(), "bench"))
    record, _ = repo.create("russian_railroads", {}, [{"bot": "random"}, {"bot": "random"}], seed="bench-1")
    from worker.analysis import analyse
    from worker.bots.turns import bot_turn

    n = 0
    while (work := next_work(p := repo.projection(record.id))) is not None:
        commands = [Command(p.status().pending_system[0], SYSTEM, {})] if work.actor == SYSTEM else \
            bot_turn(p, work.actor, "random", 100)
        for command in commands:
            repo.execute(record.id, command, repo.projection(record.id).seq, f"c{n}")
            n += 1
    start = time.perf_counter()
    analysis = analyse(repo, record.id, "greedy", "0")
    result["rr_analysis_positions"] = len(analysis["positions"])
    result["rr_analysis_s"] = round(time.perf_counter() - start, 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
