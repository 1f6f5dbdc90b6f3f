"""The shape of ``games/russian_railroads`` (issue 23): the base game imports no
expansion, reads no option, has no import cycle, and no module is longer than one
sitting's reading (:mod:`.layers` reads it with ``ast``)."""

from __future__ import annotations

from . import layers

#: option reads left in base code, each with its reason: the view shows the table's
#: options as they are (no rule depends on it)
OPTION_EXCEPTIONS = {("view", "options")}


def test_base_modules_import_no_expansion():
    assert layers.base_into_modules() == []


def test_no_option_checks_in_base_code_outside_the_listed_exceptions():
    found = {(module, what) for module, _line, what in layers.option_checks()}
    assert found <= OPTION_EXCEPTIONS, sorted(found)


def test_the_package_has_no_import_cycle():
    assert layers.cycles() == []


def test_no_module_is_over_400_lines():
    assert layers.long_files() == {}


def test_only_the_registry_imports_the_plug_ins():
    """The game object reaches the modules through the registry (``plugins``) alone."""
    edges = layers.graph()
    importers = {source for source, targets in edges.items() for target in targets
                 if target.endswith(".plugin") and not source.startswith(target.rsplit(".", 1)[0])}
    assert importers == {f"{layers.PACKAGE}.{layers.REGISTRY}"}


def test_the_checker_sees_a_forbidden_import(tmp_path, monkeypatch):
    """Broken on purpose: a base module importing a module package is counted."""
    package = tmp_path / "games" / "russian_railroads"
    (package / "coal").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "coal" / "__init__.py").write_text("")
    (package / "coal" / "board.py").write_text("X = 1\n")
    (package / "legal.py").write_text("def f():\n    from .coal.board import X\n    return X\n")
    (package / "decide.py").write_text("def g(state):\n    return state.options.get('coal')\n")
    monkeypatch.setattr(layers, "ROOT", package)
    assert layers.base_into_modules() == [("legal", 2, "coal.board")]
    assert ("decide", 2, "options") in layers.option_checks()
