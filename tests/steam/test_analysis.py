"""Steam's analysis searches (issue 27: analysis runs on MCTS for every game): the rows of a
recorded expert game are the search's estimates where a seat builds or moves goods; at an
action tile (and in the auction) the search plays the planner's choice, whose position it
cannot score any better, and the row's chances come from the evaluation, as it says."""

from __future__ import annotations

import math

from events.analysis import level_for
from events.logfile import read_file
from games.steam import GAME
from tests.contract.record import FIXTURES_LIST
from worker.analysis import Analysis


def test_a_recorded_steam_game_is_analysed_by_the_search_in_every_phase():
    fixture = next(f for f in FIXTURES_LIST if f.game == "steam" and f.name == "ne-usa-expert-3p")
    assert level_for(GAME) == "mcts-100i"
    work = Analysis(GAME, read_file(fixture.path), level_for(GAME, 12))
    first_of: dict[str, int] = {}
    for index, p in enumerate(work.positions):
        first_of.setdefault(p.live.phase, index)
    assert {"actions", "build", "move"} <= set(first_of)
    for phase in ("actions", "build", "move"):
        row = work.row(first_of[phase])
        assert row["source"] == ("evaluation" if phase == "actions" else "search"), phase
        assert row["bot"]["level"] == "mcts-12i"
        assert row["bot"]["commands"] and row["bot"]["commands"][-1]["type"] == "ConfirmTurn"
        assert math.isclose(sum(row["win"].values()), 1.0, abs_tol=0.02), row["win"]
        assert all(0.0 <= w <= 1.0 for w in row["win"].values())
