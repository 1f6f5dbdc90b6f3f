"""Steam engine benchmark (a script, not a test).

Reports complete random 4-player Steam games per second through the platform's turn
machinery (``events.local.LocalTable``: what selfplay and the bots use), the share of
games that reached the last round (random players often go bankrupt first), and the time
to fold a full game's log with ``events.projection.fold``.  The random player is the
property tests' one: it prefers deliveries and builds, keeps bids and loans modest and
usually stops after one tile.

    python benchmarks/steam_engine.py [--games N] [--players 4] [--map ne_usa_se_canada] [--mode base]

Measured on the 2-core development machine (other work running): 0.7 random 4-player games/s on
the north-east map (base game), 0.8 on Rhine/Ruhr (expert); folding a full log 25-30 ms.  Most of
the time is ``legal_commands`` in the build phase (every face and turn on every reachable hex).
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


def table_game(players: int, seed: int, options: dict[str, str]) -> tuple[LocalTable, int]:
    rng = random.Random(seed)
    table = LocalTable.create(GAME, options, players, seed=f"bench-{seed}")
    decisions = 0
    while not table.status().over:
        status = table.status()
        if status.pending_system and not table.projection.tail:
            table.submit(SYSTEM, Command(status.pending_system[0], SYSTEM, {}))
            continue
        seat = table.projection.turn_seat or status.to_move[0]
        legal = [c for c in table.legal(seat) if c.type not in PLATFORM_ONLY]
        moves = [c for c in legal if c.type != "ConfirmTurn"]
        confirm = [c for c in legal if c.type == "ConfirmTurn"]
        weight = 0.85 if table.state.phase == "build" and table.state.turn["built"] else 0.4
        decisions += 1
        if confirm and (not moves or rng.random() < weight):
            table.submit(seat, confirm[0])
            continue
        kinds = sorted({c.type for c in moves})
        kind = rng.choice(kinds)
        for favourite, chance in (("DeliverGoods", 0.8), ("BuildTrack", 0.6)):
            if favourite in kinds and rng.random() < chance:
                kind = favourite
                break
        pool = [c for c in moves if c.type == kind]
        if kind in ("Bid", "RaiseCapital"):
            pool = pool[:4]
        table.submit(seat, rng.choice(pool))
    return table, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", default="ne_usa_se_canada")
    parser.add_argument("--mode", default="base")
    args = parser.parse_args()
    options = {"map": args.map, "mode": args.mode}

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


if __name__ == "__main__":
    main()
