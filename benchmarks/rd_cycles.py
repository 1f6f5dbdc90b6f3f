"""Railroad Dice random games, counted load-proof: the cycles estimate or bytecodes.

The measure of the rd-speed5 and rd-speed6 rounds (``benchmarks/README.md``): one process
plays a warm-up game (seed ``cg-w``) and then ``--games`` counted random 4-player games
(seeds ``cg-0``, ``cg-1``, ...) through ``worker.selfplay.play``, the counted ones inside
``operator.call`` so that callgrind can collect them alone.  The bots' safety-net timer is off,
so a slow run plays the same games, unless ``--timer``: then it runs as in ``railroad_dice.py``
(its limit, 3.5 s of CPU per bot turn, is not approached by a random bot even under callgrind).

    python benchmarks/rd_cycles.py [--tree T] [--games 10] --cycles   # callgrind, cache-simulated
    python benchmarks/rd_cycles.py [--tree T] [--games 10] --ir       # callgrind, instructions only
    python benchmarks/rd_cycles.py [--tree T] [--games 3] --opcodes   # sys.settrace, top functions
    ... --timer                                                      # with the bots' timer on

Cycles = Ir + 12 D1 misses + 40 LL misses + 15 mispredicted branches
(``--cache-sim=yes --branch-sim=yes --LL=1048576,16,64``), ``PYTHONHASHSEED=0``.  Byte-compile
a tree first (``python -m compileall -q T``) or the warm-up's compilation may count.
"""

from __future__ import annotations

import argparse
import collections
import json
import operator
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _games(tree: Path, games: int, players: int, timer: bool) -> None:
    sys.path.insert(0, str(tree))
    import worker.bots.turns
    from games.railroad_dice import GAME
    from worker.selfplay import play

    if not timer:
        worker.bots.turns.run_with_deadline = lambda fn, seconds: fn()  # type: ignore[assignment]
    play(GAME, players, "cg-w", ["random"])

    def counted() -> None:
        for i in range(games):
            play(GAME, players, f"cg-{i}", ["random"])
    operator.call(counted)


def _opcodes(tree: Path, games: int, players: int, top: int, timer: bool) -> None:
    sys.path.insert(0, str(tree))
    import worker.bots.turns
    from games.railroad_dice import GAME
    from worker.selfplay import play

    if not timer:
        worker.bots.turns.run_with_deadline = lambda fn, seconds: fn()  # type: ignore[assignment]
    play(GAME, players, "cg-w", ["random"])
    counts: collections.Counter[str] = collections.Counter()

    def tracer(frame, event, arg):  # type: ignore[no-untyped-def]
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            counts[f"{Path(code.co_filename).name}:{code.co_firstlineno}:{code.co_qualname}"] += 1
        return tracer
    sys.settrace(tracer)
    for i in range(games):
        play(GAME, players, f"cg-{i}", ["random"])
    sys.settrace(None)
    total = sum(counts.values())
    print(json.dumps({"opcodes": total}))
    for name, n in counts.most_common(top):
        print(f"{n:10d} {100 * n / total:5.1f}% {name}")


def _callgrind(tree: Path, games: int, players: int, cache: bool, out: str,
               timer: bool) -> dict[str, float]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    sim = ["--cache-sim=yes", "--branch-sim=yes", "--LL=1048576,16,64"] if cache else []
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
           "--toggle-collect=_operator_call", *sim, sys.executable, str(Path(__file__).resolve()),
           "--tree", str(tree), "--games", str(games), "--players", str(players), "--child",
           *(["--timer"] if timer else [])]
    subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    totals = ""
    for line in Path(out).read_text().splitlines():
        if line.startswith("events:"):
            names = line.split()[1:]
        if line.startswith("totals:") or line.startswith("summary:"):
            totals = line
    values = dict(zip(names, map(int, totals.split()[1:]), strict=True))
    result = {"Ir_M": values["Ir"] / 1e6}
    if cache:
        d1 = values["D1mr"] + values["D1mw"]
        ll = values["DLmr"] + values["DLmw"] + values["ILmr"]
        mis = values["Bcm"] + values["Bim"]
        result.update(D1_M=d1 / 1e6, LL_M=ll / 1e6, mispredicted_M=mis / 1e6,
                      cycles_M=(values["Ir"] + 12 * d1 + 40 * ll + 15 * mis) / 1e6)
    return {k: round(v, 2) for k, v in result.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cycles", action="store_true")
    parser.add_argument("--ir", action="store_true")
    parser.add_argument("--opcodes", action="store_true")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--timer", action="store_true", help="the bots' safety-net timer on, as railroad_dice.py")
    parser.add_argument("--out", default="/dev/null", help="callgrind's output file (for callgrind_annotate)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    tree = args.tree.resolve()
    if args.child:
        _games(tree, args.games, args.players, args.timer)
    elif args.opcodes:
        _opcodes(tree, args.games, args.players, args.top, args.timer)
    else:
        out = args.out if args.out != "/dev/null" else f"/tmp/rd_cycles.{os.getpid()}.out"
        figure = _callgrind(tree, args.games, args.players, args.cycles, out, args.timer)
        if args.out == "/dev/null":
            os.unlink(out)
        print(json.dumps({"tree": re.sub(r".*/", "", str(tree)), "games": args.games, "timer": args.timer,
                          **figure}))


if __name__ == "__main__":
    main()
