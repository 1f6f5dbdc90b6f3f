"""The year change and the end of the game (rules text, "JAHRESWECHSEL", "SPIELENDEN", "SIEGER")."""

from __future__ import annotations

from games.contract import SECRET
from games.railroad_dice.stations import chains, longest_chain

from .helpers import GAME, confirm, fresh, run


def station(s, company, pos):
    s.stations.append({"company": company, "pos": pos, "field": [3, 3], "kind": "meadow", "cost": 3})


def test_text_example_chains_on_the_overview_map():
    """Berg&Tal (red) has three stations, two adjacent: chains of 1 and 2, the longest is 2.
    A red station on 'A' would join all into a chain of 4; one on 'C' (next to the pair,
    on an active large tile) lengthens the pair by 1; one on 'B' only together with 'A'.
    Insel Hopper (yellow) has a chain of 2.  Diagonal neighbours do not join."""
    red = ["0,0", "1,0", "3,0"]
    a, b, c = "2,0", "2,1", "1,1"
    assert longest_chain(red) == 2
    assert longest_chain(red + [a]) == 4
    assert longest_chain(red + [c]) == 3
    assert longest_chain(red + [b]) == 2
    assert longest_chain(red + [a, b]) == 5
    assert longest_chain(["0,1", "0,2"]) == 2
    assert longest_chain(["0,0", "1,1"]) == 1


def test_stations_on_the_active_large_tiles_count_at_their_map_position():
    s = fresh()
    s.directors["bergtal"] = "p1"
    station(s, "bergtal", "0,0")  # on the start tile, still in play
    station(s, "bergtal", "0,-1")
    assert chains(s)["bergtal"] == 2


def year_end(players=2):
    s = fresh(players)
    s.turn_index = players
    s.phase = "year_change"
    return s


def test_passengers_go_to_the_director_per_company_openly():
    s = year_end()
    s.directors.update(bergtal="p1", insel="p1")
    station(s, "bergtal", "0,0")
    station(s, "bergtal", "1,0")
    station(s, "insel", "0,0")
    s.shares["p2"]["bergtal"] = 3  # a shareholder who is no director gets nothing
    s.shares["p1"]["bergtal"] = 4
    s, events = run(s, "system", "ScoreYear")
    assert s.passengers == {"p1": 3, "p2": 0}
    assert events[0].payload["carried"] == {"p1": 3, "p2": 0}
    assert events[0].payload["totals"] == {"passengers": {"p1": 3}} and SECRET not in events[0].payload


def test_directors_are_appointed_and_the_start_player_passes_left():
    s = year_end(3)
    s.shares["p2"]["insel"] = 1
    s, events = run(s, "system", "ScoreYear")
    assert s.directors["insel"] == "p2" and s.year == 2
    assert s.seats[s.start] == "p2" and s.current == "p2"


def test_losing_the_last_directorship_marks_income_case_c():
    s = year_end()
    s.directors["insel"] = "p1"
    s.shares["p1"]["insel"] = 1
    s.shares["p2"]["insel"] = 2
    s, _ = run(s, "system", "ScoreYear")
    assert s.directors["insel"] == "p2" and s.lost_directorship == ["p1"]


def test_a_turn_then_the_next_seat_then_the_year_change():
    s = fresh()
    s, _ = run(s, "p1", "Roll")
    s = confirm(s, "p1")
    assert GAME.status(s).to_move == ("p2",)
    s, _ = run(s, "p2", "Roll")
    s = confirm(s, "p2")
    assert GAME.status(s).pending_system == ("ScoreYear",)


def test_after_an_end_trigger_the_year_change_is_the_last_passenger_count():
    s = year_end()
    s.end_trigger = "b"
    s.directors["weiden"] = "p2"
    station(s, "weiden", "0,0")
    s, events = run(s, "system", "ScoreYear")
    assert [e.type for e in events] == ["YearScored", "GameEnded"]
    status = GAME.status(s)
    assert status.over and status.scores == {"p1": 0, "p2": 1} and status.ranking == ("p2", "p1")


def test_tie_break_most_question_dice_in_front_then_most_dice():
    s = year_end(3)
    s.end_trigger = "c"
    s.front["p1"] = {"straight": 0, "curve": 0, "share": 0, "question": 1}
    s.front["p2"] = {"straight": 0, "curve": 0, "share": 0, "question": 2}
    s.front["p3"] = {"straight": 3, "curve": 0, "share": 0, "question": 1}
    s.screen["p1"] = 5
    s, events = run(s, "system", "ScoreYear")
    assert events[-1].payload["ranking"] == ["p2", "p1", "p3"]  # p1: 1 '?' and 6 dice, p3: 1 '?' and 4
    assert GAME.status(s).final_places() == {"p2": 1, "p1": 2, "p3": 3}


def test_a_complete_tie_shares_the_place():
    s = year_end()
    s.end_trigger = "c"
    s, _ = run(s, "system", "ScoreYear")
    assert GAME.status(s).final_places() == {"p1": 1, "p2": 1}


def test_status_shows_the_passengers_while_the_game_runs():
    s = fresh()
    s.passengers["p1"] = 7
    assert GAME.status(s).scores == {"p1": 7, "p2": 0} and GAME.status(s).ranking == ("p1", "p2")


def test_end_b_when_the_last_small_tile_is_laid():
    from .test_connect import five_on_start

    s = five_on_start()
    s.small_left = {"meadow": 1, "lake": 0, "mountain2": 0, "mountain3": 0}
    s, events = run(s, "p1", "ConnectTile", end="A", via=0, exit=0, tile="meadow", rot=0, onward=0)
    assert events[-1].type == "EndTriggered" and events[-1].payload["reason"] == "b"
    assert s.bank_closed and GAME.status(s).to_move == ("p1",)


def test_end_c_when_both_ends_of_the_line_are_dead_ends():
    from .helpers import give, put

    s = fresh()
    s.small_left = {t: 0 for t in s.small_left}  # no tile can be connected: the line stays on this tile
    for r, c in ((1, 2), (2, 1), (3, 2), (4, 3)):
        put(s, "0,0", r, c)  # end B (south) is blocked; north-west of the start a one-field pocket
    s = give(s, "p1", curve=1)
    s, events = run(s, "p1", "PlaceTrack", end="A", via=0, exit=3)
    assert events[-1].type == "EndTriggered" and events[-1].payload["reason"] == "c"
