"""Russian Railroads (Hans im Glück 2013), base game for 2-4 players.

The package is split by concept (STYLE.md): ``tracks``, ``locomotives``,
``industry``, ``engineers``, ``turn_order``, ``scoring``; ``actions`` and
``submoves`` spend what a turn gains; ``decide`` / ``evolve`` / ``legal`` are the
decider; every number lives in ``data/base.json``.

The expansions are plug-ins: the tableau (Russian, Deutschland, USA) is one strategy
chosen at set-up, and coal, the new engineers, the German ?-items, DSP and Emil are
modules with named hook points (:mod:`.table`).  The base modules import none of them;
the registry :mod:`.plugins` is the only place that does, and builds each game's table
from its options.  A base game's table has no module, so it runs no hook at all.
"""

from .game import GAME, RussianRailroads

__all__ = ["GAME", "RussianRailroads"]
