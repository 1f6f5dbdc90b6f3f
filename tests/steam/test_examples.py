"""Every worked example of the rules text (``shared/rules/steam.txt``), one test each, on the
authored north-east map with the text's numbers.  Each docstring quotes the line of the
text it checks.  Seats: p1, p2, ... stand for the people the example names (said in each
test); positions are built by hand from a state right after set-up (``helpers.position``)
and then moved on by the engine's own commands."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.steam import auctions, finance, goods, scoring
from games.steam.network import Network

from .helpers import build, confirm, connect, example_network, lay, places, position, run, table


def links_of(state, seat):
    return [lk for lk in Network.of(state).links if lk.owner == seat]


def fig1(s, seat="p1"):
    for h, face in (("0,1", "21"), ("0,2", "T21"), ("0,3", "21")):
        s, _ = build(s, seat, h, face, 0)
    return s


# -- building ("Phase 2 - Strecken bauen") ------------------------------------------------------

def test_fig1_first_build_albany_poughkeepsie_new_york_costs_10_and_gives_two_links():
    """"Er legt eine Gerade von Albany Richtung Poughkeepsie (A, Kosten: $2 + $1 für den Fluss),
    ein Stadt-Streckenplättchen mit zwei Geraden auf Poughkeepsie (B, Kosten $2 + $1 für die
    Stadt + $1 für den Fluss) und schließlich eine Gerade nach New York (C, Kosten: $2 + $1 für
    den Fluss) ... insgesamt $10 ($3 + $4 + $3) ausgegeben.  Er legt zwei schwarze
    Markierungsscheiben auf die beiden fertigen Verbindungen."  Michael = p1."""
    s = position(3, money=20)
    s, a = build(s, "p1", "0,1", "21", 0)
    s, b = build(s, "p1", "0,2", "T21", 0)
    s, c = build(s, "p1", "0,3", "21", 0)
    assert (a["cost"], b["cost"], c["cost"]) == (3, 4, 3)
    assert 20 - s.money["p1"] == 10
    own = links_of(s, "p1")
    assert len(own) == 2 and all(lk.complete for lk in own)
    assert sorted(s.map.name(e[1]) for lk in own for e in lk.ends) == ["Albany", "New York", "Poughkeepsie",
                                                                        "Poughkeepsie"]
    with pytest.raises(IllegalMove) as err:       # "die maximale Anzahl von drei Streckenplättchen"
        build(s, "p1", "-1,1", "22", 1)
    assert err.value.code == "steam.build.limit"


def test_fig2_engineer_builds_four_tiles_over_the_hill_for_10():
    """"Er legt eine weite Kurve südwestlich von Albany (D, Kosten: $2 + $2 für den Hügel), dann
    zwei Geraden (E, F, Kosten: je $2) und schließlich eine weitere weite Kurve nach New York
    (G, Kosten: $2). Pat hat insgesamt $10 ausgegeben ($4 + $2 + $2 + $2)".  Michael = p1
    (figure 1 first), Pat = p2 with the Engineer."""
    s = fig1(position(3, money=20))
    s = confirm(s, "p1")
    assert s.current == "p2"
    s.tiles["p2"] = 3                              # Engineer: "bis zu vier Streckenplättchen"
    costs = []
    for h, face, rot in (("-1,1", "22", 1), ("-1,2", "21", 0), ("-1,3", "21", 0), ("-1,4", "22", 0)):
        s, p = build(s, "p2", h, face, rot)
        costs.append(p["cost"])
    assert costs == [4, 2, 2, 2] and 20 - s.money["p2"] == 10
    own = links_of(s, "p2")
    assert len(own) == 1 and own[0].complete
    assert {s.map.name(e[1]) for e in own[0].ends} == {"Albany", "New York"}


