"""SIGKILL a Celery worker in the middle of a bot move; the task is redelivered and the
game continues with nothing doubled.

The ``blocking`` bot level (tests/reliability/blocking_bot.py) announces on a Redis list
when a worker is inside a bot move and waits there until released, so the kill lands
exactly mid-move without any sleep.  Two ways a worker dies:

* the whole worker (a ``solo`` pool: consumer and task in one process) is SIGKILLed;
  its task stays unacknowledged in Redis (acks_late) and a *new* worker restores it
  after the visibility timeout (2 s here, ``STELLWERK_VISIBILITY_TIMEOUT``);
* the prefork pool process running the task is SIGKILLed; the worker notices at once
  (``task_reject_on_worker_lost``) and requeues the task.

Afterwards the bot's turn is in the log once, each round scored once, seqs 1..N.

And the worst case: every process of the worker (main and pool) SIGKILLed at once,
the broker's visibility timeout at its production default (an hour): a new worker
and the beat's sweep carry the game on within a minute.
"""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from events.keys import Keys
from events.logfile import check_and_fold
from tests.reliability.blocking_bot import keys as bot_keys
from tests.reliability.httpclient import Client
from tests.reliability.load import read_log
from tests.reliability.procs import Topology, have_redis_server, start_worker, topology

pytestmark = [pytest.mark.slow]

ROUNDS = 2


@pytest.fixture(scope="module")
def topo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Topology]:
    if not have_redis_server():
        pytest.skip("needs the redis-server binary (apt install redis-server)")
    with topology(Path(tmp_path_factory.mktemp("crash")), web_nodes=1, with_worker=False,
                  STELLWERK_EXTRA_GAMES="tests.reliability.blocking_bot:GAME",
                  STELLWERK_VISIBILITY_TIMEOUT="2") as t:
        yield t


class Table:
    """One person (over HTTP) against the blocking bot, on one game."""

    def __init__(self, topo: Topology) -> None:
        self.topo = topo
        self.http = Client(topo.bases[0])
        self.redis = topo.client()
        self.hold, self.started, self.release = bot_keys(topo.prefix)
        self.redis.set(self.hold, "1")
        r = self.http.post("/api/games", {"game": "tally", "options": {"rounds": ROUNDS},
                                          "seats": [{"name": "ann"}, {"bot": "blocking"}]})
        assert r.status == 201, r.body
        self.game, self.token = r.json["id"], r.json["seats"][0]["token"]
        self.log_key = Keys(topo.prefix).game(self.game).log
        self.n = 0

    def seq(self) -> int:
        return self.http.get(f"/api/games/{self.game}", token=self.token).json["seq"]

    def play_ann_turn(self) -> None:
        """Wait (XREAD BLOCK) until it is ann's turn, then Add 2 and confirm."""
        deadline = time.monotonic() + 60
        while True:
            r = self.http.get(f"/api/games/{self.game}/commands", token=self.token).json
            if r["commands"]:
                break
            assert time.monotonic() < deadline, "ann never got the turn back"
            self.redis.xread({self.log_key: f"{r['seq']}-0"}, block=1000)
        seq = r["seq"]
        for command in ({"type": "Add", "args": {"n": 2}}, {"type": "ConfirmTurn"}):
            self.n += 1
            answer = self.http.post(f"/api/games/{self.game}/commands",
                                    {"command": command, "expected_seq": seq, "command_id": f"c{self.n}"},
                                    token=self.token)
            assert answer.status == 201, answer.body
            seq = answer.json["seq"]

    def bot_started(self) -> tuple[int, int]:
        """Block until a worker is inside the bot's move; its (pid, seq)."""
        got = self.redis.blpop([self.started], timeout=60)
        assert got is not None, "no worker entered the bot's move"
        pid, seq = got[1].decode().split(":")
        return int(pid), int(seq)

    def finish(self) -> None:
        """Let the bot play normally and ann play her turns until the game is over."""
        self.redis.delete(self.hold)
        deadline = time.monotonic() + 60
        while True:
            view = self.http.get(f"/api/games/{self.game}", token=self.token).json
            if view["status"]["over"]:
                return
            assert time.monotonic() < deadline, f"game stuck at {view['seq']}: {view['status']}"
            if view["status"]["to_move"] == [view["you"]]:
                self.play_ann_turn()
            else:
                self.redis.xread({self.log_key: f"{view['seq']}-0"}, block=1000)

    def check_log(self) -> list:
        _ids, log = read_log(self.redis, self.topo.prefix, self.game)
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
        blocks: dict[str, list[int]] = {}
        for e in log:
            blocks.setdefault(e.command_id, []).append(e.seq)
        for command_id, seqs in blocks.items():
            assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), f"{command_id} appended twice"
        confirmed = Counter(e.actor for e in log if e.type == "TurnConfirmed")
        assert confirmed == {"p1": ROUNDS, "p2": ROUNDS}, confirmed
        assert [e.payload["round"] for e in log if e.type == "RoundScored"] == list(range(1, ROUNDS + 1))
        assert check_and_fold(log).status().over
        return log


