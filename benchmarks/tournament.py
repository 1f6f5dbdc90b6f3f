"""Bot-vs-bot tournaments through the rules engine (a script, not a test).

One challenger level against a baseline level: in each game the challenger
holds one seat and the baseline the others, the challenger's seat rotating from
game to game (the turn order is dealt by the game's own setup on top of that).
Games are played exactly as the worker plays them (:func:`worker.selfplay.play`:
the seat's determinized view, its own rng), on all cores.  Prints the
challenger's win rate with a 95% Wilson interval and the average scores.

    python benchmarks/tournament.py --challenger greedy --baseline random --players 2 --games 100
    python benchmarks/tournament.py --challenger mcts-1s --baseline greedy --players 2 --games 60
    python benchmarks/tournament.py --challenger mcts-1s --baseline mcts-1s --players 4 --games 20
    python benchmarks/tournament.py --options '{"tableau": "usa"}' --games 50

With the same level on both sides it reports the average winning score.

Per level it also reports how many seats went bankrupt, the share of positive final
scores and the lowest score; for Steam also the deliveries per round and the share of
rounds with at least one delivery (rounds the seat was still in the game).  ``frugal`` is
Steam's careful random player (``benchmarks/steam_engine.py``: it prefers deliveries and
builds, keeps bids and loans modest and stops spending deep in debt):

    python benchmarks/tournament.py --game steam --players 3 --challenger greedy --baseline frugal --games 100
    python benchmarks/tournament.py --game steam --players 3 --challenger greedy --baseline greedy --games 100

A long batch may be split (``--first 50 --games 50`` plays games 50 to 99, the same games
as in one run) and its ``--out`` files summed up with ``--summary a.jsonl b.jsonl``; a batch
cut short is finished with ``--resume`` (the games its ``--out`` file holds are not played again).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from worker.bots import deadline  # noqa: E402  (after the path)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class FrugalBot:
    """Steam's careful random player as a bot level (each sub-move from ``frugal_move``)."""

    name = "frugal"

    def choose_turn(self, table, seat, rng, budget_ms):  # type: ignore[no-untyped-def]
        from benchmarks.steam_engine import frugal_move
        from worker.bots.base import still_moving

        chosen = []
        for _ in range(500):
            if not still_moving(table, seat):
                break
            command = frugal_move(table, seat, rng)
            table.submit(seat, command)
            chosen.append(command)
            if command.type == "ConfirmTurn":
                break
        return chosen


def register_levels() -> None:
    from worker import bots

    if "frugal" not in bots.LEVELS:
        bots.register("frugal", FrugalBot())


def game_figures(table) -> dict:  # type: ignore[no-untyped-def]
    """Bankruptcies (seat -> round) and deliveries (seat -> round -> count) from the log,
    and the last round played (Steam; other games give what their log has)."""
    rounds_played = 1
    round_ = 1   # the first round starts with the set-up, not with a RoundStarted
    deliveries: dict[str, dict[int, int]] = {}
    bankrupt: dict[str, int] = {}
    for env in table.log:
        if env.type == "RoundStarted":
            round_ = int(env.payload["round"])
            rounds_played = max(rounds_played, round_)
        elif env.type == "GoodsDelivered":
            by_round = deliveries.setdefault(env.payload["seat"], {})
            by_round[round_] = by_round.get(round_, 0) + 1
    state = table.projection.live
    for seat, at in (getattr(state, "bankrupt_round", None) or {}).items():
        bankrupt[seat] = int(at)
    return {"rounds": rounds_played, "deliveries": deliveries, "bankrupt": bankrupt}


class Fallbacks(logging.Handler):
    """Counts the turns a bot overran its hard limit and the worker played its fallback
    (a game with any was not played by the bots alone); ``echo`` prints each one."""

    def __init__(self, echo: bool = False) -> None:
        super().__init__(logging.WARNING)
        self.count = 0
        self.echo = echo

    def emit(self, record: logging.LogRecord) -> None:
        if "overran" in record.getMessage():
            self.count += 1
            if self.echo:
                print(f"    {record.getMessage()}", file=sys.stderr, flush=True)

    def __enter__(self) -> Fallbacks:
        logging.getLogger("worker.bots.turns").addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        logging.getLogger("worker.bots.turns").removeHandler(self)


def match_arguments(parser: argparse.ArgumentParser, *, game: str, challenger: str, baseline: str,
                    players: int, games: int) -> None:
    """The options that say which games are played (shared with scripts that replay them)."""
    parser.add_argument("--game", default=game)
    parser.add_argument("--challenger", default=challenger)
    parser.add_argument("--baseline", default=baseline)
    parser.add_argument("--players", type=int, default=players)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--first", type=int, default=0,
                        help="index of the first game (a batch split over several runs: --first 50 --games 50)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=int, default=1000, help="budget of levels without their own")
    parser.add_argument("--out", help="append one JSON line per game to this file")
    parser.add_argument("--wall-factor", type=float, default=1000.0,
                        help="the worker's wall-clock net over a search, as a multiple of its CPU limit "
                             "(worker/bots/deadline.py, 4 in the service): a tournament measures play at a "
                             "CPU budget, and on a shared machine the wall clock would cut searches short")


