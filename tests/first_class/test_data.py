"""The data file keeps every real count of the printed game (reference section 2)
while the card designs are stand-ins, and says so."""

from __future__ import annotations

from collections import Counter

from games.first_class.data import RULES


def test_each_stack_has_24_base_and_8_cards_of_each_module():
    for stack in (1, 2, 3):
        modules = Counter(c.module for c in RULES.cards.values() if c.stack == stack)
        assert modules == {"X": 24, "A": 8, "B": 8}
    assert len(RULES.cards) == 3 * 40


def test_real_counts_of_cars_lok_tiles_post_wagons_and_end_game_cards():
    assert RULES.supply == {"0/1": 50, "2/4": 24, "7/12": 20}  # 94 double-sided car cards
    assert sorted(v for v, _ in RULES.lok_tiles) == [5, 6, 7, 8, 12, 13, 14, 15]
    assert len(RULES.post_wagons) == 4  # 4 per colour, 16 in all
    assert len(RULES.end_cards) == 21
    assert Counter(c.type for c in RULES.end_cards.values()) == {"lok": 7, "schaffner": 7, "waggon": 7}
    assert RULES.levels == (0, 1, 2, 4, 7, 12)


def test_route_cards_show_one_to_four_cities_and_the_board_three():
    assert len(RULES.routes["printed"]) == 3
    route_cards = [c.route for c in RULES.cards.values() if c.route]
    assert len(route_cards) == 12 and set(route_cards) == set(RULES.routes) - {"printed"}
    assert all(1 <= len(RULES.routes[r]) <= 4 for r in route_cards)


def test_the_invented_parts_are_marked_stand_in():
    raw = RULES.raw
    assert "STAND-IN" in raw["_about"]
    for section in ("start_tile", "post_wagons", "constantinople", "routes", "end_cards", "action_cards"):
        assert raw[section].get("stand_in") is True, section
    assert raw["car_cards"]["stand_in_rule"] is True
    assert "STAND-IN" in raw["lok_tiles"]["_note"]


def test_every_action_card_but_contracts_has_a_type_for_the_end_game_cards():
    for card in RULES.cards.values():
        assert (card.type is None) == (card.contract is not None), card.id


def test_the_starting_cars_come_out_of_the_car_supply():
    """Reference 2: "car cards (double-sided) 94: 50 × 0/1, 24 × 2/4, 20 × 7/12"; set-up:
    "2 zero cars (first car of each train)" per player -- from those 94, not on top:
    with 4 players 42 cards of 0/1 are left in the supply."""
    from .helpers import new_game
    for players in (2, 3, 4):
        state = new_game(players)
        in_trains = sum(len(t) for p in state.players.values() for t in p.trains)
        assert in_trains == 2 * players
        assert state.supply == {"0/1": 50 - 2 * players, "2/4": 24, "7/12": 20}
        assert sum(state.supply.values()) + in_trains == 94
