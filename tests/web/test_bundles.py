"""Issue 23, one bundle per game: a game's renderer and CSS live in its own package
(``games/<game>/web/``) and are served where the page loads renderers from; the
platform keeps no list of games' renderers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import registry
from service.web.bundles import has_renderer, web_dir

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["russian_railroads", "steam", "railroad_dice", "first_class"])
def test_each_game_serves_its_renderer_from_its_own_package(web_app, game):
    client = web_app.test_client()
    folder = web_dir(game)
    assert folder == ROOT / "games" / game / "web" and has_renderer(game)
    for path in sorted(folder.iterdir()):
        response = client.get(f"/static/web/js/renderers/{game}/{path.name}")
        assert response.status_code == 200, path.name
        assert response.data == path.read_bytes()
    # The platform's own renderer modules are still served beside them.
    assert client.get("/static/web/js/renderers/helpers.js").status_code == 200
    assert client.get("/static/web/js/renderers/generic.js").status_code == 200


def test_a_bundle_serves_nothing_outside_its_folder(web_app):
    client = web_app.test_client()
    for path in ("steam/../../../../pyproject.toml", "steam/..%2F..%2Fgame.py", "steam/%2e%2e/game.py",
                 "nogame/index.js", "steam/missing.js"):
        assert client.get(f"/static/web/js/renderers/{path}").status_code == 404, path


def test_the_page_config_says_whether_a_game_has_its_own_renderer(people):
    ann = people()
    ann.register("ann")
    ann.login("ann")
    for game in ("steam", "tally"):
        response = ann.create(game, seats=("me", ("bot", "random"), ("bot", "random")) if game == "steam"
                              else ("me", ("bot", "random")))
        assert response.status_code == 302, response.text
        page = ann.get(response.location).text
        assert re.search(r'"renderer": ?true', page), game
    # A game without a web folder gets the generic renderer.
    assert not has_renderer("no such game")


def test_the_platform_lists_no_games_renderers():
    loader = (ROOT / "service/web/static/js/renderers/index.js").read_text()
    for game in registry.names():
        assert game not in loader
    leftovers = [p.name for p in (ROOT / "service/web/static/js/renderers").iterdir() if p.is_dir()]
    assert leftovers == []
    css = [p.name for p in (ROOT / "service/web/static/css").iterdir()]
    assert css == ["app.css"]


def test_a_games_page_links_its_own_stylesheet(people):
    """Russian Railroads' look is its bundle's ``russian_railroads.css``, linked in the page's
    head after app.css; a game without one (Tally) links none."""
    ann = people()
    ann.register("ann")
    ann.login("ann")
    for game, css in (("russian_railroads", "russian_railroads.css"), ("tally", None)):
        response = ann.create(game, seats=("me", ("bot", "random")))
        assert response.status_code == 302, response.text
        page = ann.get(response.location).text
        links = re.findall(r'<link rel="stylesheet"[^>]*href="([^"]+)"', page)
        expected = [f"/static/web/js/renderers/{game}/{css}"] if css else []
        assert links[1:] == expected, links
        assert links[0].endswith("/css/app.css")


def test_the_platform_css_holds_no_russian_railroads_rules():
    app_css = (ROOT / "service/web/static/css/app.css").read_text()
    rr_css = (ROOT / "games/russian_railroads/web/russian_railroads.css").read_text()
    assert "Russian Railroads" not in app_css and "emil" not in app_css
    for selector in (".rr svg", ".loco-tile", ".track-cell", ".stock-bg", ".rr-emil", ".seat-fill-emil"):
        assert selector not in app_css and selector in rr_css, selector
