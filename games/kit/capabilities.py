"""What a game declares about itself for the platform, instead of name lists in it.

The platform names no game (DESIGN.md section 7): where it must treat games
differently (which bot level analyses a finished game, whether the scores may be
shown while a game runs), it reads the game's :class:`Capabilities`.  A new game
declares them once, next to its name, and no platform module changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: The bot families an analysis may walk a game with (``worker.bots`` levels).
AnalysisBot = Literal["mcts", "greedy"]


@dataclass(frozen=True)
class Capabilities:
    """Facts about a game that change what the platform does with it.

    ``analysis_bot``: the strongest bot the analysis of a finished game uses.
    ``"mcts"`` (a search of fixed iterations) where a position is searched in about
    a second; ``"greedy"`` where the search takes far too long per position for a
    whole game (Steam: up to 40 s).

    ``scores_secret_while_running``: the points are hidden information until the
    game ends (Railroad Dice's passengers): the platform shows no scores while the
    game runs, whatever ``status()`` holds.
    """

    analysis_bot: AnalysisBot = "mcts"
    scores_secret_while_running: bool = False


#: What a game that declares nothing gets.
DEFAULT = Capabilities()
