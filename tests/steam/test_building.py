"""Track building (rules "Strecken bauen" ff.) on the authored north-east map, one scenario per
rule (the text's worked examples are in ``test_examples``)."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.steam import building
from games.steam.network import Network

from .helpers import build, place, places, position, run


def links_of(state, seat):
    return [lk for lk in Network.of(state).links if lk.owner == seat]


def test_no_tile_on_a_city_or_pointing_off_the_board():
    s = position(3, money=20)
    with pytest.raises(IllegalMove) as err:
        build(s, "p1", "0,0", "21", 0)
    assert err.value.code == "steam.build.city"
    from games.steam import tiles
    from games.steam.data import DIRS, qr
    tried = 0
    for city in s.map.cities:
        cq, cr = qr(city)
        for h in s.map.neighbours[city]:
            if h is None or s.is_town(h) or s.is_city(h):
                continue
            q, r = qr(h)
            to_city = DIRS.index((cq - q, cr - r))
            for e_bad in (e for e in range(6) if s.map.neighbours[h][e] is None):
                face, rot = next((f, rt) for f in tiles.SIMPLE_FACES for rt in range(6)
                                 if tiles.segments(f, rt) == (tuple(sorted((to_city, e_bad))),))
                with pytest.raises(IllegalMove) as err:
                    build(s, "p1", h, face, rot)
                assert err.value.code == "steam.build.edge"
                tried += 1
    assert tried > 5


def test_black_line_blocks_a_track():
    s = position(3, money=20)
    # New York (0,4) and New Haven (1,3) are split by the sound: a town tile there cannot point at New York.
    with pytest.raises(IllegalMove) as err:
        build(s, "p1", "1,3", "T11", 4)
    assert err.value.code == "steam.build.edge"


def test_towns_take_town_tiles_only_and_others_none():
    s = position(3, money=20)
    with pytest.raises(IllegalMove) as err:
        build(s, "p1", "0,2", "21", 0)
    assert err.value.code == "steam.build.town"
    with pytest.raises(IllegalMove) as err:
        build(s, "p1", "0,1", "T21", 0)
    assert err.value.code == "steam.build.town"


def test_track_must_start_at_a_city_or_extend_own_track():
    s = position(3, money=20)
    with pytest.raises(IllegalMove) as err:       # (E) in the text: connected to nothing
        build(s, "p1", "-1,3", "21", 0)
    assert err.value.code == "steam.build.unconnected"


def test_another_players_track_is_never_extended():
    s = position(3, money=20)
    s = place(s, "0,1", "21", 0, "p2")           # p2's incomplete link Albany -> Poughkeepsie (no town tile)
    with pytest.raises(IllegalMove) as err:
        build(s, "p1", "0,2", "T11", 0)           # joins p2's open end: the stub is p2's, p1 has no connection
    assert err.value.code == "steam.build.unconnected"


def test_a_town_tile_completes_another_players_link_for_him():
    s = position(3, money=20)
    s = place(s, "0,3", "21", 0, "p2")           # p2: New York -> (0,3) -> Poughkeepsie, open
    s = place(s, "0,1", "21", 0, "p1")           # p1: Albany -> (0,1) -> Poughkeepsie, open
    s, _ = build(s, "p1", "0,2", "T21", 0)
    owners = sorted((lk.owner, lk.complete) for lk in Network.of(s).links)
    assert owners == [("p1", True), ("p2", True)]


def test_a_link_may_not_return_to_the_city_it_started_from():
    s = position(3, money=20)
    s, _ = build(s, "p1", "1,-1", "23", 3)       # leaves Albany (SW of it) heading south
    with pytest.raises(IllegalMove) as err:      # (C) in the text: back into Albany
        build(s, "p1", "1,0", "23", 5)
    assert err.value.code == "steam.build.loop"


def test_redirecting_the_last_tile_costs_its_exits_only():
    s = position(3, money=20)
    s = place(s, "-1,1", "22", 1, "p1")          # hill hex: a new tile would cost $4
    s, p = build(s, "p1", "-1,1", "23", 1)       # sharp curve NE - SE instead (Albany stays the entry)
    assert p["kind"] == "redirect" and p["cost"] == 2
    with pytest.raises(IllegalMove) as err:      # a redirect must keep the entry from Albany
        build(s, "p1", "-1,1", "21", 0)
    assert err.value.code == "steam.build.redirect"


def test_incomplete_link_not_extended_next_round_is_lost_and_can_be_taken_over():
    s = position(3, money=20)
    s = place(s, "-1,1", "22", 1, "p1", built=1)
    s.round = 2
    s.phase = "build_end"
    s = run(s, "system", "CloseBuilding")
    assert [lk.owner for lk in Network.of(s).links] == [None]
    s.phase, s.current, s.queue = "build", "p2", ["p2"]
    s.turn = {"moves": 0, "built": 0, "city_done": False}
    s, _ = build(s, "p2", "-1,2", "21", 0)        # starts at a city: anyone may take it over
    owners = {lk.owner for lk in Network.of(s).links}
    assert owners == {"p2"}


def test_a_link_extended_this_round_is_kept():
    s = position(3, money=20)
    s = place(s, "-1,1", "22", 1, "p1", built=2)
    s.round, s.phase = 2, "build_end"
    s = run(s, "system", "CloseBuilding")
    assert [lk.owner for lk in Network.of(s).links] == ["p1"]


def test_the_stock_is_kept_per_physical_tile():
    s = position(3, money=50)
    for pair in ("T21/T22",):
        s.stock[pair] = 0
    with pytest.raises(IllegalMove) as err:
        s2 = place(s, "0,1", "21", 0, "p1")
        build(s2, "p1", "0,2", "T22", 0)
    assert err.value.code == "steam.build.stock"
    from games.steam import tiles
    s.stock["23/T23"] = 1
    s, p = build(s, "p1", "1,-1", "23", 3)       # the last sharp curve is printed on the back of a town tile
    assert p["pair"] == "23/T23"
    assert not tiles.available(s.stock, "T23") and tiles.available(s.stock, "T11")


def test_a_new_city_completes_another_players_link_and_he_keeps_it():
    """"Großstädte beenden Strecken, die zu einer beliebigen Seite dieses Feldes führen, so dass
    durch das Legen einer neuen Großstadt verschiedene Strecken - auch von anderen Spielern -
    abgeschlossen werden können"."""
    s = position(3, money=20)
    s = place(s, "0,1", "21", 0, "p2")            # p2: Albany -> (0,1) -> pointing at Poughkeepsie, no town tile
    assert [lk.complete for lk in Network.of(s).links] == [False]
    s.tiles["p1"] = 7
    s = run(s, "p1", "PlaceNewCity", hex="0,2", colour="gray", group=0)
    links = Network.of(s).links
    assert [(lk.owner, lk.complete) for lk in links] == [("p2", True)]


