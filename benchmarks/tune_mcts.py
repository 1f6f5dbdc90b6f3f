"""Tuning the MCTS bot by a repeatable procedure (a script, not a test; issue 17).

Hand-tuning on a loaded machine mixes the constants' effect with the machine's:
a time-budgeted bot searches less when the machine is busy.  So the procedure
plays **iteration-budgeted** MCTS (``mcts-<N>i``: the same search on any
machine) against ``greedy`` on **fixed seeds**, and it keeps screening apart
from confirming, so that the winner is not simply the luckiest of many:

1. *Screen*: every configuration of the grid plays the same ``--screen`` games
   (seeds ``tune-screen-0 …``, challenger seat rotated).
2. *Confirm*: the ``--keep`` best of the screen play ``--confirm`` games on
   fresh seeds (``tune-confirm-0 …``); the configuration with the highest
   confirmed win rate is reported, with a 95% Wilson interval for each.

A configuration sets module constants of :mod:`worker.bots.mcts` in each worker
process before its games (``EXPLORATION``, ``MARGIN_SCALE``, ``WIDEN``,
``WIDEN_POWER``, ``ROLLOUT_TURNS``), and evaluation weights for the challenger
alone (``eval.<NAME>``, a key of the Russian Railroads evaluation's ``WEIGHTS``:
they are swapped in for the challenger's turns and out for the baseline's, so
``--challenger greedy`` plays a re-weighted greedy against the current one).  The
chosen values are then written into ``worker/bots/mcts.py`` or the evaluation's
weights file by hand, and the time-budgeted levels measured with
``tournament.py`` as the issue asks.

    python benchmarks/tune_mcts.py --iterations 60 --screen 20 --confirm 60 --keep 3
    python benchmarks/tune_mcts.py --grid '{"EXPLORATION": [0.1, 0.25, 0.5], "MARGIN_SCALE": [20, 40]}'
    python benchmarks/tune_mcts.py --options '{"tableau": "deutschland"}' --players 4
    python benchmarks/tune_mcts.py --challenger greedy --grid '{"eval.POTENTIAL": [0.35, 0.7]}' --screen 100
    python benchmarks/tune_mcts.py --screen 0 --confirm 80 --configs '[{}, {"MARGIN_SCALE": 20}]'
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament import wilson  # noqa: E402

#: The default grid: the two constants that matter most for a value-based search.
GRID = {"EXPLORATION": [0.1, 0.25, 0.5, 1.0], "MARGIN_SCALE": [20.0, 40.0, 80.0]}
#: Wall-clock budget handed to the levels (only the worker's overrun safety net reads it).
SAFETY_NET_MS = 600_000
TUNABLE = {"EXPLORATION", "MARGIN_SCALE", "WIDEN", "WIDEN_POWER", "ROLLOUT_TURNS"}


def configurations(grid: dict[str, list[Any]]) -> list[dict[str, Any]]:
    from games.russian_railroads import evaluation

    unknown = {k for k in grid if k not in TUNABLE and k.removeprefix("eval.") not in evaluation.WEIGHTS}
    if unknown:
        raise SystemExit(f"not tunable: {sorted(unknown)} (tunable: {sorted(TUNABLE)}, "
                         f"eval.<one of {sorted(evaluation.WEIGHTS)}>)")
    keys = sorted(grid)
    return [dict(zip(keys, values, strict=True)) for values in itertools.product(*(grid[k] for k in keys))]


def challenger_weights(seat: str, weights: dict[str, float]) -> None:
    """Let ``seat``'s bot turns evaluate with ``weights`` (the other seats keep the
    current ones): :func:`worker.selfplay.bot_turn` wrapped to swap them in and out."""
    import worker.selfplay as selfplay
    from games.russian_railroads import evaluation

    current = dict(evaluation.WEIGHTS)
    mine = {**current, **weights}
    plain = selfplay.bot_turn

    def bot_turn(p, mover, level, budget_ms):  # type: ignore[no-untyped-def]
        evaluation.WEIGHTS.update(mine if mover == seat else current)
        try:
            return plain(p, mover, level, budget_ms)
        finally:
            evaluation.WEIGHTS.update(current)

    selfplay.bot_turn = bot_turn


def one_game(spec: tuple[dict[str, Any], str, int, str, int, str, str]) -> tuple[str, bool, float, float]:
    config, game_name, players, options, index, challenger, stage = spec
    from games import registry
    from worker.bots import mcts
    from worker.selfplay import play

    for name, value in config.items():
        if name in TUNABLE:
            setattr(mcts, name, value)
    seat_index = index % players
    levels = [challenger if i == seat_index else "greedy" for i in range(players)]
    weights = {k.removeprefix("eval."): float(v) for k, v in config.items() if k.startswith("eval.")}
    if weights:
        from events.creation import seat_ids

        challenger_weights(seat_ids(players)[seat_index], weights)
    # A generous wall-clock budget: the worker's safety net (fall back to greedy after 1.5 x the
    # budget + 2 s) must not cut an iteration-budgeted search short on a busy machine, or the
    # result would depend on the load after all.
    table = play(registry.get(game_name), players, f"tune-{stage}-{index}", levels, options=json.loads(options),
                 budget_ms=SAFETY_NET_MS)
    status = table.status()
    seat = table.projection.seats[seat_index]
    others = [v for s, v in status.scores.items() if s != seat]
    return json.dumps(config, sort_keys=True), status.ranking[0] == seat, status.scores[seat], max(others)


def run_stage(configs: list[dict[str, Any]], games: int, stage: str, args: argparse.Namespace) -> list[dict]:
    specs = [(c, args.game, args.players, args.options, i, args.challenger or f"mcts-{args.iterations}i", stage)
             for c in configs for i in range(games)]
    tally: dict[str, list[tuple[bool, float, float]]] = {}
    with multiprocessing.get_context("fork").Pool(args.procs, maxtasksperchild=1) as pool:
        for key, won, mine, best_other in pool.imap_unordered(one_game, specs):
            tally.setdefault(key, []).append((won, mine, best_other))
    rows = []
    for key, results in tally.items():
        wins = sum(w for w, _, _ in results)
        low, high = wilson(wins, len(results))
        margin = sum(m - o for _, m, o in results) / len(results)
        rows.append({"config": json.loads(key), "games": len(results), "wins": wins, "rate": wins / len(results),
                     "ci": (low, high), "margin": margin})
    if args.by == "margin":
        rows.sort(key=lambda r: (-r["margin"], -r["rate"]))
    else:
        rows.sort(key=lambda r: (-r["rate"], -r["margin"]))
    return rows


def show(title: str, rows: list[dict]) -> None:
    print(f"\n{title}")
    print("| configuration | games | wins | rate | 95% CI | avg margin vs best other |")
    print("|---|---:|---:|---:|---|---:|")
    for r in rows:
        print(f"| `{json.dumps(r['config'], sort_keys=True)}` | {r['games']} | {r['wins']} | {r['rate']:.0%} "
              f"| [{r['ci'][0]:.0%}, {r['ci'][1]:.0%}] | {r['margin']:+.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="russian_railroads")
    parser.add_argument("--options", default="{}", help="table options as one JSON object")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=60, help="MCTS iterations per turn")
    parser.add_argument("--challenger", help="the level tuned (default mcts-<iterations>i; e.g. greedy "
                        "with eval.* keys)")
    parser.add_argument("--grid", help="JSON object: constant -> list of values (default: EXPLORATION x MARGIN_SCALE)")
    parser.add_argument("--configs", help="JSON list of configurations instead of a grid's product, e.g. "
                        "one weight changed at a time: '[{}, {\"eval.COIN\": 1.0}, {\"eval.COIN\": 4.0}]'")
    parser.add_argument("--screen", type=int, default=20, help="games per configuration in the screen "
                        "(0: confirm every configuration given, without a screen)")
    parser.add_argument("--confirm", type=int, default=60, help="games per kept configuration on fresh seeds")
    parser.add_argument("--keep", type=int, default=3)
    parser.add_argument("--by", choices=("rate", "margin"), default="rate",
                        help="rank by win rate (then margin) or by average margin (then win rate); margin "
                        "when the win rates are near 100 %% and no longer tell the configurations apart")
    parser.add_argument("--procs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    args.options = json.dumps(json.loads(args.options))
    if args.configs:
        configs = json.loads(args.configs)
        for config in configs:
            configurations({k: [v] for k, v in config.items()})  # the same check of the keys
    else:
        configs = configurations(json.loads(args.grid) if args.grid else GRID)
    start = time.perf_counter()
    challenger = args.challenger or f"mcts-{args.iterations}i"
    print(f"{args.game} {args.options}, {args.players} players, {challenger} vs greedy, {len(configs)} configurations")
    if args.screen > 0:
        screen = run_stage(configs, args.screen, "screen", args)
        show(f"Screen: {args.screen} games each (seeds tune-screen-*)", screen)
        kept = [r["config"] for r in screen[: args.keep]]
    else:
        # No screen: the given configurations are confirmed as they are (e.g. one the
        # screen ranked below --keep by win rate but above by margin, and the current one).
        kept = configs
    if args.confirm > 0:
        confirmed = run_stage(kept, args.confirm, "confirm", args)
        show(f"Confirm: the best {len(kept)}, {args.confirm} games each on fresh seeds (tune-confirm-*)", confirmed)
        print(f"\nchosen: {json.dumps(confirmed[0]['config'], sort_keys=True)}")
    print(f"{time.perf_counter() - start:.0f} s on {args.procs} processes")


if __name__ == "__main__":
    main()
