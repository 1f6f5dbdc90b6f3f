"""Scoring (games/russian_railroads/scoring.py): round scoring of lines and industry,
end-game cards and the final scoring, with the worked numbers of the rules text."""

from __future__ import annotations

from games.russian_railroads import scoring
from games.russian_railroads.data import BLACK, BROWN, GREY, KIEV, NATURAL, PETERSBURG, SPECIAL9, TRANSSIB, WHITE
from games.russian_railroads.state import PlayerState

T, P, K = TRANSSIB * 5, PETERSBURG * 5, KIEV * 5


def fresh() -> PlayerState:
    p = PlayerState("p1")
    p.tr[T] = p.tr[P] = p.tr[K] = 1
    p.locos[TRANSSIB] = [1]
    return p


def test_kiev_3_with_3_loco_scores_6_stars():
    """Rules text: 'Steht er z.B. auf Feld 3 und hat mindestens eine 3er Lokomotive an der
    Strecke, erhält er bei jeder zukünftigen Wertung dafür 6 Bonuspunkte (1+2+3 Punkte)'."""
    p = fresh()
    p.tr[K] = 3
    p.locos[KIEV] = [3]
    assert scoring.line_score(p, KIEV) == 1 + 2 + 3 == 6


def test_kiev_stars_need_the_loco_reach():
    p = fresh()
    p.tr[K] = 3
    p.locos[KIEV] = [2]
    assert scoring.line_score(p, KIEV) == 1 + 2


def test_kiev_star_8_is_the_stand_in_5():
    p = fresh()
    p.tr[K] = 8
    p.locos[KIEV] = [8]
    assert scoring.kiev_bonus(p) == 1 + 2 + 3 + 4 + 5


def test_line_without_loco_scores_nothing():
    """Rules text: 'Es werden nur Felder gewertet, die von Lokomotiven erreicht werden.'"""
    p = fresh()
    p.unlocked[GREY] = True
    p.tr[P], p.tr[P + GREY] = 5, 4
    assert scoring.line_score(p, PETERSBURG) == 0


def test_virtual_tracks_behind_a_track():
    """Rules text: 'Freie Felder hinter einem Gleis zählen so, als würde dort ein Gleis dieser
    Farbe stehen.'  Grey on 4 behind black on 6, loco 5: spaces 1-4 grey (1 each), 5 black (0)."""
    p = fresh()
    p.unlocked[GREY] = True
    p.tr[P], p.tr[P + GREY] = 6, 4
    p.locos[PETERSBURG] = [5]
    assert scoring.line_score(p, PETERSBURG) == 4


def test_mixed_colours_and_values():
    """Track values (reference 2.4): grey 1, brown 2, natural 4, white 7."""
    p = fresh()
    p.unlocked = [True] * 5
    p.tr[T], p.tr[T + GREY], p.tr[T + BROWN], p.tr[T + NATURAL], p.tr[T + WHITE] = 10, 8, 6, 4, 2
    p.locos[TRANSSIB] = [5, 4]
    # spaces 1-2 white 7, 3-4 natural 4, 5-6 brown 2, 7-8 grey 1, 9 black 0
    assert scoring.line_score(p, TRANSSIB) == 2 * 7 + 2 * 4 + 2 * 2 + 2 * 1 + 0


def test_transsib_two_locos_add_up():
    """Rules text: 'Liegen 2 Loks an der Strecke TransSib, so werden die Zahlen beider
    Lokomotiven zusammengezählt'."""
    p = fresh()
    p.unlocked[GREY] = True
    p.tr[T], p.tr[T + GREY] = 10, 9
    p.locos[TRANSSIB] = [3, 4]
    assert p.reach(TRANSSIB) == 7
    assert scoring.line_score(p, TRANSSIB) == 7


