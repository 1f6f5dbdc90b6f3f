"""Bots on First Class: ``stellwerk selfplay`` games (random and greedy) replay to
the same result with ``stellwerk replay``; the greedy bot's turns are legal and it
beats random players (the 100-game tournament is a benchmark, not a test)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from games.first_class import GAME
from games.first_class.evaluation import scorings_left
from service.cli import main
from worker.bots.evaluation import for_game
from worker.selfplay import play

from .helpers import new_game, train, with_trains


@pytest.mark.parametrize("players,bots", [(2, "random"), (3, "random"), (4, "random"), (2, "greedy")])
def test_selfplay_logs_replay_to_the_same_result(tmp_path, players, bots):
    runner = CliRunner()
    result = runner.invoke(main, ["selfplay", "--game", "first_class", "--players", str(players), "--seed", "fc",
                                  "--games", "1", "--bots", bots, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    line = json.loads(result.output.splitlines()[0])
    assert line["over"] and len(line["scores"]) == players
    replayed = runner.invoke(main, ["replay", line["log"]])
    assert replayed.exit_code == 0, replayed.output
    again = json.loads(replayed.output)
    fields = ("game", "seq", "over", "scores", "ranking", "places", "to_move")
    assert {k: again[k] for k in fields} == {k: line[k] for k in fields}


def test_the_greedy_evaluation_is_registered_and_prefers_better_trains():
    evaluate = for_game(GAME)
    assert evaluate.__module__ == "games.first_class.evaluation"
    state = new_game(2)
    better = with_trains(state, "p1", train(4, 2), train(1)).with_player("p1", conductors=(1, 0))
    assert evaluate(GAME, better, ("p1",))["p1"] > evaluate(GAME, state, ("p1",))["p1"]
    assert scorings_left(state, "p1") == 3


def test_greedy_beats_random_in_a_few_games():
    wins = 0
    for i in range(3):
        levels = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        table = play(GAME, 2, f"fc-greedy-{i}", levels, budget_ms=0)
        status = table.status()
        greedy_seat = "p1" if i % 2 == 0 else "p2"
        assert status.over
        wins += status.ranking[0] == greedy_seat
    assert wins == 3
