"""Random legal play through the platform (``events.local.LocalTable``): many seeds, 3-5
players, both maps, base and expert game.  No errors; money (bank + cash) and the 96 cubes
(cities + supply + bag) conserved at every step; folding the log gives the same state;
every listed command is accepted and commands outside the list are refused with 422."""

from __future__ import annotations

import random

import pytest

from events import commands as platform
from games.contract import REVIEWER, SPECTATOR, Command, IllegalMove
from games.steam.data import RULES

from .helpers import GAME, cube_totals, money_total, play_out, refold, step, table

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
def test_random_games_end_without_error_conserving_money_and_cubes(players, map_id, mode):
    seed = f"prop-{players}-{map_id}-{mode}"
    t = play_out(players, seed, check=conserve, map=map_id, mode=mode)
    assert t.status().over
    assert GAME.dump_state(refold(t)) == GAME.dump_state(t.state)
    assert GAME.dump_state(GAME.load_state(GAME.dump_state(t.state))) == GAME.dump_state(t.state)
    assert sorted(t.status().ranking) == sorted(t.state.seats)


@pytest.mark.parametrize("seed", range(6))
def test_more_seeds_of_short_games(seed):
    players = 3 + seed % 3
    options = {"rounds": 3, "mode": ("base", "expert")[seed % 2], "start": "random" if seed == 4 else "auction"}
    if seed % 2:
        options.pop("start")
    t = play_out(players, f"short-{seed}", check=conserve, **options)
    assert t.status().over
    assert GAME.dump_state(refold(t)) == GAME.dump_state(t.state)


WRONG = [
    Command("BuildTrack", "x", {"hex": "99,99", "face": "21", "rot": 0}),
    Command("BuildTrack", "x", {"hex": "0,0", "face": "21", "rot": 0}),
    Command("BuildTrack", "x", {"hex": "0,1", "face": "99", "rot": 0}),
    Command("ChooseAction", "x", {"tile": 8}),
    Command("Bid", "x", {"amount": -1}),
    Command("Bid", "x", {"amount": 10**5}),
    Command("RaiseCapital", "x", {"steps": 99}),
    Command("DeliverGoods", "x", {"from": "0,0", "colour": "red", "links": ["nope"], "take": "vp"}),
    Command("ChooseReward", "x", {"take": "both"}),
    Command("PlaceNewCity", "x", {"hex": "0,0", "colour": "pink", "group": 0}),
    Command("RaiseLocomotive", "x", {}),
    Command("SkipBid", "x", {}),
    Command("Fly", "x", {}),
]


@pytest.mark.parametrize("players,mode", [(3, "base"), (4, "expert"), (5, "base")])
def test_every_listed_command_is_accepted_and_others_refused(players, mode):
    t = table(players, f"legal-{players}", mode=mode)
    rng = random.Random(players)
    for _ in range(160):
        if t.status().over:
            break
        p = t.projection
        seat = p.turn_seat or (t.status().to_move or ("system",))[0]
        legal = platform.legal_commands(p, seat)
        listed = {(c.type, repr(sorted(c.args.items()))) for c in legal}
        for command in rng.sample(legal, min(5, len(legal))):
            if command.type in ("Undo", "ConfirmTurn") or seat == "system":
                continue
            platform.decide(p, command, random.Random(0))          # must not raise
        for wrong in WRONG:
            wrong = Command(wrong.type, seat, wrong.args)
            if (wrong.type, repr(sorted(wrong.args.items()))) not in listed:
                with pytest.raises(IllegalMove):
                    platform.decide(p, wrong, random.Random(0))
        for other in t.state.seats:
            if other not in t.status().to_move and other != p.turn_seat:
                assert not GAME.legal_commands(t.state, other)
        step(t, rng)


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
