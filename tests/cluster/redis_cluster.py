"""A real Redis Cluster from Debian's ``redis-server`` for the test session: three
masters and three replicas on free loopback ports, made by ``redis-cli --cluster
create``.  Readiness is ``cluster info`` saying ``cluster_state:ok`` on every node
(polled with a deadline), never a sleep.  Every node is started in its own session
by :class:`tests.reliability.procs.Proc`, so stopping touches only these processes.
"""

from __future__ import annotations

import atexit
import random
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from tests.reliability.procs import REDIS_SERVER, Proc

REDIS_CLI = shutil.which("redis-cli") or "/usr/bin/redis-cli"
#: Short, so that a killed master's replica is promoted within seconds.
NODE_TIMEOUT_MS = 1500


def have_cluster_binaries() -> bool:
    return Path(REDIS_SERVER).exists() and Path(REDIS_CLI).exists()


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def cluster_port() -> int:
    """A free port whose cluster bus port (+10000) is free too; both at most 65535."""
    for _ in range(200):
        port = random.randint(20000, 55000)
        if _free(port) and _free(port + 10000):
            return port
    raise RuntimeError("no free port pair for a cluster node")


def poll(condition: Callable[[], object], timeout: float, what: str, every: float = 0.1) -> object:
    """Wait until ``condition()`` is truthy (or raise after ``timeout`` s)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        time.sleep(every)  # polling an observable condition with a deadline


def cli(port: int, *args: str, timeout: float = 10) -> str:
    out = subprocess.run([REDIS_CLI, "-h", "127.0.0.1", "-p", str(port), *args], capture_output=True,
                         text=True, timeout=timeout)
    return out.stdout


class ClusterNodeProc:
    def __init__(self, data_dir: Path, port: int) -> None:
        self.data_dir, self.port = data_dir, port
        self.proc: Proc | None = None

    def start(self) -> ClusterNodeProc:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.proc = Proc(f"redis-{self.port}", [
            REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.data_dir),
            "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", str(NODE_TIMEOUT_MS), "--appendonly", "yes",
            "--appendfsync", "everysec", "--save", "", "--daemonize", "no",
            "--maxmemory-policy", "noeviction", "--loglevel", "notice"])
        self.proc.wait_for(r"(?i)ready to accept connections", timeout=30)
        return self

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.stop()
            self.proc = None

    def info(self) -> dict[str, str]:
        text = cli(self.port, "cluster", "info")
        return dict(line.strip().split(":", 1) for line in text.splitlines() if ":" in line)

    def role(self) -> str:
        return cli(self.port, "role").split("\n", 1)[0].strip()


class LocalRedisCluster:
    """``masters`` masters with one replica each."""

    def __init__(self, root: Path, masters: int = 3) -> None:
        self.nodes = [ClusterNodeProc(root / f"node{i}", cluster_port()) for i in range(masters * 2)]
        self.masters = masters

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes[:self.masters])

    def start(self) -> LocalRedisCluster:
        atexit.register(self.close)  # even when the session dies before its teardown
        for node in self.nodes:
            node.start()
        out = subprocess.run([REDIS_CLI, "--cluster", "create",
                              *[f"127.0.0.1:{n.port}" for n in self.nodes],
                              "--cluster-replicas", "1", "--cluster-yes"],
                             capture_output=True, text=True, timeout=60)
        if out.returncode != 0:
            raise RuntimeError(f"redis-cli --cluster create failed:\n{out.stdout}\n{out.stderr}")
        self.wait_ok()
        self.wait_replicated()
        return self

    def wait_ok(self, timeout: float = 60) -> None:
        """Every live node says ``cluster_state:ok`` and sees every slot served."""
        def ok() -> bool:
            for n in self.nodes:
                if n.proc is None:
                    continue
                info = n.info()
                if info.get("cluster_state") != "ok" or info.get("cluster_slots_ok") != "16384":
                    return False
            return True

        poll(ok, timeout, "cluster_state:ok on every node")

    def wait_replicated(self, timeout: float = 60) -> None:
        """Every live replica's link to its master is up (its first sync is done):
        before that, WAIT on the master counts no replica."""
        def up() -> bool:
            for n in self.nodes:
                if n.proc is None:
                    continue
                text = cli(n.port, "info", "replication")
                if "role:slave" in text and "master_link_status:up" not in text:
                    return False
                if "role:master" in text and "connected_slaves:0" in text:
                    return False
            return True

        poll(up, timeout, "every replica in sync with its master")

    def master_of(self, key: str) -> ClusterNodeProc:
        live = next(n for n in self.nodes if n.proc is not None)
        slot = int(cli(live.port, "cluster", "keyslot", key).strip())
        for n in self.nodes:
            if n.proc is None:
                continue
            for line in cli(n.port, "cluster", "nodes").splitlines():
                parts = line.split()
                if "myself" in parts[2] and "master" in parts[2]:
                    for rng in parts[8:]:
                        if rng.startswith("["):
                            continue
                        low, _, high = rng.partition("-")
                        if int(low) <= slot <= int(high or low):
                            return n
        raise LookupError(f"no live master serves slot {slot}")

    def close(self) -> None:
        for node in self.nodes:
            node.stop()
