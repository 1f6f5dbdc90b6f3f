"""How well the Russian Railroads evaluation predicts final margins (a script, not a test; issue 17).

The evaluation (:mod:`games.russian_railroads.evaluation`) claims to be the
points a seat may expect at the end of the game.  That claim can be checked and
its weights fitted, repeatably, instead of set by hand:

1. Play ``--games`` greedy self-play games per player count on fixed seeds
   (``fit-<players>-<i>``), and as many again on other seeds for a hold-out
   (``hold-<players>-<i>``).
2. At every position where a turn starts, for every seat: the points it holds for
   sure now (its points, its end-game cards as they would score, the engineer
   majority as it stands) and the evaluation's terms (:func:`base_terms`).
3. Least squares: the final score minus the sure points, as a weighted sum of the
   terms, *within each position*: every row is taken relative to the mean of the
   seats in the same position.  The bots only ever compare evaluations of the same
   moment (greedy: one seat's alternatives; MCTS: a seat's margin over the others),
   so what all seats will still gain alike (a round's worth of points in round 1)
   must not pull the weights; the evaluation is linear in its weights, so this is
   the best fit of "final margins" that the terms allow.
4. Report, on the hold-out games, the mean absolute error of the predicted margin
   (a seat's final score relative to the position's mean) and the share of seat
   pairs whose final order the evaluation gets right, with the current and with
   the fitted weights, by round.

The weights the bots use are chosen by tournaments (``tune_mcts.py --challenger
greedy`` with ``eval.*`` keys), not by this fit: on greedy self-play the fit
proposes negative weights for engineers and potential (a fixed policy's data say
what went with winning, not what causes it), and it ordered seat pairs no better
than the hand-set weights (benchmarks/README.md).  It stays as the diagnostic of
the evaluation's calibration: the error by round before and after a change.

A more accurate prediction matters most to the search bot: MCTS compares leaves at
different depths, which is fair only if the evaluation is consistent over time.
Whether the fitted weights also play better is measured afterwards with
``tune_mcts.py`` / ``tournament.py``.

    python benchmarks/fit_evaluation.py --games 40 [--players 2 4]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry  # noqa: E402
from games.russian_railroads import (  # noqa: E402
    emil,
    engineers,
    evaluation,  # noqa: E402
)

NAMES = sorted(evaluation.WEIGHTS)


def rows_of_game(spec: tuple[int, str]) -> list[dict]:
    """One row per (turn-start position, seat) of a greedy self-play game."""
    from events.projection import Projection
    from worker.selfplay import play

    players, seed = spec
    game = registry.get("russian_railroads")
    table = play(game, players, seed, ["greedy"])
    final = dict(table.status().scores)
    p = Projection.empty(game)
    rows = []
    for env in table.log:
        p = p.apply(env)
        state = p.live
        if not p.quiescent() or state.phase != "actions":
            continue
        left = evaluation.scorings_left(state)
        emil_row = emil.majority_entry(state)
        majority = engineers.majority([state.players[s] for s in state.seats], (emil_row,) if emil_row else ())
        position = f"{seed}@{p.seq}"
        for seat in state.seats:
            sure, terms = evaluation.base_terms(state, state.players[seat], left)
            rows.append({"position": position, "round": state.round, "players": players,
                         "sure": sure + majority.get(seat, 0), "terms": terms, "final": final[seat]})
    return rows


def collect(prefix: str, players_list: list[int], games: int, procs: int) -> list[dict]:
    specs = [(n, f"{prefix}-{n}-{i}") for n in players_list for i in range(games)]
    with multiprocessing.get_context("fork").Pool(procs) as pool:
        return [row for rows in pool.map(rows_of_game, specs) for row in rows]


def by_position(rows: list[dict]) -> list[list[dict]]:
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(row["position"], []).append(row)
    return list(groups.values())


def design(rows: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    """Terms and targets relative to their position's mean (fixed effects)."""
    xs, ys = [], []
    for group in by_position(rows):
        x = np.array([[row["terms"][name] for name in NAMES] for row in group], dtype=float)
        y = np.array([row["final"] - row["sure"] for row in group], dtype=float)
        xs.append(x - x.mean(axis=0))
        ys.append(y - y.mean())
    return np.vstack(xs), np.concatenate(ys)


def accuracy_by_round(rows: list[dict], weights: dict[str, float]) -> dict[int, tuple[float, float]]:
    """Round -> (mean absolute error of the predicted margin, share of seat pairs ordered right)."""
    errors: dict[int, list[float]] = {}
    pairs: dict[int, list[bool]] = {}
    for group in by_position(rows):
        predicted = [row["sure"] + sum(weights[n] * row["terms"][n] for n in NAMES) for row in group]
        finals = [row["final"] for row in group]
        mean_p, mean_f = statistics.fmean(predicted), statistics.fmean(finals)
        r = group[0]["round"]
        for pr, fi in zip(predicted, finals, strict=True):
            errors.setdefault(r, []).append(abs((pr - mean_p) - (fi - mean_f)))
        for i in range(len(group)):
            for j in range(i + 1, len(group)):
                if finals[i] != finals[j]:
                    pairs.setdefault(r, []).append((predicted[i] > predicted[j]) == (finals[i] > finals[j]))
    return {r: (statistics.fmean(errors[r]), statistics.fmean(pairs.get(r, [True]))) for r in sorted(errors)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="greedy self-play games per player count, each set")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--procs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    start = time.perf_counter()
    fit_rows = collect("fit", args.players, args.games, args.procs)
    hold_rows = collect("hold", args.players, args.games, args.procs)
    x, y = design(fit_rows)
    solution, *_ = np.linalg.lstsq(x, y, rcond=None)
    fitted = {name: round(float(w), 3) for name, w in zip(NAMES, solution, strict=True)}
    current = dict(evaluation.WEIGHTS)

    print(f"{len(fit_rows)} fit rows, {len(hold_rows)} hold-out rows; players {args.players}, "
          f"{args.games} greedy self-play games each per set")
    print("\n| weight | current | fitted |\n|---|---:|---:|")
    for name in NAMES:
        print(f"| `{name}` | {current[name]:g} | {fitted[name]:g} |")
    before, after = accuracy_by_round(hold_rows, current), accuracy_by_round(hold_rows, fitted)
    print("\nHold-out: mean absolute error of the predicted margin over the position's mean (points)"
          " and seat pairs in the right final order, by round")
    print("| round | error, current | error, fitted | order right, current | order right, fitted |")
    print("|---:|---:|---:|---:|---:|")
    for r in before:
        print(f"| {r} | {before[r][0]:.1f} | {after[r][0]:.1f} | {before[r][1]:.0%} | {after[r][1]:.0%} |")
    print(f"| all | {statistics.fmean(v[0] for v in before.values()):.1f} "
          f"| {statistics.fmean(v[0] for v in after.values()):.1f} "
          f"| {statistics.fmean(v[1] for v in before.values()):.0%} "
          f"| {statistics.fmean(v[1] for v in after.values()):.0%} |")
    print(f"{time.perf_counter() - start:.0f} s on {args.procs} processes")


if __name__ == "__main__":
    main()
