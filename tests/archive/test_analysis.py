"""The analysis as the worker computes it: progress is visible while it runs, the
result is stored beside the log (never in it) and shown to everybody."""

from __future__ import annotations

from events.analysis import AnalysisStore
from tests.archive.conftest import finish, new_game
from worker.analysis import analyse, swings, win_chances


def test_progress_is_visible_while_the_analysis_runs(app, client, repo):
    game_id, tokens = new_game(client, rounds=2)
    finish(app, game_id, {"p1": 3})
    asked = client.post(f"/api/games/{game_id}/analysis", headers={"Authorization": f"Bearer {tokens['p2']}"})
    assert asked.json["state"] == "queued"
    store = AnalysisStore(repo.store.redis, repo.store.keys.prefix)
    seen = []

    def progress(done: int, total: int) -> None:
        store.progress(game_id, done, total)
        body = client.get(f"/api/games/{game_id}/analysis").json
        seen.append((body["state"], body["done"], body["total"]))

    log_before = repo.store.read(game_id)
    result = analyse(repo, game_id, "greedy", "0", progress=progress)
    store.finish(game_id, result)
    total = len(result["positions"])
    assert seen[0] == ("running", 1, total) and seen[-1] == ("running", total, total)
    body = client.get(f"/api/games/{game_id}/analysis").json
    assert body["state"] == "done" and body["result"] == result
    assert repo.store.read(game_id) == log_before  # nothing in the log
    first_turn = next(pos for pos in result["positions"] if pos["bot"])
    assert first_turn["bot"]["seat"] == first_turn["to_move"] and first_turn["bot"]["text"]


def test_win_chances_and_swings():
    assert win_chances({"p1": 10.0, "p2": 10.0}) == {"p1": 0.5, "p2": 0.5}
    assert win_chances({"p1": 30.0, "p2": 0.0})["p1"] > 0.99
    positions = [{"seq": 1, "win": {"p1": 0.5, "p2": 0.5}, "actor": None},
                 {"seq": 2, "win": {"p1": 0.6, "p2": 0.4}, "actor": "p1"},
                 {"seq": 3, "win": {"p1": 0.1, "p2": 0.9}, "actor": "p2"}]
    top = swings(positions, 2)
    assert [(s["seq"], round(abs(s["delta"]), 2)) for s in top] == [(3, 0.5), (3, 0.5)]
