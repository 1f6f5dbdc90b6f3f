"""Random playouts per second from a mid-game position (a script, not a test).

The position: a Russian Railroads game played by ``greedy`` bots for ``--turns``
whole turns.  From there, random playouts to the end of the game, two ways:

* ``table``: through :class:`events.local.LocalTable` (the platform's decide and
  fold, ``legal`` with the turn commands), exactly the path the bots search on;
* ``engine``: the bare ``decide`` / ``evolve`` / ``legal_commands`` of the game.

Rates are per second of this process's CPU time (``time.process_time``), so that
a busy machine does not distort them.  Also greedy candidate generation (whole turns per second) and, with
``--profile``, where the time of the table playouts goes (cProfile, top functions).

    python benchmarks/playouts.py [--players 2] [--turns 20] [--seconds 5] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.local import LocalTable  # noqa: E402
from events.projection import Projection  # noqa: E402
from games.contract import SYSTEM, TURN_CONFIRMED, Command, Event  # noqa: E402
from games.russian_railroads import GAME  # noqa: E402
from worker.bots.base import play_turn  # noqa: E402
from worker.bots.candidates import candidate_turns, own_value  # noqa: E402
from worker.bots.turns import bot_turn  # noqa: E402


def mid_game(players: int, turns: int, seed: str) -> Projection:
    table = LocalTable.create(GAME, {}, players, seed=seed)
    done = 0
    while done < turns:
        if table.run_system():
            continue
        seat = table.projection.turn_seat or table.status().to_move[0]
        for command in bot_turn(table.projection, seat, "greedy", 1000):
            table.submit(seat, command)
        done += 1
    return table.projection


def table_playout(p: Projection, rng: random.Random) -> int:
    table = LocalTable.from_projection(p)
    moves = 0
    while not table.status().over:
        if table.run_system():
            continue
        seat = table.projection.turn_seat or table.status().to_move[0]
        moves += len(play_turn(table, seat, rng.choice))
    return moves


def engine_playout(p: Projection, rng: random.Random) -> int:
    """The same random policy on the bare game: confirm is one more legal choice."""
    from games.russian_railroads.legal import has_mandatory

    state = p.live
    moves = 0
    while True:
        status = GAME.status(state)
        if status.over:
            return moves
        if status.pending_system:
            events = GAME.decide(state, Command(status.pending_system[0], SYSTEM, {}), rng)
        else:
            seat = status.to_move[0]
            legal: list = list(GAME.legal_commands(state, seat))
            if state.acted and not has_mandatory(state, seat):
                legal.append(None)
            choice = rng.choice(legal)
            moves += 1
            events = [Event(TURN_CONFIRMED, {"seat": seat})] if choice is None else GAME.decide(state, choice, rng)
        for event in events:
            state = GAME.evolve(state, event)


def rate(fn, p: Projection, seconds: float) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    rng = random.Random(1)
    start = time.process_time()
    n = moves = 0
    while time.process_time() - start < seconds:
        moves += fn(p, rng)
        n += 1
    elapsed = time.process_time() - start
    return n / elapsed, moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", default="playouts")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()

    p = mid_game(args.players, args.turns, args.seed)
    print(f"position: {args.players} players, round {p.live.round} of {p.live.rounds}, seq {p.seq}")
    for name, fn in (("table", table_playout), ("engine", engine_playout)):
        per_s, moves_s = rate(fn, p, args.seconds)
        print(f"  random playouts to the end via {name:6s}: {per_s:7.1f} /s  ({moves_s:7.0f} sub-moves/s)")

    seat = p.turn_seat or p.status().to_move[0]
    start = time.process_time()
    n = turns = 0
    while time.process_time() - start < args.seconds:
        turns += len(candidate_turns(p, seat, own_value(seat), random.Random(n)))
        n += 1
    elapsed = time.process_time() - start
    print(f"  greedy turn generation: {n / elapsed:.1f} positions/s ({turns / elapsed:.0f} whole turns/s)")

    if args.profile:
        profiler = cProfile.Profile()
        rng = random.Random(2)
        profiler.enable()
        start = time.process_time()
        while time.process_time() - start < args.seconds:
            table_playout(p, rng)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
        print(out.getvalue())


if __name__ == "__main__":
    main()
