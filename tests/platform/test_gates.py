"""The gates of ``make test`` (issue 23, "The house"): ruff, mypy, the import contracts.

Each gate runs its tool as ``make test`` would by hand, in a subprocess, so that a
failure shows the tool's own report.  On the 2-core development machine: ruff 0.1 s;
mypy 5 s from a cold cache (a fresh clone, CI), 0.2 s with ``.mypy_cache``; lint-imports
0.2 s.

- ruff: lint of games, events, service, worker and tests (``[tool.ruff]``).
- mypy: games, events, worker and service, bodies of unannotated functions too
  (``[tool.mypy]``).
- lint-imports: the contracts in ``[tool.importlinter]`` (the layers of README
  "Architecture", games independent of each other and of the platform).

Since Russian Railroads' modules became plug-ins (issue 23, step 3), two more hold and
are gates: no import cycle in games/, and the RR base game imports none of its modules.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

from tests.import_cycles import cycles

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], cwd=ROOT, capture_output=True, text=True, timeout=280)


def report(result: subprocess.CompletedProcess[str]) -> str:
    return f"`{' '.join(result.args)}` exited {result.returncode}:\n{result.stdout}{result.stderr}"


def lint_imports() -> str:
    found = Path(sys.executable).with_name("lint-imports")
    return str(found) if found.exists() else (shutil.which("lint-imports") or "lint-imports")


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def contract(config: dict, contract_id: str) -> dict:
    return next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == contract_id)


# ------------------------------------------------------------------------- the gates
def test_ruff() -> None:
    result = run(sys.executable, "-m", "ruff", "check", "games", "events", "service", "worker", "tests")
    assert result.returncode == 0, report(result)


def test_mypy() -> None:
    result = run(sys.executable, "-m", "mypy")  # the packages and options of [tool.mypy]
    assert result.returncode == 0, report(result)


def test_mypy_covers_the_four_packages() -> None:
    assert sorted(pyproject()["tool"]["mypy"]["packages"]) == ["events", "games", "service", "worker"]


def test_import_contracts() -> None:
    result = run(lint_imports(), "--no-logo", "--no-cache")  # a stale cache once hid a change
    assert result.returncode == 0, report(result)


def test_every_game_package_is_under_the_game_contracts() -> None:
    """A new game joins the contracts that keep games apart (they name packages, not a wildcard,
    since games.contract and the shared kit are siblings the games must import)."""
    config = pyproject()
    entry_points = config["project"]["entry-points"]["stellwerk.games"].values()
    games = sorted(spec.partition(":")[0] for spec in entry_points)
    assert sorted(contract(config, "games-independent")["modules"]) == games
    assert sorted(contract(config, "games-kit-only")["source_modules"]) == games


# ------------------------------------------------------------------------- no cycle
def test_games_has_no_import_cycle() -> None:
    """No module of games/ reaches itself through its imports (strongly connected
    components of the module graph, lazy imports inside functions included; imports
    for type hints only never run and do not count)."""
    graph = grimp.build_graph("games", cache_dir=None, exclude_type_checking_imports=True)
    cycles = _cycles(graph)
    assert not cycles, "import cycles in games/:\n" + "\n".join(
        f"- {len(c)} modules: {', '.join(c)}" for c in cycles)


def test_every_base_module_of_russian_railroads_is_under_its_contract() -> None:
    """The base game's modules may not import an expansion: a new base module joins
    the list.  Two top-level modules know every module on purpose: the registry
    (plugins.py) and the bots' evaluation (evaluation.py, which weighs each module's
    terms; splitting it into module hooks is still to do)."""
    package = ROOT / "games" / "russian_railroads"
    base = sorted(f"games.russian_railroads.{p.stem}" for p in package.glob("*.py")
                  if p.stem not in ("__init__", "plugins", "evaluation"))
    assert sorted(contract(pyproject(), "rr-base-knows-no-module")["source_modules"]) == base


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module."""
    return cycles({module: graph.find_modules_directly_imported_by(module) for module in graph.modules})
