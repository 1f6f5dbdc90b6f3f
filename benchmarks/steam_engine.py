"""Steam engine benchmark (a script, not a test).

Reports complete random 4-player Steam games per second through the platform's turn
machinery (``events.local.LocalTable``: what selfplay and the bots use), the share of
games that reached the last round (random players often go bankrupt first), and the time
to fold a full game's log with ``events.projection.fold``.  The random player is the
property tests' one: it prefers deliveries and builds, keeps bids and loans modest,
usually stops after one tile and spends nothing more once its income is -3 or lower.

    python benchmarks/steam_engine.py [--games N] [--players 4] [--map ne_usa_se_canada] [--mode base] [--rr N]
    python benchmarks/steam_engine.py --greedy N [--budget-ms 1000]   (greedy vs two frugal random players)
    python benchmarks/steam_engine.py --ab ../base [--games 4] [--rounds 3]   (side by side, CPU seconds)

``--ab`` runs these same random games in this checkout and in another one (e.g. ``git worktree
add ../base 6194846``; the benchmark file is this one, the engine the other checkout's, through
``STEAM_BENCH_TREE``), alternately in separate processes, and reports games per CPU second and
the CPU milliseconds of a build-phase listing (``legal`` while the seat may still build) of both.

Figures: benchmarks/README.md, section "Steam".
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from itertools import compress
from operator import attrgetter, not_
from pathlib import Path

#: The checkout whose engine is measured: this one, or ``--ab``'s other one (set for its child).
TREE = Path(os.environ.get("STEAM_BENCH_TREE") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(TREE))

from events.local import LocalTable  # noqa: E402
from events.projection import fold  # noqa: E402
from games.contract import SYSTEM, Command  # noqa: E402
from games.steam import GAME  # noqa: E402

_TYPE = attrgetter("type")
PLATFORM_ONLY = {"Undo", "RequestUndo", "AcceptUndo", "DeclineUndo", "HandToBot", "TakeBack"}


#: Moves a player deep in debt still makes (the frugal random player stops spending there).
CHEAP = frozenset(("ConfirmTurn", "EndBuild", "PassMove", "DeliverGoods", "ChooseReward", "PassBid",
                   "RaiseLocomotive", "PlaceNewCity", "PlaceCityGrowth", "StartDelivery", "MoveCube"))
#: The commands the frugal player keeps in debt only at a low price (it looks at their arguments).
_PRICED = frozenset(("ChooseAction", "Bid", "RaiseCapital"))


def frugal_move(table: LocalTable, seat: str, rng: random.Random, listings: list[float] | None = None) -> Command:
    """One move of the frugal random player (the property tests' one): it prefers deliveries
    and builds, keeps bids and loans modest, usually stops after one tile and spends nothing
    more once its income is -3 or lower.  ``listings`` collects the CPU seconds of each
    build-phase listing (the seat may still build)."""
    state = table.state
    if listings is not None and state.phase == "build" and state.turn["built"] < state.tile_limit(seat):
        start = time.process_time()
        listed = table.legal(seat)
        listings.append(time.process_time() - start)
    else:
        listed = table.legal(seat)
    # (each command's type looked at once, in C, and runs of one type taken as slices: a build
    # listing has ~750 commands, and Python passes over them cost as much as the engine's listing)
    types = list(map(_TYPE, listed))
    present = set(types)
    legal = listed
    if not present.isdisjoint(PLATFORM_ONLY):
        legal, types = _without(listed, types, present & PLATFORM_ONLY)
        present -= PLATFORM_ONLY
    if state.income.get(seat, 0) <= -3:
        if present.isdisjoint(_PRICED):
            cheap = list(compress(legal, map(CHEAP.__contains__, types)))
        else:
            cheap = [c for c in legal if c.type in CHEAP
                     or (c.type == "ChooseAction" and (c.args.get("pass") or c.args.get("tile", 9) <= 4))
                     or (c.type == "Bid" and c.args.get("amount") == 0)
                     or (c.type == "RaiseCapital" and c.args.get("steps", 9) <= 1)]
        if cheap:
            legal = cheap
            types = list(map(_TYPE, legal))
            present = set(types)
    confirms = types.count("ConfirmTurn") if "ConfirmTurn" in present else 0
    weight = 0.85 if state.phase == "build" and state.turn["built"] else 0.4
    if confirms and (len(types) == confirms or rng.random() < weight):
        return legal[types.index("ConfirmTurn")]
    kinds = sorted(present - {"ConfirmTurn"})
    kind = rng.choice(kinds)
    for favourite, chance in (("DeliverGoods", 0.8), ("BuildTrack", 0.6)):
        if favourite in kinds and rng.random() < chance:
            kind = favourite
            break
    pool = _of_type(legal, types, kind)
    if kind in ("Bid", "RaiseCapital"):
        pool = pool[:4]
    return rng.choice(pool)


def _without(listed: list[Command], types: list[str], unwanted: set[str]) -> tuple[list[Command], list[str]]:
    """``listed`` (and its ``types``) without the commands of the ``unwanted`` types: a slice when
    they close the list (the platform's commands follow the game's), else filtered in C."""
    n = sum(types.count(t) for t in unwanted)
    if all(t in unwanted for t in types[len(types) - n:]):
        return listed[:len(listed) - n], types[:len(types) - n]
    kept = list(map(not_, map(unwanted.__contains__, types)))
    return list(compress(listed, kept)), list(compress(types, kept))


def _of_type(listed: list[Command], types: list[str], kind: str) -> list[Command]:
    """The commands of type ``kind`` in ``listed``, in order: a slice when they stand together."""
    n = types.count(kind)
    i = types.index(kind)
    if types[i:i + n].count(kind) == n:
        return listed[i:i + n]
    return list(compress(listed, map(kind.__eq__, types)))


def table_game(players: int, seed: int, options: dict[str, str], greedy: str | None = None,
               budget_ms: int = 1000, listings: list[float] | None = None) -> tuple[LocalTable, int]:
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
        table.submit(seat, frugal_move(table, seat, rng, listings))
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


def measure(games: int, players: int, seed: int) -> dict[str, float]:
    """CPU seconds of ``games`` random games in this process (``TREE``'s engine): games per CPU
    second and the mean CPU milliseconds of a build-phase listing."""
    listings: list[float] = []
    start = time.process_time()
    for i in range(games):
        table_game(players, seed + i, {}, listings=listings)
    cpu = time.process_time() - start
    return {"games_per_s": games / cpu, "listing_ms": 1000 * statistics.mean(listings), "listings": len(listings)}


def ab(base: Path, games: int, rounds: int, players: int, seed: int) -> None:
    """This checkout against ``base``, alternately, each run in a fresh process."""
    trees = {"base": base.resolve(), "head": TREE}
    found: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(rounds):
        for name, tree in trees.items():
            out = subprocess.run([sys.executable, __file__, "--measure", "--games", str(games), "--players",
                                  str(players), "--seed", str(seed)], env=dict(os.environ, STEAM_BENCH_TREE=str(tree)),
                                 capture_output=True, text=True, check=True).stdout
            found[name].append(json.loads(out.strip().splitlines()[-1]))
    print(f"{rounds} rounds A/B, {games} random {players}-player games each (seeds {seed}..{seed + games - 1}), "
          f"load average {' / '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for key, label in (("games_per_s", "games per CPU second"), ("listing_ms", "build-phase listing, CPU ms")):
        b = statistics.median(r[key] for r in found["base"])
        h = statistics.median(r[key] for r in found["head"])
        ratio = h / b if key == "games_per_s" else b / h
        print(f"  {label:28s} base {b:8.2f}  head {h:8.2f}  head is {ratio:5.1f}x faster  "
              f"(base {', '.join(f'{r[key]:.2f}' for r in found['base'])}; "
              f"head {', '.join(f'{r[key]:.2f}' for r in found['head'])})")
    print(f"  listings per run: base {found['base'][0]['listings']:.0f}, head {found['head'][0]['listings']:.0f}")


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
    parser.add_argument("--ab", type=Path, metavar="BASE", help="side by side against another checkout")
    parser.add_argument("--rounds", type=int, default=3, help="--ab: runs of each checkout")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.games, args.players, args.seed)))
        return
    if args.ab:
        ab(args.ab, args.games, args.rounds, args.players, args.seed)
        return
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
