"""A table's chat: messages per game, kept beside the log, never in it.

Chat is not a move: it changes no state, is not undone by a revert and must not
move the game's seq (others would learn nothing from it, but the turn model's
optimistic concurrency would break).  So it lives in its own Redis stream under
the game's hash tag (one shard with the game), each message stamped with the
public seq it was written at, so the replay shows it at that position.

Messages are plain text: no markup is interpreted anywhere (the page puts them in
with ``textContent``); control characters other than line breaks are refused.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import redis

from games.contract import IllegalMove

MAX_LENGTH = 500
#: Messages kept per game (older ones are trimmed).
KEEP = 5000
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class Message:
    id: str
    seq: int
    author: str
    seat: str | None
    text: str
    ts: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


#: Unicode categories that show nothing on their own: separators, controls, format
#: characters (zero-width space, joiners, direction marks), marks without a base,
#: surrogates, private use and unassigned code points.
_INVISIBLE_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me"})
#: Letters and symbols that are drawn blank (Hangul fillers, the braille blank).
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def shows_something(text: str) -> bool:
    """Whether ``text`` has a character a reader can see (issue 28: a message of
    zero-width spaces only was accepted)."""
    return any(ch not in _BLANK and unicodedata.category(ch) not in _INVISIBLE_CATEGORIES for ch in text)


def clean(text: object) -> str:
    """The message as it will be stored, or ``IllegalMove`` saying why not."""
    if not isinstance(text, str):
        raise IllegalMove("chat.text", "a message is text")
    text = text.replace("\r\n", "\n").strip()
    if not text or not shows_something(text):
        raise IllegalMove("chat.empty", "the message is empty")
    if len(text) > MAX_LENGTH:
        raise IllegalMove("chat.too_long", f"a message has at most {MAX_LENGTH} characters")
    if _CONTROL.search(text):
        raise IllegalMove("chat.control", "the message contains control characters")
    return text


class ChatLog:
    def __init__(self, client: redis.Redis, blocking: redis.Redis, prefix: str) -> None:
        self.redis = client
        self.blocking = blocking
        self.prefix = prefix

    def key(self, game_id: str) -> str:
        return f"{self.prefix}:game:{{{game_id}}}:chat"

    def post(self, game_id: str, author: str, seat: str | None, text: object, seq: int) -> Message:
        body = clean(text)
        ts = int(time.time() * 1000)
        fields = {"seq": seq, "author": author, "seat": seat or "", "text": body, "ts": ts}
        message_id = self.redis.xadd(self.key(game_id), fields, maxlen=KEEP, approximate=True)
        return Message(_text(message_id), seq, author, seat, body, ts)

    def messages(self, game_id: str, upto_seq: int | None = None, after: str = "-") -> list[Message]:
        start = "-" if after == "-" else f"({after}"
        entries = self.redis.xrange(self.key(game_id), start, "+")
        found = [_message(i, f) for i, f in entries]
        return [m for m in found if upto_seq is None or m.seq <= upto_seq]

    def wait(self, game_id: str, after: str, block_ms: int) -> list[Message]:
        """Block until messages after ``after`` (a message id, ``$`` for new ones) arrive."""
        reply = self.blocking.xread({self.key(game_id): after}, block=block_ms)
        return [_message(i, f) for _stream, entries in reply or [] for i, f in entries]

    def last_id(self, game_id: str) -> str:
        last = self.redis.xrevrange(self.key(game_id), "+", "-", count=1)
        return _text(last[0][0]) if last else "0-0"


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _message(message_id: bytes | str, fields: dict[Any, Any]) -> Message:
    f = {_text(k): _text(v) for k, v in fields.items()}
    return Message(_text(message_id), int(f["seq"]), f["author"], f["seat"] or None, f["text"], int(f["ts"]))


def as_json(messages: Sequence[Message]) -> list[dict[str, Any]]:
    return [m.to_json() for m in messages]
