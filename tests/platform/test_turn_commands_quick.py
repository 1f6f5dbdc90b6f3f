"""The turn commands ask a game's own ``has_mandatory`` (when it has one) instead of
building every open action: it must answer exactly what the open actions say, or
``ConfirmTurn`` would be offered with a mandatory action open (or withheld without).

Checked on random Russian Railroads games with every module, at every decision of
every seat, plus the platform's fallback for a game without the hook."""

from __future__ import annotations

import random

import pytest

from events import commands as platform
from events.local import LocalTable
from events.projection import _replace
from games import registry

OPTIONS = [
    {},
    {"tableau": "deutschland", "coal": True},
    {"tableau": "usa"},
    {"dsp": True},
    {"new_engineers": True, "new_q": True},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "+".join(o) or "base")
def test_has_mandatory_agrees_with_open_actions(options: dict) -> None:
    game = registry.get("russian_railroads")
    table = LocalTable.create(game, options, seats=3, seed=f"quick-{sorted(options)}")
    rng = random.Random(7)
    checked = 0
    for _ in range(1500):
        while table.run_system():
            pass
        status = table.status()
        if status.over:
            break
        p = table.projection
        for seat in p.seats:
            assert game.has_mandatory(p.live, seat) == bool(platform.mandatory_open(p, seat))
            checked += 1
        seat = p.turn_seat or status.to_move[0]
        legal = [c for c in table.legal(seat) if c.type != "Undo"]
        table.submit(seat, rng.choice(legal))
    assert checked > 500


def test_fallback_without_the_hook_uses_the_open_actions() -> None:
    game = registry.get("russian_railroads")
    table = LocalTable.create(game, {}, seats=2, seed="quick-fallback")
    while table.run_system():
        pass
    seat = table.status().to_move[0]
    asked: list[str] = []

    class NoHook:
        """The game without ``has_mandatory``, counting the open-action listings."""

        def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
            if name == "has_mandatory":
                raise AttributeError(name)
            return getattr(game, name)

        def open_actions(self, state, seat):  # type: ignore[no-untyped-def]
            asked.append(seat)
            return game.open_actions(state, seat)

    p = _replace(table.projection, game=NoHook())
    expected = bool(platform.mandatory_open(table.projection, seat))
    assert expected  # the start of a turn: placing a worker (or passing) is mandatory
    assert platform.has_mandatory_open(p, seat) is expected
    assert asked == [seat]
