"""Steam (Martin Wallace, 2009), 3-5 players: track building on a hex map, goods delivery,
income or victory points; base and expert game, two (stand-in) maps.

Split by concept (STYLE.md): ``tiles`` (faces, rotations, the double-sided stock),
``network`` (links traced from the track), ``building`` (placing, upgrading, redirecting,
costs, ownership), ``goods`` (deliveries), ``finance`` (raising money, income),
``auctions`` (turn order), ``flow`` (phases and who moves), ``scoring``; ``decide`` /
``evolve`` / ``legal`` are the decider; numbers and maps live in ``data/*.json``.
"""

from .game import GAME, Steam

__all__ = ["GAME", "Steam"]