def test_a_town_tile_is_upgraded_to_more_exits_for_its_full_cost_without_terrain_and_never_redirected():
    """"Man kann das Stadt-Streckenplättchen aber aufwerten, indem man es gegen ein neues
    Streckenplättchen austauscht, durch das nun mehr Gleise aus der Stadt herausführen" and
    "Ein Stadt-Streckenplättchen kann nicht neu ausgerichtet werden."  Poughkeepsie is a river
    hex: the upgrade pays exits + town, no river."""
    s = position(3, money=20)
    s = place(s, "0,1", "21", 0, "p1")                        # Albany -> Poughkeepsie
    s, first = build(s, "p1", "0,2", "T11", 0)                # a town tile with the exit north
    assert first["kind"] == "new" and first["cost"] == 1 + 1 + 1   # exit + town + river
    with pytest.raises(IllegalMove) as err:                   # turning the town tile: not allowed
        build(s, "p1", "0,2", "T11", 3)
    assert err.value.code == "steam.build.occupied"
    s, up = build(s, "p1", "0,2", "T21", 0)                   # north and south
    assert up["kind"] == "upgrade" and up["cost"] == 2 + 1    # exits + town, no river
    assert sorted(tuple(sg["e"]) for sg in s.track["0,2"]["segs"]) == [(0,), (3,)]


def test_in_the_expert_game_a_chosen_city_action_may_be_left_undone():
    """"Wenn ein Spieler Warennachschub oder Urbanisierung gewählt hat, darf er in der Phase 4
    Strecken bauen auf die Durchführung der Aktion verzichten."""
    s = position(3, money=0, mode="expert")
    s.tiles["p1"] = 7
    s = run(s, "p1", "EndBuild")
    assert s.turn["moves"] == 1


