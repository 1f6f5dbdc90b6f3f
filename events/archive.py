"""The archive of finished games: one row per game, indexes to find it again.

Written once when a game ends (:func:`record_finished`, from the follow-ups of
the append that finished it; idempotent, so a retry or :func:`backfill` writes
the same row).  The lobby only knows running tables; reviewers need the
finished ones by game, player, player count, date, options and result.

Redis Cluster: these indexes are global (across games), so they cannot live in a
game's hash tag.  They all share their own hash tag ``{archive}`` instead: every
read and write below touches keys of that one slot only, so no command needs
keys of two slots (a game's own keys are never touched together with them).

Keys (under the service prefix):

``{archive}:rows``             hash: game id -> JSON row
``{archive}:all``              zset: game id by end time
``{archive}:game:<name>``      zset: games of one game type
``{archive}:player:<lower>``   zset: games a (lower-cased) player name sat in
``{archive}:count:<n>``        zset: games with n seats
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import redis

from events.projection import SEAT_HANDED_TO_BOT, Projection
from events.repository import GameRecord, GameRepository, UnknownGame

#: Rows read from Redis per round trip while filtering.
BATCH = 200
#: Rows scanned at most for one page (filters Redis cannot apply are done here).
SCAN_LIMIT = 20_000
MAX_PAGE = 100


@dataclass(frozen=True)
class Query:
    """A search of the archive; every field optional (all finished games)."""

    game: str | None = None
    player: str | None = None
    players: int | None = None
    #: Seconds since the epoch, inclusive bounds on the end time.
    since: float | None = None
    until: float | None = None
    #: Options that must match exactly (``{"rounds": 2}``).
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Only games this player won (first place, ties included).
    winner: str | None = None
    offset: int = 0
    limit: int = 20


@dataclass(frozen=True)
class Page:
    rows: list[dict[str, Any]]
    offset: int
    limit: int
    more: bool


class Archive:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.redis = client
        self.base = f"{prefix}:{{archive}}"

    # ------------------------------------------------------------------ keys
    @property
    def rows_key(self) -> str:
        return f"{self.base}:rows"

    def index_key(self, kind: str = "all", value: str | int = "") -> str:
        return f"{self.base}:all" if kind == "all" else f"{self.base}:{kind}:{value}"

    # ----------------------------------------------------------------- write
    def add(self, row: Mapping[str, Any]) -> None:
        """Store ``row`` and index it (same slot: one pipeline, no cross-slot command)."""
        game_id, ended = row["id"], float(row["ended"])
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(self.rows_key, game_id, json.dumps(row, separators=(",", ":")))
        pipe.zadd(self.index_key(), {game_id: ended})
        pipe.zadd(self.index_key("game", row["game"]), {game_id: ended})
        pipe.zadd(self.index_key("count", len(row["seats"])), {game_id: ended})
        for name in {p.lower() for p in row["players"]}:
            pipe.zadd(self.index_key("player", name), {game_id: ended})
        pipe.execute()

    def row(self, game_id: str) -> dict[str, Any] | None:
        raw = self.redis.hget(self.rows_key, game_id)
        return json.loads(raw) if raw else None

    def has(self, game_id: str) -> bool:
        return bool(self.redis.hexists(self.rows_key, game_id))

    # ---------------------------------------------------------------- search
    def search(self, query: Query) -> Page:
        """Newest first.  The most selective index Redis has (player or winner,
        game, player count) is read by end-time range; the other criteria filter
        its rows."""
        limit = max(1, min(query.limit, MAX_PAGE))
        if query.player:
            key = self.index_key("player", query.player.lower())
        elif query.winner and not query.winner.startswith("bot:"):
            key = self.index_key("player", query.winner.lower())  # a winner sat at the table
        elif query.game:
            key = self.index_key("game", query.game)
        elif query.players:
            key = self.index_key("count", query.players)
        else:
            key = self.index_key()
        high = "+inf" if query.until is None else repr(float(query.until))
        low = "-inf" if query.since is None else repr(float(query.since))
        wanted = query.offset + limit + 1
        found: list[dict[str, Any]] = []
        start = 0
        while len(found) < wanted and start < SCAN_LIMIT:
            ids = self.redis.zrevrangebyscore(key, high, low, start=start, num=BATCH)
            if not ids:
                break
            start += len(ids)
            raws = self.redis.hmget(self.rows_key, ids)
            found += [row for row in (json.loads(r) for r in raws if r) if matches(row, query)]
        rows = found[query.offset:query.offset + limit]
        return Page(rows, query.offset, limit, more=len(found) > query.offset + limit)

    def player_rows(self, name: str, limit: int = 5000) -> list[dict[str, Any]]:
        ids = self.redis.zrevrange(self.index_key("player", name.lower()), 0, limit - 1)
        if not ids:
            return []
        return [json.loads(r) for r in self.redis.hmget(self.rows_key, ids) if r]


def matches(row: Mapping[str, Any], query: Query) -> bool:
    if query.game and row["game"] != query.game:
        return False
    if query.players and len(row["seats"]) != query.players:
        return False
    if query.player and query.player.lower() not in {p.lower() for p in row["players"]}:
        return False
    options = row.get("options", {})
    if any(options.get(k) != v for k, v in query.options.items()):
        return False
    if query.winner and query.winner.lower() not in {w.lower() for w in row["winners"]}:
        return False
    return True


def seat_label(seat: Mapping[str, Any]) -> str:
    return seat.get("name") or (f"bot:{seat['bot']}" if seat.get("bot") else seat["seat"])


def make_row(record: GameRecord, p: Projection, ended: float, handed: frozenset[str] = frozenset()
             ) -> dict[str, Any]:
    """What the archive keeps of a finished game: who sat where, the result, the
    table's options; no state, no log (the replay folds those).  ``handed``: seats
    a bot played for a while (the game then counts as one with bots)."""
    status = p.status()
    places = status.final_places()
    seats = []
    for info in record.seats:
        bot = p.bots.get(info.seat) or info.bot
        seats.append({"seat": info.seat, "name": info.name, "bot": bot, "place": places.get(info.seat),
                      "score": status.scores.get(info.seat)})
    winners = [seat_label(s) for s in seats if s["place"] == 1]
    return {
        "id": record.id, "game": record.game, "options": dict(record.options), "created": record.created,
        "ended": ended, "seats": seats, "players": [s["name"] for s in seats if s["name"] and not s["bot"]],
        "winners": winners, "ranking": list(status.ranking), "seq": p.seq,
        "fork_of": record.table.get("fork_of"), "bots": any(s["bot"] for s in seats) or bool(handed),
        "handed_to_bot": sorted(handed),
    }


def record_finished(repo: GameRepository, game_id: str, p: Projection | None = None,
                    ended: float | None = None) -> dict[str, Any] | None:
    """Archive ``game_id`` if it is over (else None).  Writing twice writes the same row."""
    archive = Archive(repo.store.redis, repo.store.keys.prefix)
    existing = archive.row(game_id)
    if existing is not None:
        return existing
    p = p or repo.projection(game_id)
    if not p.status().over:
        return None
    ended = ended if ended is not None else (p.last_ts / 1000 if p.last_ts else time.time())
    handed = frozenset(e.payload.get("seat", e.actor) for e in repo.store.read(game_id, upto=p.seq)
                       if e.type == SEAT_HANDED_TO_BOT)
    row = make_row(repo.record(game_id), p, ended, handed)
    archive.add(row)
    return row


def backfill(repo: GameRepository, game_ids: Iterable[str] | None = None) -> int:
    """Archive the finished games the lobby knows (games that ended before the
    archive existed).  Returns how many rows were written."""
    ids = game_ids if game_ids is not None else [i for i, _ in repo.store.lobby_activity()]
    written = 0
    archive = Archive(repo.store.redis, repo.store.keys.prefix)
    for game_id in ids:
        if archive.has(game_id):
            continue
        try:
            if record_finished(repo, game_id) is not None:
                written += 1
        except UnknownGame:
            continue
    return written


def win_rates(rows: Sequence[Mapping[str, Any]], name: str) -> dict[str, dict[str, Any]]:
    """Per game: games played, won (first place, ties included) and the rate."""
    out: dict[str, dict[str, Any]] = {}
    lower = name.lower()
    for row in rows:
        seat = next((s for s in row["seats"] if (s.get("name") or "").lower() == lower and not s.get("bot")),
                    None)
        if seat is None:
            continue
        entry = out.setdefault(row["game"], {"played": 0, "won": 0})
        entry["played"] += 1
        entry["won"] += 1 if seat.get("place") == 1 else 0
    for entry in out.values():
        entry["rate"] = round(entry["won"] / entry["played"], 3) if entry["played"] else 0.0
    return out
