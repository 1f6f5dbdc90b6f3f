"""First Class engine benchmark (a script, not a test).

Reports complete random games per second, engine only (decide, evolve,
legal_commands, open_actions with a random legal-move player), the same through
the platform's turn machinery (``events.local.LocalTable``: what selfplay and the
bots use), and the time to fold a full game's log with ``events.projection.fold``.

    python benchmarks/first_class_engine.py [--games N] [--players 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.local import LocalTable  # noqa: E402
from events.projection import fold  # noqa: E402
from games.contract import SYSTEM, TURN_CONFIRMED, Command, Event  # noqa: E402
from games.first_class import GAME  # noqa: E402


def engine_game(players: int, seed: int) -> tuple[list[Event], int]:
    """One random game on the bare engine: (events, decisions)."""
    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(1, players + 1)]
    log = GAME.setup({}, seats, rng)
    state: Any = GAME.initial_state()
    for event in log:
        state = GAME.evolve(state, event)
    decisions = 0
    acted = False
    while not GAME.status(state).over:
        status = GAME.status(state)
        if status.pending_system:
            events = GAME.decide(state, Command(status.pending_system[0], SYSTEM, {}), rng)
        else:
            seat = status.to_move[0]
            legal = GAME.legal_commands(state, seat)
            mandatory = any(a.mandatory for a in GAME.open_actions(state, seat))
            decisions += 1
            if acted and not mandatory and (not legal or rng.random() < 0.3):
                events = [Event(TURN_CONFIRMED, {"seat": seat})]
                acted = False
            else:
                events = GAME.decide(state, rng.choice(legal), rng)
                acted = True
        for event in events:
            state = GAME.evolve(state, event)
        log.extend(events)
    return log, decisions


def table_game(players: int, seed: int) -> LocalTable:
    rng = random.Random(seed)
    table = LocalTable.create(GAME, {}, players, seed=f"bench-{seed}")
    while not table.status().over:
        status = table.status()
        if status.pending_system and table.run_system():
            continue
        seat = status.to_move[0]
        legal = table.legal(seat)
        moves = [c for c in legal if c.type not in ("ConfirmTurn", "Undo")]
        confirm = [c for c in legal if c.type == "ConfirmTurn"]
        table.submit(seat, confirm[0] if confirm and (not moves or rng.random() < 0.3) else rng.choice(moves))
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    start = time.perf_counter()
    decisions = events = 0
    for i in range(args.games):
        log, n = engine_game(args.players, args.seed + i)
        decisions += n
        events += len(log)
    engine_s = time.perf_counter() - start
    print(f"engine: {args.games / engine_s:.1f} random {args.players}-player games/s "
          f"({decisions / args.games:.0f} decisions, {events / args.games:.0f} events per game)")

    start = time.perf_counter()
    tables = [table_game(args.players, args.seed + i) for i in range(max(1, args.games // 5))]
    table_s = time.perf_counter() - start
    print(f"LocalTable: {len(tables) / table_s:.1f} random {args.players}-player games/s (platform turn model)")

    times = []
    for table in tables:
        start = time.perf_counter()
        fold(GAME, table.log)
        times.append(time.perf_counter() - start)
    print(f"fold a full log ({statistics.mean(len(t.log) for t in tables):.0f} events): "
          f"{1000 * statistics.median(times):.1f} ms median")


if __name__ == "__main__":
    main()
