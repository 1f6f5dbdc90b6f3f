"""Steam engine benchmark (a script, not a test).

Reports complete random 4-player Steam games per second through the platform's turn
machinery (``events.local.LocalTable``: what selfplay and the bots use), the share of
games that reached the last round (random players often go bankrupt first), and the time
to fold a full game's log with ``events.projection.fold``.  The random player is the
property tests' one: it prefers deliveries and builds, keeps bids and loans modest,
usually stops after one tile and spends nothing more once its income is -3 or lower.

    python benchmarks/steam_engine.py [--games N] [--players 4] [--map ne_usa_se_canada] [--mode base] [--rr N]
    python benchmarks/steam_engine.py --greedy N [--budget-ms 1000]   (greedy vs two frugal random players)

Figures: benchmarks/README.md, section "Steam".
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.local import LocalTable  # noqa: E402
from events.projection import fold  # noqa: E402
from games.contract import SYSTEM, Command  # noqa: E402
from games.steam import GAME  # noqa: E402

PLATFORM_ONLY = {"Undo", "RequestUndo", "AcceptUndo", "DeclineUndo", "HandToBot", "TakeBack"}


#: Moves a player deep in debt still makes (the frugal random player stops spending there).
CHEAP = ("ConfirmTurn", "EndBuild", "PassMove", "DeliverGoods", "ChooseReward", "PassBid", "RaiseLocomotive",
         "PlaceNewCity", "PlaceCityGrowth", "StartDelivery", "MoveCube")


def frugal_move(table: LocalTable, seat: str, rng: random.Random) -> Command:
    """One move of the frugal random player (the property tests' one): it prefers deliveries
    and builds, keeps bids and loans modest, usually stops after one tile and spends nothing
    more once its income is -3 or lower."""
    state = table.state
    legal = [c for c in table.legal(seat) if c.type not in PLATFORM_ONLY]
    if state.income.get(seat, 0) <= -3:
        cheap = [c for c in legal if c.type in CHEAP
                 or (c.type == "ChooseAction" and (c.args.get("pass") or c.args.get("tile", 9) <= 4))
                 or (c.type == "Bid" and c.args.get("amount") == 0)
                 or (c.type == "RaiseCapital" and c.args.get("steps", 9) <= 1)]
        legal = cheap or legal
    moves = [c for c in legal if c.type != "ConfirmTurn"]
    confirm = [c for c in legal if c.type == "ConfirmTurn"]
    weight = 0.85 if state.phase == "build" and state.turn["built"] else 0.4
    if confirm and (not moves or rng.random() < weight):
        return confirm[0]
    kinds = sorted({c.type for c in moves})
    kind = rng.choice(kinds)
    for favourite, chance in (("DeliverGoods", 0.8), ("BuildTrack", 0.6)):
        if favourite in kinds and rng.random() < chance:
            kind = favourite
            break
    pool = [c for c in moves if c.type == kind]
    if kind in ("Bid", "RaiseCapital"):
        pool = pool[:4]
    return rng.choice(pool)


def table_game(players: int, seed: int, options: dict[str, str], greedy: str | None = None,
               budget_ms: int = 1000) -> tuple[LocalTable, int]:
    """A whole game of frugal random players; ``greedy`` names a seat the greedy bot plays
    (through the worker's ``bot_turn``, as selfplay and the service do)."""
    rng = random.Random(seed)
    table = LocalTable.create(GAME, options, players, seed=f"bench-{seed}")
    decisions = 0
    while not table.status().over:
        status = table.status()
        if status.pending_system and not table.projection.tail:
            table.submit(SYSTEM, Command(status.pending_system[0], SYSTEM, {}))
            continue
        seat = table.projection.turn_seat or status.to_move[0]
        decisions += 1
        if seat == greedy:
            from worker.bots.turns import bot_turn
            for command in bot_turn(table.projection, seat, "greedy", budget_ms):
                table.submit(seat, command)
            continue
        table.submit(seat, frugal_move(table, seat, rng))
    return table, decisions


def rr_games(games: int, seed: int, players: int) -> float:
    """Russian Railroads for scale, in the same run: random games per second through the same
    ``LocalTable`` path (each sub-move a uniformly random legal command, as the random bot)."""
    from games import registry
    game = registry.get("russian_railroads")
    start = time.perf_counter()
    for i in range(games):
        rng = random.Random(seed + i)
        table = LocalTable.create(game, {}, players, seed=f"bench-rr-{seed + i}")
        while not table.status().over:
            if table.run_system():
                continue
            status = table.status()
            seat = table.projection.turn_seat or status.to_move[0]
            table.submit(seat, rng.choice([c for c in table.legal(seat) if c.type not in PLATFORM_ONLY]))
    return games / (time.perf_counter() - start)


def greedy_match(games: int, seed: int, options: dict[str, str], budget_ms: int) -> None:
    """Greedy in one seat of 3 (rotating) against two frugal random players, whole games."""
    wins, rows = 0, []
    start = time.perf_counter()
    for i in range(games):
        seat = f"p{i % 3 + 1}"
        table, _ = table_game(3, seed + i, options, greedy=seat, budget_ms=budget_ms)
        s, status = table.state, table.status()
        wins += status.ranking[0] == seat
        rows.append((status.scores[seat], [v for k, v in status.scores.items() if k != seat], s.round,
                     seat in s.bankrupt, len([b for b in s.bankrupt if b != seat])))
        print(f"  game {i}: greedy {seat} {dict(status.scores)} round {s.round}/{s.last_round} "
              f"bankrupt {s.bankrupt}", file=sys.stderr, flush=True)
    print(f"greedy vs 2 frugal random, 3 players, {games} games ({options}, budget {budget_ms} ms, "
          f"{time.perf_counter() - start:.0f} s): greedy wins {wins}/{games}; average score greedy "
          f"{statistics.mean(r[0] for r in rows):.1f}, random {statistics.mean(v for r in rows for v in r[1]):.1f}; "
          f"{sum(1 for r in rows if not r[3] and r[4] == 0)} games without a bankruptcy, "
          f"greedy bankrupt in {sum(r[3] for r in rows)}, a random player in {sum(1 for r in rows if r[4])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", default="ne_usa_se_canada")
    parser.add_argument("--mode", default="base")
    parser.add_argument("--greedy", type=int, default=0, metavar="N",
                        help="instead: N 3-player games of greedy against two frugal random players")
    parser.add_argument("--budget-ms", type=int, default=1000, help="the greedy bot's budget per turn")
    parser.add_argument("--rr", type=int, default=0, metavar="N",
                        help="also N random Russian Railroads games of as many players, for scale")
    args = parser.parse_args()
    options = {"map": args.map, "mode": args.mode}
    if args.greedy:
        greedy_match(args.greedy, args.seed, options, args.budget_ms)
        return

    start = time.perf_counter()
    results = [table_game(args.players, args.seed + i, options) for i in range(args.games)]
    elapsed = time.perf_counter() - start
    tables = [t for t, _ in results]
    full = sum(1 for t in tables if t.state.round >= t.state.last_round)
    print(f"LocalTable: {args.games / elapsed:.2f} random {args.players}-player Steam games/s "
          f"({args.map}, {args.mode}; {statistics.mean(d for _, d in results):.0f} decisions and "
          f"{statistics.mean(len(t.log) for t in tables):.0f} events per game; "
          f"{full}/{args.games} reached the last round)")

    times = []
    for table in tables:
        start = time.perf_counter()
        fold(GAME, table.log)
        times.append(time.perf_counter() - start)
    print(f"fold a full log: {1000 * statistics.median(times):.1f} ms median")
    if args.rr:
        print(f"LocalTable: {rr_games(args.rr, args.seed, args.players):.2f} random {args.players}-player "
              f"Russian Railroads games/s (same run, for scale)")


if __name__ == "__main__":
    main()
