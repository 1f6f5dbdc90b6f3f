"""Which shards can keep an acknowledged move through their master's death.

On a Redis Cluster an append waits (``WAIT``) until a replica holds it, so that a
failover loses no acknowledged move.  After a failover the promoted replica has no
replica of its own until someone brings the failed node back: every ``WAIT`` then
runs into its timeout, and each move on that shard took 500 ms longer and logged a
warning (issue 28).  This watch notices a master without the replicas it needs,
acknowledges that shard's moves at once, says so once in the log, in
``/healthz`` and in the metric ``stellwerk_shards_degraded``, and looks again every
few seconds, so that durability comes back by itself when the replica does.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

#: How long a verdict about a master's replicas holds before it is asked again.
RECHECK_S = 5.0


@dataclass
class ShardDurability:
    """What the watch knows of one master."""

    master: str
    replicas: int
    degraded: bool
    checked_at: float


def connected_replicas(master: Any) -> int:
    """Replicas whose link to ``master`` (a redis client of that node) is up (ROLE)."""
    role = master.execute_command("ROLE")
    return len(role[2]) if role and role[0] in (b"master", "master") else 0


class ReplicaWatch:
    """Per master: does it have ``needed`` replicas?  Thread-safe; one per store."""

    def __init__(self, needed: int, clock: Callable[[], float] = time.monotonic,
                 count: Callable[[Any], int] = connected_replicas) -> None:
        self.needed = needed
        self._clock = clock
        self._count = count
        self._lock = threading.Lock()
        self._shards: dict[str, ShardDurability] = {}

    def should_wait(self, name: str, master: Any) -> bool:
        """Whether an append on ``name`` (host:port) should WAIT for its replicas:
        not while the master is known to lack them (asked again every few seconds)."""
        with self._lock:
            known = self._shards.get(name)
        if known is not None and self._clock() - known.checked_at < RECHECK_S:
            return not known.degraded
        if known is None or known.degraded:
            return self._check(name, master)
        return True

    def short(self, name: str, master: Any) -> None:
        """A WAIT on ``name`` came back with fewer replicas than needed: ask why."""
        self._check(name, master)

    def _check(self, name: str, master: Any) -> bool:
        try:
            replicas = self._count(master)
        except Exception:  # noqa: BLE001 - the master itself is away: the append will say so
            return True
        degraded = replicas < self.needed
        with self._lock:
            before = self._shards.get(name)
            self._shards[name] = ShardDurability(name, replicas, degraded, self._clock())
        if degraded and (before is None or not before.degraded):
            log.warning("shard %s has %s of %s replicas: its moves are acknowledged without a replica's copy "
                        "until a replica is back (see deploy/README.md, 'After a failover')",
                        name, replicas, self.needed)
        elif not degraded and before is not None and before.degraded:
            log.warning("shard %s has its replica again: acknowledged moves are replicated once more", name)
        return not degraded

    def degraded(self) -> list[ShardDurability]:
        """The masters known to lack replicas (for ``/healthz`` and the metric)."""
        with self._lock:
            return sorted((s for s in self._shards.values() if s.degraded), key=lambda s: s.master)
