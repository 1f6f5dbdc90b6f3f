"""The same scenarios on the scaled topology (issue 15): a 3-master Redis Cluster for
the events and RabbitMQ for the Celery queue, two gunicorn web nodes and a worker.

Games land on all three shards; bots play them to the end through the worker; they
are replayed and exported; a seat undoes a sub-move; many clients race on the same
games through both nodes; and finally one master is SIGKILLed during load, its
replica is promoted, the clients get 503 while the slot has no master, no acknowledged
move is lost and the same processes carry on.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter

import pytest

from events.keys import Keys
from events.logfile import check_and_fold
from events.store import EventStore
from tests.cluster.redis_cluster import poll
from tests.cluster.topology import ClusterPlayer, ScaledTopology, scaled_topology
from tests.reliability.httpclient import Client
from tests.reliability.load import Journal, check_game_log, create_games, read_log

pytestmark = [pytest.mark.slow]


@pytest.fixture(scope="module")
def topo(redis_cluster, rabbitmq_url, tmp_path_factory):  # type: ignore[no-untyped-def]
    with scaled_topology(redis_cluster, rabbitmq_url, tmp_path_factory.mktemp("scaled")) as t:
        yield t


def shard_of(topo: ScaledTopology, game: str) -> int:
    return topo.cluster.master_of(Keys(topo.prefix).game(game).log).port


def wait_over(store: EventStore, game: str, timeout: float = 120) -> int:
    """Follow the stream (XREAD BLOCK) until the game's meta says it is over."""
    deadline = time.monotonic() + timeout
    while store.meta(game).get("over") != "1":
        assert time.monotonic() < deadline, f"{game} stuck at seq {store.last_seq(game)}"
        store.wait(game, store.last_seq(game), block_ms=1000)
    return store.last_seq(game)


def test_bot_games_on_every_shard_run_to_the_end_and_replay(topo: ScaledTopology) -> None:
    web = [Client(b, timeout=30) for b in topo.bases]
    games: list[str] = []
    # Game ids are random: 9 of them miss a master about one time in thirteen, so create at
    # least 9 and go on until every master holds one (at most 40).
    for i in range(40):
        r = web[i % 2].post("/api/games", {"game": "tally", "options": {"rounds": 3},
                                           "seats": [{"bot": "random"}, {"bot": "random"}]})
        assert r.status == 201, r.body
        games.append(r.json["id"])
        if len(games) >= 9 and len(Counter(shard_of(topo, g) for g in games)) == 3:
            break
    shards = Counter(shard_of(topo, g) for g in games)
    assert len(shards) == 3, f"{len(games)} games did not land on all three masters: {shards}"

    client = topo.client()
    store = EventStore(client, topo.prefix)
    for game in games:
        wait_over(store, game)
        log = store.read(game)
        assert [e.seq for e in log] == list(range(1, len(log) + 1)), f"{game}: gap or duplicate"
        blocks: dict[str, list[int]] = {}
        for e in log:
            blocks.setdefault(e.command_id, []).append(e.seq)
        assert all(b == list(range(b[0], b[0] + len(b))) for b in blocks.values()), f"{game}: a command twice"
        scored = [e.payload["round"] for e in log if e.type == "RoundScored"]
        assert scored == [1, 2, 3], f"{game}: rounds scored {scored}"
        folded = check_and_fold(log)
        assert folded.status().over
        # Replay and export through the other web node: the same positions.
        other = web[1]
        replay = other.get(f"/api/games/{game}/replay")
        assert replay.status == 200, replay.body
        r = other.get(f"/api/games/{game}/replay?seq={log[-1].seq}")
        assert r.status == 200, r.body
        exported = other.get(f"/api/games/{game}/log")
        assert exported.status == 200
        assert exported.body.decode().count("\n") >= len(log) - 1
    # The worker snapshotted (every 10 events), on each game's own shard.
    assert all(store.snapshot_seqs(g) for g in games if store.last_seq(g) >= 10)
    client.close()


def test_undo_and_hint_on_the_cluster(topo: ScaledTopology) -> None:
    web = Client(topo.bases[0], timeout=30)
    r = web.post("/api/games", {"game": "tally", "options": {"rounds": 1}, "hints": True,
                                "seats": [{"name": "ann"}, {"name": "bob"}]})
    assert r.status == 201, r.body
    game, tokens = r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}
    view = web.get(f"/api/games/{game}", token=tokens["p1"]).json
    mover = view["status"]["to_move"][0]
    seq = view["seq"]
    other = Client(topo.bases[1], timeout=30)
    r = other.post(f"/api/games/{game}/commands", {"command": {"type": "Add", "args": {"n": 2}},
                                                   "expected_seq": seq, "command_id": "a1"}, token=tokens[mover])
    assert r.status == 201, r.body
    r = web.post(f"/api/games/{game}/commands", {"command": {"type": "Undo", "args": {"to_seq": seq}},
                                                 "expected_seq": r.json["last_seq"], "command_id": "u1"},
                 token=tokens[mover])
    assert r.status == 201, r.body
    client = topo.client()
    _ids, log = read_log(client, topo.prefix, game)
    assert log[-1].type == "Undone" and log[-1].payload.get("to_seq") == seq, [(e.type, e.payload) for e in log]
    # The sub-move is gone from the mover's live view: Add is offered again.
    r = web.get(f"/api/games/{game}/commands", token=tokens[mover])
    assert any(c["type"] == "Add" for c in r.json["commands"]), r.json
    # A hint travels web -> RabbitMQ -> worker -> reply list on the game's shard -> web.
    r = other.get(f"/api/games/{game}/hint", token=tokens[mover])
    assert r.status == 200, r.body
    assert r.json["commands"][-1]["type"] == "ConfirmTurn"
    client.close()


