"""Tracks (games/russian_railroads/tracks.py): colour order, no overtaking, per-line
colours, unlocks at Transsib 2/6/10/15, special spaces, end of line."""

from __future__ import annotations

from games.russian_railroads import tracks
from games.russian_railroads.data import BROWN, GREY, KIEV, NATURAL, PETERSBURG, TRANSSIB, WHITE

from .helpers import act, at_turn, decide, illegal_code, player, types

T, P, K = TRANSSIB * 5, PETERSBURG * 5, KIEV * 5


def test_black_steps_split_over_lines():
    """Rules text: 'Er darf die Schritte auch beliebig auf seine Strecken verteilen.'"""
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    s = act(s, "p1", "AdvanceTrack", line="st_petersburg", colour="black")
    p = s.players["p1"]
    assert p.tr[K] == 2 and p.tr[P] == 2 and p.tr[T] == 1
    assert s.pending == ()


def test_grey_locked_until_transsib_2():
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    assert illegal_code(s, "p1", "AdvanceTrack", line="kiev", colour="grey") == "rr.track.colour_locked"


def test_reaching_transsib_2_with_black_unlocks_grey():
    """Rules text: 'Hat der Spieler das Feld 2 auf der Strecke TransSib mit dem schwarzen
    Gleis erreicht ... nimmt er sich sofort 3 graue Gleise'."""
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    events = decide(s, "p1", "AdvanceTrack", line="transsib", colour="black")
    assert types(events) == ["TrackAdvanced", "TracksUnlocked"]
    assert events[1].payload["colour"] == GREY


def test_unlocks_at_6_and_10_and_15_with_two_white_steps():
    s = at_turn()
    p = player(s)
    p.tr[T] = 5
    p.unlocked[GREY] = True
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    s = act(s, "p1", "AdvanceTrack", line="transsib", colour="black")
    assert s.players["p1"].unlocked[BROWN]
    s2 = at_turn()
    p = player(s2)
    p.tr[T] = 9
    p.unlocked[GREY] = p.unlocked[BROWN] = True
    s2 = act(s2, "p1", "PlaceWorkers", space="black_1w")
    s2 = act(s2, "p1", "AdvanceTrack", line="transsib", colour="black")
    assert s2.players["p1"].unlocked[NATURAL]
    # Transsib 15: white track plus up to 2 white steps at once, and 10 VP (end of line).
    s3 = at_turn()
    p = player(s3)
    p.tr[T] = 14
    p.tr[T + GREY], p.tr[T + BROWN], p.tr[T + NATURAL] = 10, 8, 6
    p.unlocked = [True, True, True, True, False]
    s3 = act(s3, "p1", "PlaceWorkers", space="black_1w")
    events = decide(s3, "p1", "AdvanceTrack", line="transsib", colour="black")
    assert "TracksUnlocked" in types(events)
    gained = [e for e in events if e.type == "ActionsGained"][0].payload["items"][0]
    assert gained[1:5] == ["steps", 2, False, "white"]
    assert any(e.type == "PointsScored" and e.payload["points"] == 10 for e in events)


def test_no_overtaking_and_no_drawing_level():
    """Rules text: 'Ein Gleis kann niemals mit dem vorderen Gleis gleichziehen oder dieses überholen.'"""
    s = at_turn()
    p = player(s)
    p.unlocked[GREY] = True
    p.tr[K] = 2
    p.tr[K + GREY] = 1
    p.tr[T] = 6  # room for grey elsewhere, so the space is executable in full
    s = act(s, "p1", "PlaceWorkers", space="grey_1w")
    assert illegal_code(s, "p1", "AdvanceTrack", line="kiev", colour="grey") == "rr.track.overtake"


def test_new_colour_enters_at_space_1_behind_black():
    s = at_turn()
    p = player(s)
    p.unlocked[GREY] = True
    p.tr[T] = 6
    s = act(s, "p1", "PlaceWorkers", space="grey_1w")
    # black still on space 1 of St. Petersburg: grey cannot enter
    assert illegal_code(s, "p1", "AdvanceTrack", line="st_petersburg", colour="grey") == "rr.track.overtake"


def test_colour_not_printed_on_line():
    """Rules text: which colours may be built on which line is printed on the tableau."""
    s = at_turn()
    p = player(s)
    p.unlocked = [True] * 5
    p.tr[K] = 9
    p.tr[K + GREY], p.tr[K + BROWN] = 8, 7
    p.tr[T], p.tr[T + GREY], p.tr[T + BROWN] = 12, 11, 10
    s = act(s, "p1", "PlaceWorkers", space="natural_1w")
    assert illegal_code(s, "p1", "AdvanceTrack", line="kiev", colour="natural") == "rr.track.colour_not_on_line"


def test_track_never_beyond_last_space():
    s = at_turn()
    p = player(s)
    p.tr[K] = 9
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    assert illegal_code(s, "p1", "AdvanceTrack", line="kiev", colour="black") == "rr.track.end_of_line"


def test_end_of_line_gives_10_points_once():
    """Rules text: 'Erreicht das schwarze Gleis das Ende einer Strecke, erhält der Spieler 10 Punkte.'"""
    s = at_turn()
    p = player(s)
    p.tr[K] = 8
    vp = p.vp
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    assert s.players["p1"].vp == vp + 10
    assert "kiev_end" in s.players["p1"].claims


