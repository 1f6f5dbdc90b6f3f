"""The event store on Redis Streams: one stream per game, appended by one Lua script.

The store knows envelopes and keys, not rules: deciding happens in
:mod:`events.repository`, which hands the store already numbered envelopes and
the seq they were decided on.
"""

from __future__ import annotations

import importlib.resources
import json
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import redis
from redis.cluster import RedisCluster
from redis.exceptions import ClusterDownError, MovedError, NoScriptError, TryAgainError

from events import envelope as env_codec
from events.durability import ReplicaWatch
from events.envelope import Envelope
from events.held_connection import HeldConnection
from events.keys import Keys
from events.shard_index import UNREACHABLE, Rows, ShardIndex

log = logging.getLogger(__name__)

_APPEND_LUA = importlib.resources.files("events").joinpath("append.lua").read_text()

#: A compact JSON encoder made once (``json.dumps`` with options makes one per call).
_COMPACT = json.JSONEncoder(separators=(",", ":")).encode

#: How long an append on a cluster keeps sending itself again while the cluster refuses
#: it for a moment (CLUSTERDOWN, TRYAGAIN), and the pause between tries: about what the
#: cluster client gives every other command (its retries, 0.25 s apart).  Issue 28: on a
#: cluster whose nodes require full coverage (Redis's default), *every* node answers
#: CLUSTERDOWN from the moment a dead master is marked failed until its replica is
#: promoted (about a second, longer on a loaded machine); the reads of a move rode
#: through that, its append did not, and a move on a healthy shard got a 503.
REFUSED_RIDE_S = 3.0
REFUSED_PAUSE_S = 0.25

#: The claim kind of bot turns and system work (the others are notices).
WORK = "work"

