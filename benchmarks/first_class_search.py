"""First Class search path, two checkouts side by side (a script, not a test).

What ``mcts`` does per tree node, measured as the bot drives it: from a position,
every whole turn of the seat to move (:func:`worker.bots.candidates.candidate_turns`:
each first command listed, decided and folded through :class:`events.local.LocalTable`,
then completed greedily with a one-step lookahead on the evaluation).  One such
listing is a *position* (what issue 26 counts: 15.8 per CPU second at 6194846); the
sub-moves appended on the way are counted too (since ``LocalTable.peek`` the lookahead
values the others without appending them, so this count fell as the positions rose).
Also timed: ``mcts-<N>i`` turns (a fixed iteration count, so the CPU time does not depend on the machine's load), and
the positions they add to the search tree per CPU second (one per iteration: a node
below the root lists its turns lazily where the game's evaluation sets ``SEARCH_BATCH``).

The positions are the same for both checkouts as far as their rules allow: random
greedy turns (the greedy bot's, over a random ``GREEDY_FIRSTS`` of first commands, one
rng per seed) played through ``LocalTable`` up to round 3.

    python benchmarks/first_class_search.py --base ../wt-6194846 [--rounds 3] [--positions 6]
    python benchmarks/first_class_search.py --base ../wt-6194846 --callgrind [--positions 4]
    python benchmarks/first_class_search.py --fingerprint [--positions 6]   (what the searches chose)
    python benchmarks/first_class_search.py --bytecodes mcts|listing [--top 30]   (bytecodes per function)
    python benchmarks/first_class_search.py --child TREE ...   (one measurement, JSON)

Each measurement runs in its own process with the checkout's ``.venv`` (else this
Python) and the checkout first on ``sys.path``; A and B alternate, and the ratio of the
medians of CPU-time rates is reported (``time.process_time``: a loaded machine
distorts it far less than wall time).

With ``--callgrind`` each checkout counts instructions instead (``valgrind --tool=callgrind``,
``PYTHONHASHSEED=0``), which the machine's load does not move: one process builds the
positions alone, one builds them and lists them, one builds them and searches them; the
differences per position (listings, or nodes the searches added) are compared, and the
ratio is before / after (how many times fewer instructions a position costs).

``--bytecodes`` counts the bytecodes this checkout runs per search node (``mcts``) or per
listed position (``listing``), by ``sys.settrace`` opcodes, in all and per function (its
own, with its calls per node): a count the machine's load does not move, what issue 26's
eighth to tenth rounds compared per commit (run it with ``PYTHONHASHSEED=0``).

``--fingerprint`` prints what a speed change must leave as it was, per position: the
candidate turns of one listing (commands and values), and a search of a fixed iteration
count (the tree's visits and values per node, the turn it chose), hashed; a change that
only makes the same searches cheaper leaves every line equal.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from checkouts import run_child

ROOT = Path(__file__).resolve().parents[1]
#: First commands the greedy turns that lead to the measured positions try (the greedy bot's).
GREEDY_FIRSTS = 120


def _positions(players: int, seeds: int, until_round: int) -> list[Any]:
    import random

    from events.local import LocalTable
    from games.first_class import GAME
    from worker.bots.candidates import candidate_turns, own_value

    out = []
    for s in range(seeds):
        rng = random.Random(s)
        table = LocalTable.create(GAME, {}, players, seed=f"search-{s}")
        while not table.status().over and table.state.round < until_round:
            if table.run_system():
                continue
            seat = table.projection.turn_seat or table.status().to_move[0]
            best = candidate_turns(table.projection, seat, own_value(seat), rng, limit=GREEDY_FIRSTS)[0]
            for command in best.commands:
                table.submit(seat, command)
        while table.run_system():
            pass
        out.append(table.projection)
    return out


#: What a child measures: both parts (timed), or one part or none (for callgrind's differences).
MEASURES = ("both", "none", "listing", "mcts")


def child(players: int, seeds: int, repeats: int, iterations: int, measure: str = "both") -> dict[str, float]:
    import random
    import time

    import events.local as local
    from worker.bots import mcts
    from worker.bots.candidates import candidate_turns, own_value

    positions = _positions(players, seeds, 3)
    if measure != "both":
        return _part(positions, repeats, iterations, measure)
    folded = 0
    original = local.LocalTable.submit

    def counting(self: Any, *args: Any, **kwargs: Any) -> Any:
        """Counts the events appended (``submit`` of a peeked command does not fold them
        through ``_append`` again: ``Projection.apply_submoves``)."""
        nonlocal folded
        envelopes = original(self, *args, **kwargs)
        folded += len(envelopes)
        return envelopes

    local.LocalTable.submit = counting  # type: ignore[method-assign]
    start = time.process_time()
    n = 0
    for r in range(repeats):
        for i, p in enumerate(positions):
            seat = p.turn_seat or p.status().to_move[0]
            candidate_turns(p, seat, own_value(seat), random.Random(r * 100 + i))
            n += 1
    listing = time.process_time() - start
    local.LocalTable.submit = original  # type: ignore[method-assign]

    start = time.process_time()
    turns = nodes = 0
    for i, p in enumerate(positions):
        seat = p.turn_seat or p.status().to_move[0]
        search_ = mcts.Search(p, seat, random.Random(i))
        search_.run(iterations=iterations)
        turns += 1
        nodes += search_.iterations_done  # each iteration adds one position to the tree
    search = time.process_time() - start
    return {"positions_per_cpu_s": n / listing, "submoves_per_cpu_s": folded / listing,
            f"mcts_{iterations}i_turns_per_cpu_s": turns / search, "mcts_positions_per_cpu_s": nodes / search}


def _part(positions: list[Any], repeats: int, iterations: int, measure: str) -> dict[str, float]:
    """One part alone on ``positions`` (nothing for ``none``), and how many positions it made."""
    import random

    from worker.bots import mcts
    from worker.bots.candidates import candidate_turns, own_value

    made = 0
    for r in range(repeats if measure == "listing" else 0):
        for i, p in enumerate(positions):
            seat = p.turn_seat or p.status().to_move[0]
            candidate_turns(p, seat, own_value(seat), random.Random(r * 100 + i))
            made += 1
    for i, p in enumerate(positions if measure == "mcts" else []):
        seat = p.turn_seat or p.status().to_move[0]
        search_ = mcts.Search(p, seat, random.Random(i))
        search_.run(iterations=iterations)
        made += search_.iterations_done
    return {"positions": made}


def fingerprint(players: int, seeds: int, iterations: int) -> list[str]:
    """One SHA-256 prefix per position: its listing's candidate turns and values, and the
    tree and choice of a search of ``iterations`` iterations (see the module's text)."""
    import hashlib
    import random

    from worker.bots import mcts
    from worker.bots.candidates import candidate_turns, own_value

    def tree(node: Any) -> Any:
        """A node's visits, values and children, in the order they were made."""
        kids = node.children if isinstance(node, mcts.Node) else list(node.outcomes.values())
        return [node.n, sorted((s, round(v, 9)) for s, v in node.w.items()), [tree(k) for k in kids]]

    out = []
    for i, p in enumerate(_positions(players, seeds, 3)):
        seat = p.turn_seat or p.status().to_move[0]
        turns = [([(c.type, c.args) for c in t.commands], round(t.value, 9))
                 for t in candidate_turns(p, seat, own_value(seat), random.Random(i))]
        search_ = mcts.Search(p, seat, random.Random(i))
        chosen = search_.run(iterations=iterations)
        text = json.dumps([turns, tree(search_.root), [(c.type, c.args) for c in chosen or ()]], sort_keys=True,
                          default=repr)
        out.append(hashlib.sha256(text.encode()).hexdigest()[:16])
    return out


def bytecodes(players: int, seeds: int, iterations: int, part: str, top: int) -> None:
    """Bytecodes per search node or listed position, in all and the ``top`` functions by
    their own (see the module's text)."""
    import collections
    import random
    import types

    from worker.bots import mcts
    from worker.bots.candidates import candidate_turns, own_value

    positions = _positions(players, seeds, 3)
    own: collections.Counter[tuple[str, str]] = collections.Counter()
    calls: collections.Counter[tuple[str, str]] = collections.Counter()

    def where(code: types.CodeType) -> tuple[str, str]:
        return Path(code.co_filename).name, code.co_name

    def tracer(frame: types.FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            calls[where(frame.f_code)] += 1
        elif event == "opcode":
            own[where(frame.f_code)] += 1
        return tracer

    made = 0
    sys.settrace(tracer)
    try:
        for i, p in enumerate(positions):
            seat = p.turn_seat or p.status().to_move[0]
            if part == "mcts":
                search_ = mcts.Search(p, seat, random.Random(i))
                search_.run(iterations=iterations)
                made += search_.iterations_done
            else:
                candidate_turns(p, seat, own_value(seat), random.Random(i))
                made += 1
    finally:
        sys.settrace(None)
    total = sum(own.values())
    print(f"first_class_search --bytecodes {part}: {made} made, {total / made:,.0f} bytecodes per "
          f"{'node' if part == 'mcts' else 'listed position'}")
    for (name, function), n in own.most_common(top):
        print(f"  {n / made:9.0f} {100 * n / total:5.1f} %  {calls[(name, function)] / made:7.1f} calls  "
              f"{name}:{function}")


def _instructions(tree: Path, args: list[str]) -> tuple[int, dict[str, float]]:
    """Instructions of one child run in ``tree`` under callgrind, and the child's JSON."""
    python = tree / ".venv" / "bin" / "python"
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          str(python if python.exists() else sys.executable), str(Path(__file__).resolve()),
                          "--child", str(tree), *args], cwd=tree, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"no callgrind total for {tree} {args}:\n{out.stderr[-2000:]}")
    return int(found.group(1)), json.loads(out.stdout.strip().splitlines()[-1])


