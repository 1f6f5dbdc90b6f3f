"""Random legal play through the platform (``events.local.LocalTable``): many seeds, 3-5
players, both maps, base and expert game.  Money (bank + cash) and the 96 cubes (cities +
supply + bag) conserved at every step; the cube draw is an undo barrier.  Random games
ending, the fold of the log, dump/load, listed commands accepted and others refused with
422 (Steam's wrong commands are in ``tests/contract/probes.py``): the contract suite."""

from __future__ import annotations

import random

import pytest

from games.contract import REVIEWER, SPECTATOR
from games.steam.data import RULES

from .helpers import GAME, cube_totals, money_total, play_out, step, table

CASES = [(players, map_id, mode) for players in (3, 4, 5) for map_id in ("ne_usa_se_canada", "rhine_ruhr")
         for mode in ("base", "expert")]


def conserve(t):
    s = t.state
    assert money_total(s) == RULES["bank"], t.log[-1].type
    assert cube_totals(s) == RULES["cubes"], t.log[-1].type
    assert all(v >= 0 for v in s.money.values())
    assert all(n >= 0 for g in s.cubes.values() for n in g.values())
    assert all(n >= 0 for n in s.stock.values())
    assert all(-10 <= v for v in s.income.values())
    assert all(1 <= v <= 6 for v in s.loco.values())


@pytest.mark.parametrize("players,map_id,mode", CASES)
def test_random_games_conserve_money_and_cubes(players, map_id, mode):
    seed = f"prop-{players}-{map_id}-{mode}"
    t = play_out(players, seed, check=conserve, map=map_id, mode=mode)
    assert t.status().over


@pytest.mark.parametrize("seed", range(6))
def test_more_seeds_of_short_games(seed):
    players = 3 + seed % 3
    options = {"rounds": 3, "mode": ("base", "expert")[seed % 2], "start": "random" if seed == 4 else "auction"}
    if seed % 2:
        options.pop("start")
    t = play_out(players, f"short-{seed}", check=conserve, **options)
    assert t.status().over


def test_the_cube_draw_is_an_undo_barrier_and_every_viewer_sees_the_same_board():
    t = table(4, "barrier")
    drawn = next(e for e in t.log if e.type == "GoodsDrawn")
    assert drawn.barrier
    s = t.state
    views = [GAME.view(s, v) for v in s.seats + [SPECTATOR, REVIEWER]]
    assert all(v == views[0] for v in views)
    assert GAME.determinize(s, "p1", random.Random(1)) is s


def test_frugal_random_games_reach_the_last_round_and_its_final_scoring():
    reached = 0
    for i in range(6):
        t = play_out(3 + i % 3, f"long-{i}", check=conserve)
        s = t.state
        if s.round == s.last_round:
            reached += 1
            assert set(s.final["scores"]) == set(s.seats)
    assert reached >= 3


def test_a_built_tile_is_undone_by_the_platform_until_the_turn_is_confirmed():
    t = table(3, "undo", start="random")
    rng = random.Random(2)
    while t.state.phase != "build":
        step(t, rng)
    seat = t.status().to_move[0]
    before = GAME.dump_state(t.state)
    build = next(c for c in t.legal(seat) if c.type == "BuildTrack")
    start_seq = t.projection.seq
    t.submit(seat, build)
    assert t.state.track and GAME.dump_state(t.state) != before
    undo = [c for c in t.legal(seat) if c.type == "Undo" and c.args["to_seq"] == start_seq]
    assert undo
    t.submit(seat, undo[0])
    assert GAME.dump_state(t.state) == before


def test_folding_never_changes_the_state_it_started_from_and_the_kept_network_is_the_fresh_one():
    """``evolve`` shares the board's tiles and the cube counts with the state before (``fork``)
    and keeps a folded state's network on it: both are only right if nothing folded later
    changes an earlier state in place."""
    from games.steam.network import Network, trace
    for players, mode in ((3, "base"), (4, "expert")):
        t = table(players, f"fork-{players}", mode=mode)
        rng = random.Random(players)
        for _ in range(700):
            before = t.state
            frozen = GAME.dump_state(before)
            if step(t, rng) is None:
                break
            assert GAME.dump_state(before) == frozen, t.log[-1].type
            cached = Network.of(t.state)
            assert [(lk.key, lk.ends, lk.owner, lk.complete) for lk in cached.links] == \
                [(lk.key, lk.ends, lk.owner, lk.complete) for lk in trace(t.state)]