def test_a_complex_tiles_second_track_may_be_joined_by_the_end_of_the_turn():
    """"Die Spieler dürfen eines der komplexen Streckenplättchen auch direkt auf ein leeres Feld
    legen ... Alle auf einem komplexen Streckenplättchen abgebildeten Strecken müssen in der
    Phase Strecken bauen zum Ende des Zuges des Spielers regelgerecht liegen – sie müssen alle
    über bereits existierende Strecken und Verbindungen des Spielers mit einer Großstadt
    verbunden sein.  Beispiel: ... Er platziert ein komplexes Streckenplättchen mit zwei Gleisen
    südöstlich von Hartford für insgesamt $5 (Grundkosten von $4 für die Gleise + $1 für den
    Fluss)."  Here one track runs from Hartford to Providence, the other (north to south-west)
    is joined by the next tile; until then the turn cannot be confirmed."""
    from games.contract import Description, render
    from games.steam import GAME

    s = position(3, money=20)
    south_east = _south_east_of_hartford(s)
    albany = places(s)["Albany"]
    elsewhere = next(b for b in building.legal_builds(s, Network.of(s), "p1")
                     if albany in s.map.neighbours[b["hex"]])
    s, payload = build(s, "p1", south_east, "43", 4)
    assert payload["cost"] == 5 and payload["pending"] == [[south_east, 0]]
    mandatory = [a for a in GAME.open_actions(s, "p1") if a.mandatory]
    assert [a.key for a in mandatory] == ["steam.open.connect"]
    for lang, words in (("en", "between Hartford and Providence"), ("de", "zwischen Hartford und Providence")):
        assert words in render(GAME, Description(mandatory[0].key, mandatory[0].params), lang)
    # the next tile must join it: a tile elsewhere is refused, only joining tiles are listed
    with pytest.raises(IllegalMove) as err:
        build(s, "p1", elsewhere["hex"], elsewhere["face"], elsewhere["rot"])
    assert err.value.code == "steam.build.pending"
    joining = building.legal_builds(s, Network.of(s), "p1")
    assert joining and {b["hex"] for b in joining} <= {s.map.neighbour(south_east, 0), s.map.neighbour(south_east, 4)}
    s, _ = build(s, "p1", joining[0]["hex"], joining[0]["face"], joining[0]["rot"])
    assert not [a for a in GAME.open_actions(s, "p1") if a.mandatory]


def _south_east_of_hartford(s):
    from games.steam.data import DIRS, key, qr
    q, r = qr(places(s)["Hartford"])
    return key(q + DIRS[2][0], r + DIRS[2][1])


def test_a_complex_tile_with_an_unjoined_track_needs_a_tile_of_the_turn_left():
    """The second track is joined by a later tile of the same turn: with the last tile of the
    turn (three, Engineer four) both tracks must be joined at once."""
    s = position(3, money=20)
    s.turn["built"] = 2
    with pytest.raises(IllegalMove) as err:
        build(s, "p1", _south_east_of_hartford(s), "43", 4)
    assert err.value.code == "steam.build.unconnected"


def test_the_turn_cannot_be_confirmed_while_the_second_track_waits():
    """On the platform's table: with the complex tile laid, ConfirmTurn is not offered and is
    refused (the mandatory open action in words); once a tile joins the track it may end."""
    from games.contract import Command

    from .helpers import table

    t = table(3, "complex-tile", start="random")
    while t.state.phase == "actions":
        seat = t.state.current
        tile = next(c for c in t.legal(seat) if c.type == "ChooseAction" and c.args["tile"] <= 4)
        t.submit(seat, tile)
        t.submit(seat, Command("ConfirmTurn", seat, {}))
    seat = t.state.current
    south_east = _south_east_of_hartford(t.state)
    complex_tile = next(c for c in t.legal(seat) if c.type == "BuildTrack" and c.args["hex"] == south_east
                        and c.args["face"] == "43" and c.args["rot"] == 4)
    t.submit(seat, complex_tile)
    legal = t.legal(seat)
    assert not any(c.type == "ConfirmTurn" for c in legal)
    with pytest.raises(IllegalMove) as err:
        t.submit(seat, Command("ConfirmTurn", seat, {}))
    assert err.value.code == "platform.mandatory_open"
    assert "between Hartford and Providence" in err.value.message
    t.submit(seat, next(c for c in legal if c.type == "BuildTrack"))
    assert any(c.type == "ConfirmTurn" for c in t.legal(seat))
