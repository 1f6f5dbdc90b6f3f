"""A bounded module-level cache: a plain dict that is emptied when it is full.

The engines and evaluations keep content-keyed caches at module level (command objects per
key, an evaluation's terms per train, a listing per layout).  They must not grow without
bound in a long-lived worker, and their hits are the hot path: a least-recently-used
order would cost bookkeeping on every hit, where emptying the whole dict when it is full
costs nothing until then and only a recomputation of what is asked again after.  So the
cache stays an exact ``dict`` (read with ``.get`` or a subscript, which Python specialises
for an exact dict and not for a subclass) and only the store goes through :func:`keep`.

The values must be pure functions of their keys, so that forgetting them changes nothing
but time (the rule of :mod:`games.kit.memo`).
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

#: The bound of an ordinary cache (a few kB to a few MB of entries): what a long search meets
#: again within a position or two fits, and a long-lived worker holds no more.
MEMO_ENTRIES = 4096


def keep(cache: dict[K, V], key: K, value: V, bound: int) -> V:
    """Store ``value`` under ``key`` and return it; a cache holding ``bound`` entries is
    emptied first, so it never holds more than ``bound``."""
    if len(cache) >= bound:
        cache.clear()
    cache[key] = value
    return value
