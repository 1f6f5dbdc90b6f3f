"""Railroad Dice (Wassertal 2003), 2-4 players: one common line, hidden dice behind
screens, five companies and their stations.

Split by concept (STYLE.md): ``terrain`` (tiles, rotation, the small-tile map),
``track`` (laying dice at the two ends, bridges, connecting tiles), ``stations``,
``shares`` (buying and directors), ``dice`` (income, rolling, paying, the bank),
``year`` (the year change and the game end); ``decide`` / ``evolve`` / ``legal``
are the decider; numbers live in ``data/*.json``.
"""

from .game import GAME, RailroadDice

__all__ = ["GAME", "RailroadDice"]
