"""One shard's failover stays on its shard (issue 28, points 1 and 2).

A cluster of its own (three masters, three replicas): the test kills a master, so it
must not share the session's cluster with tests that count on every replica.

* While a master is SIGKILLed and its replica promoted, moves on the *other* shards
  keep getting 201: nothing on a move's acknowledged path writes to another shard
  than its game's (the lobby and the work in flight are indexed per shard).
* This cluster's nodes keep Redis's default ``cluster-require-full-coverage yes`` (a
  cluster set up by hand without ``deploy/redis-cluster.conf``): from the moment the
  dead master is marked failed until its replica is promoted (about a second, more on
  a loaded machine) *every* node answers CLUSTERDOWN.  A move's reads rode through
  that in the cluster client's retries, its append did not (issue 28: one 503 on a
  healthy shard 2.34 s after the kill, two test runs side by side); the append now
  sends itself again through such a refusal too, and ``/healthz`` names the setting.
* Afterwards the promoted master has no replica: its moves are acknowledged without
  the 500 ms ``WAIT`` (counted by the node's own command statistics), and
  ``/healthz`` says which shard is degraded.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from events.connection import client as redis_client_for
from events.settings import Settings
from service import create_app
from tests.api.conftest import SentTasks, auth
from tests.cluster.redis_cluster import LocalRedisCluster, have_cluster_binaries, poll

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def own_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalRedisCluster]:
    if not have_cluster_binaries():
        pytest.skip("needs Debian's redis-server and redis-cli (apt install redis-server redis-tools)")
    cluster = LocalRedisCluster(Path(tmp_path_factory.mktemp("failover-cluster")))
    try:
        yield cluster.start()
    finally:
        cluster.close()


class Table:
    """A two-seat Tally game and the moves it still has before its round needs scoring."""

    def __init__(self, web, game_id: str, tokens: dict[str, str]) -> None:
        self.web, self.id, self.tokens = web, game_id, tokens
        # p1: Add, Add, Confirm; p2 the same: six moves a person can make alone.
        self.script = [(s, t) for s in ("p1", "p2") for t in ("Add", "Add", "ConfirmTurn")]
        self.seq = 2  # after GameCreated and DeckShuffled

    def move(self, web=None) -> int:
        """Post the next move (resent with its command id after a 503); its status."""
        seat, type_ = self.script[0]
        body = {"command": {"type": type_, "args": {"n": 1} if type_ == "Add" else {}},
                "expected_seq": self.seq, "command_id": f"{self.id}-{self.seq}"}
        r = (web or self.web).post(f"/api/games/{self.id}/commands", json=body, headers=auth(self.tokens[seat]))
        if r.status_code in (200, 201):
            self.script.pop(0)
            self.seq = r.json["last_seq"]
        return r.status_code

    @property
    def left(self) -> int:
        return len(self.script)


def test_a_failover_stays_on_its_shard_and_says_durability_is_degraded(own_cluster, prefix) -> None:
    client = redis_client_for(own_cluster.url)
    settings = dataclasses.replace(Settings.from_env(), redis_url=own_cluster.url, key_prefix=prefix,
                                   rate_commands="100000 per second", rate_public="100000 per second",
                                   rate_login="100000 per second")
    app = create_app(settings, client, send_task=SentTasks())
    web = app.test_client()
    store = app.extensions["stellwerk"].repository.store

    # Tables on every shard, grouped by the master that holds them.
    by_master: dict[int, list[Table]] = {}
    while min((len(v) for v in by_master.values()), default=0) < 40 or len(by_master) < 3:
        r = web.post("/api/games", json={"game": "tally", "options": {"rounds": 1},
                                         "seats": [{"name": "ann"}, {"name": "bob"}]})
        assert r.status_code == 201, r.json
        game_id = r.json["id"]
        table = Table(web, game_id, {s["seat"]: s["token"] for s in r.json["seats"]})
        by_master.setdefault(own_cluster.master_of(store.keys.game(game_id).meta).port, []).append(table)
    # The master that held the one lobby and work-in-flight set before they were per
    # shard; every master holds a part of them now.
    victim_port = own_cluster.master_of(store.keys.lobby).port
    victim = next(n for n in own_cluster.nodes if n.port == victim_port)
    healthy = [t for port, tables in by_master.items() if port != victim_port for t in tables]
    on_victim = by_master[victim_port]

    # Load on the healthy shards, from its own client, throughout the failover.
    statuses: list[tuple[float, int]] = []
    stop = threading.Event()

    def load() -> None:
        loader = app.test_client()
        while not stop.is_set():
            table = next((t for t in healthy if t.left), None)
            if table is None:
                return
            started = time.monotonic()
            statuses.append((started, table.move(loader)))

    # The writes of a move's acknowledged path that no read precedes, alone in a loop on
    # a healthy shard: its append (resent: the script runs and answers "duplicate") and a
    # claim of follow-up work.  A move's reads ride out a refusal in the cluster client's
    # retries first, so a move meets one only now and then; these meet every refusal.
    spare = healthy.pop()
    assert spare.move() == 201
    appended = store.read(spare.id, after=2)
    direct: list[tuple[float, str]] = []

    def writes() -> None:
        n = 0
        while not stop.is_set():
            n += 1
            started = time.monotonic()
            try:
                store.append(spare.id, 2, appended[0].command_id, appended)
                store.claim_work(spare.id, 1000 + n, kind="probe")
                direct.append((started, "ok"))
            except redis.RedisError as exc:
                direct.append((started, type(exc).__name__))

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    writer = threading.Thread(target=writes, daemon=True)
    writer.start()
    poll(lambda: len(statuses) >= 10, 60, "the load to start")
    killed_at = time.monotonic()
    victim.kill()

    # The victim's games answer 503 until its replica is promoted, then 201 again.
    lobby_while_away = []

    def victim_shard_serves() -> bool:
        lobby_while_away.append(web.get("/api/games").status_code)
        return on_victim[0].move() in (200, 201)

    poll(victim_shard_serves, 120, "the victim's shard to serve moves again", every=0.2)
    recovered_at = time.monotonic()
    stop.set()
    worker.join(timeout=60)
    writer.join(timeout=60)

    during = [code for when, code in statuses if killed_at <= when <= recovered_at]
    assert during, "no move on a healthy shard was made while the shard failed over"
    refused = [(round(when - killed_at, 2), code) for when, code in statuses if code != 201]
    assert not refused, f"moves on healthy shards refused (seconds after the kill, status): {refused}"
    failed = [(round(when - killed_at, 2), what) for when, what in direct if what != "ok"]
    assert not failed, f"appends or claims on a healthy shard failed (seconds after the kill, error): {failed[:10]}"
    assert any(killed_at <= when <= recovered_at for when, _ in direct)
    assert set(lobby_while_away) == {200}, lobby_while_away  # the lobby shows the shards that answer

    # The promoted master has no replica: moves there skip WAIT once that is known.
    new_master = next(n for n in own_cluster.nodes if n.proc is not None and n.port != victim_port
                      and own_cluster.master_of(store.keys.game(on_victim[0].id).meta) is n)
    node = redis.Redis(host="127.0.0.1", port=new_master.port)

    def waits() -> int:
        return int(node.info("commandstats").get("cmdstat_wait", {}).get("calls", 0))

    assert on_victim[0].move() == 201  # at most this one still waits (and finds no replica)
    before = waits()
    for table in on_victim[1:6]:
        assert table.move() == 201
    assert waits() == before, "moves on a shard without replicas still WAIT for one"
    health = web.get("/healthz")
    assert health.status_code == 200 and health.json["ok"] is True, health.json
    assert health.json["durability"] == "degraded"
    degraded = [s for s in health.json["shards"] if s["durability"] == "degraded"]
    assert [s["master"] for s in degraded] == [f"127.0.0.1:{new_master.port}"], health.json["shards"]
    assert "stellwerk_shards_degraded" in web.get("/metrics").get_data(as_text=True)
    # The nodes require full coverage (Redis's default): /healthz says a failover stops
    # every shard; with deploy's setting it does not.
    assert health.json["failover_stops_cluster"] is True
    assert all(s["failover_stops_cluster"] for s in health.json["shards"] if s["up"]), health.json["shards"]
    for n in own_cluster.nodes:
        if n.proc is not None:
            with redis.Redis(host="127.0.0.1", port=n.port) as live:
                live.config_set("cluster-require-full-coverage", "no")
    health = web.get("/healthz").json
    assert health["failover_stops_cluster"] is False
    assert [s["failover_stops_cluster"] for s in health["shards"] if s["up"]] == [False] * 3, health["shards"]
    node.close()
    client.close()
