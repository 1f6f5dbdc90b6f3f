"""Users and their seats in Redis.

Keys (under the service's key prefix):

``{prefix}:user:{key}``         hash: ``name`` (as typed), ``password`` (argon2 hash),
                                ``created``, ``lang``
``{prefix}:user:{key}:seats``   hash: game id -> JSON ``{"seat", "token"}``, plus
                                ``"more": {seat: token}`` when the account holds
                                several seats of one game (a hotseat fork)

``key`` is the lower-cased name, so "Ann" and "ann" are one account.  Seat tokens
are stored as issued because the user's page needs them to call the JSON API; they
never leave the server except to their owner's session.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
from dataclasses import dataclass

import redis
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

#: The same shape the API accepts for a seat's player name.
NAME_RE = re.compile(r"^[\w .\-]{1,40}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 256


class AccountError(ValueError):
    """A refused registration or login; ``key`` names the message in the catalogues."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class User:
    name: str
    lang: str | None = None


@dataclass(frozen=True)
class SeatHold:
    """The seat (the first one taken) and token an account holds in a game; ``more``:
    further seats of the same game it holds too (hotseat), as ``(seat, token)``."""

    game_id: str
    seat: str
    token: str
    more: tuple[tuple[str, str], ...] = ()

    def tokens(self) -> dict[str, str]:
        """Every seat held, in the order taken: ``seat -> token``."""
        return {self.seat: self.token, **dict(self.more)}


def _hold(game_id: str, raw: str) -> SeatHold:
    data = json.loads(raw)
    more = tuple((str(k), str(v)) for k, v in (data.get("more") or {}).items())
    return SeatHold(game_id, data["seat"], data["token"], more)


def _text(value: bytes | str | None) -> str | None:
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else value


