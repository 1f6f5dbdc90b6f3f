"""Steam: every round of a set of games played again by the checked-out bot (a script, not a test).

Why: a change to the greedy bot is hard to judge by 100-game sets (issue 24): the seat-rounds
without a delivery of one set vary by about +-12 from seed to seed, more than the bots
differ, because a changed bot plays different games.  Here two bots play the SAME rounds:
each round of the base games is played again from its start (the action phase's first
position; a base round starts with its action tiles) with all seats on ``--level``, until the
next round starts or the game ends; the game after the round is not seen.  Per round it
writes the seats' deliveries, the seat-rounds without one (``misses``; seats bankrupt by the
round's end left out, as in ``steam_misses.py``) and income + VP of every seat after it.
Two such files (the same rounds, two bots) are compared with ``--compare``: misses, fixed
and new ones, income + VP.

The base games are the games of a ``steam_misses.py`` results file that had a miss (its
``--seed``; the same seeds and seats as ``steam_misses.py``/``tournament.py`` play them; with
``--games clean`` those without one, where a changed bot can only add misses).
``--base`` keeps them as the commands submitted: absent, the games are played by the
checked-out bot and written there; present, they are rebuilt from it through the engine
(no bot), so another bot's run starts from the very same positions.  Either way each game's
scores must equal the results file's (the replay is exact), else the game is left out.  With
the base's own bot every round played again must be the base's round (``as_base``).
``--base-only`` writes (or checks) the base games and plays no round; ``--first`` skips the
games before that index (a run in parts).

    python benchmarks/steam_rounds.py benchmarks/results/steam-3p-greedy-vs-greedy-f17e72c-seed2.jsonl \\
        --seed 2 --base /tmp/base-seed2.jsonl --out main.jsonl          # on main: writes the base
    python benchmarks/steam_rounds.py benchmarks/results/steam-3p-greedy-vs-greedy-f17e72c-seed2.jsonl \\
        --seed 2 --base /tmp/base-seed2.jsonl --out changed.jsonl       # on the changed bot
    python benchmarks/steam_rounds.py --compare main.jsonl changed.jsonl
    python benchmarks/steam_rounds.py --compare base changed.jsonl   # against the base rounds as played
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.tournament import Fallbacks, register_levels  # noqa: E402
from worker.bots import deadline  # noqa: E402


def _open(path: str, mode: str = "r") -> Any:
    """A text file, gzip-compressed where its name ends in ``.gz`` (a base file of many games)."""
    if path.endswith(".gz"):
        return gzip.open(path, mode + "t", encoding="utf-8")
    return open(path, mode, encoding="utf-8")


def drive(table: Any, level_of: dict[str, str], budget_ms: int, stop: Callable[[], bool] | None = None,
          record: list[list[Any]] | None = None) -> None:
    """Play ``table`` on as :func:`worker.selfplay.play` plays a game, until ``stop()`` or the
    game's end; the commands submitted (system work included) go to ``record``."""
    from games.contract import Command
    from worker.selfplay import drive as selfplay_drive

    def submit(seat: str, command: Command) -> list[Any]:
        envelopes = table.submit(seat, command)
        if record is not None:
            record.append([seat, command.type, command.args])
        return envelopes

    selfplay_drive(table, level_of, budget_ms, stop=stop, submit=submit)


def round_figures(s: Any, envelopes: list[Any], round_: int) -> dict[str, Any]:
    """Deliveries per seat in ``envelopes``, the seats without one (bankrupt ones left out)
    and income + VP of every seat in state ``s`` (the round's end)."""
    delivered = {seat: 0 for seat in s.order}
    for env in envelopes:
        if env.type == "GoodsDelivered":
            delivered[env.payload["seat"]] = delivered.get(env.payload["seat"], 0) + 1
    out = [seat for seat, n in delivered.items()
           if not n and not (seat in s.bankrupt_round and s.bankrupt_round[seat] <= round_)]
    return {"delivered": delivered, "misses": sorted(out),
            "income_vp": {seat: s.income[seat] + s.vp[seat] for seat in s.seats}}


def round_over(table: Any, start: int) -> Callable[[], bool]:
    """True once a ``RoundStarted`` was appended after ``table.log[start]``."""
    seen = [start]

    def over() -> bool:
        for env in table.log[seen[0]:]:
            if env.type == "RoundStarted":
                return True
        seen[0] = len(table.log)
        return False

    return over