def test_fig3_urbanization_build_to_hartford_and_new_haven_costs_14():
    """"Er legt eine Gerade südöstlich von Albany (H, Kosten: $2) und eine weite Kurve nach
    Hartford (I, Kosten: $2 + $2 für den Hügel). Anschließend legt er eine weite Kurve südlich
    von Hartford Richtung New Haven (J, Kosten: $2) und ein graues Plättchen Neue Großstadt auf
    New Haven (K, Kosten: $6 ...). Somit hat er diese Runde insgesamt $14 bezahlt ($2 + $4 + $2
    + $6). Er legt zwei grüne Markierungsscheiben auf die beiden fertigen Verbindungen."
    Thomas = p1."""
    s = position(3, phase="actions", money=20)
    s = run(s, "p1", "ChooseAction", tile=7, **{"pass": False})    # Urbanization: $6 when chosen
    assert s.money["p1"] == 14
    s.phase, s.queue, s.current, s.turn = "build", ["p1"], "p1", {"moves": 0, "built": 0, "city_done": False}
    s, h = build(s, "p1", "1,0", "21", 2)
    s, i = build(s, "p1", "2,0", "22", 3)
    s, j = build(s, "p1", "2,2", "22", 4)
    assert not any(lk.complete for lk in links_of(s, "p1") if "2,2" in lk.hexes)   # New Haven still a town
    s = run(s, "p1", "PlaceNewCity", hex=places(s)["New Haven"], colour="gray", group=0)
    assert (h["cost"], i["cost"], j["cost"]) == (2, 4, 2)
    assert 20 - s.money["p1"] == 14
    complete = [lk for lk in links_of(s, "p1") if lk.complete]
    assert sorted(sorted(s.map.name(e[1]) for e in lk.ends) for lk in complete) == [
        ["Albany", "Hartford"], ["Hartford", "New Haven"]]
    assert s.city_colour("1,3") == "gray" and s.cubes["1,3"]


def test_urbanizing_poughkeepsie_with_two_straights_gives_two_links_and_a_tile_left():
    """"Thomas nutzt die Aktion Urbanisierung und platziert zwei Streckenplättchen mit geraden
    Gleisen zusammen mit einer Neuen Großstadt auf Poughkeepsie (zwei fertige Verbindungen). Er
    darf in dieser Phase noch ein weiteres Streckenplättchen platzieren."  Thomas = p1."""
    s = position(3, money=20)
    s.tiles["p1"] = 7
    s = run(s, "p1", "PlaceNewCity", hex="0,2", colour="red", group=1)
    s, _ = build(s, "p1", "0,1", "21", 0)
    s, _ = build(s, "p1", "0,3", "21", 0)
    own = links_of(s, "p1")
    assert len(own) == 2 and all(lk.complete for lk in own)
    assert s.turn["built"] == 2 and s.tile_limit("p1") - s.turn["built"] == 1


def test_upgrade_south_west_of_boston_to_a_complex_tile_costs_4_without_the_river():
    """"Thomas möchte seine grüne Strecke südwestlich von Boston in Richtung Norden fortsetzen,
    aber Michaels schwarze Verbindung ist im Weg. Er kann die weite Kurve kreuzen, indem er diese
    durch ein komplexes Streckenplättchen mit einer weiten Kurve und einem geraden Gleis ersetzt.
    Die Kosten für den Fluss kann er ignorieren und muss insgesamt $4 ... zahlen".
    Thomas = p1, Michael = p2."""
    from .helpers import place
    s = position(3, money=20)
    s = place(s, "4,-1", "22", 5, "p2")          # Michael's gentle curve NE (Boston) - NW, river hex
    s.track["4,0"] = {"face": "T11", "rot": 0, "pair": "T11/-", "segs": [{"e": [0], "owner": "p1", "built": 1}]}
    assert s.map.hexes["4,-1"]["river"]
    s, p = build(s, "p1", "4,-1", "42", 0)
    assert p["kind"] == "upgrade" and p["cost"] == 4
    segs = {tuple(x["e"]): x["owner"] for x in s.track["4,-1"]["segs"]}
    assert segs == {(1, 5): "p2", (0, 3): "p1"}    # Michael keeps his track


