"""First Class engine benchmark (a script, not a test).

Reports complete random games per second, engine only (decide, evolve,
legal_commands, open_actions with a random legal-move player), the same through
the platform's turn machinery (``events.local.LocalTable``: what selfplay and the
bots use), and the time to fold a full game's log with ``events.projection.fold``.

    python benchmarks/first_class_engine.py [--games N] [--players 4] [--seed 1]
    python benchmarks/first_class_engine.py --search [--players 2] [--seconds 5] [--turns 6]

``--search`` measures what the search bots need instead, from a mid-game position
(greedy bots play to round 3): random playouts to the end through ``LocalTable``
per CPU second, greedy turn generation (positions/s), and ``mcts-1s`` turns from
there: wall time per turn against its 1 s budget (and the worker's hard deadline,
:func:`worker.bots.turns.deadline_seconds`) and iterations per turn.
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


def mid_game(players: int, seed: str, until_round: int = 3) -> Any:
    """A position of a game played by greedy bots up to the start of ``until_round``."""
    from worker.bots.turns import bot_turn

    table = LocalTable.create(GAME, {}, players, seed=seed)
    while table.state.round < until_round and not table.status().over:
        if table.run_system():
            continue
        seat = table.projection.turn_seat or table.status().to_move[0]
        for command in bot_turn(table.projection, seat, "greedy", 1000):
            table.submit(seat, command)
    while table.run_system():
        pass
    return table


def search_figures(players: int, seconds: float, turns: int, seed: str) -> None:
    from worker.bots import mcts
    from worker.bots.base import play_turn
    from worker.bots.candidates import candidate_turns, own_value
    from worker.bots.turns import deadline_seconds

    table = mid_game(players, seed)
    p = table.projection
    print(f"position: {players} players, round {p.live.round} of 6, seq {p.seq}")
    rng = random.Random(1)
    start = time.process_time()
    n = moves = 0
    while time.process_time() - start < seconds:
        playout = LocalTable.from_projection(p)
        while not playout.status().over:
            if playout.run_system():
                continue
            seat = playout.projection.turn_seat or playout.status().to_move[0]
            moves += len(play_turn(playout, seat, rng.choice))
        n += 1
    elapsed = time.process_time() - start
    print(f"  random playouts to the end via LocalTable: {n / elapsed:.1f} /s "
          f"({moves / elapsed:.0f} sub-moves/s, CPU time)")

    seat = p.turn_seat or p.status().to_move[0]
    start = time.process_time()
    n = whole = 0
    while time.process_time() - start < seconds:
        whole += len(candidate_turns(p, seat, own_value(seat), random.Random(n)))
        n += 1
    elapsed = time.process_time() - start
    print(f"  greedy turn generation: {n / elapsed:.1f} positions/s ({whole / elapsed:.0f} whole turns/s, CPU time)")

    walls, iterations = [], []
    for i in range(turns):
        if table.status().over:
            break
        if table.run_system():
            continue
        seat = table.projection.turn_seat or table.status().to_move[0]
        search = mcts.Search(table.projection, seat, random.Random(i))
        start = time.perf_counter()
        best = search.run(deadline=start + mcts.BUDGET_SHARE)
        walls.append(time.perf_counter() - start)
        iterations.append(search.iterations_done)
        for command in best or play_turn(LocalTable.from_projection(table.projection), seat, random.Random(i).choice):
            table.submit(seat, command)
    if walls:
        print(f"  mcts-1s, {len(walls)} turns: wall {statistics.mean(walls):.2f} s mean, {max(walls):.2f} s max "
              f"(budget 1.00 s, search stops at {mcts.BUDGET_SHARE:.2f} s, "
              f"worker deadline {deadline_seconds(1000):.1f} s); "
              f"iterations per turn {statistics.mean(iterations):.0f} mean, {min(iterations)} min")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search", action="store_true", help="figures for the search bots instead")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--turns", type=int, default=6)
    args = parser.parse_args()
    if args.search:
        search_figures(args.players, args.seconds, args.turns, f"search-{args.seed}")
        return

    start, cpu = time.perf_counter(), time.process_time()
    decisions = events = 0
    for i in range(args.games):
        log, n = engine_game(args.players, args.seed + i)
        decisions += n
        events += len(log)
    engine_s, engine_cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"engine: {args.games / engine_s:.1f} random {args.players}-player games/s wall, "
          f"{args.games / engine_cpu:.1f} per CPU second "
          f"({decisions / args.games:.0f} decisions, {events / args.games:.0f} events per game)")

    start, cpu = time.perf_counter(), time.process_time()
    tables = [table_game(args.players, args.seed + i) for i in range(max(1, args.games // 5))]
    table_s, table_cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"LocalTable: {len(tables) / table_s:.1f} random {args.players}-player games/s wall, "
          f"{len(tables) / table_cpu:.1f} per CPU second (platform turn model)")

    times = []
    for table in tables:
        start = time.perf_counter()
        fold(GAME, table.log)
        times.append(time.perf_counter() - start)
    print(f"fold a full log ({statistics.mean(len(t.log) for t in tables):.0f} events): "
          f"{1000 * statistics.median(times):.1f} ms median")


if __name__ == "__main__":
    main()
