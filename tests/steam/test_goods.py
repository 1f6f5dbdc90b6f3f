"""Moving goods (rules "Waren transportieren"): the text's examples 1 and 2 on the
north-east map, Thomas = p1 (green), Michael = p2 (black)."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.steam import goods
from games.steam.network import Network

from .helpers import confirm, connect, places, position, run


def example_network():
    """Own links Albany - Worcester (red New City) - Boston (red); Albany - Utica - Syracuse -
    Binghamton (blue New City); Syracuse - Watertown; Albany - Poughkeepsie.  Michael's:
    Poughkeepsie - New Haven (red New City), Watertown - Kingston (purple New City),
    Watertown - Cornwall - Montreal (yellow).  One cube of each colour waits in Albany."""
    s = position(3, phase="move", money=0)
    n = places(s)
    s.new_cities.update({n["Worcester"]: "red", n["Binghamton"]: "blue", n["New Haven"]: "red",
                         n["Kingston"]: "purple"})
    s.cubes = {h: {} for h in s.cubes}
    s.cubes[n["Albany"]] = {"red": 1, "blue": 1, "yellow": 1, "purple": 1}
    s = connect(s, "p1", n["Albany"], n["Worcester"], n["Boston"])
    s = connect(s, "p1", n["Albany"], n["Utica"], n["Syracuse"], n["Binghamton"])
    s = connect(s, "p1", n["Syracuse"], n["Watertown"])
    s = connect(s, "p1", n["Albany"], n["Poughkeepsie"])
    s = connect(s, "p2", n["Poughkeepsie"], n["New Haven"])
    s = connect(s, "p2", n["Watertown"], n["Kingston"])
    s = connect(s, "p2", n["Watertown"], n["Cornwall"], n["Montreal"])
    return s, n


def deliveries(s, reach):
    s.loco["p1"] = reach
    net = Network.of(s)
    out = set()
    for r in goods.routes(s, net, "p1"):
        owners = [net.by_key[k].owner for k in r["links"]]
        out.add((r["colour"], s.map.name(r["to"]), owners.count("p1"), owners.count("p2")))
    return out


def test_example_1_first_city_of_the_colour_ends_the_trip_and_own_links_count():
    s, n = example_network()
    three = deliveries(s, 3)
    assert ("red", "Worcester", 1, 0) in three                 # red for one point ...
    assert not any(c == "red" and to == "Boston" for c, to, *_ in three)   # ... never on to Boston
    assert ("blue", "Binghamton", 3, 0) in three               # blue for three over own links
    assert ("red", "New Haven", 1, 1) in three                 # with Michael's: two points, one his
    assert not any(c in ("yellow", "purple") for c, *_ in three)
    four = deliveries(s, 4)
    assert ("purple", "Kingston", 3, 1) in four                # reach 4: purple for four, Michael one
    assert not any(c == "yellow" for c, *_ in four)
    five = deliveries(s, 5)
    assert ("yellow", "Montreal", 3, 2) in five                # reach 5: yellow for five, Michael two


def test_example_2_each_owner_puts_his_points_on_income_or_vp():
    s, n = example_network()
    s.loco["p1"] = 5
    net = Network.of(s)
    route = next(r for r in goods.routes(s, net, "p1") if r["colour"] == "yellow")
    s = run(s, "p1", "DeliverGoods", **{"from": route["from"], "colour": "yellow", "links": route["links"],
                                         "take": "income"})
    assert s.income["p1"] == 3 and s.vp["p1"] == 0
    assert s.cubes[n["Albany"]]["yellow"] == 0 and s.bag["yellow"] >= 1
    s = confirm(s, "p1")
    assert s.current == "p2"                                   # Michael decides next
    s = confirm(run(s, "p2", "ChooseReward", take="vp"), "p2")
    assert s.vp["p2"] == 2 and s.income["p2"] == 0
    assert s.current == "p2" and s.queue[0] == "p2"           # and then it is the next mover's turn


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