def test_complex_tile_on_an_empty_river_hex_south_east_of_hartford_costs_5():
    """"Er platziert ein komplexes Streckenplättchen mit zwei Gleisen südöstlich von Hartford für
    insgesamt $5 (Grundkosten von $4 für die Gleise + $1 für den Fluss)."  Thomas = p1."""
    from .helpers import place
    s = position(3, money=20)
    s = place(s, "2,2", "23", 0, "p1")           # own sharp curve Hartford - (3,1)
    s, p = build(s, "p1", "3,1", "43", 4)        # Hartford - Providence and J - north
    assert p["kind"] == "new" and p["cost"] == 5


def test_michaels_incomplete_link_south_of_syracuse_is_lost_unless_extended():
    """"Michael besitzt eine unvollständige Verbindung südlich von Syracuse. In der nächsten Runde
    würde er den Besitz verlieren, wenn er die Verbindung nicht wie gezeigt vervollständigt oder
    in einer anderen Weise verlängert."  Michael = p1: his open link out of Syracuse (a town
    tile) towards Binghamton, built in round 1; round 2 ends without and with an extension."""
    s = position(3, money=20)
    n = places(s)
    s = connect(s, "p1", n["Utica"], n["Syracuse"])                  # a completed link into Syracuse
    s = lay(s, [n["Syracuse"], "-4,2"], "p1")                        # the stub south, open
    s.track["-4,2"] = {"face": "21", "rot": 0, "pair": "21/22",
                       "segs": [{"e": [0, 3], "owner": "p1", "built": 1}]}
    open_links = [lk for lk in Network.of(s).links if not lk.complete]
    assert [lk.owner for lk in open_links] == ["p1"]
    s.round, s.phase = 2, "build_end"
    kept_state = s.clone()
    lost = run(s, "system", "CloseBuilding")
    assert [lk.owner for lk in Network.of(lost).links if not lk.complete] == [None]
    assert all(lk.owner == "p1" for lk in Network.of(lost).links if lk.complete)   # completed: kept
    kept_state.phase, kept_state.current, kept_state.queue = "build", "p1", ["p1"]
    kept_state.turn = {"moves": 0, "built": 0, "city_done": False}
    kept_state, p = build(kept_state, "p1", n["Binghamton"], "T11", 0)   # "wie gezeigt vervollständigt"
    assert p["kind"] == "new"
    kept_state = confirm(kept_state, "p1")
    kept_state.phase = "build_end"
    kept_state = run(kept_state, "system", "CloseBuilding")
    assert all(lk.owner == "p1" and lk.complete for lk in Network.of(kept_state).links)


def test_only_michael_may_take_over_the_ownerless_link_next_to_his_network():
    """"Die herrenlose, unvollständige Verbindung (A) in der Abbildung oben ist nur mit dem
    schwarzen Streckennetz von Michael verbunden. Somit kann nur Michael diese Verbindung in
    Besitz nehmen".  Michael = p2: his completed links Scranton - Binghamton - Syracuse; an
    ownerless track leaves the town Syracuse north-east and ends in the open."""
    s = position(3, money=20)
    n = places(s)
    s = connect(s, "p2", n["Scranton"], n["Binghamton"], n["Syracuse"])
    syracuse = n["Syracuse"]
    s.track[syracuse]["segs"].append({"e": [1], "owner": None, "built": 1})     # stub to the north-east
    s.track["-3,0"] = {"face": "21", "rot": 1, "pair": "21/22",
                       "segs": [{"e": [1, 4], "owner": None, "built": 1}]}
    ownerless = [lk for lk in Network.of(s).links if lk.owner is None]
    assert len(ownerless) == 1 and not ownerless[0].complete
    s.current, s.queue = "p3", ["p3", "p2"]
    with pytest.raises(IllegalMove) as err:
        build(s, "p3", "-2,-1", "21", 1)
    assert err.value.code == "steam.build.unowned"
    s.current, s.queue = "p2", ["p2"]
    s, p = build(s, "p2", "-2,-1", "21", 1)
    taken = [lk for lk in Network.of(s).links if "-3,0" in lk.hexes]
    assert p["claims"] and [lk.owner for lk in taken] == ["p2"]


