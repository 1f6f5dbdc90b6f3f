"""The projection's own ``replace``: the same projection as ``dataclasses.replace``,
with the computed status kept only while the live state is the same."""

from __future__ import annotations

import dataclasses

import pytest

from events.local import LocalTable
from events.projection import _replace
from games.russian_railroads import GAME


def position():
    table = LocalTable.create(GAME, {}, 2, seed="replace")
    while table.run_system():
        pass
    return table.projection


def test_same_fields_as_dataclasses_replace():
    p = position()
    ours, theirs = _replace(p, seq=p.seq + 1, turn_seat="p2"), dataclasses.replace(p, seq=p.seq + 1, turn_seat="p2")
    for f in dataclasses.fields(p):
        assert getattr(ours, f.name) == getattr(theirs, f.name), f.name
    assert p.seq != ours.seq and p.turn_seat != "p2"  # the original is untouched


def test_the_status_goes_with_the_copy_only_while_the_live_state_is_the_same():
    p = position()
    status = p.status()
    assert _replace(p, seq=p.seq + 1).__dict__.get("_status") is status
    other = GAME.initial_state()
    changed = _replace(p, live=other)
    assert "_status" not in changed.__dict__
    assert changed.status() == GAME.status(other)


def test_unknown_fields_are_refused():
    with pytest.raises(TypeError):
        _replace(position(), sequence=3)
