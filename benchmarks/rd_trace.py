"""One Railroad Dice tournament game re-played with a line per bot turn (a script, not a test).

``tournament.py``'s game ``INDEX`` of ``--seed`` (mcts-1s against greedy, two players, the
challenger's seat rotated as there) played again as the worker plays it: per turn and
decision (a turn's start, the rest after a roll) the year, the seat and its level, the
search's iterations, listed root turns and visited root children, the bank, the passengers,
the directors (the last character of each company's director's seat), the evaluation of
both seats and the commands.  The search runs on CPU time, so the game may part from the
tournament's after a few turns; the kinds of mistake show all the same.

    python benchmarks/rd_trace.py 5 [--seed 1] [--challenger mcts-1s] [--baseline greedy]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.envelope import any_barrier  # noqa: E402
from events.local import LocalTable  # noqa: E402
from games.railroad_dice import GAME  # noqa: E402
from games.railroad_dice.evaluation import evaluate  # noqa: E402
from worker.bots import mcts  # noqa: E402
from worker.bots.turns import bot_turn  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("index", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--challenger", default="mcts-1s")
    parser.add_argument("--baseline", default="greedy")
    args = parser.parse_args()
    levels = [args.challenger, args.baseline] if args.index % 2 == 0 else [args.baseline, args.challenger]
    searches: list[tuple[int, int, int]] = []
    run = mcts.Search.run

    def traced(self: mcts.Search, *a: Any, **k: Any) -> Any:
        result = run(self, *a, **k)
        searches.append((self.iterations_done, len(self.root.candidates or []) + len(self.root.firsts),
                         len(self.root.children)))
        return result

    mcts.Search.run = traced  # type: ignore[method-assign]
    table = LocalTable.create(GAME, {}, 2, seed=f"tournament-{args.seed}-{args.index}")
    level_of = dict(zip(table.projection.seats, levels, strict=True))
    print(level_of)
    for p, seat in table.decision_points(5000):
        searches.clear()
        done = []
        for command in bot_turn(p, seat, level_of[seat], 1000):
            envelopes = table.submit(seat, command)
            done.append(command)
            if any_barrier(envelopes):
                break
        s = table.state
        values = {k: round(v, 1) for k, v in evaluate(GAME, s).items()}
        directors = "".join((d or "-")[-1] for d in s.directors.values())
        commands = " ".join(c.type + (f"({','.join(str(v)[:12] for v in c.args.values())})" if c.args else "")
                            for c in done)
        print(f"y{p.live.year} {seat}:{level_of[seat]} searches={searches} bank={s.bank} "
              f"passengers={dict(s.passengers)} directors={directors} eval={values} | {commands}")
    print(table.status().scores, table.status().final_places())


if __name__ == "__main__":
    main()
