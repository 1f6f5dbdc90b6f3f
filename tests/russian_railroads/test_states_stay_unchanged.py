"""States share lists between copies (the engine's copy-on-write, issue 17): a copy
shares the table's lists and the players' locos, engineers, tokens and cards, and
every event handler replaces such a list instead of changing it.  One handler that
changes a shared list in place would change every earlier position too (a bot's
search tree, the projection's confirmed state, an undo target) without failing a
rules test.  So: random games with every module, and at every decision neither
``decide`` nor ``evolve`` may leave a trace on the state they were given."""

from __future__ import annotations

import copy
import random

import pytest

from events.local import LocalTable
from games import registry

OPTIONS = [
    ({}, 4),
    ({"solo": True}, 1),
    ({"tableau": "deutschland", "coal": True}, 3),
    ({"tableau": "usa"}, 2),
    ({"dsp": True, "new_engineers": True, "new_q": True}, 3),
]


@pytest.mark.parametrize(("options", "players"), OPTIONS, ids=lambda o: "+".join(o) if isinstance(o, dict) else str(o))
def test_decide_and_evolve_leave_their_input_unchanged(options: dict, players: int) -> None:
    game = registry.get("russian_railroads")
    table = LocalTable.create(game, options, seats=players, seed=f"unchanged-{sorted(options)}")
    rng = random.Random(11)
    history: list[tuple[object, object]] = []  # (state, its dump when it was current)
    for _ in range(4000):
        before = table.state
        dump = copy.deepcopy(game.dump_state(before))  # a dump shares the state's lists
        if not table.run_system():
            status = table.status()
            if status.over:
                break
            seat = table.projection.turn_seat or status.to_move[0]
            legal = [c for c in table.legal(seat) if c.type != "Undo"]
            table.submit(seat, rng.choice(legal))
        assert game.dump_state(before) == dump, "a decision changed the state it was decided on"
        history.append((before, dump))
    assert table.status().over
    # ... nor any later one an earlier position (a list shared several copies back).
    for state, dump in history[:: max(1, len(history) // 200)]:
        assert game.dump_state(state) == dump
