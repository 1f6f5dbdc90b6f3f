"""Bots on Steam: ``stellwerk selfplay --game steam`` games (random and greedy, both maps,
base and expert) replay to the same result with ``stellwerk replay``; the greedy bot's
evaluation is registered and prefers a better position; it beats random players (the
100-game tournament is a benchmark, not a test)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from games.steam import GAME
from service.cli import main
from worker.bots.evaluation import for_game
from worker.selfplay import play

from .helpers import connect, places, position


@pytest.mark.parametrize("players,bots,options", [
    (3, "random", {}),
    (3, "random", {"map": "rhine_ruhr", "mode": "expert"}),
    (4, "random", {"map": "ne_usa_se_canada", "mode": "expert"}),
    (4, "random", {"map": "rhine_ruhr", "mode": "base"}),
    (5, "random", {"map": "rhine_ruhr"}),
    (5, "random", {"map": "ne_usa_se_canada", "mode": "expert"}),
    (3, "greedy,random", {"rounds": 2}),
    (3, "greedy", {"rounds": 1, "mode": "expert"}),
])
def test_selfplay_logs_replay_to_the_same_result(tmp_path, players, bots, options):
    """``stellwerk selfplay --game steam --players N --options '{"map": ..., "mode": ...}'`` and
    ``stellwerk replay`` of its log give the same scores, ranking and final position."""
    runner = CliRunner()
    args = ["selfplay", "--game", "steam", "--players", str(players), "--seed", "st", "--games", "1",
            "--bots", bots, "--out", str(tmp_path)]
    if options:
        args += ["--options", json.dumps(options)]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout.splitlines()[0])  # the record, not what went to stderr
    assert line["over"] and len(line["scores"]) == players
    created = json.loads(open(line["log"], encoding="utf-8").readline())
    assert {k: created["payload"]["options"][k] for k in options} == options
    replayed = runner.invoke(main, ["replay", line["log"]])
    assert replayed.exit_code == 0, replayed.output
    again = json.loads(replayed.output)
    fields = ("game", "seq", "over", "scores", "ranking", "places", "to_move")
    assert {k: again[k] for k in fields} == {k: line[k] for k in fields}


def test_the_greedy_evaluation_is_registered_and_prefers_completed_links():
    evaluate = for_game(GAME)
    assert evaluate.__module__ == "games.steam.evaluation"
    state = position(3, money=0)
    n = places(state)
    better = connect(state, "p1", n["Albany"], n["Poughkeepsie"], n["New York"])
    assert evaluate(GAME, better, ("p1",))["p1"] > evaluate(GAME, state, ("p1",))["p1"]
    poorer = state.clone()
    poorer.income["p1"] = -9
    assert evaluate(GAME, poorer, ("p1",))["p1"] < evaluate(GAME, state, ("p1",))["p1"]


def test_greedy_beats_random_in_a_few_short_games():
    wins = 0
    for i in range(3):
        levels = ["random"] * 3
        levels[i] = "greedy"
        table = play(GAME, 3, f"steam-greedy-{i}", levels, {"rounds": 3}, budget_ms=0)
        status = table.status()
        assert status.over
        wins += status.ranking[0] == f"p{i + 1}"
    assert wins >= 2


def test_the_mcts_level_plays_whole_legal_turns():
    """The MCTS levels run on Steam through the same interface (here with a fixed, small
    iteration count so that the test does not depend on the machine's speed).  A build turn
    is left out: its root expands every first tile greedily (tens of seconds without a
    budget; with the service's budget it answers in time, see benchmarks/README.md)."""
    import random

    from worker.bots.turns import bot_turn

    from .helpers import step, table

    t = table(3, "mcts-turns")
    rng = random.Random(5)
    phases = set()
    for _ in range(3000):
        s = t.state
        if t.status().over or {"actions", "move"} <= phases:
            break
        if s.current and not t.projection.tail and s.phase not in phases and s.phase in ("actions", "move"):
            seat = s.current
            commands = bot_turn(t.projection, seat, "mcts-1i", 0)
            assert commands and commands[-1].type == "ConfirmTurn"
            for command in commands:
                t.submit(seat, command)            # every command of the turn is legal
            phases.add(s.phase)
            continue
        step(t, rng)
    assert {"actions", "move"} <= phases


def test_the_evaluation_sees_a_bankruptcy_coming():
    from games.steam.evaluation import doomed_in

    state = position(3, phase="move", money=0)
    state.income["p1"], state.vp["p1"] = -10, 0
    assert doomed_in(state, "p1", 3) == 1
    state.vp["p1"] = 4                               # two $5 steps of 2 VP: the first -10 is paid
    assert doomed_in(state, "p1", 3) == 2
    state.income["p1"] = 2
    assert doomed_in(state, "p1", 3) is None
    evaluate = for_game(GAME)
    safe, doomed = state.clone(), state.clone()
    doomed.income["p1"], doomed.vp["p1"] = -10, 0
    safe.income["p1"], safe.vp["p1"] = -7, 0
    assert evaluate(GAME, doomed, ("p1",))["p1"] < evaluate(GAME, safe, ("p1",))["p1"] - 20
    expert = position(3, phase="move", money=3, mode="expert")
    expert.income["p1"], expert.loco["p1"], expert.vp["p1"] = -10, 2, 1   # owes $12: $3, 1 VP ($2), then out
    assert doomed_in(expert, "p1", 2) == 1
