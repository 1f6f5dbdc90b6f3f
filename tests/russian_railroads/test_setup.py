"""Setup (game.py): options, player counts, workers and coins, decks and shuffles
resolved in the setup events, the turn-order cards, the start bonus draft."""

from __future__ import annotations

import random

import pytest

from games.contract import Game, IllegalMove
from games.russian_railroads import GAME

from .helpers import new_game


def test_implements_the_game_protocol():
    assert isinstance(GAME, Game)
    assert GAME.name == "russian_railroads" and (GAME.min_players, GAME.max_players) == (1, 4)  # 1: Emil


@pytest.mark.parametrize("players,workers,coins,rounds", [(2, 6, 2, 6), (3, 6, 1, 6), (4, 5, 1, 7)])
def test_per_player_count(players, workers, coins, rounds):
    """Rules text, 'Änderungen für 2 / 3 Spieler': 6 workers, 2 players 2 coins, 6 rounds."""
    state, events = new_game(players)
    assert events[0].type == "GameCreated"
    assert state.rounds == rounds
    for p in state.players.values():
        assert (p.workers, p.free, p.coins) == (workers, workers, coins)
        assert p.tr[0] == p.tr[5] == p.tr[10] == 1
        assert p.markers == [0, -1] and p.locos[0] == [1]
    assert state.q_cards == ["engineer", "factory", "black_worker", "loco_9", "four_actions"]
    assert state.doubler_supply == 20


def test_options_validation():
    assert GAME.validate_options({}, 3) == {}
    assert GAME.validate_options({"coal": True}, 3) == {"coal": True}  # issue 12: the coal module is built
    assert GAME.validate_options({"new_q": True}, 3) == {"new_q": True}  # issue 12: built
    with pytest.raises(IllegalMove):
        GAME.validate_options({}, 5)
    with pytest.raises(IllegalMove):
        GAME.setup({}, ["p1", "p1"], random.Random(0))


def test_shuffles_are_in_the_events_and_setup_is_deterministic():
    a = GAME.setup({}, ["p1", "p2", "p3", "p4"], random.Random(7))
    b = GAME.setup({}, ["p1", "p2", "p3", "p4"], random.Random(7))
    assert a == b
    orders = {tuple(GAME.setup({}, ["p1", "p2", "p3", "p4"], random.Random(s))[1].payload["order"])
              for s in range(30)}
    assert len(orders) > 5  # the turn order is random


def test_two_player_board_side():
    """Rules text: the 2-player side crosses out some spaces; one public engineer."""
    from games.russian_railroads.spaces import available_spaces

    state, _ = new_game(2)
    spaces = available_spaces(state, state.current)
    for crossed in ("black_1w", "grey_1w", "turn_order_2", "loco_2w", "temp_workers", "industry_black_2w"):
        assert crossed not in spaces
    assert sum(1 for s in spaces if s.startswith("engineer_")) == 1
    state4, _ = new_game(4)
    assert "black_1w" in available_spaces(state4, state4.current)


def test_start_player_takes_no_bonus():
    state, _ = new_game(3, seed=4)
    assert state.phase == "draft" and state.order[0] not in state.queue
    assert state.queue == [state.order[2], state.order[1]]
