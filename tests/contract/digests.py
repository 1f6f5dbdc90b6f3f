"""Behaviour digests of every engine, as the benchmark scripts compute them, and their
expected values (``digests.json``): one SHA-256 over the event logs of fixed-seed
random games (for Russian Railroads also over every legal-command list and
open-action list), so any change of behaviour moves it and an optimisation or a
refactor must leave it alone.

- Russian Railroads: ``benchmarks/rr_engine.py --digest --games 5 [--option ...]`` for
  the base game and each tableau and module (2, 3 and 4 players; solo 1 player).
- The other engines: ``benchmarks/engines_digest.py --digest --games 5 --only <game>``
  (4 players).

When behaviour is meant to change (a rules fix), compute them again and commit the
file with the reason:

    .venv/bin/python -m tests.contract.digests            # print the digests
    .venv/bin/python -m tests.contract.digests --update   # write digests.json
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = Path(__file__).parent / "digests.json"
GAMES = 5

#: ``rr_engine.py --digest`` per tableau and module: name -> table options.
RR_OPTIONS: dict[str, dict[str, Any]] = {
    "base": {},
    "solo": {"solo": True},
    "deutschland": {"tableau": "deutschland"},
    "usa": {"tableau": "usa"},
    "coal": {"coal": True},
    "dsp": {"dsp": True},
    "new_engineers": {"new_engineers": True},
    "new_q": {"new_q": True},
}
OTHER_ENGINES = ("steam", "railroad_dice", "first_class")


def _benchmark(name: str) -> ModuleType:
    """A benchmark script as a module (the scripts import each other by bare name)."""
    folder = str(ROOT / "benchmarks")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def cases() -> list[str]:
    return [f"russian_railroads/{name}" for name in RR_OPTIONS] + list(OTHER_ENGINES)


def compute(case: str) -> str:
    if case.startswith("russian_railroads/"):
        return str(_benchmark("rr_engine").digest(GAMES, 1, RR_OPTIONS[case.split("/", 1)[1]]))
    _, digest = _benchmark("engines_digest").run(case, GAMES, 4, 1)
    return str(digest)


def expected() -> dict[str, str]:
    return dict(json.loads(EXPECTED.read_text(encoding="utf-8")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="write digests.json")
    args = parser.parse_args()
    found = {}
    for case in cases():
        found[case] = compute(case)
        print(case, found[case])
    if args.update:
        EXPECTED.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
        print(f"written to {EXPECTED.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
