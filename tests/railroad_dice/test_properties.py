"""Random legal play through the platform (``events.local.LocalTable``), many seeds, 2-4 players:
the 40 dice conserved (also by ``determinize``), the shares too, views hide the screens, rolls are
undo barriers.  Random games ending, the fold of the log, dump/load, listed commands accepted and
others refused (the game's wrong commands are in ``tests/contract/probes.py``), ``determinize``
keeping the seat's view: the contract suite."""

from __future__ import annotations

import random

import pytest

from games.contract import REVIEWER, SPECTATOR

from .helpers import GAME, dice_total, play_out, step, table

SEEDS = [f"prop-{i}" for i in range(6)]


def conserve(t):
    s = t.state
    assert dice_total(s) == 40, t.log[-1].type
    assert all(v >= 0 for v in s.screen.values()) and s.bank >= 0
    assert all(n >= 0 for f in s.front.values() for n in f.values())
    for company, left in s.bank_shares.items():
        assert left + sum(s.shares[seat][company] for seat in s.seats) == 10


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_conserve_the_dice_and_the_shares(players, seed):
    t = play_out(players, f"{seed}-{players}", check=conserve)
    assert t.status().over


def test_views_show_every_screen_passenger_total_and_the_bank_to_everyone():
    """Reading of data/visibility.json: what a player who counts knows is shown to all."""
    t = table(3, "views")
    rng = random.Random(3)
    while not t.status().over:
        s = t.state
        for viewer in s.seats + [SPECTATOR, REVIEWER]:
            v = GAME.view(s, viewer)
            assert v["bank_dice"] == s.bank
            assert {seat: (p["screen"], p["passengers"]) for seat, p in v["players"].items()} == {
                seat: (s.screen[seat], s.passengers[seat]) for seat in s.seats}
        assert GAME.status(s).scores == s.passengers
        step(t, rng)


def test_rolls_are_undo_barriers_and_never_known_before():
    t = table(2, "barrier")
    seat = t.status().to_move[0]
    envelopes = t.submit(seat, "Roll", {"screen": 0, "question": 4})
    assert envelopes[0].event.barrier
    assert not [c for c in t.legal(seat) if c.type == "Undo"]


def test_determinize_redraws_nothing():
    """Nothing in a state is hidden from a seat (data/visibility.json): the state itself."""
    t = play_out(2, "det", limit=60)
    assert GAME.determinize(t.state, "p1", random.Random(1)) is t.state
