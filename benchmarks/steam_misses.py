"""Steam: why a seat went through a round without a delivery (a script, not a test).

Plays the games of ``benchmarks/tournament.py`` again (same seeds, same seats, so the same
games while the bots are unchanged), folds each game's log and, for every seat-round
without a delivery (the seat still in the game), asks the engine whether ANY delivery was
within the seat's reach in that round, from the positions the seat actually met:

- ``move``: a delivery was open at one of its two move actions (the move choice missed it);
- ``loco``: raising the locomotive in its first move action opens a delivery for its
  second (the board as it stood at the second one, one level more);
- ``build``: one or two links laid through the engine (``decide``/``evolve``: legal tiles at
  their real cost, cash raised as the rules allow) from the position where its build turn
  began (after its City Growth or Urbanization) open a delivery of a cube still there at
  its first move (at its locomotive) or at its second (also one level more);
- ``first_move``: its own build left a delivery open (also one level more), the earlier
  seats took the cube, and First Move was free when it chose its action tile;
- ``taken``: the same with First Move gone (no delivery of its own in its turn);
- ``held_first_move``: the same, but the seat had taken First Move itself (so moving first
  did not save the cube: a rival took it in the other move action);
- ``impossible``: none of these (the search covers new links between cities, links from a
  city to a town with its town tile (the planner's :func:`link_plans`, since ``steam-bot8``)
  and the seat's own unfinished links, not re-laid track or a different action tile).

Each game's line in ``--out`` also holds the tournament's figures (``tournament.py --summary``
reads it).  It also counts the turns the bot overran its CPU budget (the fallback level played them).

    python benchmarks/steam_misses.py --players 3 --challenger greedy --baseline greedy --games 20
    python benchmarks/steam_misses.py --first 40 --games 10 --verbose
    python benchmarks/steam_misses.py --baseline frugal --games 100 --out F   # greedy's misses only

A game with budget overruns was not played by the bots alone (the fallback level played
those turns).  As in ``tournament.py``, the worker's wall-clock net is lifted (``--wall-factor``),
so a process starved of CPU is not taken for a slow search.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.tournament import Fallbacks, game_figures, match_arguments, print_level, register_levels  # noqa: E402
from worker.bots import deadline  # noqa: E402

#: Links laid on top of each other at most when looking for a delivery a build opens.
DEPTH = 2


def snapshots(game: Any, log: list[Any]) -> dict[tuple[int, str], dict[str, Any]]:
    """Per (round, seat): the state its build turn began in (``build``; after a pending City
    Growth or Urbanization), the states its move actions began in (``moves``) and whether it
    delivered."""
    from events.projection import Projection, fold
    from games.steam.decide import city_action_open

    out: dict[tuple[int, str], dict[str, Any]] = {}
    p = Projection.empty(game)
    before: tuple[str, str | None] | None = None
    for env in log:
        p = p.apply(env, lambda seq: fold(game, log[:seq]))
        s = p.live
        if s is None or not hasattr(s, "phase"):
            continue
        seat = s.current
        now = (s.phase, seat)
        if seat is not None:
            entry = out.setdefault((s.round, seat), {"build": None, "built": None, "moves": [], "delivered": 0})
            if s.phase == "build" and entry["build"] is None and not s.turn["built"] \
                    and not city_action_open(s, seat):
                entry["build"] = s
            if s.phase == "build":
                entry["built"] = s
            if s.phase == "actions" and entry.get("action") is None:
                entry["action"] = s
            if s.phase == "move" and now != before and not s.rewards and not s.transit:
                entry["moves"].append(s)
        if env.type == "GoodsDelivered":
            out.setdefault((s.round, env.payload["seat"]), {"build": None, "built": None, "moves": [], "delivered": 0})
            out[(s.round, env.payload["seat"])]["delivered"] += 1
        before = now
    return out


def _routes(state: Any, seat: str, cubes_from: Any, extra_loco: int = 0,
            loco_from: Any = None) -> list[dict[str, Any]]:
    """The seat's deliveries over ``state``'s track with the cubes of ``cubes_from`` and the
    locomotive of ``loco_from`` (default: ``cubes_from``) plus ``extra_loco``."""
    from games.steam import goods
    from games.steam.data import RULES
    from games.steam.network import Network

    trial = state.clone()
    trial.cubes = {k: dict(v) for k, v in cubes_from.cubes.items()}
    trial.loco[seat] = min(RULES["loco"]["max"], (loco_from or cubes_from).loco[seat] + extra_loco)
    return goods.routes(trial, Network.of(trial), seat)


def _cubes(state: Any, seat: str, extra_loco: int = 0) -> int:
    """The cubes the seat could deliver from ``state`` (its own build done), each once."""
    if state is None:
        return 0
    keys = {(r["from"], r["colour"]) for r in _routes(state, seat, state, extra_loco)}
    return sum(state.cubes[o][c] for o, c in keys)


def _opens(state: Any, seat: str, moves: list[Any]) -> bool:
    """Whether ``state``'s track gives the seat a delivery at one of its move actions."""
    if moves and _routes(state, seat, moves[0]):
        return True
    if len(moves) >= 2 and (_routes(state, seat, moves[1], 0, moves[0]) or _routes(state, seat, moves[1], 1, moves[0])):
        return True
    return not moves and bool(_routes(state, seat, state))


