"""The shape of ``games/russian_railroads``, read from its source with ``ast`` (an
import-linter of our own, also a script: ``python tests/russian_railroads/layers.py``).

- *base modules*: the files directly in the package except the registry;
- *module packages*: the expansions (coal, DSP, the new engineers and ?-items, Emil)
  and the tableaus other than the Russian one (Deutschland, USA);
- the registry (:data:`REGISTRY`) is the only file that may import both.

Counted: imports from base modules into module packages (also those inside
functions), option checks in base code (``x.options``, ``opts.get(...)`` and the
modules' own state slots ``x.coal`` / ``x.usa`` / ``x.dsp`` / ``x.emil``), files over
:data:`MAX_LINES` lines and the import cycles (strongly connected components of the
import graph, imports inside functions included).
"""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from tests import import_cycles

PACKAGE = "games.russian_railroads"
ROOT = Path(__file__).resolve().parents[2] / "games" / "russian_railroads"
#: the packages (and single-file modules) that are plug-ins, not the base game
MODULE_PACKAGES = ("coal", "dsp", "german_items", "germany", "usa", "emil", "solo")
#: the one place that imports the module packages
REGISTRY = "plugins"
#: top-level modules that are not the base game either: the bots' evaluation weighs
#: every module's terms (it moved into the game's bundle; splitting it into module
#: hooks is still to do)
KNOWS_THE_MODULES = ("evaluation",)
#: the base modules allowed to read the options: their parsing and the rules data
#: tables, keyed by option
OPTION_FILES = ("options",)
MAX_LINES = 400
#: attributes whose reading is an option check in base code
CHECKED_ATTRIBUTES = ("options", "coal", "usa", "dsp", "emil")


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join([PACKAGE, *parts]) if parts else PACKAGE


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _resolve(current: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    """The modules an ``import from`` names (a name may be a submodule)."""
    if node.level:
        base = current.split(".")
        base = base if is_package else base[:-1]
        if node.level > 1:
            base = base[: len(base) - node.level + 1]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    known = modules()
    names = [f"{target}.{alias.name}" for alias in node.names]
    submodules = [name for name in names if name in known]
    # ``from . import x`` of submodules names those only, not the package
    return submodules if len(submodules) == len(names) else [target, *submodules]


def _walk_runtime(tree: ast.AST) -> Iterator[ast.AST]:
    """``ast.walk`` without the ``if TYPE_CHECKING:`` blocks (no import at run time)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            continue
        yield node
        yield from _walk_runtime(node)


def imports(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """(imported module, line) of every import in the file, inside functions too."""
    tree = ast.parse(path.read_text(), str(path))
    known = modules()
    for node in _walk_runtime(tree):
        if isinstance(node, ast.ImportFrom):
            for target in _resolve(name, path.name == "__init__.py", node):
                if target in known:
                    yield target, node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, node.lineno


def is_base(name: str) -> bool:
    parts = name.split(".")
    if len(parts) < 3:
        return False  # the package's __init__ (re-exports GAME)
    return len(parts) == 3 and parts[2] not in MODULE_PACKAGES and parts[2] != REGISTRY \
        and parts[2] not in KNOWS_THE_MODULES


def is_module(name: str) -> bool:
    parts = name.split(".")
    return len(parts) >= 3 and parts[2] in MODULE_PACKAGES


def base_into_modules() -> list[tuple[str, int, str]]:
    """(base module, line, module package module) for every such import."""
    found = []
    for name, path in modules().items():
        if is_base(name):
            for target, line in imports(name, path):
                if is_module(target):
                    found.append((name.rsplit(".", 1)[1], line, target.split(".", 2)[2]))
    return sorted(set(found))


def option_checks() -> list[tuple[str, int, str]]:
    """(base module, line, what) of every option check in base code."""
    found = []
    for name, path in modules().items():
        if not is_base(name) or name.rsplit(".", 1)[1] in OPTION_FILES:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in CHECKED_ATTRIBUTES \
                    and isinstance(node.ctx, ast.Load) and not (isinstance(node.value, ast.Name)
                                                                and node.value.id in ("self", "cls")):
                found.append((name.rsplit(".", 1)[1], node.lineno, node.attr))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in ("opts", "options"):
                found.append((name.rsplit(".", 1)[1], node.lineno, f"{node.func.value.id}.{node.func.attr}"))
    return sorted(set(found))


def long_files() -> dict[str, int]:
    return {str(p.relative_to(ROOT)): n for p in sorted(ROOT.rglob("*.py"))
            if (n := len(p.read_text().splitlines())) > MAX_LINES}


def graph() -> dict[str, set[str]]:
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for target, _line in imports(name, path):
            if target != name:
                edges[name].add(target)
    return edges


def cycles() -> list[list[str]]:
    """The strongly connected components with more than one module."""
    return import_cycles.cycles(graph())


def summary() -> dict[str, object]:
    into = base_into_modules()
    checks = option_checks()
    found = cycles()
    return {
        "imports_base_into_modules": len(into),
        "option_checks_in_base": len(checks),
        "files_over_400_lines": long_files(),
        "cycles": [len(c) for c in found],
        "modules_in_cycles": sum(len(c) for c in found),
    }


if __name__ == "__main__":
    if "-v" in sys.argv:
        for row in base_into_modules():
            print("import", *row)
        for row in option_checks():
            print("check", *row)
        for component in cycles():
            print("cycle", len(component), " ".join(c.split(".", 2)[-1]
                                                    for c in component))
    print(json.dumps(summary(), indent=1))
