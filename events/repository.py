"""Games on the event store: create, load projections, execute commands.

This is the one path every move takes, from the HTTP API, the worker and the CLI:
decide on the latest projection, number the events, append them conditionally,
fold them into the cached projection.  A command id seen before returns the first
result; a stale ``expected_seq`` raises :class:`Conflict`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from events import commands as platform
from events import snapshots
from events.creation import creation_events, new_seed, seat_ids
from events.envelope import Envelope
from events.projection import Projection, fold
from events.store import Conflict, EventStore, GameOver, SeenCommand
from games import registry
from games.contract import SYSTEM, Command, Event, Game, IllegalMove
from games.rng import LazyRandom


class UnknownGame(LookupError):
    """No game with that id (HTTP 404)."""


@dataclass(frozen=True)
class SeatInfo:
    seat: str
    name: str | None
    bot: str | None
    #: A registered user asked to take this seat: only they may take it, until
    #: they decline.
    invited: str | None = None
    #: Who declined this seat's invitation: the seat stays closed until the table's
    #: creator chooses what becomes of it (invite somebody else, open it, a bot).
    declined: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "bot": self.bot, "invited": self.invited,
                "declined": self.declined}

    @property
    def filled(self) -> bool:
        return bool(self.name or self.bot)


@dataclass(frozen=True)
class GameRecord:
    id: str
    game: str
    created: float
    seats: tuple[SeatInfo, ...]
    options: Mapping[str, Any]
    status: Mapping[str, Any]
    #: Seconds a seat may keep this table waiting before it can be handed to a bot.
    takeover_after: int | None = None
    #: Whether the moving player may ask the greedy bot for a hint.
    hints: bool = False
    #: Turn deadline in seconds (None: no deadline).
    deadline_s: int | None = None
    #: The table waits for players: no set-up has happened yet (see events.seating).
    waiting: bool = False
    #: Everything the table was created with (the fields above and any later ones).
    table: Mapping[str, Any] = field(default_factory=dict)

    @property
    def creator(self) -> str | None:
        """The seat of the player who set the table (may start it with bots)."""
        return self.table.get("creator")

    def human_seats(self, bots: Mapping[str, str]) -> list[SeatInfo]:
        return [s for s in self.seats if s.seat not in bots]

    @property
    def bots(self) -> dict[str, str]:
        return {s.seat: s.bot for s in self.seats if s.bot}


@dataclass(frozen=True)
class ExecuteResult:
    first_seq: int
    last_seq: int
    duplicate: bool
    projection: Projection


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def status_summary(p: Projection) -> dict[str, Any]:
    """The status kept in the game's meta hash, for the lobby without folding.
    Everybody reads it, so it describes the public position: an open turn's draft
    changes nothing in it."""
    status = p.game.status(p.confirmed) if p.tail else p.status()
    return {"phase": status.phase, "round": status.round, "to_move": list(status.to_move),
            "over": status.over, "seq": p.public_seq, "confirmed_seq": p.confirmed_seq,
            "ranking": list(status.ranking) if status.over else []}


#: The lobby's status of a table that waits for players.
WAITING_STATUS: dict[str, Any] = {"phase": "waiting", "round": None, "to_move": [], "over": False, "seq": 0,
                                  "confirmed_seq": 0, "ranking": []}


def command_fingerprint(command: Command) -> str:
    """What a command id stands for: the same id sent again with another command
    is refused instead of being answered with the first command's result."""
    body = json.dumps([command.seat, command.type, command.args], sort_keys=True, separators=(",", ":"),
                      default=str)
    return hashlib.sha256(body.encode()).hexdigest()[:24]


