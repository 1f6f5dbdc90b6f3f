"""Named places (issue 24): the log, the menus and the move window name places ("between Albany
and Troy", "north-east of Utica", "in Syracuse") and tiles by what they show ("a straight
track"), never coordinates (``4,-2``) or ids (``#T11``, ``#22``)."""

from __future__ import annotations

import random
import re

import pytest

from games.contract import Description, render
from games.steam import GAME, places
from games.steam.data import MAPS, hex_map

from .helpers import PLATFORM_ONLY, step, table

#: A coordinate ("4,-2", "-1, 4") or an id ("#T11", "#22", "T21") in a text.
FORBIDDEN = re.compile(r"-?\d+\s*,\s*-?\d+|#\s*T?\d+|\bT\d\d\b|\{[a-z_]+\}")


def texts_of(description: Description) -> list[str]:
    return [render(GAME, description, lang) for lang in ("de", "en")]


def check(texts: list[str], what: object) -> None:
    bad = [t for t in texts if FORBIDDEN.search(t)]
    assert not bad, f"{what}: {bad}"


@pytest.mark.parametrize("map_id", MAPS)
def test_every_hex_has_a_name_in_words(map_id):
    names = places.hex_names(map_id)
    mp = hex_map(map_id)
    assert set(names) == set(mp.hexes)
    for hex_key, phrase in names.items():
        check(list(phrase.values()), hex_key)
        assert all(phrase.values())
    albany = next(h for h, c in mp.cities.items() if c["name"] in ("Albany", "Duisburg"))
    assert names[albany]["en"].startswith("in ")


def test_a_hex_is_named_between_two_places_or_by_its_direction_from_the_nearest():
    refs = places.references("ne_usa_se_canada")
    by_name = {c["name"]: h for h, c in hex_map("ne_usa_se_canada").cities.items()}
    q, r = (int(x) for x in by_name["Albany"].split(","))
    names = {places.phrase(refs[f"{q + dq},{r + dr}"])["en"] for dq, dr in ((0, -1), (1, -1), (1, 0), (0, 1),
                                                                             (-1, 1), (-1, 0))
             if f"{q + dq},{r + dr}" in refs}
    assert all(re.fullmatch(r"(between \w[\w ]* and \w[\w ]*|(north|south)?-?(east|west)? ?of Albany"
                            r"|(north|south) of Albany)", n) for n in names), names
    assert places.direction((0, 0), (0, -1)) == "N" and places.direction((0, 0), (1, 0)) == "SE"
    assert places.direction((0, 0), (2, -1)) == "E" and places.direction((0, 0), (-1, 0)) == "NW"


@pytest.mark.parametrize("map_id,mode", [(m, mode) for m in MAPS for mode in ("base", "expert")])
def test_no_text_of_a_random_game_shows_a_coordinate_or_an_id(map_id, mode):
    """Every event's log line, every listed command's sentence and every open action of a random
    game (both maps, base and expert), in German and English."""
    seed = f"names-{map_id}-{mode}"
    t = table(4, seed, map=map_id, mode=mode, rounds=3)
    rng = random.Random(seed)
    listed = 0
    for i in range(3000):
        status = t.status()
        if status.over:
            break
        seat = t.projection.turn_seat or (status.to_move[0] if status.to_move else None)
        if seat is not None and i % 3 == 0:
            for command in t.legal(seat):
                if command.type in PLATFORM_ONLY or command.type == "ConfirmTurn":
                    continue
                check(texts_of(GAME.describe_command(command)), command)
                listed += 1
            for action in GAME.open_actions(t.state, seat):
                check(texts_of(Description(action.key, action.params)), action)
        step(t, rng)
    assert t.status().over and listed > 100
    kinds = set()
    for env in t.log:
        description = GAME.describe(env.event)
        kinds.add(description.key)
        check(texts_of(description), env.event)
    assert {"TrackBuilt", "GoodsDelivered"} <= kinds or "TrackBuilt" in kinds
