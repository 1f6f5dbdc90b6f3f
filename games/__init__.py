"""Pure rules engines, one package per game.

Nothing in this package performs I/O or imports from ``events``, ``service`` or
``worker``: a game is a decider (see :mod:`games.contract`) that the platform folds.
"""
