"""The bots' trusted path: a command the table listed on its projection is decided without
the checks the listing applied (``LocalTable.peek`` through ``decide_folded(listed=True)``),
and must give the very events and state the full check gives; a command that was not
listed by that table is still checked in full."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import partial

import pytest

from events import commands as platform
from events.local import LocalTable
from games.contract import Command, IllegalMove
from games.first_class import GAME
from games.rng import LazyRandom
from worker.bots.base import NEVER


def _positions(seed: int, turns: int) -> list[LocalTable]:
    """Tables along a random 2-player game, one per sub-move."""
    rng = random.Random(seed)
    table = LocalTable.create(GAME, {}, 2, seed=f"listed-{seed}")
    out = []
    for _ in range(turns):
        if table.status().over:
            break
        if table.run_system():
            continue
        seat = table.projection.turn_seat or table.status().to_move[0]
        legal = [c for c in table.legal(seat) if c.type not in NEVER]
        out.append(LocalTable.from_projection(table.projection))
        table.submit(seat, rng.choice(legal))
    return out


def _listed(seed: int, turns: int, *, confirm: bool = True) -> Iterator[tuple[LocalTable, str, Command]]:
    """Each position of :func:`_positions` with its seat to move and each command the table
    lists there (never the platform's own; ``confirm=False`` leaves out the confirmation)."""
    for table in _positions(seed, turns):
        p = table.projection
        seat = p.turn_seat or p.status().to_move[0]
        for command in table.legal(seat):
            if command.type in NEVER or (not confirm and command.type == "ConfirmTurn"):
                continue
            yield table, seat, command


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_listed_command_decides_alike_on_the_trusted_path(seed):
    checked = 0
    for table, seat, command in _listed(seed, 250, confirm=False):
        p = table.projection
        rng = partial(LazyRandom, p.seed, p.seq)  # the same draws on both paths
        try:
            full, full_state = platform.decide_folded(p, command, rng())
        except IllegalMove:  # listed but refused by a rule the listing does not check: the same refusal
            with pytest.raises(IllegalMove):
                platform.decide_folded(p, command, rng(), listed=True)
            continue
        trusted, trusted_state = platform.decide_folded(p, command, rng(), listed=True)
        assert trusted == full
        assert trusted_state == full_state
        assert table.peek(seat, command) == full_state
        checked += 1
    assert checked > 500


def test_a_command_the_table_did_not_list_is_checked_in_full():
    table = _positions(1, 40)[-1]
    p = table.projection
    seat = p.turn_seat or p.status().to_move[0]
    other = next(s for s in p.seats if s != seat)
    listed = table.legal(seat)
    forged = [Command("SpendCoin", seat, {"field": "1", "use": "vp"}),  # a field number as text
              Command("TakeCard", seat, {"card": "nope", "mode": "actions"})]
    for command in forged:
        with pytest.raises(IllegalMove):
            table.peek(seat, command)
    # a listed command sent by the seat not to move: rebuilt for that seat, so not the listed object
    with pytest.raises(IllegalMove):
        table.peek(other, listed[0])
    # a copy of a listed command is not the listed object: checked in full, and it is legal
    copy = Command(listed[0].type, seat, dict(listed[0].args))
    assert table.peek(seat, copy) == table.peek(seat, listed[0])


@pytest.mark.parametrize("seed", [1, 2])
def test_a_submit_makes_the_projection_its_envelopes_fold_to_one_by_one(seed):
    """``submit`` takes the state the decision (or an earlier ``peek``) folded
    (``Projection.apply_submoves``) instead of folding the events again: the projection
    ``Projection.apply`` makes envelope by envelope, field by field, and the same log."""
    checked = 0
    for table, seat, command in _listed(seed, 120):
        p = table.projection
        plain = LocalTable.from_projection(p)
        try:
            envelopes = plain.submit(seat, command)
        except IllegalMove:
            continue
        folded = p
        for env in envelopes:
            folded = folded.apply(env)
        assert plain.projection == folded
        peeking = LocalTable.from_projection(p)
        peeking.legal(seat)
        peeked = peeking.peek(seat, command)
        assert peeking.submit(seat, command) == envelopes
        assert peeking.projection == folded
        assert peeking.state == peeked
        assert peeking.log == plain.log
        checked += 1
    assert checked > 300


@pytest.mark.parametrize("seed", [3, 4])
def test_a_decision_folds_into_one_copy_what_evolve_folds_event_by_event(seed):
    """``decide`` folds a command's later events into the copy its first one made
    (``effects.Folding``): the state is the one ``evolve`` gives event by event, a plain
    ``State``, and the state decided on is left as it was."""
    from games.first_class.state import State

    several = 0
    for table, _seat, command in _listed(seed, 200, confirm=False):
        p = table.projection
        before = dict(p.live.__dict__)
        try:
            events, state = platform.decide_folded(p, command, LazyRandom(p.seed, p.seq))
        except IllegalMove:
            continue
        folded = p.live
        for event in events:
            folded = GAME.evolve(folded, event)
        assert type(state) is State
        assert state == folded
        assert p.live.__dict__ == before
        several += len(events) > 1
    assert several > 100
