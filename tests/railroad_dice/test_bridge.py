"""The water rule across two commands (rules text, "Legeverbote"):

„Schienen dürfen nicht mit der Streckenrichtung gegen Wasserfelder gelegt werden, wenn nicht
noch im selben Zug eine Brücke (Schienenstrecke über See) vollständig über den See gebaut wird.“

A new lake tile entered with its first die pointing into the lake, then the bridge across in the
same turn: allowed; the turn cannot be confirmed while the line still points into the water; the
connection can be taken back; no move may leave the turn unable to pay for the bridge.

The stand-in lake tile (data/tiles.json) keeps its lake two fields from every edge, so its first
die can never point into water; a printed tile may well have water right behind its edge, and the
rule must hold for it.  These tests lay such a tile: the stand-in lake with water also on row 5.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from games.contract import IllegalMove
from games.railroad_dice import terrain
from games.railroad_dice.data import TILES
from games.railroad_dice.state import State

from .helpers import GAME, dice_total, fresh, give, lay_tile, put, run, table

N, E, S, W = 0, 1, 2, 3

SHORE_LAKE = ["MMMMMMM", "MMMMMMM", "MMWWWMM", "MWWWWWM", "MMWWWMM", "MMWWWMM", "MMMMMMM"]


@pytest.fixture
def shore_lake() -> Iterator[None]:
    """The lake tile with water on the field behind its southern edge's middle (row 5)."""
    rows = TILES["types"]["lake"]["rows"]
    TILES["types"]["lake"]["rows"] = SHORE_LAKE
    terrain.forget_rows()
    yield
    TILES["types"]["lake"]["rows"] = rows
    terrain.forget_rows()


def five_on_start() -> State:
    """End A at (1,3) of the start tile, five elements there once the edge die is laid; p1 holds
    two straights and four '?' dice."""
    s = fresh()
    put(s, "0,0", 2, 3)
    put(s, "0,0", 4, 3)
    put(s, "0,0", 1, 3)
    s.ends["A"]["field"] = [1, 3]
    s.ends["B"]["field"] = [4, 3]
    return give(s, "p1", straight=2)


CONNECT = {"end": "A", "via": N, "exit": N, "tile": "lake", "rot": 0, "onward": N}
#: from (5,3) on the new tile straight north over (5,3), (4,3), (3,3), (2,3) onto the land at (1,3)
ACROSS = {"end": "A", "via": N, "exits": [N, N, N, N]}


def test_text_a_lake_tile_entered_towards_the_water_is_bridged_in_the_same_turn(shore_lake):
    """„... wenn nicht noch im selben Zug eine Brücke ... vollständig über den See gebaut wird“:
    the connection points into the lake, the bridge follows as the next move."""
    s = five_on_start()
    s, events = run(s, "p1", "ConnectTile", **CONNECT)
    assert events[0].payload["pieces"][1]["field"] == [6, 3] and s.ends["A"]["dirs"] == [N]
    assert s.tiles["0,-1"]["type"] == "lake" and s.front["p1"]["question"] == 4 + 2  # the reward
    owed = [a for a in GAME.open_actions(s, "p1") if a.mandatory]
    assert [(a.key, a.params) for a in owed] == [("rd.open.bridge", {"end": "A"}), ("rd.open.reduce", {"n": 1})]
    bridges = [c for c in GAME.legal_commands(s, "p1") if c.type == "BuildBridge"]
    assert {**ACROSS, "pay": {"screen": 0, "question": 2}} in [c.args for c in bridges]
    assert all(c.args["end"] == "A" for c in bridges)  # every way across, from the end that owes it
    s, events = run(s, "p1", "BuildBridge", **ACROSS, pay={"question": 2})
    laid = events[0].payload
    assert [p["field"] for p in laid["pieces"]] == [[5, 3], [4, 3], [3, 3], [2, 3]]
    assert {p["ground"] for p in laid["pieces"]} == {"water"} and laid["bridge"]
    assert laid["dice"] == {"straight": 0, "curve": 0, "question": 4} and laid["pay"] == {"screen": 0, "question": 2}
    assert s.ends["A"] == {"pos": "0,-1", "field": [2, 3], "dirs": [N]}  # leads onto the land at (1,3)
    assert not [a for a in GAME.open_actions(s, "p1") if a.mandatory]
    assert dice_total(s) == 40


def on_table(state: State):
    """A local table (the platform's turn model: confirm, undo) continuing from ``state``."""
    from events.local import LocalTable

    t = table(2, "bridge")
    p = t.projection
    return LocalTable.from_projection(dataclasses.replace(p, confirmed=state, live=state))


def test_text_the_turn_is_not_confirmed_while_the_line_points_into_the_water(shore_lake):
    """„Schienen dürfen nicht mit der Streckenrichtung gegen Wasserfelder gelegt werden“: a turn
    left pointing into the lake is refused at the confirm, with the open action that says why."""
    t = on_table(five_on_start())
    t.submit("p1", "ConnectTile", CONNECT)
    assert "ConfirmTurn" not in [c.type for c in t.legal("p1")]
    with pytest.raises(IllegalMove) as e:
        t.submit("p1", "ConfirmTurn")
    assert e.value.code == "platform.mandatory_open"
    t.submit("p1", "BuildBridge", {**ACROSS, "pay": {"question": 2}})
    t.submit("p1", "ConfirmTurn")
    assert t.state.current == "p2" and t.state.ends["A"]["field"] == [2, 3]


