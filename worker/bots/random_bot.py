"""The random bot: any legal command, but never an undo.

Undo commands would let it wander forever; everything else (including
confirming early, when nothing mandatory is open) is fair game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.contract import Command

_NEVER = {"Undo", "RequestUndo", "AcceptUndo", "DeclineUndo"}


class RandomBot:
    name = "random"

    def choose(self, view: dict[str, Any], seat: str, legal: Sequence[Command], rng: random.Random,
               budget_ms: int) -> Command:
        choices = [c for c in legal if c.type not in _NEVER]
        if not choices:
            raise LookupError(f"seat {seat} has no command to choose")
        return rng.choice(choices)
