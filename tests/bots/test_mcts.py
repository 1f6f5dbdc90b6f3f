"""The MCTS bot's value of a finished game: the sole winner 1, a shared first place 0.5
each (``SHARED_WIN``), everybody else 0."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from games.contract import Status
from tests.bots.helpers import position
from worker.bots.mcts import SHARED_WIN, Search, final_values

SEATS = ("a", "b", "c")


def finished(scores: dict[str, int], ranking: tuple[str, ...] = (), places: dict[str, int] | None = None) -> Any:
    """A finished position as ``Search.outcome`` reads it (First Class's shape: a strict
    ``ranking`` for display, tied scores sharing a place)."""
    status = Status("over", None, (), (), True, scores, ranking, places or {})
    return SimpleNamespace(status=lambda: status, seats=SEATS)


@pytest.fixture(scope="module")
def search() -> Search:
    table = position(players=3)
    return Search(table.projection, table.projection.seats[0], random.Random(0))


def test_sole_winner_is_worth_one(search: Search) -> None:
    values = search.outcome(finished({"a": 40, "b": 31, "c": 31}, ("a", "b", "c")))
    assert values == {"a": 1.0, "b": 0.0, "c": 0.0}


def test_shared_first_place_is_worth_half_to_each_co_winner(search: Search) -> None:
    # The old code took ``ranking[0]`` as the only winner: "a" 1, the co-winner "b" 0.
    values = search.outcome(finished({"a": 40, "b": 40, "c": 12}, ("a", "b", "c")))
    assert SHARED_WIN == 0.5
    assert values == {"a": 0.5, "b": 0.5, "c": 0.0}


def test_three_way_tie_is_half_too(search: Search) -> None:
    values = search.outcome(finished({"a": 7, "b": 7, "c": 7}, ("c", "a", "b")))
    assert values == {"a": 0.5, "b": 0.5, "c": 0.5}


def test_places_given_by_the_game_decide_over_scores() -> None:
    # A game that breaks the tie itself (``places``): the tie-break winner wins alone.
    status = Status("over", None, (), (), True, {"a": 40, "b": 40, "c": 12}, ("b", "a", "c"), {"b": 1, "a": 2, "c": 3})
    assert final_values(status, SEATS) == {"a": 0.0, "b": 1.0, "c": 0.0}


def test_without_a_ranking_the_top_scores_share_first_place() -> None:
    status = Status("over", None, (), (), True, {"a": 9, "b": 9, "c": 3})
    assert final_values(status, SEATS) == {"a": 0.5, "b": 0.5, "c": 0.0}
