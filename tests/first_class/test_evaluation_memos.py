"""The evaluation's memos give the value a fresh computation gives.

``_base_value`` keeps its values by what it reads of the player and the state, a key
written out field by field (issue 26, eighth round).  A field that the value reads but
the key leaves out would hand one player the value of another: this test builds, from
the players of random games, pairs that differ in exactly one field (every field of
``Player``, and every part of the state the value reads) and checks that the second
value, asked right after the first, is the one a fresh computation gives.  It does not
read the key, so a field added to ``Player`` is covered without touching the test.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

from events.local import LocalTable
from games.first_class import GAME, evaluation
from games.first_class.evaluation import scorings_left
from games.first_class.state import Player, State
from tests.tables import turns
from worker.bots.base import play_turn


def _fresh(state: State, player: Player, left: int) -> float:
    evaluation._BASE.clear()
    evaluation._BASE_CONTENT.clear()
    return evaluation._base_value(state, player, left)


def _after(state: State, first: Player, second: Player, left: int) -> float:
    """The value of ``second`` asked right after the value of ``first`` (memos warm)."""
    evaluation._BASE.clear()
    evaluation._BASE_CONTENT.clear()
    evaluation._base_value(state, first, left)
    return evaluation._base_value(state, second, left)


def _positions(games: int = 3) -> list[State]:
    rng = random.Random(11)
    states = []
    for g in range(games):
        table = LocalTable.create(GAME, {}, 2 + g % 3, seed=f"fc-memo-{g}")
        for _, seat in turns(table, 100_000):
            play_turn(table, seat, rng.choice)
            states.append(table.state)
    return states[::7]


def test_a_player_differing_in_any_one_field_is_not_given_anothers_value():
    states = _positions()
    checked: dict[str, int] = {f.name: 0 for f in fields(Player)}
    differed: dict[str, int] = {f.name: 0 for f in fields(Player)}
    for state in states:
        seats = list(state.players)
        for seat in seats:
            first = state.players[seat]
            left = scorings_left(state, seat)
            for other_seat in seats:
                other = state.players[other_seat]
                for f in fields(Player):
                    value = getattr(other, f.name)
                    if value == getattr(first, f.name):
                        continue
                    second = replace(first, **{f.name: value})
                    fresh = _fresh(state, second, left)
                    assert _after(state, first, second, left) == fresh, (f.name, state.round)
                    checked[f.name] += 1
                    differed[f.name] += fresh != _fresh(state, first, left)
    # every field was varied somewhere, and the value does depend on the fields it reads
    assert all(checked.values()), checked
    assert differed["trains"] and differed["coins"] and differed["vp"], differed


def test_the_same_player_in_a_state_differing_in_what_the_value_reads_is_revalued():
    """The identity memo holds the player; the state's round, Constantinople places,
    LOK tiles and the scorings left must still be compared."""
    states = [s for s in _positions(2) if s.players and s.round >= 1]
    varied = 0
    for state in states[:40]:
        seat = next(iter(state.players))
        player = state.players[seat]
        left = scorings_left(state, seat)
        others = [
            (replace(state, round=state.round + 1), left),
            (replace(state, constantinople=state.constantinople + (seat,)), left),
            (replace(state, lok_tiles=tuple(t + 1 for t in state.lok_tiles)), left),
            (state, left + 1),
        ]
        for other_state, other_left in others:
            fresh = _fresh(other_state, player, other_left)
            evaluation._BASE.clear()
            evaluation._BASE_CONTENT.clear()
            evaluation._base_value(state, player, left)
            assert evaluation._base_value(other_state, player, other_left) == fresh
            varied += fresh != _fresh(state, player, left)
    assert varied > 0
