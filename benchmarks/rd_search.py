"""How much the search searches in Railroad Dice (a script, not a test; issue 25).

Plays ``--games`` two-player games greedy against greedy on fixed seeds (greedy's turns
without a deadline, so the games are the same on any machine), keeps every position where
a seat decides (a turn's start, or the rest of a turn after a roll), takes every
``--every``-th of them and runs the ``mcts-1s`` search on each as the worker would (the
seat's determinized view, a CPU-time budget of ``--budget-ms`` times ``BUDGET_SHARE``).
Prints, per kind of position, the iterations the search ran (median, quartiles, share
of positions with none), the root's listed turns and the CPU seconds before the first
iteration.

    python benchmarks/rd_search.py [--games 3] [--every 4] [--budget-ms 1000] [--seed rd-search]
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.determinize import for_seat  # noqa: E402
from events.envelope import any_barrier  # noqa: E402
from events.local import LocalTable  # noqa: E402
from events.projection import Projection  # noqa: E402
from games.railroad_dice import GAME, evaluation  # noqa: E402
from games.rng import rng_for  # noqa: E402
from worker.bots import mcts  # noqa: E402
from worker.bots.candidates import CLOCK  # noqa: E402
from worker.bots.greedy import GreedyBot  # noqa: E402


def positions(games: int, seed: str) -> list[tuple[str, Projection, str]]:
    """(kind, position, seat) of every decision in greedy-vs-greedy games: kind "start"
    for a turn's start, "rolled" for the rest of a turn after a roll."""
    out: list[tuple[str, Projection, str]] = []
    bot = GreedyBot()
    for g in range(games):
        table = LocalTable.create(GAME, {}, 2, seed=f"{seed}-{g}")
        for p, seat in table.decision_points(2000):
            kind = "rolled" if p.live.turn.get("rolled") else "start"
            out.append((kind, p, seat))
            rng = rng_for(p.seed, p.seq, salt=f"bot:{seat}")
            mine = LocalTable.from_projection(for_seat(p, seat, rng))
            for command in bot.choose_turn(mine, seat, rng, 0):
                envelopes = table.submit(seat, command)
                if any_barrier(envelopes):
                    break
    return out


def search_once(p: Projection, seat: str, budget_ms: int) -> dict[str, float]:
    rng = rng_for(p.seed, p.seq, salt=f"bot:{seat}")
    view = for_seat(p, seat, rng)
    start = CLOCK()
    search = mcts.Search(view, seat, rng)
    first: list[float] = []
    iterate = search.iterate

    def timed(deadline: float | None) -> None:
        if not first:
            first.append(CLOCK() - start)
        iterate(deadline)

    search.iterate = timed  # type: ignore[method-assign]
    search.run(deadline=start + budget_ms * mcts.BUDGET_SHARE / 1000)
    root = search.root
    return {"iterations": search.iterations_done, "listed": len(root.candidates or []) + len(root.firsts),
            "completed": len(root.candidates or []), "children": len(root.children),
            "cpu": CLOCK() - start, "before_first": first[0] if first else CLOCK() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--budget-ms", type=int, default=1000)
    parser.add_argument("--seed", default="rd-search")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="set a constant of worker.bots.mcts or (eval.NAME) of the game's evaluation")
    parser.add_argument("--cache", type=Path, help="pickle the positions here (read when it exists)")
    args = parser.parse_args()
    for item in args.set:
        name, _, value = item.partition("=")
        module = evaluation if name.startswith("eval.") else mcts
        setattr(module, name.removeprefix("eval."), json.loads(value))
    random.seed(0)
    if args.cache and args.cache.exists():
        found = pickle.loads(args.cache.read_bytes())
    else:
        found = positions(args.games, args.seed)[::args.every]
        if args.cache:
            args.cache.write_bytes(pickle.dumps(found))
    rows: dict[str, list[dict[str, float]]] = {"start": [], "rolled": []}
    for kind, p, seat in found:
        if p.live.year <= 0:
            continue
        rows[kind].append(search_once(p, seat, args.budget_ms))
    report = {}
    for kind, got in rows.items():
        if not got:
            continue
        its = sorted(r["iterations"] for r in got)
        q = statistics.quantiles(its, n=4) if len(its) > 1 else [its[0]] * 3
        report[kind] = {"positions": len(got), "iterations_median": statistics.median(its),
                        "iterations_q1_q3": [q[0], q[2]], "iterations_mean": round(statistics.mean(its), 1),
                        "none": round(sum(1 for i in its if i == 0) / len(its), 2),
                        "listed_median": statistics.median(r["listed"] for r in got),
                        "completed_median": statistics.median(r["completed"] for r in got),
                        "children_median": statistics.median(r["children"] for r in got),
                        "cpu_median": round(statistics.median(r["cpu"] for r in got), 3),
                        "before_first_median": round(statistics.median(r["before_first"] for r in got), 3)}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
