"""The move window's guidance for Steam: in every phase a seat acts in, the open action
names the commands that carry it out, and at least one of them is legal, so the page can
say where to click next (not only what is open)."""

from __future__ import annotations

import random

from games.steam import GAME
from tests.steam.helpers import step, table


def test_every_open_action_of_a_round_names_a_legal_command():
    t = table(3, seed="steam-ui-0", mode="expert")
    rng = random.Random(3)
    seen = set()
    while t.state.round == 1:
        s = t.state
        if s.current and not t.projection.tail:     # the start of a turn: something must be done
            legal = {c.type for c in t.legal(s.current)}
            actions = GAME.open_actions(s, s.current)
            assert actions, (s.phase, s.current)
            assert any(set(a.commands) & legal for a in actions), (s.phase, [a.key for a in actions], legal)
            seen.add(s.phase)
        if step(t, rng) is None:
            break
    assert {"capital", "auction", "actions", "build", "move"} <= seen, seen