def test_doublers_double_the_space_below():
    """Rules text: 'Ein Verdoppler verdoppelt bei der Wertung den Wert des Gleises auf dem
    darunter liegenden Feld.'  Doublers fill from the left."""
    p = fresh()
    p.unlocked[GREY] = True
    p.tr[T], p.tr[T + GREY] = 6, 5
    p.locos[TRANSSIB] = [4]
    p.doublers = 2
    assert scoring.line_score(p, TRANSSIB) == 2 + 2 + 1 + 1


def test_petersburg_7_grey_with_loco_doubles_the_line():
    """Rules text: Petersburg 7 with grey and loco doubles the points of the whole line."""
    p = fresh()
    p.unlocked[:3] = [True, True, True]
    p.tr[P], p.tr[P + GREY], p.tr[P + BROWN] = 9, 7, 3
    p.locos[PETERSBURG] = [7]
    assert scoring.line_score(p, PETERSBURG) == 2 * (3 * 2 + 4 * 1)
    p.locos[PETERSBURG] = [6]
    assert scoring.line_score(p, PETERSBURG) == 3 * 2 + 3 * 1


def test_kiev_medal_20_with_grey_and_loco_on_5():
    """Rules text (?-token Kiev-Medaille): 20 extra points once Kiev 5 is reached with a
    grey track and the locomotive."""
    p = fresh()
    p.unlocked[GREY] = True
    p.tr[K], p.tr[K + GREY] = 6, 5
    p.locos[KIEV] = [5]
    base = 1 + 2 + 3 + 4 + 5  # stars 1-4 (10) + grey on 1-5 (5)
    assert scoring.line_score(p, KIEV) == base
    p.q_used.append("kiev_medal")
    assert scoring.line_score(p, KIEV) == base + 20


def test_revaluation_marker_raises_brown_natural_white():
    """?-token Aufwerter: brown 3, natural 6, white 10 (reference 2.4)."""
    p = fresh()
    p.unlocked = [True] * 5
    p.tr[T], p.tr[T + GREY], p.tr[T + BROWN], p.tr[T + NATURAL], p.tr[T + WHITE] = 4, 3, 2, 1, 0
    p.locos[TRANSSIB] = [3]
    assert scoring.line_score(p, TRANSSIB) == 4 + 2 + 1
    p.q_used.append("revaluation")
    assert scoring.line_score(p, TRANSSIB) == 6 + 3 + 1


def test_industry_scores_next_lower_printed_value():
    """Rules text: a field without points (a factory) scores the next lower printed value."""
    p = fresh()
    p.markers = [5, -1]
    assert scoring.industry_score(p) == 5
    p.markers = [10, 8]
    assert scoring.industry_score(p) == 15 + 15
    p.markers = [15, -1]
    assert scoring.industry_score(p) == 30


def test_tableau_value_breakdown():
    p = fresh()
    p.tr[K] = 3
    p.locos[KIEV] = [3]
    p.markers = [4, -1]
    value = scoring.tableau_value(p)
    assert value == {"transsib": 0, "st_petersburg": 0, "kiev": 6, "industry": 5, "total": 11}


def test_end_cards():
    """Rules text, 'Die 10 Spielende-Karten'."""
    p = fresh()
    p.locos = [[5, SPECIAL9], [3], []]
    assert scoring.end_card_points(p, "locos") == 17
    p.factories = [2, 3, 0, 0, 0]
    assert scoring.end_card_points(p, "factories") == 8
    p.factories = [2, 3, 4, 5, 6]
    assert scoring.end_card_points(p, "factories") == 20
    p.tr[T], p.tr[K] = 15, 9
    assert scoring.end_card_points(p, "terminals") == 20
    assert scoring.end_card_points(p, "points_15") == 15
    p.doublers = 3
    assert scoring.end_card_points(p, "doublers") == 0
    p.doublers = 5
    assert scoring.end_card_points(p, "doublers") == 20
    p.doublers = 8
    assert scoring.end_card_points(p, "doublers") == 30
    p.engineers = [3, 9]
    assert scoring.end_card_points(p, "engineers") == 12
    assert scoring.end_card_points(p, "extra_engineer") == 0
    p.extra_workers, p.black = 2, True
    assert scoring.end_card_points(p, "workers") == 30
    p.q_used = ["a", "b", "c", "d", "e"]
    assert scoring.end_card_points(p, "q_tokens") == 28
    p.tr[P] = 4
    assert scoring.end_card_points(p, "black_tracks") == 15 + 4 + 9
    assert BLACK == 0 and NATURAL == 3


