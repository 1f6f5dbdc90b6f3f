"""The seeded source of all randomness handed to ``decide``.

The rng for a command is derived from the game's secret seed and the ``seq`` the
command is decided on, so deciding the same command twice (a retried Celery task,
a bot replaying its search) draws the same dice and cards, while players cannot
predict future draws without the seed.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any


def _seed_int(seed: str, seq: int, salt: str) -> int:
    digest = hashlib.sha256(f"{seed}:{seq}:{salt}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


def rng_for(seed: str, seq: int, salt: str = "") -> random.Random:
    return random.Random(_seed_int(seed, seq, salt))


class LazyRandom(random.Random):
    """``rng_for(seed, seq, salt)``, seeded at its first draw instead of at once.

    Most commands draw nothing (a placement, a track step, a confirm), yet every
    submit needs an rng ready: hashing the seed and filling a Mersenne Twister's
    state cost about 8 µs, several per cent of a bot's search, which submits
    thousands of sub-moves per second.  Every draw of :class:`random.Random` goes
    through ``random()`` or ``getrandbits()`` (the other methods are built on
    them), so those two seed first and then install the generator's own methods on
    the instance: from then on the draws are exactly those of ``rng_for``.
    """

    def __init__(self, seed: str, seq: int, salt: str = "") -> None:
        # Deliberately not ``super().__init__()``: that would seed now.
        self._pending: tuple[str, int, str] | None = (seed, seq, salt)
        self.gauss_next = None

    def rearm(self, seed: str, seq: int, salt: str = "") -> LazyRandom:
        """This generator as ``LazyRandom(seed, seq, salt)``, if nothing has been drawn
        from it yet (else a new one): a table decides every command with a generator of
        its own, and most draw nothing (making one allocates a generator's 2.5 kB state)."""
        if self._pending is None:
            return LazyRandom(seed, seq, salt)
        self._pending = (seed, seq, salt)
        self.gauss_next = None
        return self

    @property
    def drawn(self) -> bool:
        """Whether anything has been drawn (or the state read or set): until then this
        generator is as good as a new one for the same seed, sequence and salt."""
        return self._pending is None

    def _seed_now(self) -> None:
        if self._pending is not None:
            self.seed(_seed_int(*self._pending))

    def seed(self, a: Any = None, version: int = 2) -> None:
        super().seed(a, version)
        self._pending = None
        # The C generator's own methods, found before the class's lazy ones.
        self.random = super().random  # type: ignore[method-assign]
        self.getrandbits = super().getrandbits  # type: ignore[method-assign]

    def random(self) -> float:
        self._seed_now()
        return self.random()

    def getrandbits(self, k: int, /) -> int:
        self._seed_now()
        return self.getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        self._seed_now()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self.seed(0)  # installs the generator's methods; the state replaces the seed
        super().setstate(state)
