"""Side-by-side speed of the bots' search path in two checkouts (a script, not a test).

``engine_ab.py`` times the bare engine; the bots search through the platform
(:class:`events.local.LocalTable`: decide, envelopes, projection) and the evaluation.
This times, in CPU seconds of a separate process per checkout, alternately:
MCTS iterations per second (four ``mcts``-searches of 60 iterations from the
mid-game positions of ``playouts.py``) and random table playouts per second from
the same positions, 2 and 4 players; it prints every run and the medians.

    python benchmarks/search_ab.py --base ../other-worktree [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Runs inside the checkout under test (its root first on sys.path).
CHILD = r"""
import json, random, sys, time
sys.path[:0] = [sys.argv[1] + "/benchmarks", sys.argv[1]]
from playouts import mid_game, table_playout
from worker.bots.mcts import Search
out = {}
for players, turns in ((2, 20), (4, 30)):
    p = mid_game(players, turns, "playouts")
    seat = p.turn_seat or next(iter(p.status().to_move))
    start, done = time.process_time(), 0
    for k in range(4):
        search = Search(p, seat, random.Random(k))
        search.run(iterations=60)
        done += search.iterations_done
    out[f"mcts iterations/s, {players} players"] = done / (time.process_time() - start)
    rng, start = random.Random(5), time.process_time()
    for _ in range(15):
        table_playout(p, rng)
    out[f"table playouts/s, {players} players"] = 15 / (time.process_time() - start)
print(json.dumps(out))
"""


def run(tree: Path) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree)], cwd=tree, env=env,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the other checkout (the 'before')")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    results: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        for name, tree in (("before", args.base.resolve()), ("after", ROOT)):
            results[name].append(run(tree))
            print(name, json.dumps({k: round(v, 1) for k, v in results[name][-1].items()}), flush=True)
    print("\n| figure | before | after | ratio |\n|---|---:|---:|---:|")
    for key in results["after"][0]:
        before = statistics.median(r[key] for r in results["before"])
        after = statistics.median(r[key] for r in results["after"])
        print(f"| {key} | {before:.1f} | {after:.1f} | {after / before:.2f} |")


if __name__ == "__main__":
    main()