def base_game(game: Any, players: int, seed: int, line: dict[str, Any], budget_ms: int,
              commands: list[list[Any]] | None) -> tuple[Any, list[list[Any]]]:
    """The game of ``line`` (rebuilt from ``commands``, else played by the checked-out bot)."""
    from events.local import LocalTable
    from games.contract import Command

    table = LocalTable.create(game, {}, players, seed=f"tournament-{seed}-{line['index']}")
    if commands is None:
        record: list[list[Any]] = []
        level_of = dict(zip(table.projection.seats, line["levels"], strict=True))
        drive(table, level_of, budget_ms, record=record)
        return table, record
    for seat, kind, args in commands:
        table.submit(seat, Command(kind, seat, args))
    return table, commands


def rounds_of(game: Any, log: list[Any]) -> dict[int, dict[str, Any]]:
    """Per round of the game ``log``: the projection where its action phase begins
    (``start``), the log's length there (``at``) and the round's figures up to the next
    ``RoundStarted`` (or the game's end) as :func:`round_figures` gives them (``base``)."""
    from events.projection import fold_iter

    rounds: dict[int, dict[str, Any]] = {}
    current = None
    last = None
    for n, p in enumerate(fold_iter(game, log), start=1):
        s, last = p.live, p
        if s is None or not hasattr(s, "phase"):
            continue
        if current is not None and log[n - 1].type == "RoundStarted":
            current["base"] = round_figures(s, log[current["at"]:n], current["round"])
            current = None
        if s.phase == "actions" and s.round not in rounds and not p.tail:
            current = rounds[s.round] = {"round": s.round, "start": p, "at": n}
    if current is not None and last is not None:
        current["base"] = round_figures(last.live, log[current["at"]:], current["round"])
    return rounds


def play_rounds(game: Any, base: Any, level: str, budget_ms: int) -> list[dict[str, Any]]:
    """Every round of ``base`` played again from its start by ``level`` in every seat."""
    from events.local import LocalTable

    lines = []
    log = list(base.log)
    for round_, r in sorted(rounds_of(game, log).items()):
        p, n = r["start"], r["at"]
        table = LocalTable(game, p, log=log[:n])
        with Fallbacks(echo=True) as handler:
            drive(table, dict.fromkeys(p.seats, level), budget_ms, round_over(table, n))
        play = round_figures(table.state, table.log[n:], round_)
        lines.append({"round": round_, "order": list(p.live.order), **play,
                      "base_delivered": r["base"]["delivered"], "base_misses": r["base"]["misses"],
                      "base_income_vp": r["base"]["income_vp"],
                      "as_base": play["delivered"] == r["base"]["delivered"]
                      and play["income_vp"] == r["base"]["income_vp"],
                      "fallbacks": handler.count})
    return lines


