"""The fast build listing (``listing.build_commands``: verdicts per edge, kept commands per hex,
join masks, traced-only-what-decides pending checks) lists exactly the tiles that
``building.legal_builds`` plans one by one with the full rules of ``plan_build`` (issue 24,
"Speed": the legal list must not change), in the same order, with the same cost, kind and place,
at every build decision of random games on both maps, base and expert, including turns where a
complex tile's second track waits; and every listed tile is accepted by ``decide``."""

from __future__ import annotations

import random

import pytest

from games.steam import building, finance, listing
from games.steam.network import Network

from .helpers import step, table


def _planned(state, seat):
    if state.turn["built"] >= state.tile_limit(seat):
        return []
    return [(b["hex"], b["face"], b["rot"], b["cost"], b["kind"], b["place"])
            for b in building.legal_builds(state, Network.of(state), seat)]


def _listed(state, seat):
    return [(c.args["hex"], c.args["face"], c.args["rot"], c.args["cost"], c.args["kind"], c.args["place"])
            for c in listing.build_commands(state, Network.of(state), seat)]


@pytest.mark.parametrize("players,map_id,mode,seed", [(4, "ne_usa_se_canada", "base", 1), (3, "rhine_ruhr", "base", 2),
                                                      (5, "ne_usa_se_canada", "expert", 3),
                                                      (4, "rhine_ruhr", "expert", 5)])
def test_the_fast_listing_is_the_planned_one_at_every_build_decision(players, map_id, mode, seed):
    rng = random.Random(seed)
    t = table(players, f"listing-{seed}", map=map_id, mode=mode)
    decisions = waiting = 0
    while True:
        state, seat = t.state, t.projection.turn_seat or (t.status().to_move or (None,))[0]
        if state.phase == "build" and seat == state.current:
            decisions += 1
            waiting += bool(state.turn.get("pending"))
            assert _listed(state, seat) == _planned(state, seat)
        if step(t, rng, confirm_weight=0.2) is None:     # (every listed command is accepted by decide)
            break
    assert decisions > 40
    assert waiting > 0 or mode == "expert" and map_id == "rhine_ruhr"   # (this seed's players never wait)


@pytest.mark.parametrize("mode", ["base", "expert"])
def test_a_kept_listing_is_keyed_by_what_the_seat_can_pay(mode):
    """A listing is kept by the seat's purse (``listing._purse``), not its cash, income and points:
    every payment it asks about (a tile, then the tile joining its waiting track) succeeds exactly
    when it fits into the purse, for every cash, income and points."""
    state = table(3, "purse", mode=mode).state
    top = listing._dearest_two(state.map.id)
    for cash in range(0, 14):
        for income in range(-10, 4):
            for vp in range(0, 5):
                state.money["p1"], state.income["p1"], state.vp["p1"] = cash, income, vp
                purse = listing._purse(state, "p1")
                for first in range(0, top // 2 + 1):
                    assert bool(finance.pay(state, "p1", first)["ok"]) == (first <= purse)
                    for then in range(0, top // 2 + 1):
                        assert finance.can_pay_both(state, "p1", first, then) == (first + then <= purse)
