"""The registry of games: name -> :class:`games.contract.Game`.

Games register through the ``stellwerk.games`` entry-point group in
``pyproject.toml``; tests and operators may add games at run time with
:func:`register` (``STELLWERK_EXTRA_GAMES`` names ``module:attribute`` pairs).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from games.contract import Game

_games: dict[str, Game] = {}

#: The game the lobby's "new game" form offers first (the only place a game is named
#: outside its own package: the platform reads it here).
FEATURED = "russian_railroads"


def register(game: Game) -> Game:
    _games[game.name] = game
    return game


def load_object(spec: str) -> Game:
    """Import ``module:attribute``."""
    module_name, _, attribute = spec.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def _entry_points() -> dict[str, object]:
    return {entry.name: entry for entry in entry_points(group="stellwerk.games")}


def get(name: str) -> Game:
    """The game called ``name``; entry points load lazily, one game at a time, so a
    game that fails to import does not take the others down."""
    if name not in _games:
        entry = _entry_points().get(name)
        if entry is None:
            raise KeyError(f"unknown game {name!r}; known: {names()}")
        _games[name] = entry.load()  # type: ignore[attr-defined]
    return _games[name]


def names() -> list[str]:
    return sorted(set(_games) | set(_entry_points()))