# Compare-and-set on one entry of the work-in-flight set: move it to ARGV[3] (or
# remove it when ARGV[3] is empty) only if its score is still ARGV[2].
_RECLAIM_LUA = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then redis.call('ZREM', KEYS[1], ARGV[1])
else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
return 1
"""


def _member(game_id: str, seq: int) -> str:
    return f"{game_id}:{seq}"


class Conflict(Exception):
    """The log moved on since the command was decided (HTTP 409)."""

    def __init__(self, current_seq: int) -> None:
        super().__init__(f"stale expected_seq; current seq is {current_seq}")
        self.current_seq = current_seq


class GameOver(Exception):
    """The game is finished: its log takes no more events (HTTP 422)."""


@dataclass(frozen=True)
class AppendResult:
    first_seq: int
    last_seq: int
    duplicate: bool
    #: For a duplicate: the fingerprint stored with the first append of that command id.
    fingerprint: str = ""


@dataclass(frozen=True)
class SeenCommand:
    first_seq: int
    last_seq: int
    fingerprint: str


def _answers(client: Any) -> bool:
    try:
        return bool(client.ping())
    except Exception:  # noqa: BLE001 - any failure to reach the node means "down"
        return False


def _requires_full_coverage(node: Any) -> bool | None:
    """Whether a cluster node refuses every key while any slot is unserved
    (``cluster-require-full-coverage yes``, Redis's default): then one shard's
    failover stops all of them for a second or more.  None where CONFIG is not
    allowed (a managed service)."""
    try:
        found = node.config_get("cluster-require-full-coverage")
    except redis.RedisError:
        return None
    value = found.get("cluster-require-full-coverage") or found.get(b"cluster-require-full-coverage")
    return None if value is None else _text(value) == "yes"


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _seen(text: bytes | str) -> SeenCommand:
    first, last, *rest = (text.decode() if isinstance(text, bytes) else text).split(":", 2)
    return SeenCommand(int(first), int(last), rest[0] if rest else "")


def _pipelined(client: Any, fill: Callable[[Any], object]) -> list[Any]:
    """Run a pipeline of the cluster client through a short refusal (CLUSTERDOWN,
    TRYAGAIN) as its single commands are run: redis-py's cluster pipeline sends
    its commands again after MOVED, ASK or a lost connection, but raises a
    CLUSTERDOWN at once (issue 28: a move on a healthy shard, already appended,
    got a 503 from the claim of its follow-up work while another shard failed over
    on a cluster that requires full coverage).  A refused pipeline ran none of its
    commands (the node refuses keyed commands from one state for all it reads at
    once), so sending it again is safe; a pipeline of a single Redis runs once.
    ``fill`` queues the commands on a new pipeline of ``client`` for each try (a
    pipeline forgets its commands when it runs, answered or not)."""
    ride_until = time.monotonic() + REFUSED_RIDE_S
    while True:
        pipe = client.pipeline(transaction=False)
        fill(pipe)
        try:
            return list(pipe.execute())
        except (ClusterDownError, TryAgainError):
            if not isinstance(client, RedisCluster) or time.monotonic() + REFUSED_PAUSE_S > ride_until:
                raise
            time.sleep(REFUSED_PAUSE_S)  # a retry's pause, not a synchronisation


class EventStore:
    """Redis Cluster: every multi-key command and script here touches the keys of one
    game, which share its hash tag and so one slot.  The indexes over all games (the
    lobby, the work in flight, the work running) are kept per shard
    (:mod:`events.shard_index`): a move and its bot work write only to their game's
    shard, so another shard's failover never fails them.  The player index is one key
    per player, written when a game is created or joined, never by a move (see
    ``deploy/README.md``, "Redis Cluster", for the whole audit)."""

    def __init__(self, client: redis.Redis, prefix: str = "stellwerk",
                 blocking: redis.Redis | None = None, wait_replicas: int = -1,
                 wait_replicas_ms: int = 500) -> None:
        """``blocking``: a client whose read timeout outlives XREAD BLOCK (default: ``client``).
        ``wait_replicas``: replicas that must hold an append before it returns (WAIT);
        -1 means 1 on a Redis Cluster (failover promotes a replica) and 0 otherwise."""
        self.redis = client
        self.blocking = blocking or client
        self.keys = Keys(prefix)
        self._append = client.register_script(_APPEND_LUA)
        self._reclaim = client.register_script(_RECLAIM_LUA)
        #: Every game with the time of its last append (the lobby's order).
        self._lobby = ShardIndex(client, self.keys.lobby)
        #: Claimed bot or system work, scored by its claim (or start): the sweep's index.
        self._in_flight = ShardIndex(client, f"{prefix}:work:in-flight")
        #: Work a task is running now, scored by its last heartbeat: a worker that
        #: dies mid-task goes silent, and the sweep re-sends its work within
        #: seconds instead of after the task time limit (issue 28).
        self._running = ShardIndex(client, f"{prefix}:work:running")
        self.cluster = isinstance(client, RedisCluster)
        #: The append path's own connection per thread (not on a cluster: there the
        #: client routes each key to its shard).
        self._held = None if self.cluster else HeldConnection(client)
        self.wait_replicas = (1 if self.cluster else 0) if wait_replicas < 0 else wait_replicas
        self.wait_replicas_ms = wait_replicas_ms
        #: Masters without the replicas WAIT needs: acknowledged at once, reported.
        self.durability = ReplicaWatch(self.wait_replicas)
        #: Whether the log said once that the cluster's nodes require full coverage.
        self._told_full_coverage = False

    # ------------------------------------------------------------ appending
    def append(self, game_id: str, expected_seq: int, command_id: str, envelopes: Sequence[Envelope],
               status: Mapping[str, Any] | None = None, fingerprint: str = "") -> AppendResult:
        """Append ``envelopes`` (numbered from ``expected_seq + 1``) if the log's
        last seq is still ``expected_seq``; a repeated ``command_id`` returns the
        first append's range (and the fingerprint stored with it) and appends
        nothing.  A status with ``over`` closes the log for good.  Raises
        :class:`Conflict`, or :class:`GameOver` for a finished game."""
        for i, env in enumerate(envelopes, start=1):
            if env.seq != expected_seq + i:
                raise ValueError("envelopes must be numbered from expected_seq + 1")
        if ":" in fingerprint:
            raise ValueError("a fingerprint must not contain ':'")
        k = self.keys.game(game_id)
        status = status or {}
        args = [expected_seq, command_id, fingerprint, _COMPACT(status),
                "1" if status.get("over") else "0"]
        args += [env_codec.dumps(e) for e in envelopes]
        if self.cluster and self.wait_replicas:
            kind, value = self._append_replicated([k.log, k.meta, k.idem], args)
        else:
            kind, value = self._run_append([k.log, k.meta, k.idem], args)
        kind = kind.decode() if isinstance(kind, bytes) else kind
        if kind == "conflict":
            raise Conflict(int(value))
        if kind == "over":
            raise GameOver(f"game {game_id} is over")
        seen = _seen(value)
        return AppendResult(seen.first_seq, seen.last_seq, duplicate=kind == "dup", fingerprint=seen.fingerprint)

    def _run_append(self, keys: list[str], args: list[Any]) -> Any:
        """EVALSHA of the append script, loading it once more if the server lost it.

        Sent as a bare command rather than through redis-py's ``Script`` wrapper:
        the wrapper's argument handling and instrumentation cost about as much
        client CPU as the round trip itself, on the hottest path of the service
        (issue 17: appends >= 70% of raw XADD); outside a cluster it goes over
        the thread's held connection (:mod:`events.held_connection`)."""
        send = self.redis.execute_command if self._held is None else self._held.execute
        try:
            return send("EVALSHA", self._append.sha, len(keys), *keys, *args)
        except NoScriptError:
            self.redis.script_load(_APPEND_LUA)
            return send("EVALSHA", self._append.sha, len(keys), *keys, *args)

    def _append_replicated(self, keys: list[str], args: list[Any]) -> Any:
        """The append script, then WAIT on the same connection to the shard's master:
        its answer comes back only once ``wait_replicas`` replicas have the events
        (or the timeout passed), so an acknowledged move survives the master's death.
        WAIT counts the writes of its own connection, which the cluster client's
        routing does not keep, hence the master's own client.  A moved slot (after a
        failover) refreshes the slot map and tries once more; a shard without its
        master raises ``ConnectionError`` (HTTP 503, resend with the same command id).
        A cluster that refuses the script for a moment (CLUSTERDOWN while another
        shard fails over, TRYAGAIN while a slot migrates) refused it before running
        it: the append is sent again for up to :data:`REFUSED_RIDE_S`, as the cluster
        client sends its other commands again."""
        assert isinstance(self.redis, RedisCluster)
        ride_until = time.monotonic() + REFUSED_RIDE_S
        moved = False
        while True:
            node = self.redis.get_node_from_key(keys[0])
            master = self.redis.get_redis_connection(node)
            try:
                wait = self.durability.should_wait(node.name, master)
                for _ in (1, 2):
                    pipe = master.pipeline(transaction=False)
                    pipe.evalsha(self._append.sha, len(keys), *keys, *args)
                    if wait:
                        pipe.wait(self.wait_replicas, self.wait_replicas_ms)
                    try:
                        reply, *acks = pipe.execute()
                        break
                    except NoScriptError:
                        master.script_load(_APPEND_LUA)
                else:  # pragma: no cover - a script flushed twice in a row
                    raise redis.ConnectionError("append script not loadable")
            except (ClusterDownError, TryAgainError):
                if time.monotonic() + REFUSED_PAUSE_S > ride_until:
                    raise
                time.sleep(REFUSED_PAUSE_S)  # a retry's pause, not a synchronisation
                continue
            except (MovedError, redis.ConnectionError, redis.TimeoutError) as exc:
                self.redis.nodes_manager.initialize()
                if moved or not isinstance(exc, MovedError):
                    raise redis.ConnectionError(f"shard of {keys[0]} unavailable: {exc}") from exc
                moved = True
                continue
            if wait and acks[0] < self.wait_replicas and reply[0] in (b"ok", "ok"):
                self.durability.short(node.name, master)
            return reply

    def seen_command(self, game_id: str, command_id: str) -> SeenCommand | None:
        value = self.redis.hget(self.keys.game(game_id).idem, command_id)
        return _seen(value) if value else None

    # --------------------------------------------------------------- reading
    def last_seq(self, game_id: str) -> int:
        return int(self.redis.hget(self.keys.game(game_id).meta, "seq") or 0)

    def read(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Envelope]:
        """Envelopes with ``after < seq <= upto`` (to the end without ``upto``)."""
        end = "+" if upto is None else f"{upto}-0"
        if upto is not None and upto <= after:
            return []
        entries = self.redis.xrange(self.keys.game(game_id).log, f"{after + 1}-0", end)
        return [env_codec.loads(fields[b"e"]) for _id, fields in entries]

    def wait(self, game_id: str, after: int, block_ms: int) -> list[Envelope]:
        """Block until events after ``after`` arrive (or ``block_ms`` pass)."""
        reply = self.blocking.xread({self.keys.game(game_id).log: f"{after}-0"}, block=block_ms)
        return [env_codec.loads(fields[b"e"]) for _stream, entries in reply or [] for _id, fields in entries]

    # -------------------------------------------------------------- metadata
    def create_meta(self, game_id: str, meta: Mapping[str, str], token_hashes: Mapping[str, str],
                    players: Sequence[str], created: float) -> bool:
        """Claim ``game_id`` (False when it exists) and index it in the lobby."""
        k = self.keys.game(game_id)
        if not self.redis.hsetnx(k.meta, "game", meta["game"]):
            return False

        def fill(pipe: Any) -> None:
            pipe.hset(k.meta, mapping={key: value for key, value in meta.items() if key != "game"})
            if token_hashes:
                pipe.hset(k.tokens, mapping=dict(token_hashes))
            for name in players:
                pipe.sadd(self.keys.player(name), game_id)

        _pipelined(self.redis, fill)
        self.touch(game_id, created)
        return True

    def meta(self, game_id: str) -> dict[str, str]:
        raw = self.redis.hgetall(self.keys.game(game_id).meta)
        return {k.decode(): v.decode() for k, v in raw.items()}

    def set_meta(self, game_id: str, **fields: str) -> None:
        self.redis.hset(self.keys.game(game_id).meta, mapping=fields)

    def token_hashes(self, game_id: str) -> dict[str, str]:
        raw = self.redis.hgetall(self.keys.game(game_id).tokens)
        return {k.decode(): v.decode() for k, v in raw.items()}

    def claim_seat(self, game_id: str, seat: str, token_hash: str) -> bool:
        """Give an open seat a token; False when someone was faster."""
        return bool(self.redis.hsetnx(self.keys.game(game_id).tokens, seat, token_hash))

    def set_token(self, game_id: str, seat: str, token_hash: str) -> None:
        self.redis.hset(self.keys.game(game_id).tokens, seat, token_hash)

    def index_player(self, game_id: str, name: str) -> None:
        self.redis.sadd(self.keys.player(name), game_id)

    def _part(self, index: ShardIndex, game_id: str) -> str:
        """``index``'s key on the shard of ``game_id``."""
        return index.key_for(self.keys.game(game_id).meta)

    def touch(self, game_id: str, when: float) -> None:
        self.redis.zadd(self._part(self._lobby, game_id), {game_id: when})

    def lobby_activity(self) -> list[tuple[str, float]]:
        """Every game (of every reachable shard) with the time of its last append."""
        return [(_text(i), score) for i, score in
                self._lobby.merged(lambda key: self.redis.zrange(key, 0, -1, withscores=True))]

    def last_activity(self, game_ids: Sequence[str]) -> list[float | None]:
        """The time of each game's last append (None: unknown, or its shard is away)."""
        found: dict[str, float | None] = {}
        by_part: dict[str, list[str]] = {}
        for game_id in game_ids:
            by_part.setdefault(self._part(self._lobby, game_id), []).append(game_id)
        for key, ids in by_part.items():
            try:
                found.update(zip(ids, self.redis.zmscore(key, ids), strict=True))
            except UNREACHABLE:
                if not self.cluster:
                    raise
        return [found.get(game_id) for game_id in game_ids]

    def game_ids(self, player: str | None = None, limit: int = 100) -> list[str]:
        if player:
            ids = [i.decode() for i in self.redis.smembers(self.keys.player(player))]
            scores = self.last_activity(ids)
            ranked = sorted(zip(ids, scores, strict=True), key=lambda pair: -(pair[1] or 0))
            return [i for i, _ in ranked[:limit]]
        rows = self._lobby.merged(lambda key: self.redis.zrevrange(key, 0, limit - 1, withscores=True),
                                  limit=limit, reverse=True)
        return [_text(i) for i, _ in rows]

    # ------------------------------------------------------------------ work
    # A claim key per (game, seq, kind) makes each task or notice go out once per
    # position; its value is when it was claimed.  Claims of kind "work" (bot turns,
    # system work) are also listed in one sorted set of work in flight, scored by
    # when the work was claimed or last started, so that the beat's sweep finds
    # work whose task died (SIGKILL, lost node) by one range read, however many
    # games are finished.  The task removes its entry when it is done.

    def claim_work(self, game_id: str, seq: int, kind: str = "work", ttl_seconds: int = 30 * 86400,
                   now: float | None = None) -> bool:
        """True for the first caller per (game, seq, kind): exactly one task (or
        notice) per position, whichever process appended it."""
        now = time.time() if now is None else now

        def fill(pipe: Any) -> None:  # one round trip, in this order
            if kind == WORK:
                # Listed first: a process that dies right after claiming leaves an entry
                # the sweep finds, never a claim nobody will ever send.
                pipe.zadd(self._part(self._in_flight, game_id), {_member(game_id, seq): now}, nx=True)
            pipe.set(self._work_key(game_id, seq, kind), repr(now), nx=True, ex=ttl_seconds)

        return bool(_pipelined(self.redis, fill)[-1])

    def release_work(self, game_id: str, seq: int, kind: str = "work") -> None:
        """Give a claim up because its task could not be sent: the next append or
        the sweep's next run sends it (an entry due at once, score 0)."""
        self.redis.delete(self._work_key(game_id, seq, kind))
        if kind == WORK:
            self.redis.zadd(self._part(self._in_flight, game_id), {_member(game_id, seq): 0}, xx=True)

    def work_claimed(self, game_id: str, seq: int, kind: str = "work") -> bool:
        return bool(self.redis.exists(self._work_key(game_id, seq, kind)))

    def work_started(self, game_id: str, seq: int, now: float | None = None) -> None:
        """A task began the work for (game, seq): its time limit counts from now,
        not from the claim (time spent waiting in the queue is not a crash), and
        its heartbeats start (:meth:`work_heartbeat`)."""
        now = time.time() if now is None else now
        member = _member(game_id, seq)
        _pipelined(self.redis, lambda pipe: (
            pipe.zadd(self._part(self._in_flight, game_id), {member: now}, xx=True, gt=True),
            pipe.zadd(self._part(self._running, game_id), {member: now})))

    def work_heartbeat(self, game_id: str, seq: int, now: float | None = None) -> None:
        """The task for (game, seq) is alive (only while it is listed as running)."""
        now = time.time() if now is None else now
        self.redis.zadd(self._part(self._running, game_id), {_member(game_id, seq): now}, xx=True, gt=True)

    def work_done(self, game_id: str, seq: int) -> None:
        """The task for (game, seq) finished: nothing left for the sweep.  The
        claim key stays, so the position is never enqueued again."""
        member = _member(game_id, seq)
        _pipelined(self.redis, lambda pipe: (pipe.zrem(self._part(self._in_flight, game_id), member),
                                             pipe.zrem(self._part(self._running, game_id), member)))

    def work_silent(self, before: float, limit: int = 500) -> list[tuple[str, int, float]]:
        """Running work whose last heartbeat is older than ``before`` (its worker
        died): ``(game_id, seq, stamp)``, the stamp for :meth:`reclaim_silent`."""
        return self._entries(self._running, before, limit)

    def reclaim_silent(self, game_id: str, seq: int, stamp: float, now: float | None = None,
                       ttl_seconds: int = 30 * 86400) -> bool:
        """Take over silent work: True for exactly one caller that saw ``stamp``;
        the work is back in flight (queued), its clock starting again."""
        now = time.time() if now is None else now
        member = _member(game_id, seq)
        if not self._reclaim(keys=[self._part(self._running, game_id)], args=[member, repr(stamp), ""]):
            return False
        self.redis.zadd(self._part(self._in_flight, game_id), {member: now})
        self.redis.set(self._work_key(game_id, seq, WORK), repr(now), ex=ttl_seconds)
        return True

    def drop_silent(self, game_id: str, seq: int, stamp: float) -> bool:
        """Forget silent work that is no longer needed (the game moved on)."""
        if not self._reclaim(keys=[self._part(self._running, game_id)], args=[_member(game_id, seq), repr(stamp), ""]):
            return False
        self.redis.zrem(self._part(self._in_flight, game_id), _member(game_id, seq))
        return True

    def _entries(self, index: ShardIndex, before: float, limit: int) -> list[tuple[str, int, float]]:
        rows = index.merged(lambda key: self.redis.zrangebyscore(key, "-inf", before, start=0, num=limit,
                                                                 withscores=True), limit=limit)
        out = []
        for member, score in rows:
            game_id, _, seq = _text(member).rpartition(":")
            out.append((game_id, int(seq), float(score)))
        return out

    def work_overdue(self, before: float, limit: int = 500) -> list[tuple[str, int, float]]:
        """Work in flight claimed (or started) before ``before``, oldest first:
        ``(game_id, seq, stamp)``, the stamp to hand back to :meth:`reclaim_work`."""
        return self._entries(self._in_flight, before, limit)

    def reclaim_work(self, game_id: str, seq: int, stamp: float, now: float | None = None,
                     ttl_seconds: int = 30 * 86400) -> bool:
        """Take over overdue work: True for exactly one caller that saw ``stamp``
        (two sweeps never both re-send it); the entry's clock starts again."""
        now = time.time() if now is None else now
        won = self._reclaim(keys=[self._part(self._in_flight, game_id)],
                            args=[_member(game_id, seq), repr(stamp), repr(now)])
        if won:
            self.redis.set(self._work_key(game_id, seq, WORK), repr(now), ex=ttl_seconds)
        return bool(won)

    def drop_work(self, game_id: str, seq: int, stamp: float) -> bool:
        """Forget an overdue entry whose work is no longer needed (the game moved
        on or is over), unless someone touched it since it was read as ``stamp``."""
        return bool(self._reclaim(keys=[self._part(self._in_flight, game_id)],
                                  args=[_member(game_id, seq), repr(stamp), ""]))

    #: Most games :meth:`touched_between` returns at once.
    TOUCHED_LIMIT = 10_000

    def touched_between(self, after: float, upto: float) -> Rows:
        """Games whose last append lies in ``(after, upto]``, oldest first (at most
        :attr:`TOUCHED_LIMIT`); ``complete`` is False when a shard was away."""
        low = "-inf" if after == float("-inf") else f"({after!r}"
        rows = self._lobby.merged(lambda key: self.redis.zrangebyscore(key, low, upto, start=0,
                                                                       num=self.TOUCHED_LIMIT, withscores=True),
                                  limit=self.TOUCHED_LIMIT)
        return Rows(((_text(i), score) for i, score in rows), complete=rows.complete)

    def _work_key(self, game_id: str, seq: int, kind: str) -> str:
        return f"{self.keys.game(game_id).meta}:{kind}:{seq}"

    # ---------------------------------------------------------------- health
    def shards(self) -> list[dict[str, Any]]:
        """Each shard: its slots, its master, whether it answers, and whether an
        acknowledged move there is on a replica too (``durability``).  A single
        Redis is one shard holding every slot."""
        degraded = {d.master for d in self.durability.degraded()}
        if not self.cluster:
            return [{"slots": "0-16383", "master": "single", "up": _answers(self.redis),
                     "durability": "single node", "failover_stops_cluster": None}]
        assert isinstance(self.redis, RedisCluster)
        cache_ = self.redis.nodes_manager.slots_cache
        out = []
        for first, last in self._lobby.runs():  # the shards as the indexes see them
            nodes = cache_.get(first) or []
            master = nodes[0].name if nodes else "unknown"
            node = self.redis.get_redis_connection(nodes[0]) if nodes else None
            up = node is not None and _answers(node)
            out.append({"slots": f"{first}-{last}", "master": master, "up": up,
                        "durability": "degraded" if master in degraded else "replicated",
                        "failover_stops_cluster": _requires_full_coverage(node) if up else None})
        if any(s["failover_stops_cluster"] for s in out) and not self._told_full_coverage:
            self._told_full_coverage = True
            log.warning("Redis Cluster nodes run with cluster-require-full-coverage yes: while one shard fails "
                        "over, every shard refuses commands; set it to no (deploy/redis-cluster.conf)")
        return out

    # ------------------------------------------------------------- snapshots
    def save_snapshot(self, game_id: str, seq: int, data: Mapping[str, Any]) -> None:
        self.redis.hset(self.keys.game(game_id).snap, str(seq), json.dumps(data, separators=(",", ":")))

    def snapshot_seqs(self, game_id: str) -> list[int]:
        return sorted(int(s) for s in self.redis.hkeys(self.keys.game(game_id).snap))

    def load_snapshot(self, game_id: str, at_most: int) -> tuple[int, dict[str, Any]] | None:
        """The latest snapshot at or before ``at_most``."""
        seqs = [s for s in self.snapshot_seqs(game_id) if s <= at_most]
        if not seqs:
            return None
        raw = self.redis.hget(self.keys.game(game_id).snap, str(seqs[-1]))
        return (seqs[-1], json.loads(raw)) if raw else None
