"""The scaled topology from plain processes: the session's Redis Cluster for the
events, RabbitMQ for the Celery queue, two gunicorn web nodes and a Celery worker
(the production commands of :mod:`tests.reliability.procs`)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from events.connection import client as redis_client
from tests.cluster.redis_cluster import LocalRedisCluster
from tests.reliability.load import Player
from tests.reliability.procs import PYTHON, Proc, process_env, start_gunicorn, start_worker

#: Short limits so that the beat's sweep re-sends work lost in a failover within
#: seconds (the claim or the task's append hit the shard without a master).
SWEEP_ENV = {"STELLWERK_TASK_TIME_LIMIT": "10", "STELLWERK_TASK_SOFT_TIME_LIMIT": "8",
             "STELLWERK_WORK_MARGIN_S": "2", "STELLWERK_SWEEP_S": "2"}


class ScaledTopology:
    def __init__(self, cluster: LocalRedisCluster, env: dict[str, str]) -> None:
        self.cluster = cluster
        self.env = env
        self.webs: list[Proc] = []
        self.bases: list[str] = []
        self.workers: list[Proc] = []

    @property
    def prefix(self) -> str:
        return self.env["STELLWERK_KEY_PREFIX"]

    def client(self):  # type: ignore[no-untyped-def]
        return redis_client(self.cluster.url, socket_timeout=30)

    def errors(self) -> str:
        out = []
        for proc in [*self.webs, *self.workers]:
            lines = proc.output().splitlines()
            for i in [i for i, line in enumerate(lines) if "Traceback" in line or "ERROR" in line][:3]:
                out.append(f"--- {proc.name}:\n" + "\n".join(lines[i:i + 30]))
        return "\n".join(out)

    def close(self) -> None:
        for proc in [*self.workers, *self.webs]:
            proc.stop()


@contextmanager
def scaled_topology(cluster: LocalRedisCluster, broker_url: str, tmp: Path, web_nodes: int = 2,
                    **extra_env: str) -> Iterator[ScaledTopology]:
    """``web_nodes`` gunicorn nodes, one worker and one beat on the cluster + broker."""
    tag = uuid.uuid4().hex[:8]
    env = process_env(cluster.url, f"clu-{tag}", f"clu-{tag}", STELLWERK_BROKER_URL=broker_url,
                      STELLWERK_SNAPSHOT_EVERY="10", **{**SWEEP_ENV, **extra_env})
    topo = ScaledTopology(cluster, env)
    try:
        for i in range(web_nodes):
            proc, base = start_gunicorn(env, 1, 8, name=f"web-{i + 1}")
            topo.webs.append(proc)
            topo.bases.append(base)
        topo.workers.append(start_worker(env))
        beat = Proc("beat", [PYTHON, "-m", "service.cli", "beat", "--schedule", str(tmp / "beat-schedule")],
                    env=env)
        topo.workers.append(beat)
        beat.wait_for(r"beat: Starting", timeout=60)
        yield topo
    finally:
        topo.close()


class ClusterPlayer(Player):
    """:class:`Player` whose own Redis reads (XREAD BLOCK on the game's stream) go
    through the cluster client and ride out a failover."""

    def __init__(self, *args: Any, cluster_url: str, **kwargs: Any) -> None:
        super().__init__(*args, redis_url="redis://127.0.0.1:1/0", **kwargs)  # replaced below
        self.redis = redis_client(cluster_url, socket_timeout=5)

    def wait_for_change(self, seq: int) -> None:
        try:
            self.redis.xread({self.log_key: f"{seq}-0"}, block=1000)
        except Exception:  # noqa: BLE001 - a shard is failing over (fault test): do not spin
            if not self.tolerate_outage:
                raise
            self.stop_event.wait(0.2)


def stop_all(players: list[threading.Thread], stop: threading.Event, timeout: float) -> None:
    stop.set()
    for p in players:
        p.join(timeout)
