"""Russian Railroads engine benchmark (a script, not a test).

Reports complete random 4-player games per second (engine only: decide, evolve,
legal_commands, open_actions, with a random legal-move bot) and the time to fold a
full game's log, both with the bare ``evolve`` and through the platform's
``events.projection.fold``.

    python benchmarks/rr_engine.py [--games N] [--players 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.contract import SYSTEM, TURN_CONFIRMED, Command, Event  # noqa: E402
from games.russian_railroads import GAME  # noqa: E402
from games.russian_railroads.legal import has_mandatory  # noqa: E402


def play(players: int, seed: int) -> tuple[list[Event], int]:
    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(1, players + 1)]
    log = GAME.setup({}, seats, rng)
    state = GAME.initial_state()
    for event in log:
        state = GAME.evolve(state, event)
    decisions = 0
    while True:
        status = GAME.status(state)
        if status.over:
            return log, decisions
        if status.pending_system:
            events = GAME.decide(state, Command(status.pending_system[0], SYSTEM, {}), rng)
        else:
            seat = status.to_move[0]
            legal = GAME.legal_commands(state, seat)
            decisions += 1
            if state.acted and not has_mandatory(state, seat) and (not legal or rng.random() < 0.25):
                events = [Event(TURN_CONFIRMED, {"seat": seat})]
            else:
                events = GAME.decide(state, rng.choice(legal), rng)
        for event in events:
            state = GAME.evolve(state, event)
        log.extend(events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    start = time.perf_counter()
    logs = []
    decisions = 0
    for i in range(args.games):
        log, n = play(args.players, args.seed + i)
        logs.append(log)
        decisions += n
    elapsed = time.perf_counter() - start
    events = sum(len(log) for log in logs)
    print(f"{args.games} random {args.players}-player games in {elapsed:.2f} s: "
          f"{args.games / elapsed:.1f} games/s, {decisions / elapsed:.0f} bot decisions/s, "
          f"{events / args.games:.0f} events per game")

    fold_times = []
    for log in logs:
        t0 = time.perf_counter()
        state = GAME.initial_state()
        for event in log:
            state = GAME.evolve(state, event)
        fold_times.append(time.perf_counter() - t0)
    print(f"fold a full game's log with evolve: median {statistics.median(fold_times) * 1000:.2f} ms "
          f"({events / sum(fold_times):.0f} events/s)")

    try:
        from events.envelope import Envelope
        from events.local import LocalTable  # noqa: F401
        from events.projection import fold
    except ImportError:
        return
    envelopes = [
        Envelope(seq=i, type=e.type, actor=SYSTEM, payload=dict(e.payload), turn=0, ts=0,
                 command_id="bench", schema=1, barrier=e.barrier)
        for i, e in enumerate(logs[0], start=1)
    ]
    t0 = time.perf_counter()
    fold(GAME, envelopes)
    print(f"fold one game's log through events.projection.fold: {(time.perf_counter() - t0) * 1000:.2f} ms "
          f"({len(envelopes)} envelopes)")


if __name__ == "__main__":
    main()
