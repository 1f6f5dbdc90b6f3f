"""Each game's web bundle: its renderer (ES modules), CSS and page texts, kept in
the game's own package (``games/<game>/web/``) and served where the platform's
renderers live, ``/static/web/js/renderers/<game>/``.

A game is one folder (issue 23): the platform lists no game.  A game whose
package has a ``web/index.js`` gets its renderer from there (the page config
says so, :func:`has_renderer`); others get the generic one.  A ``web/<game>.css``
is linked by the game's pages (:func:`stylesheet`).  Served at that path,
a bundle's modules import the platform's shared ones relatively
(``../../dom.js``, ``../helpers.js``), as if they lived beside them.
"""

from __future__ import annotations

import importlib
import json
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, abort, send_from_directory

from games import registry

bp = Blueprint("bundles", __name__)

#: Where the page loads renderers from; the web blueprint's static files sit under /static/web.
URL_PREFIX = "/static/web/js/renderers"


@lru_cache(maxsize=64)
def web_dir(game_name: str) -> Path | None:
    """The ``web`` folder beside the registered game's package, if it has one."""
    try:
        game = registry.get(game_name)
    except KeyError:
        return None
    module = importlib.import_module(type(game).__module__)
    package = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
    folder = Path(importlib.import_module(package).__file__ or "").parent / "web"
    return folder if folder.is_dir() else None


@lru_cache(maxsize=64)
def page_texts(game_name: str) -> dict[str, dict[str, str]]:
    """The game's strings for its page scripts (``web/texts.json``: ``{lang: {key:
    ICU template}}``), merged over the platform's by :func:`service.web.i18n.js_catalogue`."""
    folder = web_dir(game_name)
    if folder is None or not (folder / "texts.json").is_file():
        return {}
    data = json.loads((folder / "texts.json").read_text(encoding="utf-8"))
    return {lang: dict(texts) for lang, texts in data.items()}


def stylesheet(game_name: str) -> str | None:
    """The URL of the game's own CSS (``web/<game>.css``), which its pages link in their
    head (after the platform's ``app.css``, so it is there before the board is drawn)."""
    folder = web_dir(game_name)
    if folder is None or not (folder / f"{game_name}.css").is_file():
        return None
    return f"{URL_PREFIX}/{game_name}/{game_name}.css"


def has_renderer(game_name: str) -> bool:
    folder = web_dir(game_name)
    return folder is not None and (folder / "index.js").is_file()


@bp.get(f"{URL_PREFIX}/<game>/<path:filename>")
def bundle_file(game: str, filename: str):  # type: ignore[no-untyped-def]
    folder = web_dir(game)
    if folder is None:
        abort(404)
    # send_from_directory refuses paths that leave the folder (404).
    return send_from_directory(folder, filename, max_age=3600)