def test_end_card_boundaries_from_the_card_texts():
    """Rules text, end-game cards: 'Hat der Spieler ... 4, 5 oder 6 Verdoppler ... 20 Punkte.
    Hat er 7 oder 8 Verdoppler, erhält er sogar 30 Punkte'; '7 Punkte für jedes ?-Plättchen';
    '10 Punkte für jeden zusätzlichen Arbeiter'; 'jeden erreichten Endbahnhof 10 Punkte
    (maximal 30 Punkte)'; 'für jede Fabrik ... 4 Punkte'."""
    p = fresh()
    for doublers, vp in ((0, 0), (3, 0), (4, 20), (6, 20), (7, 30), (8, 30)):
        p.doublers = doublers
        assert scoring.end_card_points(p, "doublers") == vp, doublers
    p.q_used = ["industry_5", "doublers_3", "track_4"]
    assert scoring.end_card_points(p, "q_tokens") == 21
    p.q_used = ["a", "b", "c", "d"]
    assert scoring.end_card_points(p, "q_tokens") == 28
    p.extra_workers = 1
    assert scoring.end_card_points(p, "workers") == 10
    p.black = True
    assert scoring.end_card_points(p, "workers") == 20
    p.tr[T], p.tr[P], p.tr[K] = 15, 9, 9
    assert scoring.end_card_points(p, "terminals") == 30
    assert scoring.end_card_points(p, "black_tracks") == 15 + 9 + 9
    p.factories = [7, 0, 0, 0, 0]
    assert scoring.end_card_points(p, "factories") == 4


def test_score_round_is_system_work_and_final_scoring_follows_the_last_round():
    """Round-end scoring is pending system work; after the last round's scoring the
    end-game cards and the engineer majority are added (rules text, Schlusswertung)."""
    import random

    from games.contract import SYSTEM, Command, IllegalMove
    from games.russian_railroads import GAME

    from .helpers import act, at_turn, confirm, fold, player

    s = at_turn(2)
    assert GAME.legal_commands(s, SYSTEM) == []
    try:
        GAME.decide(s, Command("ScoreRound", SYSTEM, {}), random.Random(0))
        raise AssertionError("ScoreRound accepted before the round ended")
    except IllegalMove as exc:
        assert exc.code == "rr.system.not_due"
    s.round = s.rounds
    p1, p2 = player(s, "p1"), player(s, "p2")
    p1.tr[K] = 3
    p1.locos[KIEV] = [3]
    p1.end_cards = ["points_15"]
    p1.engineers = [2]
    p2.engineers = [5, 9]
    vp1, vp2 = p1.vp, p2.vp
    while s.phase == "actions":
        s = act(s, s.current, "Pass")
        s = confirm(s)
    pass_points = {seat: s.players[seat].vp - v for seat, v in (("p1", vp1), ("p2", vp2))}
    status = GAME.status(s)
    assert status.pending_system == ("ScoreRound",)
    assert GAME.legal_commands(s, SYSTEM) == [Command("ScoreRound", SYSTEM, {})]
    events = GAME.decide(s, Command("ScoreRound", SYSTEM, {}), random.Random(0))
    assert [e.type for e in events] == ["RoundScored", "GameFinished"]
    assert events[0].payload["scores"]["p1"]["kiev"] == 6
    final = events[1].payload["final"]
    assert final["p1"]["end_cards"] == 15 and final["p1"]["majority"] == 20
    assert final["p2"]["majority"] == 40
    s = fold(events, s)
    status = GAME.status(s)
    assert status.over
    industry1 = scoring.industry_score(s.players["p1"])
    assert status.scores["p1"] == vp1 + pass_points["p1"] + 6 + industry1 + 15 + 20
