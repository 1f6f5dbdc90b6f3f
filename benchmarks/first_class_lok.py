"""How far greedy First Class conductors get: LOK tiles attached and reached (a script, not a test).

Issue 26: greedy attached LOK tiles, but its conductors rarely reached them (the
Constantinople places and the tile's number at every later scoring).  This plays
``--games`` two-player greedy-vs-greedy games per checkout (the same seeds for both, as
the worker plays them: :func:`worker.selfplay.play`) and counts per game the LOK
tiles attached (``LokAttached``), the tiles reached by their conductors
(``ConstantinopleReached``), coins spent for their column's action and the average score.

    python benchmarks/first_class_lok.py [--base ../wt-old] [--games 20]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from checkouts import run_child

ROOT = Path(__file__).resolve().parents[1]


def child(games: int, players: int) -> dict[str, float]:
    from games import registry
    from worker.selfplay import play

    game = registry.get("first_class")
    totals = {"lok_attached": 0, "lok_reached": 0, "coin_actions": 0, "score": 0}
    for i in range(games):
        table = play(game, players, f"fc-lok-{i}", ["greedy"] * players)
        for env in table.log:
            if env.type == "LokAttached":
                totals["lok_attached"] += 1
            elif env.type == "ConstantinopleReached":
                totals["lok_reached"] += 1
            elif env.type == "CoinSpent" and env.payload.get("use") == "action":
                totals["coin_actions"] += 1
        totals["score"] += sum(table.status().scores.values())
    return {key: value / games / (players if key == "score" else 1) for key, value in totals.items()}


def run(tree: Path, games: int, players: int) -> dict[str, float]:
    return run_child(__file__, tree, ["--games", str(games), "--players", str(players)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, help="the other checkout (the 'before')")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(args.child))
        print(json.dumps(child(args.games, args.players)))
        return
    trees = {"before": args.base.resolve(), "after": ROOT} if args.base else {"after": ROOT}
    results = {name: run(tree, args.games, args.players) for name, tree in trees.items()}
    print(f"first_class_lok: {args.games} greedy-vs-greedy games, {args.players} players, per game")
    for key in results["after"]:
        print(f"  {key:14s} " + "  ".join(f"{name} {r[key]:7.2f}" for name, r in results.items()))


if __name__ == "__main__":
    main()
