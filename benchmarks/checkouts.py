"""Running a benchmark script against another checkout (the 'before' of an A/B run).

The script runs again as a child process with ``--child <tree>``: with the checkout's own
interpreter where it has a ``.venv`` (else this one) and the checkout alone on the path, so
the child measures that checkout's engine.  Kept free of imports from the project, because
the child imports this module too and must not put this checkout on its path."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def run_child(script: str, tree: Path, args: Sequence[str]) -> Any:
    """The JSON that ``script --child tree args`` prints on its last line, run in ``tree``."""
    python = tree / ".venv" / "bin" / "python"
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(
        [str(python if python.exists() else sys.executable), str(Path(script).resolve()), "--child", str(tree),
         *args],
        cwd=tree, env=env, capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])