def test_raising_8_dollars_for_a_build_lowers_income_two_spaces_and_pays_2_change():
    """"Beispiel: Thomas muss in dieser Runde $8 für den Bau von Streckenplättchen ausgeben. Er
    hat momentan kein Bargeld. Nachdem er die Streckenplättchen gelegt hat, reduziert er sein
    Einkommen um zwei Felder auf der Einkommensskala und erhält $2 Bargeld von der Bank (er nimmt
    $10 von der Bank auf und muss davon $8 sofort bezahlen)."  Thomas = p1, building three of
    Pat's tiles of figure 2 ($4 + $2 + $2)."""
    s = position(3, money=0)
    bank = s.bank
    costs = []
    for h, face, rot in (("-1,1", "22", 1), ("-1,2", "21", 0), ("-1,3", "21", 0)):
        s, p = build(s, "p1", h, face, rot)
        costs.append(p["cost"])
    assert sum(costs) == 8
    assert (s.income["p1"], s.money["p1"]) == (-2, 2)
    assert s.bank == bank - 2                        # $10 raised, $8 paid back at once
    out = finance.pay(position(3, money=0), "p1", 8)   # the same as one payment
    assert (out["income"], out["cash"], out["steps"]) == (-2, 2, 2)


# -- action tiles ("Phase 1") -----------------------------------------------------------------

def test_locomotive_from_4_to_5_costs_9():
    """"Pat besitzt eine Lokomotive mit Reichweite 4. Er wählt in Phase 1 das Aktionsplättchen
    Lokomotive, um die Reichweite auf 5 zu erhöhen. Er muss insgesamt $9 zahlen, $4 plus $5".
    Pat = p1."""
    s = position(3, phase="actions", money=9)
    s.loco["p1"] = 4
    s = run(s, "p1", "ChooseAction", tile=6)
    assert s.loco["p1"] == 5 and s.money["p1"] == 0


def test_pat_raises_his_locomotive_to_6_in_the_move_phase_for_no_points_and_never_again():
    """"Pat entscheidet sich dafür, stattdessen die Reichweite seiner Lokomotive ein weiteres Mal
    zu erhöhen (er hatte schon die Aktion Lokomotive in dieser Runde gewählt) und zieht seine
    Markierungsscheibe auf das sechste Feld ... Er erhält dafür keine Siegpunkte und kann im
    weiteren Spiel die Reichweite seiner Lokomotive nicht mehr erhöhen".  Pat = p1."""
    from games.steam import GAME
    s = position(3, phase="move", money=0)
    s.loco["p1"], s.tiles["p1"] = 5, 6
    assert any(c.type == "RaiseLocomotive" for c in GAME.legal_commands(s, "p1"))
    s = run(s, "p1", "RaiseLocomotive")
    assert (s.loco["p1"], s.vp["p1"], s.income["p1"], s.money["p1"]) == (6, 0, 0, 0)
    s.loco_raised, s.turn = [], {"moves": 0, "built": 0, "city_done": False}    # a later round
    assert not any(c.type == "RaiseLocomotive" for c in GAME.legal_commands(s, "p1"))
    s.phase = "actions"
    assert not any(c.type == "ChooseAction" and c.args["tile"] == 6 for c in GAME.legal_commands(s, "p1"))


# -- turn order and auctions ------------------------------------------------------------------

def test_setup_auction_michael_bids_7_lowers_income_two_spaces_and_gets_3():
    """"Michael gewinnt die Versteigerung der ersten Position in einer 5-Personen-Partie. Er zahlt
    sein Gebot von $7, indem er sein Einkommen um 2 Felder auf -$2 reduziert (und $3 Bargeld von
    der Bank erhält). ... Der Spieler links von Michael beginnt die Versteigerung des zweiten
    Platz".  Michael = the first bidder of a 5-player game."""
    t = table(5, "michael")
    s = t.state
    ring = s.auction["remaining"]
    michael = ring[0]
    s = confirm(run(s, michael, "Bid", amount=7), michael)
    for seat in ring[1:]:
        s = confirm(run(s, seat, "PassBid"), seat)
    assert (s.income[michael], s.money[michael]) == (-2, 3)
    assert s.auction["placed"] == [michael] and s.current == ring[1]


