"""Indexes over all games (the lobby, the work in flight, the work running), kept
per Redis Cluster shard so that a move never writes to another shard than its own.

Why: each of these was one sorted set, so it lived on one shard, and every append
(or every claim of bot work) wrote to it.  When that shard's master died, moves on
the *healthy* shards were appended but answered 503, and with three masters one
failover in three became a global outage (issue 28).  Now a game's entry lives in
its shard's part of the index: a key whose hash tag hashes into the first slot of
the run of slots the game's master serves.  A failover promotes a replica that
serves the same slots, so the part keeps its key and nothing moves.

A reader merges the parts of every shard it can reach.  While a shard is away, the
lobby and the sweep see only the games of the other shards; the away shard's games
cannot be played then anyway, and its part is back with its promoted replica.

On a single Redis (no cluster) the index is the one key it always was.

After a *resharding* (slots moved between masters by an operator), games whose
slot changed hands keep their entries in the old part until they are next written;
the readers still find them as long as that part's slot range starts where it did.
"""

from __future__ import annotations

import logging
from binascii import crc_hqx
from bisect import bisect_right
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, TypeVar

import redis
from redis.cluster import RedisCluster
from redis.crc import REDIS_CLUSTER_HASH_SLOTS, key_slot
from redis.exceptions import ClusterDownError, RedisClusterException

log = logging.getLogger(__name__)

T = TypeVar("T")

#: What a read of an away shard raises; the reader skips that part.
UNREACHABLE: tuple[type[Exception], ...] = (redis.ConnectionError, redis.TimeoutError, ClusterDownError,
                                            RedisClusterException)


@cache
def slot_tags() -> tuple[str, ...]:
    """For every hash slot, a short string that hashes into it (``t<number>``):
    the hash tag of that slot's part of an index.  Computed once (~170,000 CRC16s)."""
    tags: list[str | None] = [None] * REDIS_CLUSTER_HASH_SLOTS
    missing, n = REDIS_CLUSTER_HASH_SLOTS, 0
    while missing:
        tag = f"t{n}"
        slot = crc_hqx(tag.encode(), 0) % REDIS_CLUSTER_HASH_SLOTS
        if tags[slot] is None:
            tags[slot] = tag
            missing -= 1
        n += 1
    return tuple(t for t in tags if t is not None)


class ShardIndex:
    """One logical sorted set, one real key per shard (see the module docstring).

    ``base`` is the key on a single Redis and the stem of the parts on a cluster."""

    def __init__(self, client: redis.Redis | RedisCluster, base: str) -> None:
        self.client = client
        self.base = base
        self.cluster = isinstance(client, RedisCluster)
        #: (the client's slot map, the run starts computed from it)
        self._starts: tuple[Any, list[int]] | None = None

    # ------------------------------------------------------------- the parts
    def _run_starts(self) -> list[int]:
        """The first slot of each run of slots one shard serves, in the client's map.

        A shard is told by the set of its nodes, not by its master: after a failover
        redis-py swaps master and replica slot by slot as MOVED replies arrive, and a
        run must not split while it does.  Cached until the client reloads its map."""
        assert isinstance(self.client, RedisCluster)
        cache_ = self.client.nodes_manager.slots_cache
        if self._starts is not None and self._starts[0] is cache_:
            return self._starts[1]
        starts: list[int] = []
        previous: frozenset[str] | None = None
        for slot in range(REDIS_CLUSTER_HASH_SLOTS):
            shard = frozenset(node.name for node in cache_.get(slot) or ())
            if shard != previous:
                if shard:
                    starts.append(slot)
                previous = shard
        self._starts = (cache_, starts)
        return starts

    def _part(self, start: int) -> str:
        return f"{self.base}:{{{slot_tags()[start]}}}"

    def key_for(self, hash_key: str) -> str:
        """The part of the index on the shard that holds ``hash_key`` (a game's key)."""
        if not self.cluster:
            return self.base
        slot = key_slot(hash_key.encode())
        starts = self._run_starts()
        i = bisect_right(starts, slot)
        return self._part(starts[i - 1] if i else slot)

    def runs(self) -> list[tuple[int, int]]:
        """Each shard's run of slots, ``(first, last)``, in the client's map (one run of
        every slot on a single Redis)."""
        if not self.cluster:
            return [(0, REDIS_CLUSTER_HASH_SLOTS - 1)]
        starts = self._run_starts()
        return [(start, end - 1) for start, end in zip(starts, [*starts[1:], REDIS_CLUSTER_HASH_SLOTS], strict=True)]

    def keys(self) -> list[str]:
        """Every part (one per shard in the client's map)."""
        if not self.cluster:
            return [self.base]
        return [self._part(start) for start in self._run_starts()]

    # ------------------------------------------------------------- reading
    def each(self, read: Callable[[str], T]) -> tuple[list[T], bool]:
        """``read(key)`` of every part that answers, and whether every part did (an
        away shard is skipped and logged)."""
        out, complete = [], True
        for key in self.keys():
            try:
                out.append(read(key))
            except UNREACHABLE as exc:
                if not self.cluster:
                    raise
                complete = False
                log.info("index part %s unreachable, skipped: %s", key, exc)
        return out, complete

    def merged(self, read: Callable[[str], Iterable[tuple[Any, float]]], limit: int | None = None,
               reverse: bool = False) -> Rows:
        """The rows ``(member, score)`` of every reachable part, ordered by score."""
        parts, complete = self.each(lambda key: list(read(key)))
        rows = sorted((row for part in parts for row in part), key=lambda row: row[1], reverse=reverse)
        return Rows(rows if limit is None else rows[:limit], complete=complete)


class Rows(list[tuple[Any, float]]):
    """Rows of an index read; ``complete`` is False when a shard's part was away
    (a reader that keeps a watermark must not move it past what it did not see)."""

    def __init__(self, rows: Iterable[tuple[Any, float]], complete: bool = True) -> None:
        super().__init__(rows)
        self.complete = complete
