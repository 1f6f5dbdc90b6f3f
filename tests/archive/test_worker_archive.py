"""With a real Celery worker: a finished Russian Railroads game (played by the
worker's bots) is archived, and its analysis is computed by the worker (MCTS with
a fixed iteration count, small here), with progress, and is the same for the same
game and bot seed; a game between people
gets rated by the worker's ``game_ended`` task."""

from __future__ import annotations

import dataclasses
import time

import pytest
from argon2 import PasswordHasher

from events.analysis import AnalysisStore
from events.ratings import Ratings
from service import create_app
from tests.api.conftest import auth
from tests.integration.conftest import celery_worker, worker_settings  # noqa: F401 - fixtures re-used
from tests.integration.test_worker import wait_until_over
from worker.analysis import analyse

pytestmark = [pytest.mark.slow]


def poll(check, deadline_s: float = 120.0, what: str = "condition"):
    """Poll an observable condition with a deadline (no sleeps as synchronisation)."""
    end = time.monotonic() + deadline_s
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.1)


#: MCTS iterations per position in this test (production: settings.analysis_iterations, 100):
#: the same code path, a few seconds for the game instead of a minute.
TEST_ITERATIONS = 8


def test_worker_analyses_a_finished_russian_railroads_game(celery_worker, worker_settings):  # noqa: F811
    app = create_app(dataclasses.replace(worker_settings, analysis_iterations=TEST_ITERATIONS))
    repo = app.extensions["stellwerk"].repository
    client = app.test_client()
    r = client.post("/api/games", json={"game": "russian_railroads", "options": {}, "seed": "analysis-1",
                                        "seats": [{"bot": "random"}, {"bot": "random"}]})
    assert r.status_code == 201, r.json
    game_id = r.json["id"]
    p = wait_until_over(repo, game_id, deadline_s=180)
    # A reviewer asks with a personal API token (nobody holds a seat at a table of bots).
    users = app.extensions["stellwerk_users"]
    users.hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    users.register("rita", "correct horse battery")
    _, api_token = users.create_api_token("rita", "review")
    # The worker's append that ended the game archives it right after appending.
    poll(lambda: game_id in [row["id"] for row in
                             client.get("/api/archive?game=russian_railroads&players=2").json["games"]],
         30, "the archive row")

    started = time.monotonic()
    r = client.post(f"/api/games/{game_id}/analysis", headers=auth(api_token))
    assert r.status_code in (200, 202), r.json

    def done():
        body = client.get(f"/api/games/{game_id}/analysis").json
        assert body["state"] != "failed", body
        return body if body["state"] == "done" else None

    seen_running = []

    def done_and_progress():
        body = done()
        if body is None:
            current = client.get(f"/api/games/{game_id}/analysis").json
            if current["state"] == "running":
                seen_running.append((current["done"], current["total"]))
        return body

    body = poll(done_and_progress, what="the analysis")
    result = body["result"]
    print(f"analysis of {len(result['positions'])} positions at {result['level']}: "
          f"{time.monotonic() - started:.1f} s")
    # The strongest level with a fixed iteration count; chances from the search's root.
    assert result["level"] == f"mcts-{TEST_ITERATIONS}i" and result["estimate"] == "mcts-root"
    assert seen_running and all(total == len(result["positions"]) for _, total in seen_running)  # progress shown
    assert [d for d, _ in seen_running] == sorted(d for d, _ in seen_running)
    assert sum(pos["source"] == "search" for pos in result["positions"]) >= len(result["positions"]) // 2
    steps = client.get(f"/api/games/{game_id}/replay").json["steps"]
    assert [pos["seq"] for pos in result["positions"]] == steps
    assert body["done"] == body["total"] == len(steps)
    assert all(set(pos["win"]) == {"p1", "p2"} and abs(sum(pos["win"].values()) - 1) < 0.01
               for pos in result["positions"])
    assert result["positions"][-1]["values"] == {s: float(v) for s, v in p.status().scores.items()}
    turns = [pos for pos in result["positions"] if pos["bot"]]
    assert turns and all(t["bot"]["commands"] and t["bot"]["text"] for t in turns)
    assert result["swings"] and all(s["seq"] in steps for s in result["swings"])
    # Computed once: asking again does not enqueue another task, and the result is cached.
    assert client.post(f"/api/games/{game_id}/analysis", headers=auth(api_token)).status_code == 200
    # Stable: the same game and bot seed give the same analysis.
    again = analyse(repo, game_id, result["level"], "0")  # in this process: another hash seed, same result
    assert again == result
    store = AnalysisStore(repo.store.redis, repo.store.keys.prefix)
    assert store.get(game_id)["result"] == result


def test_worker_rates_a_game_between_people(celery_worker, worker_settings):  # noqa: F811
    app = create_app(worker_settings)
    repo = app.extensions["stellwerk"].repository
    client = app.test_client()
    r = client.post("/api/games", json={"game": "tally", "options": {"rounds": 1},
                                        "seats": [{"name": "wanda"}, {"name": "xaver"}]})
    game_id, tokens = r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}
    for seat, n in (("p1", 3), ("p2", 1)):
        seq = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json["seq"]
        for i, command in enumerate(({"type": "Add", "args": {"n": n}}, {"type": "ConfirmTurn", "args": {}})):
            r = client.post(f"/api/games/{game_id}/commands", headers={"Authorization": f"Bearer {tokens[seat]}"},
                            json={"command": command, "expected_seq": seq + i, "command_id": f"{seat}-{i}"})
            assert r.status_code == 201, r.json
    wait_until_over(repo, game_id)  # the worker scores the round
    ratings = Ratings(repo.store.redis, repo.store.keys.prefix)
    wanda = poll(lambda: ratings.get("tally", 2, "wanda"), 60, "the rating")
    assert wanda.games == 1 and wanda.mu > 25 > ratings.get("tally", 2, "xaver").mu
