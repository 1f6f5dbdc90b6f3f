"""Issue 23: a new game is one folder plus one entry point.

The fixture game (``tests/fixture_game/``) is such a folder: rules, its bots'
evaluation, its renderer and its page texts.  Here it is installed the way a
real game is, through an entry point of the ``stellwerk.games`` group (a
distribution's metadata on ``sys.path``), and the platform finds everything of it
without naming it anywhere: the registry, the web bundle, the page texts, the
evaluation.
"""

from __future__ import annotations

import importlib.metadata
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from games import registry
from service.web import bundles
from tests.fixture_game import GAME
from tests.web.conftest import people, web_app  # noqa: F401 - fixtures re-used
from worker.bots import evaluation

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "tests" / "fixture_game"


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Tally known only by its entry point, as a game installed from its own package."""
    dist = tmp_path / "stellwerk_tally-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: stellwerk-tally\nVersion: 1.0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text("[stellwerk.games]\ntally = tests.fixture_game:GAME\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    saved = registry._games.pop("tally", None)
    bundles.web_dir.cache_clear()
    bundles.page_texts.cache_clear()
    evaluation.EVALUATIONS.pop("tally", None)
    try:
        yield "tally"
    finally:
        if saved is not None:
            registry._games["tally"] = saved
        bundles.web_dir.cache_clear()
        bundles.page_texts.cache_clear()


def test_the_platform_finds_every_part_of_a_game_from_its_entry_point(installed: str) -> None:
    assert "tally" in registry.names() and registry.get(installed) is GAME
    assert bundles.web_dir(installed) == FOLDER / "web" and bundles.has_renderer(installed)
    assert bundles.page_texts(installed)["de"]["js.tally.round"] == "Runde {round}"
    assert evaluation.for_game(GAME).__module__ == "tests.fixture_game.evaluation"


def test_its_page_loads_its_renderer_and_texts(installed: str, people) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    ann = people()
    ann.register("ann")
    ann.login("ann")
    response = ann.create("tally", seats=("me", ("bot", "random")))
    page = ann.get(response.location).text
    assert re.search(r'"renderer": ?true', page) and '"js.tally.round"' in page
    served = ann.get("/static/web/js/renderers/tally/index.js")
    assert served.status_code == 200 and b"js.tally.round" in served.data


def test_a_game_is_one_folder_and_the_platform_names_none() -> None:
    """Everything of the fixture game is inside its folder; no module of the
    platform (events, worker, service) names a registered game."""
    names = registry.names()
    alternatives = "|".join(map(re.escape, names))
    pattern = re.compile(rf"""["']({alternatives})["']""")
    offenders = []
    for package in ("events", "worker", "service"):
        for path in (ROOT / package).rglob("*"):
            if path.suffix not in (".py", ".js", ".html") or "evaluation/russian_railroads" in str(path):
                continue  # (Russian Railroads' evaluation moves into its bundle with its plug-ins)
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if pattern.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []
    parts = sorted(p.relative_to(FOLDER).as_posix() for p in FOLDER.rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts)
    assert parts == ["__init__.py", "evaluation.py", "web/index.js", "web/texts.json"]
    assert sys.modules["tests.fixture_game"].__file__ == str(FOLDER / "__init__.py")
