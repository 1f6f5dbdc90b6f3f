"""The event store, the seat transaction, accounts and rate limits on a real Redis
Cluster (issue 15), and the configuration that selects it."""

from __future__ import annotations

import dataclasses
import time
import uuid

import pytest
import redis
from redis.cluster import RedisCluster

from events.connection import broker_url, cluster_nodes, result_backend
from events.envelope import Envelope
from events.settings import Settings
from events.store import Conflict, EventStore, GameOver


def test_a_cluster_url_gives_a_cluster_client_and_needs_its_own_broker() -> None:
    assert cluster_nodes("redis+cluster://a:7000,b:7001/0") == [("a", 7000), ("b", 7001)]
    with pytest.raises(ValueError, match="host:port"):
        cluster_nodes("redis+cluster://a")
    with pytest.raises(ValueError, match="STELLWERK_BROKER_URL"):
        broker_url("redis+cluster://a:7000")
    assert broker_url("redis+cluster://a:7000", "amqp://g:g@h:5672//") == "amqp://g:g@h:5672//"
    assert result_backend("redis+cluster://a:7000", "amqp://x//") is None
    # The single-Redis default is as it was: queue and results on the event store's Redis.
    assert broker_url("unix:///tmp/r.sock") == "redis+socket:///tmp/r.sock"
    assert result_backend("redis://h:6379/0") == "redis://h:6379/0"


def test_settings_read_the_broker_from_either_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STELLWERK_BROKER_URL", raising=False)
    monkeypatch.setenv("CELERY_BROKER_URL", "amqp://a//")
    assert Settings.from_env().broker_url == "amqp://a//"
    monkeypatch.setenv("STELLWERK_BROKER_URL", "amqp://b//")
    assert Settings.from_env().broker_url == "amqp://b//"


def _env(seq: int, command_id: str) -> Envelope:
    return Envelope(seq=seq, type="Added", actor="p1", payload={"n": 1}, turn=1, ts=0, command_id=command_id)


def test_store_contract_on_the_cluster(cluster_client: RedisCluster, prefix: str) -> None:
    assert isinstance(cluster_client, RedisCluster)
    store = EventStore(cluster_client, prefix)
    assert store.wait_replicas == 1  # on a cluster an append waits for a replica
    games = [uuid.uuid4().hex[:12] for _ in range(12)]
    for game in games:
        assert store.create_meta(game, {"game": "tally", "created_by": "t"}, {"p1": "h1"}, ["ann"], created=time.time())
        r = store.append(game, 0, "c1", [_env(1, "c1"), _env(2, "c1")])
        assert (r.first_seq, r.last_seq, r.duplicate) == (1, 2, False)
        assert store.append(game, 0, "c1", [_env(1, "c1")]).duplicate
        with pytest.raises(Conflict):
            store.append(game, 1, "c2", [_env(2, "c2")])
        store.append(game, 2, "end", [_env(3, "end")], status={"over": True})
        with pytest.raises(GameOver):
            store.append(game, 3, "c3", [_env(4, "c3")])
        assert [e.seq for e in store.read(game)] == [1, 2, 3]
        assert [e.seq for e in store.wait(game, 1, block_ms=100)] == [2, 3]
    # Global indexes answer from one key each: the lobby and a player's games (ZMSCORE).
    assert set(store.game_ids(player="ann", limit=100)) == set(games)
    assert set(games) <= {g for g, _ in store.lobby_activity()}
    # Work claims: once per position; the in-flight set is swept by one range read.
    assert store.claim_work(games[0], 3, now=100.0) and not store.claim_work(games[0], 3, now=101.0)
    assert store.work_overdue(before=150.0) == [(games[0], 3, 100.0)]
    assert store.reclaim_work(games[0], 3, 100.0, now=200.0)
    assert not store.reclaim_work(games[0], 3, 100.0, now=201.0)
    store.save_snapshot(games[0], 2, {"x": 1})
    assert store.load_snapshot(games[0], 3) == (2, {"x": 1})


def test_an_acknowledged_append_is_already_on_the_replica(redis_cluster, cluster_client, prefix) -> None:
    """WAIT on the master's own connection: when append returns, the shard's replica
    holds the events, so promoting it after a SIGKILL loses nothing acknowledged."""
    store = EventStore(cluster_client, prefix)
    game = uuid.uuid4().hex[:12]
    store.create_meta(game, {"game": "tally", "created_by": "t"}, {}, [], created=time.time())
    log_key = store.keys.game(game).log
    master = redis_cluster.master_of(log_key)
    replicas = [n for n in redis_cluster.nodes if n.proc is not None and n is not master]
    for seq in range(1, 51):
        store.append(game, seq - 1, f"c{seq}", [_env(seq, f"c{seq}")])
        held = []
        for node in replicas:
            r = redis.Redis(host="127.0.0.1", port=node.port)
            if r.execute_command("ROLE")[0] == b"slave" and int(r.execute_command("ROLE")[2]) == master.port:
                r.execute_command("READONLY")
                held.append(r.xlen(log_key))
            r.close()
        assert held and all(n == seq for n in held), (seq, held)


def test_joining_a_table_updates_the_seats_in_one_slot_transaction(redis_cluster, rabbitmq_url, prefix) -> None:
    """The seat list is changed under WATCH; a cluster client allows WATCH only in an
    explicit transaction (before the fix: RedisClusterException, a 500).  The app's
    rate limits live on the cluster too (flask-limiter's ``redis+cluster://``)."""
    from service import create_app

    settings = dataclasses.replace(Settings.from_env(), redis_url=redis_cluster.url, key_prefix=prefix,
                                   broker_url=rabbitmq_url, rate_public="5 per minute")
    app = create_app(settings, send_task=False)
    web = app.test_client()
    r = web.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {}]})
    assert r.status_code == 201, r.json
    game = r.json["id"]
    r = web.post(f"/api/games/{game}/join", json={"name": "bob"})
    assert r.status_code == 200 and r.json["seat"] == "p2", r.json
    status = web.get(f"/api/games/{game}").json
    assert [s.get("name") for s in status["seats"]] == ["ann", "bob"], status["seats"]
    answers = [web.post("/api/games", json={"game": "tally", "seats": [{"name": "x"}, {"name": "y"}]}).status_code
               for _ in range(5)]
    assert answers[-1] == 429, answers  # the sixth creation in a minute, counted on the cluster


def test_ratings_update_under_watch_on_the_cluster(cluster_client: RedisCluster, prefix: str) -> None:
    """The ratings' optimistic transaction (two keys in the ``{ratings}`` tag) runs on a
    cluster client: WATCH needs an explicit transaction there (before: an exception)."""
    from events.ratings import Ratings

    ratings = Ratings(cluster_client, prefix)
    row = {"id": uuid.uuid4().hex[:12], "game": "tally",
           "seats": [{"name": "Ann", "place": 1}, {"name": "Bob", "place": 2}]}
    new = ratings.apply(row)
    assert new is not None and new[0].mu > new[1].mu
    assert ratings.apply(row) is None  # rated once
