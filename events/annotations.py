"""Annotations: comments attached to a position (a confirmed seq) of a game.

Like the chat they are not moves: kept beside the log under the game's hash tag
(``game:{<id>}:notes``, a hash of note id -> JSON), never in it, so they change
no state and no seq.  Each note names its ``owner`` (``user:<name>`` for a
logged-in person, ``seat:<seat>`` for a seat token without an account): only
the owner edits or deletes it.  Plain text only, like the chat: the page puts it
in with ``textContent``; control characters other than line breaks are refused.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from dataclasses import asdict, dataclass, replace
from typing import Any

import redis

from events.chat import shows_something
from games.contract import IllegalMove

MAX_LENGTH = 2000
#: Notes kept per game at most (a new one beyond is refused).
MAX_PER_GAME = 1000
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


class NotYours(Exception):
    """Editing or deleting another's note (HTTP 403)."""


class NoSuchNote(LookupError):
    """HTTP 404."""


@dataclass(frozen=True)
class Note:
    id: str
    seq: int
    author: str
    owner: str
    text: str
    ts: int
    edited: int | None = None

    def to_json(self, owner: str | None = None) -> dict[str, Any]:
        data = asdict(self)
        data.pop("owner")
        data["mine"] = owner is not None and owner == self.owner
        return data


def clean(text: object) -> str:
    if not isinstance(text, str):
        raise IllegalMove("note.text", "a note is text")
    text = text.replace("\r\n", "\n").strip()
    if not text or not shows_something(text):
        raise IllegalMove("note.empty", "the note is empty")
    if len(text) > MAX_LENGTH:
        raise IllegalMove("note.too_long", f"a note has at most {MAX_LENGTH} characters")
    if _CONTROL.search(text):
        raise IllegalMove("note.control", "the note contains control characters")
    return text


class Annotations:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.redis = client
        self.prefix = prefix

    def key(self, game_id: str) -> str:
        return f"{self.prefix}:game:{{{game_id}}}:notes"

    def add(self, game_id: str, seq: int, author: str, owner: str, text: object) -> Note:
        body = clean(text)
        if self.redis.hlen(self.key(game_id)) >= MAX_PER_GAME:
            raise IllegalMove("note.full", f"a game keeps at most {MAX_PER_GAME} notes")
        note = Note(secrets.token_hex(6), seq, author, owner, body, int(time.time() * 1000))
        self.redis.hset(self.key(game_id), note.id, json.dumps(asdict(note)))
        return note

    def get(self, game_id: str, note_id: str) -> Note:
        raw = self.redis.hget(self.key(game_id), note_id)
        if not raw:
            raise NoSuchNote(note_id)
        return Note(**json.loads(raw))

    def edit(self, game_id: str, note_id: str, owner: str, text: object) -> Note:
        note = self.get(game_id, note_id)
        if note.owner != owner:
            raise NotYours(note_id)
        note = replace(note, text=clean(text), edited=int(time.time() * 1000))
        self.redis.hset(self.key(game_id), note.id, json.dumps(asdict(note)))
        return note

    def delete(self, game_id: str, note_id: str, owner: str) -> None:
        note = self.get(game_id, note_id)
        if note.owner != owner:
            raise NotYours(note_id)
        self.redis.hdel(self.key(game_id), note_id)

    def notes(self, game_id: str, upto_seq: int | None = None, at_seq: int | None = None) -> list[Note]:
        found = [Note(**json.loads(raw)) for raw in self.redis.hvals(self.key(game_id))]
        found = [n for n in found if (upto_seq is None or n.seq <= upto_seq) and (at_seq is None or n.seq == at_seq)]
        return sorted(found, key=lambda n: (n.seq, n.ts, n.id))
