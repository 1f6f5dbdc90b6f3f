"""First Class – Unterwegs im Orient Express (Hans im Glück 2016), base game with
modules A (contracts) and B (celebrities, postcards), 2-4 players.

Pure rules split by concept: ``trains`` (cars, upgrades, post wagons, LOK tiles),
``coins`` (the 12-field grid), ``route`` (locomotive and cities), ``contracts``
(module A), ``effects`` (doing a card's actions), ``scoring``; ``decide``,
``evolve``, ``legal`` and ``view`` wire them to the contract.  Numbers and the
stand-in card designs are in ``data/base.json``.
"""

from .game import GAME, FirstClass

__all__ = ["GAME", "FirstClass"]
