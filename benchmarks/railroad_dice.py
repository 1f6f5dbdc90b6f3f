"""Railroad Dice benchmark (a script, not a test).

Default: complete random 4-player games per second through ``events.local.LocalTable``
(the platform's decide/fold path, as self-play runs it), with the random bot's choice:
a uniformly random legal command, ``ConfirmTurn`` included.

``--greedy N`` instead plays N two-player games greedy against random (seats alternate)
with the worker's bots and reports greedy's win rate (the issue's measure: >= 90% of 100).

    python benchmarks/railroad_dice.py [--games 20] [--players 4] [--seed 1]
    python benchmarks/railroad_dice.py --greedy 100 [--budget-ms 200]
    python benchmarks/railroad_dice.py --base ../wt-6194846 [--rounds 3] [--games 6]
    python benchmarks/railroad_dice.py --base ../wt-6194846 --callgrind [--games 3]

``--base TREE`` measures the random games of this checkout and of another one (e.g. the
commit the speed target is set against) alternately, each in its own process running
this script with that tree first on the path, in CPU seconds of the process
(``time.process_time``), and prints the medians and their ratio: the engine's speed-up
on a shared machine, where wall time says little.  With ``--callgrind`` it counts
instructions instead (``valgrind --tool=callgrind``, ``PYTHONHASHSEED=0``): the games
minus the imports alone, per checkout, each in a process of its own and without the
bots' safety-net timer (under valgrind a random turn may pass it and fall back to
greedy, which would change the games); the load of the machine does not move it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

#: The checkout whose engine is measured: this one, or ``--base``'s in a child process.
TREE = Path(os.environ.get("RD_BENCH_TREE") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(TREE))

from games.railroad_dice import GAME  # noqa: E402
from worker.selfplay import play  # noqa: E402


def random_games(games: int, players: int, seed: str) -> dict[str, float]:
    start = time.perf_counter()
    cpu = time.process_time()
    events = 0
    for i in range(games):
        table = play(GAME, players, f"{seed}-{i}", ["random"])
        events += len(table.log)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    # Wall time and this process's CPU time: on a shared machine the CPU figure is the engine's speed.
    return {"games": games, "players": players, "seconds": round(elapsed, 2), "cpu_seconds": round(cpu, 2),
            "games_per_second": round(games / elapsed, 3), "games_per_cpu_second": round(games / cpu, 3),
            "events_per_second": round(events / elapsed, 1)}


def greedy_vs_random(games: int, seed: str, budget_ms: int) -> dict[str, float]:
    wins = 0
    start = time.perf_counter()
    for i in range(games):
        levels = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        table = play(GAME, 2, f"{seed}-g{i}", levels, budget_ms=budget_ms)
        wins += table.status().final_places()["p1" if i % 2 == 0 else "p2"] == 1
    return {"games": games, "greedy_wins": wins, "win_rate": round(wins / games, 3),
            "seconds": round(time.perf_counter() - start, 1)}


def _instructions(tree: Path, games: int, players: int, seed: str) -> int:
    """Instructions of ``games`` random games in ``tree`` (a callgrind run), imports included."""
    env = dict(os.environ, RD_BENCH_TREE=str(tree), PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          __file__, "--games", str(games), "--players", str(players), "--seed", seed,
                          "--no-timer"], env=env, cwd=tree, capture_output=True, text=True, check=True)
    match = re.search(r"Collected : (\d+)", out.stderr)
    assert match, out.stderr[-2000:]
    return int(match.group(1))


def callgrind_side_by_side(base: Path, games: int, players: int, seed: str) -> dict[str, object]:
    """Millions of instructions of the random games of ``base`` and of this checkout."""
    trees = {"before": base.resolve(), "after": Path(__file__).resolve().parents[1]}
    millions = {name: round((_instructions(tree, games, players, seed) - _instructions(tree, 0, players, seed))
                            / 1e6) for name, tree in trees.items()}
    return {"games": games, "players": players, "instructions_M": millions,
            "ratio": round(millions["before"] / millions["after"], 2)}


def side_by_side(base: Path, rounds: int, games: int, players: int, seed: str) -> dict[str, object]:
    """Random games per CPU second of ``base`` and of this checkout, A/B in alternation."""
    trees = {"before": base.resolve(), "after": Path(__file__).resolve().parents[1]}
    figures: dict[str, list[float]] = {name: [] for name in trees}
    for _ in range(rounds):
        for name, tree in trees.items():
            env = dict(os.environ, RD_BENCH_TREE=str(tree), PYTHONPATH=str(tree))
            out = subprocess.run([sys.executable, __file__, "--games", str(games), "--players", str(players),
                                  "--seed", seed], env=env, cwd=tree, capture_output=True, text=True, check=True)
            figures[name].append(json.loads(out.stdout.strip().splitlines()[-1])
                                 ["railroad_dice_random_games"]["games_per_cpu_second"])
    before, after = statistics.median(figures["before"]), statistics.median(figures["after"])
    return {"games": games, "players": players, "rounds": rounds, "before": figures["before"],
            "after": figures["after"], "ratio": round(after / before, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--greedy", type=int, default=0, help="play N greedy-vs-random 2-player games instead")
    parser.add_argument("--budget-ms", type=int, default=200)
    parser.add_argument("--base", type=Path, help="compare random games per CPU second with this checkout")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--callgrind", action="store_true", help="with --base: count instructions instead")
    parser.add_argument("--no-timer", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.no_timer:
        import worker.bots.turns

        worker.bots.turns.run_with_deadline = lambda fn, seconds: fn()  # type: ignore[assignment]
    if args.base and args.callgrind:
        print(json.dumps({"railroad_dice_engine_callgrind": callgrind_side_by_side(args.base, args.games,
                                                                                    args.players, args.seed)}))
    elif args.base:
        print(json.dumps({"railroad_dice_engine_ab": side_by_side(args.base, args.rounds, args.games,
                                                                  args.players, args.seed)}))
    elif args.greedy:
        print(json.dumps({"railroad_dice_greedy_vs_random": greedy_vs_random(args.greedy, args.seed,
                                                                              args.budget_ms)}))
    else:
        print(json.dumps({"railroad_dice_random_games": random_games(args.games, args.players, args.seed)}))


if __name__ == "__main__":
    main()
