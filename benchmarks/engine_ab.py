"""Side-by-side speed of two checkouts of the same engine benchmark (a script, not a test).

Runs ``benchmarks/<script>`` of this checkout and of ``--base`` (another worktree,
e.g. ``git worktree add ../base main``) alternately, A/B/A/B, each in its own
process, and reports the medians and their ratio.  Each run imports the
checkout's own benchmark module and times its ``play`` (random games) and
``playouts`` (random playouts from a round-3 position) functions in CPU seconds of
that process (``time.process_time``), so a loaded, shared machine distorts the
ratio far less than wall time would.

    python benchmarks/engine_ab.py --base ../base [--rounds 5] [--games 20] [--playouts 40]
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

#: Runs inside the checkout under test: {"games_per_s": .., "playouts_per_s": ..}.
CHILD = r"""
import importlib.util, json, sys, time
spec = importlib.util.spec_from_file_location("bench", sys.argv[1])
bench = importlib.util.module_from_spec(spec); spec.loader.exec_module(bench)
games, playouts, players, seed = (int(x) for x in sys.argv[2:6])
start = time.process_time()
for i in range(games):
    bench.play(players, seed + i)
games_s = time.process_time() - start
state = bench.mid_game(players, seed)
start = time.process_time()
bench.playouts(state, playouts, seed)
playouts_s = time.process_time() - start
print(json.dumps({"games_per_s": games / games_s, "playouts_per_s": playouts / playouts_s}))
"""


def run(tree: Path, script: str, games: int, playouts: int, players: int, seed: int) -> dict[str, float]:
    python = tree / ".venv" / "bin" / "python"
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(
        [str(python if python.exists() else sys.executable), "-c", CHILD, str(tree / "benchmarks" / script),
         str(games), str(playouts), str(players), str(seed)],
        cwd=tree, env=env, capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True, help="the other checkout (the 'before')")
    parser.add_argument("--script", default="rr_engine.py")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    trees = {"before": args.base.resolve(), "after": ROOT}
    results: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    for _ in range(args.rounds):
        for name, tree in trees.items():
            figures = run(tree, args.script, args.games, args.playouts, args.players, args.seed)
            for key, value in figures.items():
                results[name].setdefault(key, []).append(value)
    print(f"{args.script}: {args.rounds} rounds A/B, {args.games} games and {args.playouts} playouts each, "
          f"{args.players} players, load average {' / '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for key in results["before"]:
        before, after = statistics.median(results["before"][key]), statistics.median(results["after"][key])
        print(f"  {key:15s} before {before:7.1f}  after {after:7.1f}  ratio {after / before:.2f}  "
              f"(before {', '.join(f'{x:.1f}' for x in results['before'][key])}; "
              f"after {', '.join(f'{x:.1f}' for x in results['after'][key])})")


if __name__ == "__main__":
    main()