def compare(before_path: str, after_path: str) -> None:
    """Misses, fixed and new ones, income + VP of two runs over the rounds both hold.
    ``before_path`` ``base``: the base rounds as ``after_path`` holds them (the base's own
    bot's figures where its run came out ``as_base``, without playing the rounds again)."""
    def load(path: str) -> dict[tuple[int, int], dict[str, Any]]:
        rows = [json.loads(line) for line in open(after_path if path == "base" else path, encoding="utf-8")
                if line.strip()]
        if path == "base":
            rows = [{**r, "delivered": r["base_delivered"], "misses": r["base_misses"],
                     "income_vp": r["base_income_vp"], "as_base": True, "fallbacks": 0} for r in rows]
        return {(r["index"], r["round"]): r for r in rows}

    before, after = load(before_path), load(after_path)
    keys = sorted(set(before) & set(after))
    a = {(i, r, seat) for i, r in keys for seat in before[(i, r)]["misses"]}
    b = {(i, r, seat) for i, r in keys for seat in after[(i, r)]["misses"]}
    base = {(i, r, seat) for i, r in keys for seat in before[(i, r)]["base_misses"]}
    games = len({i for i, _ in keys})
    other = sum(1 for k in keys if before[k]["delivered"] != after[k]["delivered"]
                or before[k]["income_vp"] != after[k]["income_vp"])

    def fmt(misses: set[tuple[int, int, str]]) -> str:
        return ", ".join(f"{i}/{r} {seat}" for i, r, seat in sorted(misses)) or "none"

    print(f"{len(keys)} rounds of {games} games ({before_path} -> {after_path})")
    print(f"  base games' misses in these rounds: {len(base)}; as base: "
          f"{sum(before[k]['as_base'] for k in keys)} / {sum(after[k]['as_base'] for k in keys)} rounds")
    print(f"  seat-rounds without a delivery: {len(a)} -> {len(b)}")
    print(f"  fixed ({len(a - b)}): {fmt(a - b)}")
    print(f"  new ({len(b - a)}): {fmt(b - a)}")
    print(f"  income + VP of all seats after the round: {sum(sum(before[k]['income_vp'].values()) for k in keys)}"
          f" -> {sum(sum(after[k]['income_vp'].values()) for k in keys)}; rounds played differently: {other}")
    print(f"  fallback turns: {sum(before[k]['fallbacks'] for k in keys)} / {sum(after[k]['fallbacks'] for k in keys)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="?", help="a steam_misses.py --out file: its games with a miss are played")
    parser.add_argument("--seed", type=int, default=1, help="the seed the results file was played with")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--level", default="greedy", help="the bot that plays every seat of the rounds")
    parser.add_argument("--budget-ms", type=int, default=1000)
    parser.add_argument("--base", help="the base games' commands (JSON lines): read if present, else written")
    parser.add_argument("--out", help="append one JSON line per round to this file")
    parser.add_argument("--wall-factor", type=float, default=1000.0, help="as tournament.py's")
    parser.add_argument("--games", choices=("missed", "clean", "all"), default="missed",
                        help="the file's games with a miss (default), those without one (where a changed bot "
                             "can only add misses) or all")
    parser.add_argument("--first", type=int, default=0, help="only those games from index FIRST on (a run in parts)")
    parser.add_argument("--limit", type=int, help="only the first LIMIT of those games (a quick check)")
    parser.add_argument("--base-only", action="store_true",
                        help="only write the base games to --base (checked against the file), no round played again")
    parser.add_argument("--compare", nargs=2, metavar="JSONL",
                        help="instead: compare two --out files (the first 'base': the second's base rounds)")
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    if not args.results:
        parser.error("a results file or --compare")
    from games import registry

    deadline.WALL_FACTOR = args.wall_factor
    register_levels()
    game = registry.get("steam")
    lines = [json.loads(line) for line in open(args.results, encoding="utf-8") if line.strip()]
    chosen = [line for line in lines if args.games == "all" or bool(line["misses"]) == (args.games == "missed")]
    chosen = [line for line in chosen if line["index"] >= args.first][:args.limit]
    saved: dict[int, list[list[Any]]] = {}
    if args.base and Path(args.base).exists():
        with _open(args.base) as fh:
            saved = {r["index"]: r["commands"] for r in map(json.loads, fh)}
    total = misses = 0
    for line in chosen:
        index = line["index"]
        with Fallbacks(echo=True):
            base, commands = base_game(game, args.players, args.seed, line, args.budget_ms, saved.get(index))
        scores = dict(base.status().scores)
        if scores != line["scores"]:
            print(f"game {index}: scores {scores}, the file's {line['scores']}: not exact, left out", flush=True)
            continue
        if args.base and index not in saved:
            with _open(args.base, "a") as fh:
                fh.write(json.dumps({"index": index, "commands": commands}) + "\n")
        if args.base_only:
            print(f"game {index}: base {'read' if index in saved else 'written'}", flush=True)
            continue
        rounds = play_rounds(game, base, args.level, args.budget_ms)
        for r in rounds:
            r["index"] = index
            if args.out:
                with open(args.out, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(r) + "\n")
        n = sum(len(r["misses"]) for r in rounds)
        total, misses = total + len(rounds), misses + n
        print(f"game {index}: {len(rounds)} rounds, {n} misses "
              f"(base {sum(len(r['base_misses']) for r in rounds)}), "
              f"as base {sum(r['as_base'] for r in rounds)}/{len(rounds)}", flush=True)
    print(f"{total} rounds of {len(chosen)} games ({args.games}): {misses} seat-rounds without a delivery")


if __name__ == "__main__":
    main()
