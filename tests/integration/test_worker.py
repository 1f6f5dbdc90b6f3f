"""A real Celery worker process plays bot seats and runs round scoring."""

from __future__ import annotations

import json
import time

import pytest
from celery import Celery

from events.connection import celery_url
from events.logfile import check_and_fold
from events.summary import result_line
from service import create_app

pytestmark = [pytest.mark.slow]


def wait_until_over(repo, game_id, deadline_s=60.0):
    """Follow the stream with XREAD BLOCK until the game is over."""
    end = time.monotonic() + deadline_s
    p = repo.projection(game_id)
    while not p.status().over:
        assert time.monotonic() < end, f"game stuck at seq {p.seq}: {p.status()}"
        repo.store.wait(game_id, after=p.seq, block_ms=1000)
        p = repo.projection(game_id)
    return p


def assert_each_command_once(log):
    """Each command's events are contiguous: no command was appended twice."""
    by_command: dict[str, list[int]] = {}
    for e in log:
        by_command.setdefault(e.command_id, []).append(e.seq)
    for command_id, seqs in by_command.items():
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), command_id


def test_worker_plays_bots_and_scores_rounds(celery_worker, worker_settings):
    app = create_app(worker_settings)  # sends tasks to the worker's queue
    repo = app.extensions["stellwerk"].repository
    client = app.test_client()
    r = client.post("/api/games", json={"game": "tally", "options": {"rounds": 3},
                                        "seats": [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}]})
    game_id = r.json["id"]
    p = wait_until_over(repo, game_id)
    log = repo.store.read(game_id)
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert sum(e.type == "RoundScored" and e.actor == "system" for e in log) == 3
    assert_each_command_once(log)
    assert result_line(check_and_fold(log)) == result_line(p)
    metrics = client.get("/metrics").get_data(as_text=True)
    assert 'stellwerk_worker_appends_total{game="tally"}' in metrics
    assert 'stellwerk_task_latency_seconds_count{kind="bot"}' in metrics
    # The worker also took snapshots (every 10 events here), and they rebuild the same state.
    assert repo.store.snapshot_seqs(game_id)
    repo.forget(game_id)
    assert repo.projection(game_id).live == p.live


def test_a_task_run_twice_changes_nothing_twice(celery_worker, worker_settings):
    app = create_app(worker_settings, send_task=False)  # nothing enqueued by the web side
    repo = app.extensions["stellwerk"].repository
    r = app.test_client().post("/api/games", json={"game": "tally", "options": {"rounds": 1},
                                                   "seats": [{"bot": "random"}, {"bot": "random"}]})
    game_id = r.json["id"]
    seq = repo.store.last_seq(game_id)
    sender = Celery("t", broker=celery_url(worker_settings.redis_url))
    for _ in range(2):  # a redelivered task: same game, same seq
        sender.send_task("stellwerk.advance", args=[game_id, seq, time.time()], queue=worker_settings.queue)
    p = wait_until_over(repo, game_id)
    log = repo.store.read(game_id)
    assert [e.seq for e in log] == list(range(1, p.seq + 1))
    assert_each_command_once(log)


def test_four_bots_play_russian_railroads_to_the_end(celery_worker, worker_settings, tmp_path):
    """Issue 5: a game of four bots runs to the end through the service, with round
    scoring done by the worker, and its exported log replays to the same result."""
    from click.testing import CliRunner

    from service.cli import main

    app = create_app(worker_settings)
    repo = app.extensions["stellwerk"].repository
    r = app.test_client().post("/api/games", json={"game": "russian_railroads", "seed": "four-bots",
                                                   "seats": [{"bot": "random"}] * 4})
    assert r.status_code == 201, r.json
    game_id = r.json["id"]
    p = wait_until_over(repo, game_id, deadline_s=240)
    log = repo.store.read(game_id)
    assert any(e.type.startswith("Round") and e.actor == "system" for e in log)
    assert_each_command_once(log)
    exported = app.test_client().get(f"/api/games/{game_id}/log").get_data(as_text=True)  # finished: in full
    path = tmp_path / "game.ndjson"
    path.write_text(exported)
    replayed = CliRunner().invoke(main, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output) == result_line(p)


