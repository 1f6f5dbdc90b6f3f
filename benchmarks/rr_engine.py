"""Russian Railroads engine benchmark (a script, not a test).

Reports complete random games per second (engine only: decide, evolve,
legal_commands, open_actions, with a random legal-move bot), random playouts per
second from a fixed mid-game position (the work an MCTS bot repeats: determinize,
then legal_commands / decide / evolve to the end), and the time to fold a full
game's log, both with the bare ``evolve`` and through ``events.projection.fold``.

``--digest`` instead prints one SHA-256 over every game's event log, every legal
command list and every open-action list of fixed-seed games: an optimisation must
leave it unchanged (behaviour-preserving check, independent of the bots).

    python benchmarks/rr_engine.py [--games N] [--players 4] [--seed 1] [--playouts N]
    python benchmarks/rr_engine.py --digest [--games N]
    python benchmarks/rr_engine.py --option solo=true --players 1   (table options, JSON values)

The digest of the base game (no ``--option``) must stay what it was before the
options existed (issue 12).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.contract import SYSTEM, TURN_CONFIRMED, Command, Event  # noqa: E402
from games.russian_railroads import GAME  # noqa: E402
from games.russian_railroads.legal import has_mandatory  # noqa: E402


def _step(state: Any, rng: random.Random, trace: Any = None) -> tuple[Any, list[Event], bool]:
    """One random decision (or the pending system work): (state, events, was a decision)."""
    status = GAME.status(state)
    if status.pending_system:
        events = GAME.decide(state, Command(status.pending_system[0], SYSTEM, {}), rng)
        decided = False
    else:
        seat = status.to_move[0]
        legal = GAME.legal_commands(state, seat)
        if trace is not None:
            trace.update(repr([(c.type, sorted(c.args.items())) for c in legal]).encode())
            trace.update(repr(GAME.open_actions(state, seat)).encode())
        decided = True
        if state.acted and not has_mandatory(state, seat) and (not legal or rng.random() < 0.25):
            events = [Event(TURN_CONFIRMED, {"seat": seat})]
        else:
            events = GAME.decide(state, rng.choice(legal), rng)
    for event in events:
        state = GAME.evolve(state, event)
    return state, events, decided


def play(players: int, seed: int, trace: Any = None, options: dict[str, Any] | None = None
         ) -> tuple[list[Event], int]:
    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(1, players + 1)]
    log = GAME.setup(options or {}, seats, rng)
    state = GAME.initial_state()
    for event in log:
        state = GAME.evolve(state, event)
    decisions = 0
    while not GAME.status(state).over:
        state, events, decided = _step(state, rng, trace)
        decisions += decided
        log.extend(events)
    return log, decisions


def mid_game(players: int, seed: int, round_: int = 3, options: dict[str, Any] | None = None) -> Any:
    """The position at the first decision of ``round_`` of a fixed random game."""
    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = GAME.initial_state()
    for event in GAME.setup(options or {}, seats, rng):
        state = GAME.evolve(state, event)
    while state.round < round_ or GAME.status(state).pending_system:
        state, _, _ = _step(state, rng)
    return state


def playouts(state: Any, n: int, seed: int) -> float:
    """Random playouts to the end from ``state`` (determinized per playout); seconds."""
    rng = random.Random(seed)
    viewer = GAME.status(state).to_move[0]
    start = time.perf_counter()
    for _ in range(n):
        s = GAME.determinize(state, viewer, rng)
        while not GAME.status(s).over:
            s, _, _ = _step(s, rng)
    return time.perf_counter() - start


def digest(games: int, seed: int, options: dict[str, Any] | None = None) -> str:
    trace = hashlib.sha256()
    counts = (1,) if options and options.get("solo") else (2, 3, 4)
    for players in counts:
        for i in range(games):
            log, _ = play(players, seed + i, trace, options)
            for event in log:
                trace.update(json.dumps([event.type, event.payload, event.barrier], sort_keys=True).encode())
    return trace.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", type=int, default=50)
    parser.add_argument("--digest", action="store_true")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                        help="a table option, e.g. solo=true (repeatable)")
    args = parser.parse_args()
    options = {key: json.loads(value) for key, _, value in (o.partition("=") for o in args.option)}

    if args.digest:
        print(digest(args.games, args.seed, options))
        return

    start = time.perf_counter()
    logs = []
    decisions = 0
    for i in range(args.games):
        log, n = play(args.players, args.seed + i, options=options)
        logs.append(log)
        decisions += n
    elapsed = time.perf_counter() - start
    events = sum(len(log) for log in logs)
    print(f"{args.games} random {args.players}-player games in {elapsed:.2f} s: "
          f"{args.games / elapsed:.1f} games/s, {decisions / elapsed:.0f} bot decisions/s, "
          f"{events / args.games:.0f} events per game")

    if args.playouts:
        state = mid_game(args.players, args.seed, options=options)
        seconds = playouts(state, args.playouts, args.seed)
        print(f"{args.playouts} random playouts from round 3 in {seconds:.2f} s: "
              f"{args.playouts / seconds:.1f} playouts/s")

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
