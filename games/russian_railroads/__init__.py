"""Russian Railroads (Hans im Glück 2013), base game for 2-4 players.

The package is split by concept (STYLE.md): ``tracks``, ``locomotives``,
``industry``, ``engineers``, ``turn_order``, ``scoring``; ``actions`` and
``submoves`` spend what a turn gains; ``decide`` / ``evolve`` / ``legal`` are the
decider; every number lives in ``data/base.json``.
"""

from .game import GAME, RussianRailroads

__all__ = ["GAME", "RussianRailroads"]