def test_hint_is_computed_by_the_worker(celery_worker, worker_settings):
    app = create_app(worker_settings)
    client = app.test_client()
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a"}, {"name": "b"}], "hints": True})
    game_id, token = r.json["id"], r.json["seats"][0]["token"]
    r = client.get(f"/api/games/{game_id}/hint", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.json
    commands = r.json["commands"]
    assert commands and commands[-1]["type"] == "ConfirmTurn"
    legal = client.get(f"/api/games/{game_id}/commands", headers={"Authorization": f"Bearer {token}"}).json
    assert commands[0] in legal["commands"]


def test_two_workers_side_by_side_double_nothing(celery_worker, worker_settings):
    """A second worker on the same queue: tasks spread over both, the log stays whole."""
    import subprocess
    import sys

    from tests.integration.conftest import ROOT, process_env, wait_for_line

    env = process_env(REDIS_URL=worker_settings.redis_url, STELLWERK_KEY_PREFIX=worker_settings.key_prefix,
                      STELLWERK_QUEUE=worker_settings.queue)
    second = subprocess.Popen([sys.executable, "-m", "service.cli", "worker", "--pool", "solo"],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for_line(second, "ready.")
        app = create_app(worker_settings)
        repo = app.extensions["stellwerk"].repository
        client = app.test_client()
        ids = [client.post("/api/games", json={"game": "tally", "options": {"rounds": 3},
                                               "seats": [{"bot": "random"}] * 4}).json["id"] for _ in range(4)]
        for game_id in ids:
            p = wait_until_over(repo, game_id)
            log = repo.store.read(game_id)
            assert [e.seq for e in log] == list(range(1, p.seq + 1))
            assert_each_command_once(log)
    finally:
        second.terminate()
        second.wait(timeout=30)


def test_sweep_enqueues_work_that_was_never_enqueued(celery_worker, worker_settings):
    """A web node that died between its append and its enqueue leaves a bot waiting;
    the beat's sweep finds the position without a claimed task and enqueues it."""
    app = create_app(worker_settings, send_task=False)  # appends, but enqueues nothing
    repo = app.extensions["stellwerk"].repository
    r = app.test_client().post("/api/games", json={"game": "tally", "options": {"rounds": 1},
                                                   "seats": [{"bot": "random"}, {"bot": "random"}]})
    game_id = r.json["id"]
    assert not repo.store.work_claimed(game_id, repo.store.last_seq(game_id))
    sender = Celery("t", broker=celery_url(worker_settings.redis_url))
    # What beat does: a sweep now and then.  It takes the position for lost once the
    # game has been quiet for the margin (1 s here), not while a task may be appending.
    deadline, created = time.monotonic() + 30, repo.store.last_seq(game_id)
    while repo.store.last_seq(game_id) == created:
        assert time.monotonic() < deadline, "no sweep enqueued the bot's work"
        sender.send_task("stellwerk.sweep", queue=worker_settings.queue)
        repo.store.wait(game_id, after=created, block_ms=500)
    p = wait_until_over(repo, game_id)
    assert_each_command_once(repo.store.read(game_id))
    assert p.status().over


def wait_until(repo, game_id, predicate, deadline_s=60.0):
    """Follow the stream with XREAD BLOCK until ``predicate(projection)`` holds."""
    end = time.monotonic() + deadline_s
    p = repo.projection(game_id)
    while not predicate(p):
        assert time.monotonic() < end, f"not reached; game at seq {p.seq}: {p.status()}"
        repo.store.wait(game_id, after=p.seq, block_ms=1000)
        p = repo.projection(game_id)
    return p


def test_a_handed_over_seats_bot_refuses_to_take_back_the_persons_moves(celery_worker, worker_settings):
    """Issue 28 B, through the real worker: ann played a turn, went idle, bob handed
    her seat to a bot (which played on); bob's request to take back to before ann's
    own turn is declined by the bot, and ann's move stays."""
    from events.commands import request_points
    from tests.api.test_api import send

    app = create_app(worker_settings)
    repo = app.extensions["stellwerk"].repository
    client = app.test_client()
    for _attempt in range(10):
        r = client.post("/api/games", json={"game": "tally", "options": {"rounds": 5}, "takeover_after": 0,
                                            "seats": [{"name": "ann"}, {"name": "bob"}]})
        game_id, tokens = r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}
        before_ann = repo.projection(game_id).revert_points[-1]
        for seat in ("p1", "p2"):
            assert send(client, game_id, tokens[seat], "Add", {"n": 1}).status_code == 201
            assert send(client, game_id, tokens[seat], "ConfirmTurn").status_code == 201
        wait_until(repo, game_id, lambda p: p.status().to_move == ("p1",) and not p.status().pending_system)
        assert send(client, game_id, tokens["p2"], "HandToBot", {"seat": "p1", "level": "random"}).status_code == 201
        # The bot plays ann's turn; then bob is to move and asks to go back before ann's own turn.
        p = wait_until(repo, game_id, lambda p: p.status().to_move == ("p2",) and p.turn_seat is None
                       and not p.status().pending_system)
        if before_ann in request_points(p):
            break  # (a random bot that drew a card set a barrier: nothing before it can be taken back)
    else:
        raise AssertionError("the random bot drew a card in every game")
    r = send(client, game_id, tokens["p2"], "RequestUndo", {"to_seq": before_ann})
    assert r.status_code == 201 and r.json["game"]["undo_request"]["waiting_for"] == ["p1"]
    p = wait_until(repo, game_id, lambda p: p.undo_request is None)
    log = repo.store.read(game_id)
    answer = log[-1]
    assert answer.type == "UndoDeclined" and answer.actor == "p1"
    assert not any(e.type == "Reverted" for e in log)
    assert p.state_for("p2").counters["p1"] >= 1 and "p1" in p.handed_over
