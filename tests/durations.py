"""The order test files are handed to the test processes: the longest first.

``make test`` spreads whole files over the cores (pytest-xdist, ``--dist loadfile``).
xdist hands files out in the order it is given; by default it reorders them by their
number of tests, so a file of one long test (the review queue's, a whole browser game)
could start last and keep one core busy after the other has finished.  Starting the
longest files first (longest-processing-time-first scheduling) keeps that tail short.

The seconds per file are data (``durations.json``): a run's figures, only their order
matters.  A file missing there (a new one) counts as ``UNKNOWN`` seconds.  Refresh them
after a run that wrote a JUnit report::

    .venv/bin/python -m pytest -n auto --dist loadfile --junitxml=/tmp/junit.xml
    .venv/bin/python -m tests.durations /tmp/junit.xml
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

PATH = Path(__file__).with_name("durations.json")
#: Seconds assumed for a file not in the data: with the many short files, after the long ones.
UNKNOWN = 5.0


def load() -> dict[str, float]:
    try:
        return json.loads(PATH.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def from_junit(report: Path) -> dict[str, float]:
    """Seconds per test file (``tests/x/test_y.py``) summed over its test cases."""
    seconds: dict[str, float] = {}
    for case in ET.parse(report).iter("testcase"):
        module = case.get("classname", "")
        parts = module.split(".")
        # classname is the module, or the module and a test class
        while parts and not parts[-1].startswith("test_"):
            parts.pop()
        if parts:
            name = "/".join(parts) + ".py"
            seconds[name] = seconds.get(name, 0.0) + float(case.get("time") or 0)
    return {name: round(value, 1) for name, value in sorted(seconds.items())}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    data = from_junit(Path(argv[0]))
    PATH.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(data)} files, {sum(data.values()):.0f} s -> {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
