"""Issue 28 A: review work cannot hold up play.  Analyses go to their own queue;
one requester may have only a few in flight, the site a bounded number, and the
requests are rate limited; the end of an analysis frees its place."""

from __future__ import annotations

import dataclasses

import pytest
from argon2 import PasswordHasher

from events.analysis import AnalysisStore
from events.queues import ANALYSE_TASK, queue_for, queue_names
from events.settings import Settings
from service import create_app
from tests.archive.conftest import finish, new_game

ADVANCE = "stellwerk.advance"


@pytest.fixture
def limited_app(redis_client, prefix, sent):
    settings = dataclasses.replace(Settings.from_env(), key_prefix=prefix, rate_commands="1000 per second",
                                   rate_public="1000 per second", analyses_per_requester=2, analyses_in_flight=3,
                                   rate_analysis="5 per hour")
    app = create_app(settings, redis_client, send_task=sent)
    users = app.extensions["stellwerk_users"]
    users.hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    return app


def _account(app, name: str) -> str:
    users = app.extensions["stellwerk_users"]
    users.register(name, "correct horse battery")
    return users.create_api_token(name, "review")[1]


def _finished(app, client, n: int) -> list[str]:
    ids = []
    for _ in range(n):
        game_id, _ = new_game(client, rounds=1)
        finish(app, game_id)
        ids.append(game_id)
    return ids


def _ask(client, game_id: str, token: str):
    return client.post(f"/api/games/{game_id}/analysis", headers={"Authorization": f"Bearer {token}"})


def test_analyses_and_only_analyses_go_to_the_review_queue():
    settings = dataclasses.replace(Settings.from_env(), queue="q")
    assert queue_for(settings, ANALYSE_TASK) == "q.review"
    for task in (ADVANCE, "stellwerk.hint", "stellwerk.snapshot", "stellwerk.notify", "stellwerk.game_ended"):
        assert queue_for(settings, task) == "q"
    assert queue_names(settings, ["review", "play"]) == ["q", "q.review"]  # play first
    named = dataclasses.replace(settings, review_queue_name="slow")
    assert queue_for(named, ANALYSE_TASK) == "slow"


def test_the_celery_app_routes_review_work_and_serves_play_first():
    from worker.app import make_celery

    settings = dataclasses.replace(Settings.from_env(), queue="q")
    app = make_celery(settings, "redis://127.0.0.1:1/0")
    assert app.conf.task_routes[ANALYSE_TASK] == {"queue": "q.review"}
    assert app.conf.broker_transport_options["queue_order_strategy"] == "priority"


def test_one_requester_has_at_most_a_few_analyses_in_flight(limited_app, sent):
    client = limited_app.test_client()
    rita, otto = _account(limited_app, "rita"), _account(limited_app, "otto")
    games = _finished(limited_app, client, 4)
    assert [_ask(client, g, rita).status_code for g in games[:2]] == [202, 202]
    third = _ask(client, games[2], rita)
    assert third.status_code == 429 and third.json["error"]["code"] == "analysis.too_many"
    # Asking again for one already queued costs nothing and is no refusal.
    assert _ask(client, games[0], rita).status_code == 202
    # Another account has its own places, until the site's limit (3).
    assert _ask(client, games[2], otto).status_code == 202
    busy = _ask(client, games[3], otto)
    assert busy.status_code == 429 and busy.json["error"]["code"] == "analysis.busy"
    assert [name for name, _ in sent].count(ANALYSE_TASK) == 3
    # An analysis that ends (done or failed) frees its requester's and the site's place.
    store = AnalysisStore(limited_app.extensions["stellwerk"].repository.store.redis,
                          limited_app.extensions["stellwerk"].settings.key_prefix)
    store.finish(games[0], {"positions": []})
    store.fail(games[1], "worker lost")
    assert store.in_flight("user:rita") == 0 and store.in_flight() == 1
    assert _ask(client, games[3], rita).status_code == 202


def test_asking_for_somebody_elses_queued_analysis_holds_no_place(limited_app):
    client = limited_app.test_client()
    rita, otto = _account(limited_app, "rita"), _account(limited_app, "otto")
    game_id = _finished(limited_app, client, 1)[0]
    assert _ask(client, game_id, rita).status_code == 202
    assert _ask(client, game_id, otto).status_code == 202
    store = AnalysisStore(limited_app.extensions["stellwerk"].repository.store.redis,
                          limited_app.extensions["stellwerk"].settings.key_prefix)
    assert store.in_flight("user:otto") == 0 and store.in_flight("user:rita") == 1 and store.in_flight() == 1


def test_guests_count_by_address_not_by_their_per_game_seat_tokens(limited_app):
    client = limited_app.test_client()
    asked = []
    for _ in range(3):
        game_id, tokens = new_game(client, rounds=1)
        finish(limited_app, game_id)
        asked.append(_ask(client, game_id, tokens["p1"]))
    assert [r.status_code for r in asked] == [202, 202, 429]
    assert asked[2].json["error"]["code"] == "analysis.too_many"


def test_analysis_requests_are_rate_limited_per_account(limited_app):
    client = limited_app.test_client()
    rita = _account(limited_app, "rita")
    game_id = _finished(limited_app, client, 1)[0]
    codes = [_ask(client, game_id, rita).status_code for _ in range(6)]
    assert codes == [202] * 5 + [429]


def test_queue_wait_is_a_histogram_per_queue_on_metrics(limited_app):
    from events import task_metrics

    context = limited_app.extensions["stellwerk"]
    client_, prefix = context.repository.store.redis, context.settings.key_prefix
    task_metrics.observe(client_, prefix, "stellwerk.review", 12.0, key=task_metrics.WAIT_KEY)
    task_metrics.observe(client_, prefix, "stellwerk", 0.02, key=task_metrics.WAIT_KEY)
    text = limited_app.test_client().get("/metrics").text
    assert 'stellwerk_queue_wait_seconds_bucket{le="10.0",queue="stellwerk.review"} 0.0' in text
    assert 'stellwerk_queue_wait_seconds_bucket{le="30.0",queue="stellwerk.review"} 1.0' in text
    assert 'stellwerk_queue_wait_seconds_count{queue="stellwerk"} 1.0' in text


def test_the_queue_wait_handler_reads_the_senders_stamp():
    from types import SimpleNamespace

    from worker.queue_wait import enqueued_at

    assert enqueued_at(SimpleNamespace(stellwerk_enqueued=12.5)) == 12.5
    assert enqueued_at(SimpleNamespace(headers={"stellwerk_enqueued": "3"})) == 3.0
    assert enqueued_at(SimpleNamespace(headers=None)) is None
    assert enqueued_at(SimpleNamespace(stellwerk_enqueued="garbage")) is None