class GameRepository:
    def __init__(self, store: EventStore, snapshot_every: int = 200, cache_size: int = 256,
                 on_appended: Callable[[str, Projection], object] | None = None) -> None:
        self.store = store
        self.snapshot_every = snapshot_every
        self.cache_size = cache_size
        self.on_appended = on_appended
        self._cache: OrderedDict[str, Projection] = OrderedDict()
        self._last_snapshot: dict[str, int] = {}
        self._lock = threading.Lock()

    # ----------------------------------------------------------------- create
    def create(self, game_name: str, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]],
               seed: str | None = None, game_id: str | None = None,
               table: Mapping[str, Any] | None = None) -> tuple[GameRecord, dict[str, str]]:
        """Create a game; returns its record and the tokens of the seats that have
        a player (open seats get theirs on join).  Tokens are shown only here.

        A seat is a person (``name``), a bot (``bot``), a registered user invited
        to it (``invited``) or open (none of them).  While a seat is open or
        invited the table waits for players and nothing is dealt: set-up happens
        when the last seat is taken (:mod:`events.seating`)."""
        game = registry.get(game_name)
        ids = seat_ids(len(seats))
        infos = tuple(SeatInfo(seat, s.get("name"), s.get("bot"), s.get("invited"))
                      for seat, s in zip(ids, seats, strict=True))
        # Decided now even if dealt later: bad options are refused at once.
        events = creation_events(game, options, ids, seed or new_seed(),
                                 bots={i.seat: i.bot for i in infos if i.bot})
        game_id = game_id or uuid.uuid4().hex[:12]
        tokens = {info.seat: secrets.token_urlsafe(24) for info in infos if info.filled}
        waiting = not all(info.filled for info in infos)
        created = time.time()
        meta = {
            "game": game.name,
            "created": repr(created),
            "seats": json.dumps([i.to_json() for i in infos]),
            "options": json.dumps(game.validate_options(dict(options), len(ids))),
            "table": json.dumps(dict(table or {})),
        }
        if waiting:
            meta.update(waiting="1", status=json.dumps(WAITING_STATUS), pending=json.dumps({"seed": seed}))
        players = [i.name for i in infos if i.name] + [i.invited for i in infos if i.invited and not i.name]
        if not self.store.create_meta(game_id, meta, {s: hash_token(t) for s, t in tokens.items()},
                                      players, created):
            raise IllegalMove("platform.game_exists", f"a game with id {game_id!r} exists")
        if not waiting:
            self.deal(game_id, events)
        return self.record(game_id), tokens

    def deal(self, game_id: str, events: Sequence[Event]) -> bool:
        """Append the creation events (once: the command id ``create`` makes a
        second dealer a no-op).  True if this call dealt."""
        game = self.game_of(game_id)
        envelopes = platform.to_envelopes(Projection.empty(game), events, SYSTEM, "create")
        projection = fold(game, envelopes)
        try:
            result = self.store.append(game_id, 0, "create", envelopes, status_summary(projection))
        except Conflict:
            return False
        self.store.set_meta(game_id, waiting="0")
        if result.duplicate:
            return False
        self._remember(game_id, projection)
        self._appended(game_id, projection)
        return True

    # ---------------------------------------------------------------- records
    def record(self, game_id: str) -> GameRecord:
        meta = self.store.meta(game_id)
        if "game" not in meta or "seats" not in meta:
            raise UnknownGame(game_id)
        table = json.loads(meta.get("table", "{}"))
        return GameRecord(
            id=game_id,
            game=meta["game"],
            created=float(meta.get("created", 0)),
            seats=tuple(SeatInfo(**s) for s in json.loads(meta["seats"])),
            options=json.loads(meta.get("options", "{}")),
            status=json.loads(meta.get("status", "{}")),
            takeover_after=table.get("takeover_after"),
            hints=bool(table.get("hints", False)),
            deadline_s=table.get("deadline_s"),
            waiting=meta.get("waiting") == "1" and int(meta.get("seq", 0)) == 0,
            table=table,
        )

    def authenticate(self, game_id: str, token: str | None) -> str | None:
        """The seat a token belongs to, or None (compared in constant time)."""
        if not token:
            return None
        digest = hash_token(token)
        for seat, stored in self.store.token_hashes(game_id).items():
            if hmac.compare_digest(stored, digest):
                return seat
        return None

    def join(self, game_id: str, name: str, seat: str | None = None) -> tuple[str, str]:
        """Take an open seat (or the one ``name`` is invited to); see :mod:`events.seating`."""
        from events import seating

        return seating.join(self, game_id, name, seat)

    def rotate_token(self, game_id: str, seat: str) -> str:
        """Give ``seat`` a new token; the old one stops working at once."""
        token = secrets.token_urlsafe(24)
        self.store.set_token(game_id, seat, hash_token(token))
        return token

    def list(self, player: str | None = None, limit: int = 100) -> list[GameRecord]:
        records = []
        for game_id in self.store.game_ids(player, limit):
            try:
                records.append(self.record(game_id))
            except UnknownGame:
                continue
        return records

    # ------------------------------------------------------------ projections
    def game_of(self, game_id: str) -> Game:
        return registry.get(self.record(game_id).game)

    def projection(self, game_id: str, upto: int | None = None) -> Projection:
        """The projection after ``upto`` (the latest without it)."""
        if upto is None:
            with self._lock:
                cached = self._cache.get(game_id)
            if cached is not None:
                tail = self.store.read(game_id, after=cached.seq)
                projection = self._fold(game_id, cached, tail)
                if tail:
                    self._remember(game_id, projection)
                return projection
        game = self.game_of(game_id)
        projection = self._build(game_id, game, upto)
        if upto is None:
            self._remember(game_id, projection)
        return projection

    def _build(self, game_id: str, game: Game, upto: int | None) -> Projection:
        start = Projection.empty(game)
        snap = self.store.load_snapshot(game_id, upto if upto is not None else 1 << 62)
        if snap is not None and snapshots.usable(snap[1], game):
            start = snapshots.load(game, snap[1])
        return self._fold(game_id, start, self.store.read(game_id, after=start.seq, upto=upto))

    def _fold(self, game_id: str, start: Projection, envelopes: Sequence[Envelope]) -> Projection:
        return fold(start.game, envelopes, start=start,
                    rebuild=lambda seq: self._build(game_id, start.game, seq))

    def _remember(self, game_id: str, projection: Projection) -> None:
        with self._lock:
            current = self._cache.get(game_id)
            if current is None or current.seq <= projection.seq:
                self._cache[game_id] = projection
            self._cache.move_to_end(game_id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._cache.pop(game_id, None)

    # ---------------------------------------------------------------- execute
    def execute(self, game_id: str, command: Command, expected_seq: int, command_id: str,
                followups: bool = True) -> ExecuteResult:
        """Decide and append ``command``.  ``followups=False`` appends without
        enqueueing the next work (a bot appending the middle of its turn).

        ``expected_seq`` is the last seq the sender could see: the live one for the
        seat whose turn is open, the last public one for everybody else (who must
        not learn how long another seat's draft is).  A ``command_id`` seen before
        returns the first result, also when the two requests race; reusing one for
        another command is refused."""
        fingerprint = command_fingerprint(command)
        seen = self.store.seen_command(game_id, command_id)
        if seen is not None:
            return self._repeat(game_id, seen, fingerprint)
        p = self.projection(game_id)
        try:
            visible = p.visible_seq(command.seat)
            if expected_seq != visible:
                raise Conflict(visible)
            events = platform.decide(p, command, LazyRandom(p.seed, p.seq))
            if not events:
                raise IllegalMove("platform.no_effect", "the command changes nothing")
            envelopes = platform.to_envelopes(p, events, command.seat, command_id)
            after = self._fold(game_id, p, envelopes)
            result = self.store.append(game_id, p.seq, command_id, envelopes, status_summary(after),
                                       fingerprint=fingerprint)
        except (Conflict, IllegalMove, GameOver) as exc:
            # A request with the same command id may have been appended since we
            # looked: then this is a retry and gets the first result.
            seen = self.store.seen_command(game_id, command_id)
            if seen is not None:
                return self._repeat(game_id, seen, fingerprint)
            if isinstance(exc, GameOver):
                raise IllegalMove("platform.game_over", "the game is over") from exc
            if isinstance(exc, Conflict) and exc.current_seq != p.visible_seq(command.seat):
                raise Conflict(self.projection(game_id).visible_seq(command.seat)) from exc
            raise
        if result.duplicate:
            return self._repeat(game_id, SeenCommand(result.first_seq, result.last_seq, result.fingerprint),
                                fingerprint)
        self._remember(game_id, after)
        self.store.touch(game_id, time.time())
        if followups:
            self._appended(game_id, after)
        return ExecuteResult(result.first_seq, result.last_seq, False, after)

    def _repeat(self, game_id: str, seen: SeenCommand, fingerprint: str) -> ExecuteResult:
        if seen.fingerprint and seen.fingerprint != fingerprint:
            raise IllegalMove("platform.command_id_reused",
                              "this command_id was used for another command; use a new id for a new command")
        return ExecuteResult(seen.first_seq, seen.last_seq, True, self.projection(game_id))

    def notify(self, game_id: str) -> None:
        """Run the follow-up hook for the latest position (after ``followups=False`` appends)."""
        self._appended(game_id, self.projection(game_id))

    def _appended(self, game_id: str, projection: Projection) -> None:
        if self.on_appended is not None:
            self.on_appended(game_id, projection)

    # -------------------------------------------------------------- snapshots
    def snapshot_due(self, game_id: str, p: Projection) -> bool:
        """Whether ``snapshot_every`` events have passed since the last snapshot.
        The last snapshot's seq is remembered per process, so most appends ask
        Redis nothing."""
        if not snapshots.can_snapshot(p) or p.seq - self._last_snapshot.get(game_id, 0) < self.snapshot_every:
            return False
        seqs = self.store.snapshot_seqs(game_id)
        if seqs and p.seq - seqs[-1] < self.snapshot_every:
            self._last_snapshot[game_id] = seqs[-1]
            return False
        self._last_snapshot[game_id] = p.seq  # the snapshot task is about to take it
        return True

    def take_snapshot(self, game_id: str, upto: int | None = None) -> int | None:
        """Snapshot the projection at ``upto`` (default: latest) if it sits on a
        confirmed boundary; returns the seq or None."""
        p = self.projection(game_id, upto)
        if not snapshots.can_snapshot(p):
            return None
        self.store.save_snapshot(game_id, p.seq, snapshots.dump(p))
        return p.seq