def test_text_the_connection_towards_the_water_can_be_taken_back(shore_lake):
    """Undone, the line is back on the start tile, the lake tile back in the supply, and the
    turn may be confirmed again: nothing points into the water."""
    start = five_on_start()
    t = on_table(start)
    before = t.projection.seq
    t.submit("p1", "TurnDie", {"face": "curve"})
    mark = t.projection.seq
    t.submit("p1", "ConnectTile", CONNECT)
    assert "0,-1" in t.state.tiles
    t.submit("p1", "Undo", {"to_seq": mark})
    s = t.state
    assert "0,-1" not in s.tiles and s.small_left == start.small_left and s.ends["A"] == start.ends["A"]
    assert s.front["p1"] == {"straight": 2, "curve": 1, "share": 0, "question": 3} and mark == before + 1
    assert "rd.open.bridge" not in [a.key for a in GAME.open_actions(s, "p1")]
    t.submit("p1", "ReturnDie", {"face": "curve"})  # (six in front: one goes back)
    t.submit("p1", "ConfirmTurn")
    assert t.state.current == "p2"


def test_no_connection_towards_the_water_without_the_dice_for_the_bridge(shore_lake):
    """The promise must be one the turn can keep: after the connection (and its two '?' of
    reward) p1 must hold the dice for the shortest way across (a curve and a straight, east
    over (5,3) and (5,4)) and two for the surcharge: four; one '?' plus the reward are three."""
    s = five_on_start()
    s.front["p1"]["question"] = 1
    s.bank += 3
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "ConnectTile", **CONNECT)
    assert e.value.code == "rd.bridge.owed"
    assert CONNECT not in [{k: v for k, v in c.args.items() if k != "pay"}
                           for c in GAME.legal_commands(s, "p1") if c.type == "ConnectTile"]
    s.screen["p1"] = 1
    s.bank -= 1
    run(s, "p1", "ConnectTile", **CONNECT)  # a die behind the screen pays part of the surcharge


def test_while_the_bridge_is_owed_no_move_spends_its_dice(shore_lake):
    """With exactly the four dice the bridge needs, a share bought with a '?' is refused, and a
    roll may not throw them (its faces are not known before, and a roll cannot be taken back)."""
    s = five_on_start()
    s.front["p1"]["question"] = 2
    s.bank += 2
    s, _ = run(s, "p1", "ConnectTile", **CONNECT)
    assert s.front["p1"]["question"] == 4
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuyShare", company="weiden", die="question")
    assert e.value.code == "rd.bridge.owed"
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "Roll", question=1)
    assert e.value.code == "rd.roll.bridge"
    legal = GAME.legal_commands(s, "p1")
    assert not [c for c in legal if c.type == "BuyShare" or c.type == "Roll" and c.args["question"]]
    assert {"type": "Roll", "args": {"screen": 0, "question": 0}} in [c.to_json() for c in legal]
    s.front["p1"]["share"] = 1
    s.bank -= 1
    run(s, "p1", "BuyShare", company="weiden", die="share")  # a share die is not needed: allowed
    for command in GAME.legal_commands(s, "p1"):
        run(s, "p1", command.type, **command.args)  # everything listed is accepted


def test_text_pointing_into_water_on_land_still_needs_the_whole_bridge_in_one_move():
    """On the stand-in tiles (lake two fields in): a die may not be laid towards the water on
    its own (the rule as before), only as the first die of a bridge."""
    s = fresh()
    lay_tile(s, "0,-1", "lake", 0, board=True)
    s.ends["A"] = {"pos": "0,-1", "field": [6, 3], "dirs": [N]}
    put(s, "0,-1", 6, 3)
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "PlaceTrack", end="A", via=N, exit=N)
    assert e.value.code == "rd.track.water"


def test_a_bridge_may_start_at_a_station_beside_the_lake():
    """„Schienen über See dürfen nur gebaut werden, wenn es dem Spieler in seinem Zug gelingt die
    Schienenführung wieder auf Landfeldern ankommen zu lassen“: from a lake station (a meadow
    field beside three water fields) the bridge starts on the water at once."""
    s = fresh()
    lay_tile(s, "0,-1", "lake", 0, board=True)
    put(s, "0,-1", 6, 3)
    put(s, "0,-1", 5, 3, kind="station", sides=(S,), company="insel")
    s.ends["A"] = {"pos": "0,-1", "field": [5, 3], "dirs": [N, E, W]}
    s = give(s, "p1", straight=3)
    s, events = run(s, "p1", "BuildBridge", end="A", via=N, exits=[N, N, N], pay={"question": 2})
    assert [p["field"] for p in events[0].payload["pieces"]] == [[4, 3], [3, 3], [2, 3]]
    assert s.ends["A"]["field"] == [2, 3] and s.boards["0,-1"]["5,3"]["sides"] == [S, N]
    assert dice_total(s) == 40


def test_forget_rows_also_forgets_the_station_sites() -> None:
    """``stations`` caches a site's answer per tile type; it registers that cache with
    ``terrain.forget_rows``, so a test that rewrites the lake's rows reads new sites."""
    from games.railroad_dice.stations import _allows

    assert _allows("lake", 0, 6, 3, "lake") is False  # meadow below the lake's last water row
    rows = TILES["types"]["lake"]["rows"]
    TILES["types"]["lake"]["rows"] = SHORE_LAKE
    try:
        terrain.forget_rows()
        assert _allows("lake", 0, 6, 3, "lake") is True  # now three water fields around it
    finally:
        TILES["types"]["lake"]["rows"] = rows
        terrain.forget_rows()
    assert _allows("lake", 0, 6, 3, "lake") is False
