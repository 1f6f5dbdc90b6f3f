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

Contracts that cannot hold yet are in ``pending_contracts.toml`` beside this file,
checked here as strict xfails: an XPASS fails the run, the signal to move the contract
into pyproject.toml and drop its xfail.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]
PENDING = Path(__file__).with_name("pending_contracts.toml")
RR_RESTRUCTURING = (
    "Russian Railroads' base modules import its modules (germany, usa, coal, dsp, german_items, "
    "emil) and the modules import the base back; the restructuring into hook points and one "
    "registry removes both (STYLE.md)"
)


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
    result = run(lint_imports(), "--no-logo")
    assert result.returncode == 0, report(result)


def test_every_game_package_is_under_the_game_contracts() -> None:
    """A new game joins the contracts that keep games apart (they name packages, not a wildcard,
    since games.contract and the shared kit are siblings the games must import)."""
    config = pyproject()
    entry_points = config["project"]["entry-points"]["stellwerk.games"].values()
    games = sorted(spec.partition(":")[0] for spec in entry_points)
    assert sorted(contract(config, "games-independent")["modules"]) == games
    assert sorted(contract(config, "games-kit-only")["source_modules"]) == games


# ---------------------------------------------- contracts that cannot hold yet (xfail)
@pytest.mark.xfail(strict=True, raises=AssertionError, reason=RR_RESTRUCTURING)
def test_games_has_no_import_cycle() -> None:
    """No module of games/ reaches itself through its imports (strongly connected
    components of the module graph, lazy imports inside functions included)."""
    graph = grimp.build_graph("games", cache_dir=None)
    cycles = _cycles(graph)
    assert not cycles, "import cycles in games/:\n" + "\n".join(
        f"- {len(c)} modules: {', '.join(c)}" for c in cycles)


@pytest.mark.xfail(strict=True, raises=AssertionError, reason=RR_RESTRUCTURING)
@pytest.mark.parametrize("contract_id", ["games-acyclic", "rr-base-knows-no-module"])
def test_pending_contract(contract_id: str) -> None:
    result = run(lint_imports(), "--no-logo", PENDING, "--contract", contract_id)
    if "Contracts: " not in result.stdout:  # not a verdict: a broken configuration or tool
        raise RuntimeError(report(result))
    assert result.returncode == 0, report(result)


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found
