"""Issue 12, slice 4 (data only): the Deutschland tableau's facts as the rules text
states them, checked on ``data/deutschland.json`` before any engine uses it.  Every
printed number there is a marked stand-in; these tests pin what the text does say."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

DATA = json.loads(resources.files("games.russian_railroads").joinpath("data/deutschland.json").read_text("utf-8"))
COLOURS = ["black", "grey", "brown", "natural", "white"]


def arm(name: str) -> dict:
    return next(a for a in DATA["main_line"]["arms"] if a["id"] == name)


def test_munich_has_a_switch_after_space_8_to_hamburg_or_berlin():
    """"Auf der Hauptstrecke München befindet sich eine Weiche. Hier muss der Spieler
    entscheiden, in welche Richtung er weiterbaut." (switch after space 8)"""
    main = DATA["main_line"]
    assert main["id"] == "muenchen" and main["switch_after"] == 8 == main["shared_spaces"]
    assert {a["id"] for a in main["arms"]} == {"hamburg", "berlin"}
    for a in main["arms"]:
        assert a["spaces"][0] == main["switch_after"] + 1


def test_hamburg_is_longer_berlin_earlier_and_white_only_towards_hamburg():
    hamburg, berlin = arm("hamburg"), arm("berlin")
    assert hamburg["spaces"][1] > berlin["spaces"][1]
    assert "white" in hamburg["colours"] and "white" not in berlin["colours"]
    assert [a["id"] for a in DATA["main_line"]["arms"] if a.get("white_only_here")] == ["hamburg"]
    last_q = {a["id"]: max(s["space"] for s in a["specials"] if s["effect"]["op"] == "q_token")
              for a in (hamburg, berlin)}
    assert last_q["berlin"] < last_q["hamburg"]  # "special spaces come earlier" on Berlin


def test_natural_track_on_every_line_but_only_two():
    """"Alle 3 Strecken auf dem Deutschlandtableau zeigen das naturfarbige Gleis ...
    nur 2 naturfarbige Gleise zur Verfügung.\""""
    lines = DATA["main_line"]["arms"] + DATA["side_lines"]
    assert all("natural" in line["colours"] for line in lines)
    assert DATA["natural_tracks"] == 2


def test_side_lines_have_their_dashed_areas():
    """Dresden (Hannover) and Nürnberg-Fürth (Würzburg, Frankfurt): each intermediate
    station starts a dashed area that a tile of exactly its length fills."""
    lines = {line["id"]: line for line in DATA["side_lines"]}
    assert set(lines) == {"dresden", "nuernberg_fuerth"}
    stations = {a["station"]: a for line in lines.values() for a in line["areas"]}
    assert set(stations) == {"hannover", "wuerzburg", "frankfurt"}
    lengths = {tile["length"] for tile in DATA["extension_tiles"]["tiles"]}
    for line in lines.values():
        for area in line["areas"]:
            assert area["length"] in lengths
            assert area["first_space"] + area["length"] - 1 <= line["spaces"]


def test_eighteen_extension_tiles_six_of_each_length():
    """"18 Streckenausbauten (jeweils 6 2er, 3er und 4er)\""""
    tiles = DATA["extension_tiles"]["tiles"]
    assert len(tiles) == 18 and len({t["id"] for t in tiles}) == 18
    assert Counter(t["length"] for t in tiles) == {2: 6, 3: 6, 4: 6}
    assert DATA["extension_tiles"]["stand_in"] is True


def test_eight_income_markers_and_the_worker_and_marker_limits():
    """8 income markers; "nicht mehr als 2 zusätzliche Arbeiter der eigenen Farbe"
    (German Railroads clarification); the extra industry marker: up to three markers."""
    assert sum(m["count"] for m in DATA["income_markers"]["markers"]) == 8
    assert DATA["max_extra_own_workers"] == 2 and DATA["max_industry_markers"] == 3


def test_the_kiev_medal_frame_lies_on_dresden():
    dresden = next(line for line in DATA["side_lines"] if line["id"] == "dresden")
    assert any(s["effect"]["op"] == "kiev_medal_frame" for s in dresden["specials"])


@pytest.mark.parametrize("line", [*[a["id"] for a in DATA["main_line"]["arms"]],
                                  *[line["id"] for line in DATA["side_lines"]]])
def test_every_printed_line_is_a_marked_stand_in(line):
    lines = {x["id"]: x for x in DATA["main_line"]["arms"] + DATA["side_lines"]}
    assert lines[line]["stand_in"] is True
    assert all(c in COLOURS for c in lines[line]["colours"])


def test_always_used_items_with_the_deutschland_tableau():
    """"Das ?-Plättchen 4 Münzen und die ?-Karte mit dem neuen Aufwerter werden bei allen
    Spielen mit dem Deutschlandtableau verwendet.\""""
    assert DATA["always_used"] == {"q_tokens": ["coins_4"], "q_cards": ["revaluation_de"]}