def test_concurrent_clients_lose_and_duplicate_nothing(topo: ScaledTopology) -> None:
    games = create_games(topo.bases[0], 3, 3, 4)
    journal = Journal()
    stop = threading.Event()
    deadline = time.monotonic() + 90
    players = [ClusterPlayer(topo.bases, game, seat, token, Keys(topo.prefix).game(game).log,
                             journal=journal, seed=hash((game, seat, d)) & 0xFFFF, stop=stop, deadline=deadline,
                             cluster_url=topo.cluster.url)
               for game, tokens in games for seat, token in tokens.items() for d in range(2)]
    for p in players:
        p.start()
    for p in players:
        p.join(timeout=max(1.0, deadline - time.monotonic() + 5))
    stop.set()
    assert not journal.errors, journal.errors
    statuses = Counter(s.status for s in journal.sent)
    print(f"\n{len(players)} clients on the cluster: {dict(statuses)}")
    assert set(statuses) <= {200, 201, 409, 422}, f"{statuses}\n{topo.errors()}"
    assert statuses[201] > 30 and statuses[409] > 0 and statuses[422] > 0
    client = topo.client()
    for game, _tokens in games:
        counts = check_game_log(client, topo.prefix, game, journal.sent)
        assert counts["over"], f"{game} did not finish"
    client.close()


def test_a_killed_master_fails_over_without_losing_an_acknowledged_move(topo: ScaledTopology) -> None:
    """Runs last: it leaves the cluster whole again (the killed node rejoins as a replica)."""
    games = create_games(topo.bases[0], 9, 2, 5)
    shards = Counter(shard_of(topo, g) for g, _ in games)
    assert len(shards) >= 2, shards
    victim_game = games[0][0]
    victim = topo.cluster.master_of(Keys(topo.prefix).game(victim_game).log)
    journal = Journal()
    stop = threading.Event()
    deadline = time.monotonic() + 150
    players = [ClusterPlayer(topo.bases, game, seat, token, Keys(topo.prefix).game(game).log,
                             journal=journal, seed=i, stop=stop, deadline=deadline, mischief=0.1,
                             tolerate_outage=True, cluster_url=topo.cluster.url)
               for i, (game, tokens) in enumerate(games) for seat, token in tokens.items()]
    for p in players:
        p.start()
    try:
        assert journal.wait_accepted(40, timeout=60), f"the load run never got going\n{topo.errors()}"
        acknowledged_before = journal.accepted
        victim.kill()  # SIGKILL: no shutdown, no final fsync
        # While the slot has no master, a command on that shard is answered 503.
        probe = Client(topo.bases[1], timeout=30)
        tokens = games[0][1]
        statuses = []

        def outage_answered() -> bool:
            r = probe.post(f"/api/games/{victim_game}/commands",
                           {"command": {"type": "ConfirmTurn"}, "expected_seq": 0,
                            "command_id": f"probe-{uuid.uuid4().hex}"}, token=tokens["p1"])
            statuses.append(r.status)
            assert r.status != 500, r.body
            if r.status == 503 and r.json["error"]["code"] == "unavailable":
                return True
            # On a busy machine a probe may land in the outage only to ride it through (the
            # store's retries) and the replica be promoted before another one lands: then
            # every command sent meanwhile was answered without a 500, which is the point.
            try:
                return topo.cluster.master_of(victim_log) is not victim
            except LookupError:  # no live master serves the slot yet
                return False

        victim_log = Keys(topo.prefix).game(victim_game).log
        poll(outage_answered, 60, "a 503 while the shard has no master, or its replica promoted", every=0.05)
        # The replica is promoted; the cluster serves every slot again.
        topo.cluster.wait_ok(timeout=60)
        assert journal.wait_accepted(journal.accepted + 40, timeout=90), \
            f"the load run did not resume after the failover\n{topo.errors()}"
        for p in players:
            p.join(timeout=max(1.0, deadline - time.monotonic() + 5))
        assert not journal.errors, journal.errors
        assert not [p for p in players if p.is_alive()], "a player hung"
    finally:
        stop.set()
        victim.start()  # rejoins as a replica of the promoted master
        topo.cluster.wait_ok(timeout=60)
    statuses_all = Counter(s.status for s in journal.sent)
    print(f"\nacknowledged before the kill: {acknowledged_before}, in all: {journal.accepted}; "
          f"commands {dict(statuses_all)}; probes {Counter(statuses)}")
    assert 500 not in statuses_all and 500 not in journal.reads, topo.errors()
    client = topo.client()
    finished = 0
    for game, _tokens in games:
        counts = check_game_log(client, topo.prefix, game, journal.sent, unknown_outcome=frozenset({503, -1}))
        finished += counts["over"]
    assert finished == len(games), f"only {finished} of {len(games)} games finished after the failover"
    # No web or worker process was restarted.
    assert all(p.popen.poll() is None for p in [*topo.webs, *topo.workers])
    client.close()
