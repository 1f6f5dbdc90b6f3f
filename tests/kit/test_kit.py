"""The shared kit (games/kit): each concept's promise, on small examples."""

from __future__ import annotations

import gc
import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.contract import Event, IllegalMove
from games.kit import Args, BadArgument, Decision, Memo, codec, options, seal
from games.kit.memo import hand_on, sealed

SCHEMA = {"type": "object", "additionalProperties": False, "properties": {
    "map": {"enum": ["a", "b"], "default": "a"},
    "rounds": {"type": "integer", "minimum": 1, "maximum": 5, "x-lobby": False},
}}


def test_options_fill_defaults_and_name_the_broken_option():
    assert options.validate(SCHEMA, {}, "g") == {"map": "a"}
    assert options.validate(SCHEMA, {"map": "b", "rounds": 2}, "g") == {"map": "b", "rounds": 2}
    for given, code in (({"map": "c"}, "g.options.map"), ({"rounds": 9}, "g.options.rounds"),
                        ({"rounds": "2"}, "g.options.rounds"), ({"colour": 1}, "g.options.unknown")):
        with pytest.raises(IllegalMove) as err:
            options.validate(SCHEMA, given, "g")
        assert err.value.code == code
    assert set(options.offered(SCHEMA)) == {"map"}  # "x-lobby": false is accepted, not offered
    with pytest.raises(IllegalMove, match="no option"):
        options.validate(options.NO_OPTIONS, {"x": 1}, "g", "Game")


def test_args_name_the_rule_and_the_field():
    args = Args({"n": 3, "t": "x", "flag": 1, "bad": True, "links": ["a", "b"]}, "g.args")
    assert (args.integer("n", 1, 3), args.text("t"), args.flag("flag")) == (3, "x", True)
    assert args.texts("links") == ["a", "b"]
    with pytest.raises(BadArgument) as err:
        args.integer("bad")  # True is no number
    assert (err.value.code, err.value.field) == ("g.args", "bad")
    with pytest.raises(BadArgument) as err:
        Args({"mode": "x"}, "fc.args", per_field=True).text("mode", ("actions", "upgrade"))
    assert (err.value.code, err.value.field) == ("fc.args.mode", "mode")
    assert Args(None, "g.args").integer("n", default=2) == 2


@dataclass(frozen=True)
class Inner:
    cards: tuple[tuple[str, int], ...] = ()
    vp: int = 0


@dataclass(frozen=True)
class Outer:
    seats: tuple[str, ...] = ()
    players: dict[str, Inner] = field(default_factory=dict)
    holder: str | None = None
    extra: dict[str, object] = field(default_factory=dict)
    cache: object = field(default=None, metadata={"cache": True})


def test_the_codec_round_trips_through_json_with_the_rules_types():
    state = Outer(("p1",), {"p1": Inner((("car", 2),), 5)}, None, {"x": [1, {"y": 2}]}, cache="derived")
    data = json.loads(json.dumps(codec.dump(state)))
    assert "cache" not in data
    back = codec.load(Outer, data)
    assert back == Outer(("p1",), {"p1": Inner((("car", 2),), 5)}, None, {"x": [1, {"y": 2}]})
    assert isinstance(back.players["p1"].cards[0], tuple)
    data["extra"]["x"].append(3)
    assert back.extra == {"x": [1, {"y": 2}]}  # the loaded state shares nothing with the data


def test_decision_emits_and_folds():
    def evolve(state: int, event: Event) -> int:
        return state + event.payload["n"]

    d = Decision(0, evolve, random.Random(1))
    d.emit("Added", {"n": 2})
    d.emit("Added", {"n": d.state + 1}, barrier=True)  # decided on the state the first made
    assert d.state == 5 and [e.payload["n"] for e in d.events] == [2, 3] and d.events[1].barrier


class Box:
    def __init__(self, n: int) -> None:
        self.n = n


def test_a_memo_keeps_facts_of_sealed_states_only():
    calls: list[int] = []

    def compute(box: Box) -> int:
        calls.append(box.n)
        return box.n * 2

    memo: Memo[Box, int] = Memo(compute)
    working = Box(1)
    assert memo(working) == memo(working) == 2 and calls == [1, 1]  # a working copy: afresh every time
    final = seal(Box(3))
    assert sealed(final) and memo(final) == memo(final) == 6 and calls == [1, 1, 3]
    del final
    gc.collect()
    assert not memo._values  # the entry died with its state


@dataclass
class Held:
    n: int
    memos: dict[Any, Any] | None = field(default=None, compare=False, metadata={"cache": True})


def test_a_memo_keeps_its_values_on_a_state_that_declares_memos():
    calls: list[int] = []

    def compute(held: Held) -> int:
        calls.append(held.n)
        return held.n * 2

    memo: Memo[Held, int] = Memo(compute)
    kept: Memo[Held, int] = Memo(compute, kept=lambda event: event == "kept")
    working = Held(1)
    assert not sealed(working) and memo(working) == memo(working) == 2 and calls == [1, 1]
    final = seal(Held(3))
    assert sealed(final) and final.memos == {}
    assert memo(final) == memo(final) == 6 and kept(final) == 6 and calls == [1, 1, 3, 3]
    assert final.memos == {memo: 6, kept: 6} and not memo._values  # on the state, not in the memo
    after = seal(Held(3))
    hand_on(final, after, "kept")  # the value an event leaves as it was is handed on
    assert after.memos == {kept: 6}
    hand_on(final, other := seal(Held(3)), "changed")
    assert other.memos == {}
    # ``get`` and ``own`` (for such states, without asking the type) answer as the call does
    assert memo.get(final) == memo.own(final) == 6 and memo.own(other) == 6 and calls == [1, 1, 3, 3, 3]
    assert memo.own(working) == memo.get(working) == 2 and calls == [1, 1, 3, 3, 3, 1, 1]
