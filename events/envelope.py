"""The event envelope: what one entry of a game's stream holds.

Serialised as one JSON document per stream entry (field ``e``) through a
marshmallow schema.  ``schema`` is the envelope's version: an older version is
upcast on read (:data:`UPCASTERS`), so a game started years ago still replays.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load, pre_load, validate

from games.contract import Event

#: The version written today.
SCHEMA_VERSION = 2


_set_fields = object.__setattr__


@dataclass(frozen=True, init=False)
class Envelope:
    """One event as the stream holds it: numbered, stamped, attributed.

    Its ``__init__`` is written out, as :class:`games.contract.Event`'s is: the frozen
    dataclass's generated one sets each of the nine fields through ``object.__setattr__``,
    and every event a table appends (the bots' searches append thousands a second) is
    wrapped in one."""

    seq: int
    type: str
    actor: str
    payload: Mapping[str, Any]
    turn: int
    ts: int
    command_id: str
    schema: int = SCHEMA_VERSION
    barrier: bool = False

    def __init__(self, seq: int, type: str, actor: str, payload: Mapping[str, Any], turn: int, ts: int,
                 command_id: str, schema: int = SCHEMA_VERSION, barrier: bool = False) -> None:
        # its fields' dict at once (a frozen dataclass refuses attribute assignment): filling
        # ``self.__dict__`` left a split dict, whose every attribute read Python 3.11 deoptimises
        _set_fields(self, "__dict__", {"seq": seq, "type": type, "actor": actor, "payload": payload, "turn": turn,
                                       "ts": ts, "command_id": command_id, "schema": schema, "barrier": barrier})

    @property
    def event(self) -> Event:
        return Event(self.type, self.payload, self.barrier)

    def to_dict(self) -> dict[str, Any]:
        return ENVELOPE_SCHEMA.dump(self)

    def with_payload(self, payload: Mapping[str, Any]) -> Envelope:
        return Envelope(self.seq, self.type, self.actor, payload, self.turn, self.ts,
                        self.command_id, self.schema, self.barrier)


def any_barrier(envelopes: Iterable[Envelope]) -> bool:
    """Whether one of ``envelopes`` is a barrier (it revealed something: a roll, a card drawn),
    after which a bot's simulation and the real table may differ.  A loop, not ``any()`` over
    a generator: asked per command by self-play, the bots' turns and the search."""
    for envelope in envelopes:
        if envelope.barrier:
            return True
    return False


def _upcast_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 named the actor ``seat`` and had no barrier flag."""
    data = dict(data)
    data["actor"] = data.pop("seat", data.get("actor", "system"))
    data.setdefault("barrier", False)
    data["schema"] = 2
    return data


#: ``version -> function`` lifting a raw envelope dict one version up.
UPCASTERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upcast_v1}


def upcast(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("schema", 1)
    if not isinstance(version, int) or version > SCHEMA_VERSION or version < 1:
        raise ValidationError({"schema": [f"unknown envelope schema {version!r}"]})
    while version < SCHEMA_VERSION:
        data = UPCASTERS[version](data)
        version = data["schema"]
    return data


class EnvelopeSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    seq = fields.Integer(required=True, validate=validate.Range(min=1))
    type = fields.String(required=True, validate=validate.Length(min=1, max=80))
    actor = fields.String(required=True)
    payload = fields.Dict(required=True)
    turn = fields.Integer(required=True)
    ts = fields.Integer(required=True)
    command_id = fields.String(required=True)
    schema = fields.Integer(required=True)
    barrier = fields.Boolean(load_default=False)

    @pre_load
    def _upcast(self, data: Any, **_: Any) -> Any:
        return upcast(data) if isinstance(data, dict) else data

    @post_load
    def _make(self, data: dict[str, Any], **_: Any) -> Envelope:
        return Envelope(**data)


ENVELOPE_SCHEMA = EnvelopeSchema()


def to_json_dict(envelope: Envelope) -> dict[str, Any]:
    """The schema's dump, written out: every field is plain JSON, so the write path
    (every append) skips marshmallow; a test keeps the two identical."""
    return {"barrier": envelope.barrier, "command_id": envelope.command_id, "payload": envelope.payload,
            "schema": envelope.schema, "seq": envelope.seq, "ts": envelope.ts, "turn": envelope.turn,
            "type": envelope.type, "actor": envelope.actor}


#: One encoder for every envelope: ``json.dumps`` with options builds a new encoder per
#: call, a third of the cost of encoding a small envelope on the append path.
_ENCODE = json.JSONEncoder(separators=(",", ":"), sort_keys=True).encode


def dumps(envelope: Envelope) -> str:
    return _ENCODE(to_json_dict(envelope))


def loads(text: str | bytes) -> Envelope:
    data = json.loads(text)
    if isinstance(data, dict) and data.get("schema") == SCHEMA_VERSION and len(data) == 9:
        # Fast path for today's version: the stream was written by ``dumps`` and
        # holds exactly the schema's fields, so validation would only cost time
        # on long replays.  Anything else goes through the schema (and upcasters).
        return Envelope(**data)
    return ENVELOPE_SCHEMA.load(data)