def test_killed_worker_task_is_redelivered_to_a_new_worker(topo: Topology) -> None:
    first = start_worker(topo.env, pool="solo", name="worker-1")
    table = Table(topo)
    try:
        table.play_ann_turn()
        pid, at_seq = table.bot_started()
        assert pid == first.pid  # solo pool: the task runs in the worker process itself
        first.signal(signal.SIGKILL)
        first.popen.wait(30)
        assert table.seq() == at_seq, "nothing of the bot's move was appended"
        unacked = table.redis.hlen("unacked")
        assert unacked >= 1, "the killed worker's task stays unacknowledged in Redis"

        second = start_worker(topo.env, pool="solo", name="worker-2")
        try:
            pid2, seq2 = table.bot_started()  # redelivered after the visibility timeout
            assert (pid2, seq2) == (second.pid, at_seq)
            table.redis.rpush(table.release, "go")
            table.finish()
            log = table.check_log()
            # The redelivered task played the bot's turn from exactly where the killed one stood
            # (a bot's turn is appended sub-move by sub-move, each as work-<seq>).
            assert log[at_seq].actor == "p2" and log[at_seq].command_id == f"work-{at_seq}"
        finally:
            second.stop()
    finally:
        first.stop()
        table.redis.delete(table.hold)


def test_killed_pool_process_task_is_requeued_at_once(topo: Topology) -> None:
    worker = start_worker(topo.env, pool="prefork", concurrency=1, name="worker-prefork")
    table = Table(topo)
    try:
        table.play_ann_turn()
        child, at_seq = table.bot_started()
        assert child != worker.pid
        os.kill(child, signal.SIGKILL)  # the pool process in the middle of the bot's move
        pid2, seq2 = table.bot_started()  # requeued without waiting for a visibility timeout
        assert pid2 != child and seq2 == at_seq
        table.redis.rpush(table.release, "go")
        table.finish()
        table.check_log()
        assert "WorkerLostError" in worker.output() or "worker lost" in worker.output().lower() or \
            "SIGKILL" in worker.output()
    finally:
        worker.stop()
        table.redis.delete(table.hold)


# ------------------------------------------------- every worker process killed
# No quick redelivery by the broker here: the visibility timeout is the production
# default (an hour).  What brings the bot's move back is the beat's sweep, which
# takes the work for lost once it is older than the task time limit plus margin.
LIMIT_S, MARGIN_S, SWEEP_S = 20, 5, 2


@pytest.fixture(scope="module")
def swept(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Topology]:
    if not have_redis_server():
        pytest.skip("needs the redis-server binary (apt install redis-server)")
    tmp = Path(tmp_path_factory.mktemp("swept"))
    with topology(tmp, web_nodes=1, with_worker=False, with_beat=True,
                  STELLWERK_EXTRA_GAMES="tests.reliability.blocking_bot:GAME",
                  STELLWERK_TASK_TIME_LIMIT=str(LIMIT_S), STELLWERK_TASK_SOFT_TIME_LIMIT=str(LIMIT_S - 5),
                  STELLWERK_WORK_MARGIN_S=str(MARGIN_S), STELLWERK_SWEEP_S=str(SWEEP_S)) as t:
        yield t


def pool_processes(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_every_worker_process_killed_mid_move_the_sweep_brings_the_game_back(swept: Topology) -> None:
    first = start_worker(swept.env, pool="prefork", concurrency=1, name="worker-a")
    table = Table(swept)
    second = None
    try:
        table.play_ann_turn()
        child, at_seq = table.bot_started()
        victims = [first.pid, *pool_processes(first.pid)]
        assert child in victims
        for pid in victims:  # the whole worker: main process and pool process at once
            os.kill(pid, signal.SIGKILL)
        first.popen.wait(30)
        deadline = time.monotonic() + 30
        while not all(gone(p) for p in victims):
            assert time.monotonic() < deadline, f"worker processes survived SIGKILL: {victims}"
            time.sleep(0.1)  # poll interval
        assert table.seq() == at_seq, "nothing of the bot's move was appended"
        assert table.redis.hlen("unacked") >= 1, "the task is stuck unacknowledged (visibility timeout: 1 h)"

        started = time.monotonic()
        second = start_worker(swept.env, pool="prefork", concurrency=1, name="worker-b")
        pid2, seq2 = table.bot_started()  # BLPOP: blocks until a worker is in the bot's move again
        took = time.monotonic() - started
        print(f"\nbot move resumed {took:.1f} s after the new worker started "
              f"(time limit {LIMIT_S} s + margin {MARGIN_S} s, sweep every {SWEEP_S} s)")
        assert seq2 == at_seq and pid2 in pool_processes(second.pid)
        assert took < 60
        second.wait_for(rf"sweep enqueued lost work: \['resent {table.game}@{at_seq}'\]", timeout=5,
                        new_only=False)
        table.redis.rpush(table.release, "go")
        table.finish()
        log = table.check_log()
        assert log[at_seq].actor == "p2" and log[at_seq].command_id == f"work-{at_seq}"
    finally:
        if second is not None:
            second.stop()
        first.stop()
        table.redis.delete(table.hold)