def callgrind(trees: dict[str, Path], players: int, seeds: int, repeats: int, iterations: int) -> None:
    """Instructions per listed position and per search node of each checkout, and their ratio."""
    args = ["--players", str(players), "--positions", str(seeds), "--repeats", str(repeats),
            "--iterations", str(iterations)]
    per: dict[str, dict[str, float]] = {}
    for name, tree in trees.items():
        base, _ = _instructions(tree, [*args, "--measure", "none"])
        per[name] = {}
        for part in ("listing", "mcts"):
            total, made = _instructions(tree, [*args, "--measure", part])
            per[name][part] = (total - base) / made["positions"]
    print(f"first_class_search --callgrind: {seeds} positions, listed x {repeats}, searched {iterations} "
          f"iterations each, {players} players; instructions per position (M)")
    for part in ("listing", "mcts"):
        line = f"  {part:8s} after {per['after'][part] / 1e6:8.3f}"
        if "before" in per:
            line += (f"  before {per['before'][part] / 1e6:8.3f}"
                     f"  ratio {per['before'][part] / per['after'][part]:6.2f}")
        print(line)


def run(tree: Path, players: int, seeds: int, repeats: int, iterations: int) -> dict[str, float]:
    return run_child(__file__, tree, ["--players", str(players), "--positions", str(seeds), "--repeats", str(repeats),
                                      "--iterations", str(iterations)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, help="the other checkout (the 'before')")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--callgrind", action="store_true", help="count instructions (valgrind) instead of CPU time")
    parser.add_argument("--fingerprint", action="store_true", help="what the searches chose, hashed per position")
    parser.add_argument("--bytecodes", choices=("mcts", "listing"), help="bytecodes per node or listing, by function")
    parser.add_argument("--top", type=int, default=30, help="functions --bytecodes lists")
    parser.add_argument("--measure", choices=MEASURES, default="both", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(args.child))
        print(json.dumps(child(args.players, args.positions, args.repeats, args.iterations, args.measure)))
        return
    if args.bytecodes:
        sys.path.insert(0, str(ROOT))
        bytecodes(args.players, args.positions, args.iterations, args.bytecodes, args.top)
        return
    if args.fingerprint:
        sys.path.insert(0, str(ROOT))
        print(" ".join(fingerprint(args.players, args.positions, args.iterations)))
        return
    trees = {"after": ROOT} if args.base is None else {"before": args.base.resolve(), "after": ROOT}
    if args.callgrind:
        callgrind(trees, args.players, args.positions, args.repeats, args.iterations)
        return
    results: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    for _ in range(args.rounds):
        for name, tree in trees.items():
            for key, value in run(tree, args.players, args.positions, args.repeats, args.iterations).items():
                results[name].setdefault(key, []).append(value)
    print(f"first_class_search: {args.rounds} rounds A/B, {args.positions} positions x {args.repeats}, "
          f"{args.players} players, load average {' / '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for key in results["after"]:
        after = statistics.median(results["after"][key])
        line = f"  {key:28s} after {after:9.1f}"
        if "before" in results:
            before = statistics.median(results["before"][key])
            line += f"  before {before:9.1f}  ratio {after / before:6.2f}"
        print(line + f"  ({'; '.join(', '.join(f'{x:.1f}' for x in r[key]) for r in results.values())})")


if __name__ == "__main__":
    main()