class UserStore:
    def __init__(self, client: redis.Redis, prefix: str, hasher: PasswordHasher | None = None) -> None:
        self.redis = client
        self.prefix = prefix
        self.hasher = hasher or PasswordHasher()
        # Verifying against this when the user does not exist keeps a login's
        # timing from telling which names are registered.
        self._dummy = self.hasher.hash("not a password of anybody")

    # ------------------------------------------------------------------ keys
    def _key(self, name: str) -> str:
        return f"{self.prefix}:user:{name.strip().lower()}"

    def _seats_key(self, name: str) -> str:
        return self._key(name) + ":seats"

    # ------------------------------------------------------------- accounts
    def register(self, name: str, password: str) -> User:
        name = name.strip()
        if not NAME_RE.fullmatch(name):
            raise AccountError("account.error.name")
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise AccountError("account.error.password_length")
        digest = self.hasher.hash(password)
        key = self._key(name)
        if not self.redis.hsetnx(key, "name", name):
            raise AccountError("account.error.taken")
        self.redis.hset(key, mapping={"password": digest, "created": repr(time.time())})
        return User(name)

    def authenticate(self, name: str, password: str) -> User:
        """The user, or :class:`AccountError` ``account.error.login`` (the same for an
        unknown name and a wrong password)."""
        if not name.strip() or len(password) > MAX_PASSWORD:
            raise AccountError("account.error.login")
        key = self._key(name)
        raw = self.redis.hmget(key, ["name", "password", "lang"])
        stored_name, digest, lang = (_text(v) for v in raw)
        if stored_name is None or digest is None:
            try:
                self.hasher.verify(self._dummy, password)
            except VerificationError:
                pass
            raise AccountError("account.error.login")
        try:
            self.hasher.verify(digest, password)
        except (VerificationError, InvalidHashError):
            raise AccountError("account.error.login") from None
        if self.hasher.check_needs_rehash(digest):
            self.redis.hset(key, "password", self.hasher.hash(password))
        return User(stored_name, lang)

    def get(self, name: str) -> User | None:
        stored_name, lang = (_text(v) for v in self.redis.hmget(self._key(name), ["name", "lang"]))
        return None if stored_name is None else User(stored_name, lang)

    def exists(self, name: str) -> bool:
        return bool(NAME_RE.fullmatch(name.strip())) and bool(self.redis.hexists(self._key(name), "name"))

    def session_generation(self, name: str) -> int:
        """Sessions carry the generation they were started in; bumping it ends
        every session of the user at once ("log out everywhere")."""
        return int(_text(self.redis.hget(self._key(name), "sessions")) or 0)

    def revoke_sessions(self, name: str) -> int:
        self.redis.delete(self._key(name) + ":live")
        return int(self.redis.hincrby(self._key(name), "sessions", 1))

    # A session cookie is signed, not stored: without a record on the server, a
    # copy taken before "log out" would go on working.  Each login gets an id kept
    # here; logging out deletes it, and a cookie whose id is gone is no session.
    def start_session(self, name: str) -> str:
        sid = secrets.token_urlsafe(18)
        self.redis.sadd(self._key(name) + ":live", sid)
        return sid

    def session_alive(self, name: str, sid: str | None) -> bool:
        return bool(sid) and bool(self.redis.sismember(self._key(name) + ":live", sid))

    def end_session(self, name: str, sid: str | None) -> None:
        if sid:
            self.redis.srem(self._key(name) + ":live", sid)

    def set_lang(self, name: str, lang: str) -> None:
        if self.redis.hexists(self._key(name), "name"):
            self.redis.hset(self._key(name), "lang", lang)

    # ----------------------------------------------------------- API tokens
    # A program acting for an account (creating games, joining under its name)
    # shows a personal API token: random, shown once, stored as its SHA-256 digest.
    def create_api_token(self, name: str, label: str) -> tuple[str, str]:
        """A new token for ``name``: ``(token_id, token)``; the token is shown only now."""
        token = "swk_" + secrets.token_urlsafe(32)
        digest = hashlib.sha256(token.encode()).hexdigest()
        token_id = digest[:12]
        record = json.dumps({"label": label[:60], "created": time.time(), "digest": digest})
        pipe = self.redis.pipeline()
        pipe.set(f"{self.prefix}:apitoken:{digest}", self._key(name))
        pipe.hset(self._key(name) + ":apitokens", token_id, record)
        pipe.execute()
        return token_id, token

    def api_tokens(self, name: str) -> list[dict[str, object]]:
        out = []
        for token_id, raw in self.redis.hgetall(self._key(name) + ":apitokens").items():
            data = json.loads(_text(raw) or "{}")
            out.append({"id": _text(token_id), "label": data.get("label", ""), "created": data.get("created", 0)})
        return sorted(out, key=lambda t: float(str(t["created"])))

    def revoke_api_token(self, name: str, token_id: str) -> bool:
        raw = _text(self.redis.hget(self._key(name) + ":apitokens", token_id))
        if raw is None:
            return False
        digest = json.loads(raw)["digest"]
        pipe = self.redis.pipeline()
        pipe.delete(f"{self.prefix}:apitoken:{digest}")
        pipe.hdel(self._key(name) + ":apitokens", token_id)
        pipe.execute()
        return True

    def account_for_api_token(self, token: str) -> User | None:
        """The account a personal API token acts for (None if unknown or revoked)."""
        digest = hashlib.sha256(token.encode()).hexdigest()
        key = _text(self.redis.get(f"{self.prefix}:apitoken:{digest}"))
        if key is None:
            return None
        stored_name, lang = (_text(v) for v in self.redis.hmget(key, ["name", "lang"]))
        return None if stored_name is None else User(stored_name, lang)

    # ---------------------------------------------------------------- seats
    def add_seat(self, name: str, game_id: str, seat: str, token: str) -> None:
        """Hold ``seat`` with ``token`` (a new token for a seat held replaces the old).
        A second seat of the same game is added beside the first (a hotseat fork)."""
        key = self._seats_key(name)
        while True:  # read-modify-write under WATCH: two seats added at once both stay
            with self.redis.pipeline() as pipe:
                try:
                    pipe.watch(key)
                    raw = _text(pipe.hget(key, game_id))
                    tokens = _hold(game_id, raw).tokens() if raw else {}
                    tokens[seat] = token
                    (first, first_token), *rest = tokens.items()
                    record: dict[str, object] = {"seat": first, "token": first_token}
                    if rest:
                        record["more"] = dict(rest)
                    pipe.multi()
                    pipe.hset(key, game_id, json.dumps(record))
                    pipe.execute()
                    return
                except redis.WatchError:
                    continue

    def seat(self, name: str, game_id: str) -> SeatHold | None:
        raw = _text(self.redis.hget(self._seats_key(name), game_id))
        return None if raw is None else _hold(game_id, raw)

    def seats(self, name: str) -> list[SeatHold]:
        return [_hold(_text(game_id) or "", _text(raw) or "{}")
                for game_id, raw in self.redis.hgetall(self._seats_key(name)).items()]
