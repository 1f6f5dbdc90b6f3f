"""Russian Railroads engine cost in instructions (callgrind), for this checkout and a base.

The clock on a shared machine moves with the load; an instruction count does not (it
varies by ~0.5 M between runs).  Each figure runs one part of ``rr_engine.py`` under
``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0`` in a process of its own and
subtracts what every run of that kind pays anyway:

* **games**: 2 random 4-player games (seeds 1 and 2) minus the imports alone (``start``);
* **playouts**: 2 random playouts from the round-3 position of seed 1 minus reaching
  that position (``mid``).

Both also count the interpreter's shutdown and the cyclic collector, as any process
does.  With ``--base`` (another worktree, e.g. ``git worktree add ../base 32923fd``)
the base runs with this checkout's Python and the ratios base / this are printed.

    python benchmarks/rr_callgrind.py [--base ../base] [--python .venv/bin/python]

Slow: each part is a full interpreter under valgrind (~10-20 s each, 4 per checkout).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("start", "games", "mid", "playouts")


def run_part(tree: Path, part: str) -> None:
    """The body of one measured process: import ``tree``'s benchmark, then ``part``."""
    sys.path.insert(0, str(tree))
    spec = importlib.util.spec_from_file_location("rr_engine_bench", tree / "benchmarks" / "rr_engine.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    if part == "games":
        for seed in (1, 2):
            bench.play(4, seed)
    elif part in ("mid", "playouts"):
        state = bench.mid_game(4, 1)
        if part == "playouts":
            bench.playouts(state, 2, 1)


def count(tree: Path, part: str, python: str) -> int:
    """Instructions of one part of ``tree``, run under callgrind."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, str(Path(__file__).resolve()),
         "--part", part, "--tree", str(tree)],
        env=env, capture_output=True, text=True, check=True,
    ).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise RuntimeError(f"no callgrind total for {tree} {part}:\n{out[-2000:]}")
    return int(found.group(1))


def figures(tree: Path, python: str) -> dict[str, float]:
    """{"games": M, "playouts": M, "start": M, "mid": M} of one checkout."""
    raw = {part: count(tree, part, python) / 1e6 for part in PARTS}
    return {"games": raw["games"] - raw["start"], "playouts": raw["playouts"] - raw["mid"],
            "start": raw["start"], "mid": raw["mid"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, help="another checkout to compare with (the 'before')")
    parser.add_argument("--python", default=sys.executable, help="the interpreter both checkouts run with")
    parser.add_argument("--part", choices=PARTS, help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.part:
        run_part(args.tree, args.part)
        return
    trees = {"this": ROOT} if args.base is None else {"base": args.base.resolve(), "this": ROOT}
    results = {name: figures(tree, args.python) for name, tree in trees.items()}
    for name, f in results.items():
        print(f"{name:5s} {trees[name]}: games {f['games']:.1f} M, playouts {f['playouts']:.1f} M "
              f"(start {f['start']:.1f} M, mid {f['mid']:.1f} M)")
    if "base" in results:
        base, this = results["base"], results["this"]
        print(f"base / this: games {base['games'] / this['games']:.2f}x, "
              f"playouts {base['playouts'] / this['playouts']:.2f}x")


if __name__ == "__main__":
    main()
