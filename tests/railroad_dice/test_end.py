"""The end of the game, conditions (b) and (c), in positions built for them (rules text, "SPIELENDEN").

„Das Spiel endet, ...
b) wenn alle „kleinen“ Geländefelder aufgebraucht sind oder nicht mehr gelegt werden können
c) wenn die Schienenstrecke auf beiden Seiten aufgrund von „Sackgassen“ nicht mehr weitergebaut
   werden kann“
"""

from __future__ import annotations

from games.railroad_dice.state import State
from games.railroad_dice.track import end_can_continue, open_sides

from .helpers import GAME, fresh, give, lay_tile, put, run

N, E, S, W = 0, 1, 2, 3


def boxed_in(without: tuple[str, ...] = ()) -> State:
    """End A at (1,3) of the start tile, ready to connect a meadow tile to the north (0,-1); end B
    stays on the start tile.  Left in the supply: the last meadow tile and two tiles "mountain on
    three sides", whose only side with meadow (B and M) is one side.  Meadow tiles lie on the map
    so that every free position beside the start tile and beside (0,-1) has meadow on two sides:
    no mountain-on-three-sides tile fits there, in any rotation."""
    s = fresh()
    put(s, "0,0", 2, 3)
    put(s, "0,0", 4, 3)
    put(s, "0,0", 1, 3)
    s.ends["A"]["field"] = [1, 3]
    s.ends["B"]["field"] = [4, 3]
    for pos in ("1,1", "-1,1", "2,-1", "-2,-1", "1,-2"):
        if pos not in without:
            lay_tile(s, pos, "meadow")
    s.small_left = {"meadow": 1, "lake": 0, "mountain2": 0, "mountain3": 2}
    return give(s, "p1", straight=2)


def test_text_end_b_when_small_tiles_are_left_but_none_can_be_laid_any_more():
    """(b) „... oder nicht mehr gelegt werden können“: after this connection two small tiles are
    left, but neither fits beside either end's tile: the game ends after this year."""
    s, events = run(boxed_in(), "p1", "ConnectTile", end="A", via=N, exit=N, tile="meadow", rot=0, onward=N)
    assert sum(s.small_left.values()) == 2  # not "used up": they cannot be laid
    assert open_sides(s, "0,0") == open_sides(s, "0,-1") == ()
    assert events[-1].type == "EndTriggered" and events[-1].payload["reason"] == "b"
    assert s.end_trigger == "b" and s.bank_closed


def test_end_b_not_while_a_small_tile_still_fits_somewhere():
    """Without the meadow tile at (1,-2), the position (0,-2) north of the new tile has meadow on
    one side only: a mountain-on-three-sides tile fits there, the game goes on."""
    s, events = run(boxed_in(without=("1,-2",)), "p1", "ConnectTile", end="A", via=N, exit=N, tile="meadow", rot=0,
                    onward=N)
    assert open_sides(s, "0,-1") == (N,)
    assert [e.type for e in events] == ["TrackLaid"] and s.end_trigger is None


def both_ends_cornered(a_walled_in: bool = True) -> State:
    """End A on the start tile (0,0), pointing west at (3,0) on its edge; (2,0) and (4,0) hold
    track, and west of the start tile lies the tile of end B, so A cannot go on: a dead end, while
    the start tile still has free sides (north, south, east) where tiles fit - A just cannot
    reach them.  End B on the meadow tile (-1,0), which has tiles on all four sides (no tile can
    be connected to it any more), at (3,3) pointing east; (2,5), (4,5) and (3,6) hold track."""
    s = fresh()
    lay_tile(s, "-1,0", "meadow", 0, board=True)
    for pos in ("-2,0", "-1,-1", "-1,1"):
        lay_tile(s, pos, "meadow")
    put(s, "0,0", 3, 1, sides=(E, W))
    put(s, "0,0", 2, 0, sides=(N, S))
    if a_walled_in:
        put(s, "0,0", 4, 0, sides=(N, S))
    s.ends["A"] = {"pos": "0,0", "field": [3, 1], "dirs": [W]}
    put(s, "-1,0", 3, 3, sides=(W, E))
    for r, c in ((2, 5), (4, 5), (3, 6)):
        put(s, "-1,0", r, c, sides=(N, S))
    s.ends["B"] = {"pos": "-1,0", "field": [3, 3], "dirs": [E]}
    return give(s, "p1", straight=1)


def test_text_end_c_when_the_line_cannot_go_on_at_either_end():
    """(c): end A is already a dead end; p1 lays end B into the pocket east of it (allowed: no
    tile can be connected to B's tile, so no edge must stay reachable) and B is one too.  Small
    tiles are left and A's tile has free sides, so this is (c), not (b)."""
    s = both_ends_cornered()
    assert not end_can_continue(s, "A") and end_can_continue(s, "B")
    assert open_sides(s, "-1,0") == () and open_sides(s, "0,0") == (N, E, S)
    s, events = run(s, "p1", "PlaceTrack", end="B", via=E, exit=E)
    assert not end_can_continue(s, "A") and not end_can_continue(s, "B")
    assert sum(s.small_left.values()) > 0
    assert events[-1].type == "EndTriggered" and events[-1].payload["reason"] == "c"
    assert s.bank_closed and GAME.status(s).to_move == ("p1",)  # the year is played to its end


def test_end_c_not_while_one_end_can_still_go_on():
    s = both_ends_cornered(a_walled_in=False)  # A may still turn south at (3,0)
    s, events = run(s, "p1", "PlaceTrack", end="B", via=E, exit=E)
    assert not end_can_continue(s, "B") and end_can_continue(s, "A")
    assert [e.type for e in events] == ["TrackLaid"] and s.end_trigger is None