def test_turn_order_example_lin_michael_pat_thomas():
    """"Pat: Lokomotive (6) / Michael: Erster Streckenbau (4) / Thomas: Urbanisierung (7) / Lin:
    Erster Transport (2) / Die Spielerreihenfolge in der nächsten Runde lautet somit: Lin,
    Michael, Pat und Thomas."  Pat, Michael, Thomas, Lin = p1..p4."""
    s = position(4, phase="income", money=30)
    s.tiles = {"p1": 6, "p2": 4, "p3": 7, "p4": 2}
    s = run(s, "system", "SettleIncome")
    assert s.order == ["p4", "p2", "p1", "p3"] and s.round == 2


def test_expert_auction_example_lin_pays_1():
    """"Michael braucht als Letzter in der Spielerreihenfolge nichts zu bezahlen. Thomas muss als
    Startspieler die vollen $3 bezahlen. Auch Daniela muss eigentlich ihr volles Gebot bezahlen,
    da sie aber nichts bieten musste, zahlt sie auch kein Geld. Lin muss als Dritte nur die
    Hälfte ihres Gebots abgeben und zahlt $1 an die Bank." """
    seats = ["thomas", "lin", "michael", "daniela"]
    s = position(4, phase="auction", money=10, mode="expert")
    s.seats = s.order = seats
    s.money = {x: 10 for x in seats}
    s.auction = auctions.open_expert(seats, holder="daniela")
    s.current = "thomas"
    for seat, cmd, args in (("thomas", "Bid", {"amount": 0}), ("lin", "Bid", {"amount": 2}),
                            ("michael", "PassBid", {}), ("daniela", "SkipBid", {}),
                            ("thomas", "Bid", {"amount": 3}), ("lin", "PassBid", {}),
                            ("daniela", "PassBid", {})):
        assert s.current == seat
        s = confirm(run(s, seat, cmd, **args), seat)
    assert s.order == ["thomas", "daniela", "lin", "michael"]
    assert s.money == {"thomas": 7, "lin": 9, "michael": 10, "daniela": 10}
    assert s.phase == "actions"


# -- moving goods ("Phase 3") -----------------------------------------------------------------

def deliveries(s, reach):
    s.loco["p1"] = reach
    net = Network.of(s)
    out = set()
    for r in goods.routes(s, net, "p1"):
        owners = [net.by_key[k].owner for k in r["links"]]
        out.add((r["colour"], s.map.name(r["to"]), owners.count("p1"), owners.count("p2")))
    return out


def test_delivery_example_1_first_city_of_the_colour_ends_the_trip_and_own_links_count():
    """"Wenn Thomas seine eigenen grünen Verbindungen nutzt und eine Lokomotive mit Reichweite 3
    besitzt, kann er den roten Warenstein für einen Punkt liefern, aber nicht für zwei. ... Er kann
    aber den blauen Warenstein für drei Punkte über seine eigenen Verbindungen transportieren. ...
    kann er den roten Warenstein für zwei Punkte liefern, aber Michael würde einen der beiden
    Punkte erhalten. ... Wenn er eine Lokomotive mit Reichweite 4 besitzt, kann er den
    lilafarbenen Warenstein für vier Punkte ausliefern, wobei Michael einen Punkt abbekommen
    würde. Mit einer Lokomotive mit Reichweite 5 könnte er schließlich den gelben Warenstein für
    fünf Punkte liefern, muss aber Michael zwei Punkte davon abgeben."  Thomas = p1, Michael = p2
    (the network: ``helpers.example_network``)."""
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


