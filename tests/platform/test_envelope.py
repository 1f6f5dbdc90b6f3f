"""Envelope serialisation and the upcasting of older schema versions."""

from __future__ import annotations

import json

import pytest
from marshmallow import ValidationError

from events import envelope
from events.envelope import SCHEMA_VERSION, Envelope


def test_round_trip():
    env = Envelope(seq=3, type="Added", actor="p1", payload={"n": 2}, turn=2, ts=5, command_id="x", barrier=True)
    assert envelope.loads(envelope.dumps(env)) == env


def test_version_1_is_upcast():
    old = {"seq": 1, "type": "GameCreated", "seat": "system", "payload": {}, "turn": 1, "ts": 0,
           "command_id": "create", "schema": 1}
    env = envelope.loads(json.dumps(old))
    assert env.actor == "system" and env.schema == SCHEMA_VERSION and env.barrier is False


def test_unknown_future_version_is_refused():
    data = {"seq": 1, "type": "X", "actor": "p1", "payload": {}, "turn": 1, "ts": 0, "command_id": "", "schema": 99}
    with pytest.raises(ValidationError):
        envelope.loads(json.dumps(data))


def test_missing_field_is_refused():
    with pytest.raises(ValidationError):
        envelope.loads(json.dumps({"seq": 1, "schema": 2}))


def test_fast_writer_matches_the_schema():
    env = Envelope(seq=9, type="Added", actor="p2", payload={"n": 1, "_secret": {"p2": {"card": 3}}}, turn=4, ts=77,
                   command_id="p2:x", barrier=True)
    assert envelope.to_json_dict(env) == envelope.ENVELOPE_SCHEMA.dump(env)
    assert json.loads(envelope.dumps(env)) == envelope.ENVELOPE_SCHEMA.dump(env)


def test_any_barrier_finds_a_barrier_anywhere_among_the_envelopes():
    def env(seq: int, barrier: bool) -> Envelope:
        return Envelope(seq=seq, type="Added", actor="p1", payload={}, turn=1, ts=0, command_id="x", barrier=barrier)

    assert not envelope.any_barrier([])
    assert not envelope.any_barrier([env(1, False), env(2, False)])
    assert envelope.any_barrier([env(1, False), env(2, True)])
    assert envelope.any_barrier(iter([env(1, True)]))
