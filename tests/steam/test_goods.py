"""Moving goods (rules "Waren transportieren"): the rules beyond the text's examples 1 and 2
(those are in ``test_examples``), on the same network: Thomas = p1, Michael = p2."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.steam import goods
from games.steam.network import Network

from .helpers import example_network, position, run


def test_own_links_at_least_as_often_as_any_other_players():
    assert goods.owners_ok("a", ["a", "a", "b", "b", "c"])
    assert not goods.owners_ok("a", ["a", "a", "b", "b", "b"])
    assert not goods.owners_ok("a", ["b"])
    assert goods.owners_ok("a", ["a", None, None])


def test_a_made_up_route_is_refused_with_the_rule():
    s, n = example_network()
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "DeliverGoods", **{"from": n["Albany"], "colour": "yellow", "links": ["nope"],
                                         "take": "vp"})
    assert err.value.code == "steam.goods.route"


def test_incomplete_links_carry_nothing():
    s = position(3, phase="move", money=0)
    s.track["0,1"] = {"face": "21", "rot": 0, "pair": "21/22", "segs": [{"e": [0, 3], "owner": "p1", "built": 1}]}
    s.loco["p1"] = 6
    assert goods.routes(s, Network.of(s), "p1") == []


def test_a_delivery_hop_by_hop_ends_like_the_whole_route_and_each_hop_is_a_sub_move():
    s, n = example_network()
    s.loco["p1"] = 5
    net = Network.of(s)
    route = next(r for r in goods.routes(s, net, "p1") if r["colour"] == "yellow")
    whole = run(s, "p1", "DeliverGoods", **{"from": route["from"], "colour": "yellow", "links": route["links"],
                                             "take": "income"})
    from games.steam import GAME
    step = run(s, "p1", "StartDelivery", **{"from": n["Albany"], "colour": "yellow"})
    assert [a.key for a in GAME.open_actions(step, "p1") if a.mandatory] == ["steam.open.hop"]
    for i, link in enumerate(route["links"]):
        hops = {c.args["link"]: c.args.get("take") for c in GAME.legal_commands(step, "p1")}
        assert link in hops
        if i < len(route["links"]) - 1:
            with pytest.raises(IllegalMove) as err:          # the end comes only with the last hop
                run(step, "p1", "MoveCube", link="nope")
            assert err.value.code == "steam.goods.route"
            step = run(step, "p1", "MoveCube", link=link)
        else:
            step = run(step, "p1", "MoveCube", link=link, take="income")
    assert step.turn["moves"] == len(route["links"]) + 1
    assert (step.income, step.vp, step.cubes, step.rewards) == (whole.income, whole.vp, whole.cubes, whole.rewards)
    assert not step.transit and not GAME.open_actions(step, "p1")


def test_no_route_visits_a_city_twice_returns_to_its_start_or_passes_a_city_of_its_colour():
    """"Man kann einen Warenstein nicht zu der Großstadt zurückbringen, in der er den Transport
    begonnen hat. Außerdem darf ein Warenstein während des Transports nicht mehrmals in oder durch
    dieselbe Großstadt transportiert werden." and the trip ends at the first city of its colour."""
    s, n = example_network()
    s.loco["p1"] = 6
    s.cubes[n["Boston"]] = {"blue": 1, "red": 1}
    net = Network.of(s)
    routes = goods.routes(s, net, "p1")
    assert routes
    for route in routes:
        places, at = [route["from"]], route["from"]
        for key in route["links"]:
            ends = [e[1] for e in net.by_key[key].ends]
            at = ends[1] if ends[0] == at else ends[0]
            places.append(at)
        cities = [h for h in places if s.is_city(h)]
        assert len(cities) == len(set(cities)), route
        assert route["to"] == places[-1] != route["from"]
        assert all(s.city_colour(h) != route["colour"] for h in cities[1:-1]), route
        assert s.city_colour(route["to"]) == route["colour"]
