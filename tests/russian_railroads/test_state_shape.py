"""The state's declared shape: pending items by field name, the caches declared and
never dumped or cloned, the ints that pack a boiler or an item's detail unpacked by name."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest

from games.russian_railroads import GAME
from games.russian_railroads.data import SPECIAL9, Tile, has_boiler, loco_value, with_boiler, without_boiler
from games.russian_railroads.items import Item, item_of, loco_to_place, placing
from games.russian_railroads.state import State
from games.russian_railroads.usa.market import dividend_arg, dividend_of
from tests.russian_railroads.helpers import at_turn, new_game

CACHES = {"_after", "_placements", "_steps", "_builds", "_status"}


def test_an_item_is_its_six_fields_in_the_events_order():
    item = Item(7, "steps", 2, True, "black", False)
    assert item.fields() == [7, "steps", 2, True, "black", False]
    assert item_of(item.fields()) == item and hash(item_of(item.fields())) == hash(item)
    assert Item(7, "steps", 1, True, "black", False) != item


def test_the_caches_are_declared_and_only_they_are():
    declared = {f.name for f in fields(State) if f.metadata.get("cache")}
    assert declared == CACHES


def test_a_dump_leaves_the_caches_out_and_a_clone_starts_without_them():
    state = at_turn(4, "p1", 3)  # the base game's action phase: every cache is written
    seat = GAME.status(state).to_move[0]
    command = GAME.legal_commands(state, seat)[0]
    GAME.decide(state, command, random.Random(0))
    assert state._after is not None and state._placements is not None and state._status is not None
    data = state.dump()
    assert not CACHES & set(data) and "_options" not in data and "options" in data
    clone = state.clone()
    assert all(getattr(clone, name) is None for name in CACHES)
    assert json.dumps(State.load(json.loads(json.dumps(data))).dump(), sort_keys=True) == \
        json.dumps(data, sort_keys=True)
    state.touch()
    assert all(getattr(state, name) is None for name in CACHES)


def test_a_dump_of_a_played_game_keeps_the_modules_shapes_as_plain_json():
    state, _ = new_game(4, 5, {"coal": True})
    data = json.loads(json.dumps(state.dump()))
    assert set(data["coal"]) >= {"coal", "open", "stack", "owned", "closed", "used", "fields"}
    assert State.load(data).coal == state.coal


@pytest.mark.parametrize("number", [1, 5, 8, SPECIAL9])
def test_a_boiler_is_named_not_added_by_hand(number):
    tile = with_boiler(number)
    assert has_boiler(tile) and not has_boiler(number)
    assert without_boiler(tile) == number == without_boiler(number)
    assert Tile.of(tile) == Tile(number, True) and Tile.of(number) == Tile(number, False)
    assert loco_value(tile) == loco_value(number) + 1  # "für alle anderen Belange" +1


@pytest.mark.parametrize("number,line", [(3, -1), (7, 0), (SPECIAL9, -1), (9, 2)])
def test_a_loco_to_place_unpacks_to_its_number_and_excluded_line(number, line):
    assert placing(loco_to_place(number, line)) == (number, line)


@pytest.mark.parametrize("level,after", [(0, False), (3, True), (7, False)])
def test_a_dividend_item_unpacks_to_its_level_and_payout(level, after):
    assert dividend_of(dividend_arg(level, after)) == (level, after)
