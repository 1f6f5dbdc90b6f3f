"""The shape of ``games/russian_railroads`` (issue 23): the base game imports no
expansion, reads no option, has no import cycle, and no module is longer than one
sitting's reading (:mod:`.layers` reads it with ``ast``)."""

from __future__ import annotations

from . import layers

#: option reads left in base code, each with its reason: the final scoring still
#: hands the options to the tableau's end-card scoring (the ?-token card's cap:
#: "German Railroads maximal 35 Punkte, DSP maximal 42 Punkte"), and the view shows
#: the table's options as they are
OPTION_EXCEPTIONS = {("decide", "options"), ("scoring", "options.get"), ("view", "options")}
#: base modules that still import a module package, each with its reason: the log's
#: sentences of the modules' events and commands (``messages``), and the USA tableau's
#: industry tracks and factory slots asked by functions that have a player only
#: (``industry``, ``locomotives``), the German "Aufwerter" values (``scoring``)
IMPORT_EXCEPTIONS = {"messages", "industry", "locomotives", "scoring"}


def test_base_modules_import_no_expansion_outside_the_listed_exceptions():
    found = {(module, target) for module, _line, target in layers.base_into_modules()}
    assert {module for module, _target in found} <= IMPORT_EXCEPTIONS, sorted(found)


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
