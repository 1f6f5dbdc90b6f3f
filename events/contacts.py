"""How to reach a player: e-mail address and webhook per user account.

Kept beside the accounts in Redis (``{prefix}:user:{key}:notify``) so that the
worker, which sends the notices, needs neither Flask nor the web app.  A notice
for a seat goes only to the account that holds the seat (``…:seats``), never to
whoever happens to share the seat's display name.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

import redis


@dataclass(frozen=True)
class Contact:
    name: str
    email: str | None
    webhook: str | None
    webhook_secret: str | None
    lang: str = "en"


def _text(value: bytes | str | None) -> str | None:
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else value


class ContactBook:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.redis = client
        self.prefix = prefix

    def _user(self, name: str) -> str:
        return f"{self.prefix}:user:{name.strip().lower()}"

    def set(self, name: str, email: str | None = None, webhook: str | None = None) -> Contact:
        """Store a user's addresses; a new webhook gets a new signing secret."""
        key = self._user(name) + ":notify"
        current = self.get(name)
        secret = current.webhook_secret if current and current.webhook == webhook and current.webhook_secret \
            else (secrets.token_hex(16) if webhook else "")
        self.redis.hset(key, mapping={"email": email or "", "webhook": webhook or "", "webhook_secret": secret})
        return self.get(name)  # type: ignore[return-value]

    def get(self, name: str) -> Contact | None:
        raw = {(_text(k) or ""): _text(v) for k, v in self.redis.hgetall(self._user(name) + ":notify").items()}
        if not raw:
            return None
        lang = _text(self.redis.hget(self._user(name), "lang")) or "en"
        return Contact(name, raw.get("email") or None, raw.get("webhook") or None, raw.get("webhook_secret") or None,
                       lang if lang in ("de", "en") else "en")

    def holder(self, game_id: str, seat: str, seat_name: str | None) -> Contact | None:
        """The contact of the account holding ``seat`` of ``game_id``, if any."""
        if not seat_name:
            return None
        held = _text(self.redis.hget(self._user(seat_name) + ":seats", game_id))
        if not held or json.loads(held).get("seat") != seat:
            return None
        return self.get(seat_name)