def one_game(spec: tuple[str, int, int, str, str, int, int, str]) -> dict:
    game_name, players, index, challenger, baseline, budget_ms, seed, options = spec
    from games import registry
    from worker.selfplay import play

    register_levels()
    game = registry.get(game_name)
    seat_index = index % players
    levels = [challenger if i == seat_index else baseline for i in range(players)]
    start, cpu = time.perf_counter(), time.process_time()
    with Fallbacks() as fallbacks:
        table = play(game, players, f"tournament-{seed}-{index}", levels, options=json.loads(options),
                     budget_ms=budget_ms)
    status = table.status()
    seats = list(table.projection.seats)
    return {
        "index": index, "levels": levels, "seats": seats, "challenger_seat": seats[seat_index],
        "scores": dict(status.scores), "ranking": list(status.ranking),
        "seconds": time.perf_counter() - start, "cpu_seconds": time.process_time() - cpu,
        "fallbacks": fallbacks.count,
        **game_figures(table),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    match_arguments(parser, game="russian_railroads", challenger="greedy", baseline="random", players=2, games=40)
    parser.add_argument("--procs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--options", default="{}", help='table options as one JSON object, e.g. \'{"tableau": "usa"}\'')
    parser.add_argument("--resume", action="store_true",
                        help="with --out: skip the games that file already holds (a batch cut short)")
    parser.add_argument("--summary", nargs="+", metavar="JSONL",
                        help="instead: the figures per level of games written by --out (several batches at once)")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
        return

    options = json.dumps(json.loads(args.options))  # refused here if it is not JSON
    deadline.WALL_FACTOR = args.wall_factor   # the pool's processes are forked from this one
    register_levels()
    done: list[dict] = []
    if args.resume and args.out and Path(args.out).exists():
        done = [json.loads(line) for line in open(args.out, encoding="utf-8") if line.strip()]
    held = {r["index"] for r in done}
    specs = [(args.game, args.players, i, args.challenger, args.baseline, args.budget_ms, args.seed, options)
             for i in range(args.first, args.first + args.games) if i not in held]
    results = [r for r in done if args.first <= r["index"] < args.first + args.games]
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.procs) as pool:
        for result in pool.imap_unordered(one_game, specs):
            results.append(result)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(result) + "\n")
            print(f"  game {result['index']:3d}: {result['scores']} winner {result['ranking'][0]} "
                  f"(challenger {result['challenger_seat']}) {result['seconds']:.1f}s", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start

    print(f"{args.game} {options}, {args.players} players, {len(results)} games, {args.challenger} vs "
          f"{args.baseline} (challenger seat rotated), {elapsed:.0f} s on {args.procs} processes")
    report(results)


def report(results: list[dict]) -> None:
    """The challenger's wins with a 95% Wilson interval, the scores and the per-level figures."""
    n = len(results)
    challenger = {r["levels"][r["seats"].index(r["challenger_seat"])] for r in results}
    baseline = {level for r in results for level in r["levels"]} - challenger
    if len(challenger) == 1 and baseline:
        level, players = challenger.pop(), len(results[0]["seats"])
        wins = sum(1 for r in results if r["ranking"][0] == r["challenger_seat"])
        low, high = wilson(wins, n)
        ch_scores = [r["scores"][r["challenger_seat"]] for r in results]
        base_scores = [v for r in results for s, v in r["scores"].items() if s != r["challenger_seat"]]
        print(f"  {level} wins {wins}/{n} = {wins / n:.1%}  95% CI [{low:.1%}, {high:.1%}]"
              f"  (chance: {1 / players:.0%})")
        print(f"  average score {level} {statistics.mean(ch_scores):.1f}, "
              f"{'/'.join(sorted(baseline))} {statistics.mean(base_scores):.1f}")
    winning = [r["scores"][r["ranking"][0]] for r in results]
    print(f"  average winning score {statistics.mean(winning):.1f} "
          f"(sd {statistics.pstdev(winning):.1f}, min {min(winning)}, max {max(winning)})")
    for level in sorted({level for r in results for level in r["levels"]}):
        print_level(level, results)
    fallbacks = sum(r.get("fallbacks", 0) for r in results)
    if fallbacks:
        print(f"  {fallbacks} turns overran the hard limit and were played by the fallback level")
    cpu = [r["cpu_seconds"] for r in results if "cpu_seconds" in r]
    wall = [r["seconds"] for r in results if "seconds" in r]     # steam_misses.py's lines have no times
    if wall:
        print(f"  average game {statistics.mean(wall):.1f} s"
              + (f", {statistics.mean(cpu):.1f} s of CPU" if cpu else ""))


def summary(paths: list[str]) -> None:
    """The per-level figures of games written by ``--out`` (one JSON line per game)."""
    results = [json.loads(line) for path in paths for line in open(path, encoding="utf-8") if line.strip()]
    print(f"{len(results)} games from {', '.join(paths)}")
    report(results)


def print_level(level: str, results: list[dict]) -> None:
    """Per seat of ``level``: bankruptcies, final scores and (where the log has them) deliveries."""
    seats = [(r, s) for r in results for i, s in enumerate(r["seats"]) if r["levels"][i] == level]
    if not seats:
        return
    scores = [r["scores"][s] for r, s in seats]
    broke = sum(1 for r, s in seats if s in r.get("bankrupt", {}))
    print(f"  {level}: {len(seats)} seats, bankrupt {broke}, positive score {sum(v > 0 for v in scores)}, "
          f"score mean {statistics.mean(scores):.1f} min {min(scores)} max {max(scores)}")
    if any(r.get("deliveries") for r in results):   # a game whose log has deliveries (Steam)
        in_game = []   # (deliveries in the round) for every round the seat was still in
        for r, s in seats:
            last = min(r["rounds"], r.get("bankrupt", {}).get(s, r["rounds"]))
            by_round = r["deliveries"].get(s, {})
            in_game += [by_round.get(str(k), by_round.get(k, 0)) for k in range(1, last + 1)]
        with_one = sum(1 for n in in_game if n > 0)
        print(f"    deliveries per round {statistics.mean(in_game):.2f}, rounds with a delivery "
              f"{with_one}/{len(in_game)} = {with_one / len(in_game):.1%}, seat-rounds without one "
              f"{len(in_game) - with_one}")


if __name__ == "__main__":
    main()