def test_kiev_7_gives_a_worker_usable_this_round():
    """Rules text: 'Erreicht der Spieler das Feld 7 auf der Strecke Kiev mit dem schwarzen
    Gleis, erhält er sofort einen zusätzlichen Arbeiter ... auch in dieser Runde'."""
    s = at_turn()
    p = player(s)
    p.tr[K] = 6
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    free = s.players["p1"].free
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    assert s.players["p1"].workers == 6 and s.players["p1"].free == free + 1


def test_transsib_3_needs_brown_and_loco():
    """Rules text: Transsib 3 with the brown track and the locomotive gives a worker."""
    s = at_turn()
    p = player(s)
    p.unlocked[:3] = [True, True, True]
    p.tr[T], p.tr[T + GREY], p.tr[T + BROWN] = 8, 5, 2
    p.locos[TRANSSIB] = [1]
    s = act(s, "p1", "PlaceWorkers", space="brown_1w")
    s1 = act(s, "p1", "AdvanceTrack", line="transsib", colour="brown")
    assert s1.players["p1"].workers == 5  # reach 1 < 3: nothing yet
    s2 = at_turn()
    p = player(s2)
    p.unlocked[:3] = [True, True, True]
    p.tr[T], p.tr[T + GREY], p.tr[T + BROWN] = 8, 5, 2
    p.locos[TRANSSIB] = [3]
    s2 = act(s2, "p1", "PlaceWorkers", space="brown_1w")
    s2 = act(s2, "p1", "AdvanceTrack", line="transsib", colour="brown")
    assert s2.players["p1"].workers == 6


def test_question_spaces_need_black_and_loco():
    """Rules text: Transsib 13 / Petersburg 4 and 6 with black track and locomotive: a ?-token."""
    s = at_turn()
    p = player(s)
    p.tr[P] = 3
    p.locos[PETERSBURG] = [4]
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    events = decide(s, "p1", "AdvanceTrack", line="st_petersburg", colour="black")
    assert "SpecialSpaceReached" in types(events)
    assert events[-1].payload["items"][0][1] == "q_token"


def test_loco_arriving_later_triggers_the_space():
    """Reference 2.3: conditions are re-checked after every loco placement."""
    s = at_turn()
    p = player(s)
    p.tr[P] = 4
    s = act(s, "p1", "PlaceWorkers", space="loco_1w")
    number = min(n for n in range(1, 10) if s.stacks[n])
    assert number == 2
    p = player(s)
    p.locos[PETERSBURG] = []
    s.stacks[2] = 0
    s.stacks[3] = 0
    events = decide(s, "p1", "BuildLoco", line="st_petersburg")
    assert any(e.type == "SpecialSpaceReached" and e.payload["key"] == "st_petersburg_4" for e in events)


def test_feasibility_search_needs_black_before_grey():
    """Engineer 3 (1 black + 1 grey) is executable if black moves first to make room."""
    tr = [0] * 15
    tr[T], tr[T + GREY] = 3, 2
    tr[P] = tr[K] = 9
    tr[P + GREY], tr[K + GREY] = 8, 8
    unlocked = [True, True, False, False, False]
    assert tracks.capacity(tr, unlocked, GREY) == 0
    assert tracks.feasible(tr, unlocked, [("black", 1), ("grey", 1)])
    assert not tracks.feasible(tr, unlocked, [("grey", 2)])


def test_space_not_executable_in_full_is_refused():
    """Yucata clarification: board actions must be fully executable, else not chosen."""
    s = at_turn()
    p = player(s)
    p.unlocked[GREY] = True  # grey unlocked but no room anywhere (black on space 1)
    assert illegal_code(s, "p1", "PlaceWorkers", space="grey_1w") == "rr.action.not_executable"


def test_white_only_on_transsib():
    assert tracks.colour_set("any") == (0, 1, 2, 3, 4)
    s = at_turn()
    p = player(s)
    p.unlocked = [True] * 5
    p.tr[P] = 9
    p.tr[P + GREY], p.tr[P + BROWN], p.tr[P + NATURAL] = 8, 7, 6
    p.tr[T], p.tr[T + GREY], p.tr[T + BROWN], p.tr[T + NATURAL] = 15, 14, 13, 12
    s = act(s, "p1", "PlaceWorkers", space="white_1w")
    assert illegal_code(s, "p1", "AdvanceTrack", line="st_petersburg", colour="white") == "rr.track.colour_not_on_line"
    assert WHITE == 4


def test_unlocked_tracks_per_colour_match_the_rules_counts():
    """Rules text: at Transsib 2 '3 graue Gleise ... je eines neben jede Strecke', at 6
    '3 braune Gleise', at 10 '2 naturfarbige' and at 15 'ein weißes Gleis': one track per
    colour per line that allows it."""
    from games.russian_railroads.data import RULES

    per_colour = {c: sum(RULES.allowed[line][i] for line in range(3)) for i, c in enumerate(RULES.colours)}
    assert per_colour == {"black": 3, "grey": 3, "brown": 3, "natural": 2, "white": 1}
    assert per_colour == RULES.raw["tracks_per_player"]
    assert [(space, RULES.colours[c], steps) for space, c, steps in RULES.unlocks] == [
        (2, "grey", 0), (6, "brown", 0), (10, "natural", 0), (15, "white", 2)]