def test_delivery_example_2_thomas_takes_3_income_and_michael_2_vp():
    """"Thomas nutzt seine Lokomotive mit Reichweite 5, um den gelben Warenstein über fünf
    Verbindungen bis zur Zielgroßstadt zu transportieren. Thomas besitzt drei der genutzten
    Verbindungen und Michael zwei. Thomas erhält drei Punkte und entscheidet sich, seine
    Markierungsscheibe auf der Einkommensskala um drei Felder zu versetzen. Michael erhält zwei
    Punkte und entscheidet sich im Anschluss, seine Markierungsscheibe auf der Siegpunkteskala um
    zwei Felder zu versetzen."  Thomas = p1, Michael = p2."""
    s, n = example_network()
    s.loco["p1"] = 5
    net = Network.of(s)
    route = next(r for r in goods.routes(s, net, "p1") if r["colour"] == "yellow")
    assert len(route["links"]) == 5
    s = run(s, "p1", "DeliverGoods", **{"from": route["from"], "colour": "yellow", "links": route["links"],
                                         "take": "income"})
    assert s.income["p1"] == 3 and s.vp["p1"] == 0
    assert s.cubes[n["Albany"]]["yellow"] == 0 and s.bag["yellow"] >= 1
    s = confirm(s, "p1")
    assert s.current == "p2"                                   # Michael decides next
    s = confirm(run(s, "p2", "ChooseReward", take="vp"), "p2")
    assert s.vp["p2"] == 2 and s.income["p2"] == 0
    assert s.current == "p2" and s.queue[0] == "p2"           # and then it is the next mover's turn


# -- income and the end ("Phase 4", "Bestimmen der Siegpunkte") -------------------------------

def test_income_example_pat_gets_2_and_thomas_at_minus_1_raises_5_and_keeps_4():
    """"Pat hat ein Einkommen von $2 am Ende der Runde und erhält $2 von der Bank. Thomas hat ein
    Einkommen von -$1. Da er kein Bargeld besitzt, nimmt er weiteres Geld von der Bank auf (sein
    Einkommen sinkt auf -$2) und erhält $4 als Bargeld ($5 - $1)."  Pat = p1, Thomas = p2."""
    s = position(3, phase="income", money=0)
    s.income.update({"p1": 2, "p2": -1, "p3": 0})
    s.tiles = {"p1": 1, "p2": 2, "p3": 3}
    s = run(s, "system", "SettleIncome")
    assert (s.money["p1"], s.income["p1"]) == (2, 2)
    assert (s.money["p2"], s.income["p2"]) == (4, -2)


def test_final_scoring_example_37_minus_2_plus_10_is_45():
    """"Michael hat während des Spiels 37 Siegpunkte für gelieferte Warensteine erhalten. Sein
    Einkommen lag am Spielende bei -$1 und er hat 10 vollständige Verbindungen auf dem Spielplan.
    Er besitzt also 45 Siegpunkte (37 - 2 + 10 = 45)."  Michael = p1, in the income phase of the
    last round with $1 to pay his income of -1 (so it stays -1), one incomplete link besides."""
    assert scoring.income_points(-1) == -2
    assert scoring.income_points(5) == 2 and scoring.income_points(0) == 0     # "$5 ... zwei Siegpunkte"
    s = position(3, phase="income", money=1)
    s.round = s.last_round
    s.vp["p1"], s.income["p1"] = 37, -1
    s.tiles = {"p1": 1, "p2": 2, "p3": 3}
    names = places(s)
    s.new_cities[names["Binghamton"]] = "blue"
    s = connect(s, "p1", names["Albany"], names["Utica"], names["Syracuse"], names["Binghamton"])   # 3
    s = connect(s, "p1", names["Albany"], names["Poughkeepsie"], names["New York"])                # 5
    s = connect(s, "p1", names["Albany"], names["Worcester"], names["Boston"])                     # 7
    s = connect(s, "p1", names["Hartford"], names["New Haven"])                                    # 8
    s = connect(s, "p1", names["Watertown"], names["Kingston"])                                    # 9
    s = connect(s, "p1", names["Syracuse"], names["Watertown"])                                    # 10
    s.track["-1,1"] = {"face": "22", "rot": 1, "pair": "21/22",          # an incomplete link: no point
                       "segs": [{"e": [1, 3], "owner": "p1", "built": 1}]}
    s = run(s, "system", "SettleIncome")
    assert s.phase == "over"
    assert s.final["detail"]["p1"] == {"delivered": 37, "income": -2, "links": 10}
    assert s.final["scores"]["p1"] == 45 and s.final["ranking"][0] == "p1"
