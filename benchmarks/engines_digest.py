"""Random games per CPU second and a behaviour digest for every engine (a script, not a test).

Each engine's own benchmark plays its random games (``rr_engine.play``,
``steam_engine.table_game``, ``railroad_dice``'s ``worker.selfplay.play`` with random
bots, ``first_class_engine.engine_game``); this script times them in CPU seconds of
this process and hashes every game's event log (type, payload, barrier) into one
SHA-256.  A random player's choices depend on the legal-command lists, so the digest
also moves when a listing changes: an optimisation must leave it unchanged.

    python benchmarks/engines_digest.py [--games N] [--players 4] [--only steam]
    python benchmarks/engines_digest.py --digest          (digests only)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from collections.abc import Callable, Iterable
from typing import Any

import _common  # noqa: F401  (sys.path)


def _rr(players: int, seed: int) -> Iterable[Any]:
    import rr_engine

    log, _ = rr_engine.play(players, seed)
    return log


def _steam(players: int, seed: int) -> Iterable[Any]:
    import steam_engine

    table, _ = steam_engine.table_game(players, seed, {})
    return table.log


def _railroad_dice(players: int, seed: int) -> Iterable[Any]:
    from games import registry
    from worker.selfplay import play

    return play(registry.get("railroad_dice"), players, f"digest-{seed}", ["random"]).log


def _first_class(players: int, seed: int) -> Iterable[Any]:
    import first_class_engine

    log, _ = first_class_engine.engine_game(players, seed)
    return log


ENGINES: dict[str, Callable[[int, int], Iterable[Any]]] = {
    "russian_railroads": _rr,
    "steam": _steam,
    "railroad_dice": _railroad_dice,
    "first_class": _first_class,
}
#: Steam games are ~7x a Russian Railroads game: fewer by default.
DEFAULT_GAMES = {"russian_railroads": 10, "steam": 2, "railroad_dice": 10, "first_class": 10}


def run(name: str, games: int, players: int, seed: int) -> tuple[float, str]:
    """(games per CPU second, digest of the event logs)."""
    trace = hashlib.sha256()
    start = time.process_time()
    logs = [list(ENGINES[name](players, seed + i)) for i in range(games)]
    cpu = time.process_time() - start
    for log in logs:
        for event in log:
            trace.update(json.dumps([event.type, event.payload, event.barrier], sort_keys=True, default=str).encode())
    return games / cpu, trace.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=0, help="games per engine (default: per engine)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", choices=sorted(ENGINES), default=[])
    parser.add_argument("--digest", action="store_true", help="print the digests only")
    args = parser.parse_args()
    for name in args.only or ENGINES:
        games = args.games or DEFAULT_GAMES[name]
        per_s, digest = run(name, games, args.players, args.seed)
        if args.digest:
            print(f"{name} {digest}")
        else:
            print(f"{name:18s} {games:3d} random {args.players}-player games: {per_s:6.2f} games per CPU second, "
                  f"digest {digest[:16]}")


if __name__ == "__main__":
    main()