def build_opens(start: Any, seat: str, moves: list[Any], depth: int = DEPTH) -> bool:
    """Whether some build of one or two links from ``start`` opens a delivery."""
    from games.steam.planning import continuations, lay, link_plans

    rng = random.Random(0)

    def search(state: Any, level: int) -> bool:
        left = state.tile_limit(seat) - state.turn["built"]
        if left <= 0:
            return False
        plans = list(continuations(state, seat, left)) + list(link_plans(state, left))
        laid = []
        for plan in plans:
            found = lay(state, seat, plan, rng)
            if found is None:
                continue
            if _opens(found[0], seat, moves):
                return True
            laid.append(found[0])
        return level < depth and any(search(after, level + 1) for after in laid)

    return search(start, 1)


#: The First Move action tile's number.
FIRST_MOVE = 2


def classify(entry: dict[str, Any], seat: str) -> str:
    """The first of ``move``, ``loco``, ``build`` that applies; else ``first_move`` where its
    own build left a delivery open that earlier seats took and First Move was free when it
    chose its action tile (``held_first_move`` where it had taken it), ``taken`` where it was
    not, ``impossible`` where nothing was open."""
    from games.steam.decide import tile_problem

    moves = entry["moves"]
    if any(_routes(m, seat, m) for m in moves):
        return "move"
    if len(moves) >= 2 and _routes(moves[1], seat, moves[1], 1, moves[0]):
        return "loco"
    if entry["build"] is not None and build_opens(entry["build"], seat, moves):
        return "build"
    if _cubes(entry["built"], seat) or _cubes(entry["built"], seat, 1):
        if entry["built"].tiles.get(seat) == FIRST_MOVE:
            return "held_first_move"
        action = entry.get("action")
        if action is not None and tile_problem(action, seat, FIRST_MOVE, False) is None:
            return "first_move"
        return "taken"
    return "impossible"


def one_game(game_name: str, players: int, index: int, challenger: str, baseline: str, seed: int,
             budget_ms: int, verbose: bool) -> dict[str, Any]:
    from games import registry
    from worker.selfplay import play

    register_levels()
    game = registry.get(game_name)
    seat_index = index % players
    levels = [challenger if i == seat_index else baseline for i in range(players)]
    with Fallbacks(echo=True) as handler:
        table = play(game, players, f"tournament-{seed}-{index}", levels, budget_ms=budget_ms)
    state = table.projection.live
    level_of = dict(zip(table.projection.seats, levels, strict=True))
    found: Counter[str] = Counter()
    misses = []
    for (round_, seat), entry in sorted(snapshots(game, table.log).items()):
        if entry["delivered"] or round_ < 1 or round_ > state.last_round:
            continue
        if seat in state.bankrupt_round and state.bankrupt_round[seat] <= round_:
            continue
        if not entry["moves"] and entry["build"] is None:
            continue
        if level_of[seat] != challenger:
            continue          # the challenger's misses only (against frugal: greedy's)
        kind = classify(entry, seat)
        found[f"{level_of[seat]}:{kind}"] += 1
        b = entry["build"] or entry["moves"][0]
        misses.append({"round": round_, "seat": seat, "level": level_of[seat], "kind": kind,
                       "money": b.money[seat], "income": b.income[seat], "loco": b.loco[seat],
                       "tile": b.tiles.get(seat), "order": b.order.index(seat) + 1 if seat in b.order else None,
                       "cubes_after_build": _cubes(entry["built"], seat),
                       "cubes_after_build_loco": _cubes(entry["built"], seat, 1)})
        if verbose:
            print(f"  game {index} round {round_} {seat} ({level_of[seat]}): {kind}  {misses[-1]}", flush=True)
    status = table.status()
    seats = list(table.projection.seats)
    return {"index": index, "levels": levels, "seats": seats, "challenger_seat": seats[seat_index],
            "scores": dict(status.scores), "ranking": list(status.ranking), **game_figures(table),
            "misses": misses, "counts": dict(found), "fallbacks": handler.count}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    match_arguments(parser, game="steam", challenger="greedy", baseline="greedy", players=3, games=10)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    deadline.WALL_FACTOR = args.wall_factor
    total: Counter[str] = Counter()
    overruns = 0
    results = []
    for index in range(args.first, args.first + args.games):
        result = one_game(args.game, args.players, index, args.challenger, args.baseline, args.seed,
                          args.budget_ms, args.verbose)
        results.append(result)
        total.update(result["counts"])
        overruns += result["fallbacks"]
        if args.out:
            with open(args.out, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(result) + "\n")
        print(f"game {index}: {result['counts'] or 'no misses'}, fallbacks {result['fallbacks']}", flush=True)
    for level in sorted({args.challenger, args.baseline}):
        print_level(level, results)
    print(f"{args.games} games: misses by level and kind {dict(sorted(total.items()))}; budget overruns {overruns}")


if __name__ == "__main__":
    main()
