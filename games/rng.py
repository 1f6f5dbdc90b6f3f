"""The seeded source of all randomness handed to ``decide``.

The rng for a command is derived from the game's secret seed and the ``seq`` the
command is decided on, so deciding the same command twice (a retried Celery task,
a bot replaying its search) draws the same dice and cards, while players cannot
predict future draws without the seed.
"""

from __future__ import annotations

import hashlib
import random


def rng_for(seed: str, seq: int, salt: str = "") -> random.Random:
    digest = hashlib.sha256(f"{seed}:{seq}:{salt}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
