"""The scaled topology's deployment files (issue 15), checked without Docker: the
compose file's services, the cluster node configuration (accepted by redis-server),
and the Kubernetes overlay as ``kubectl kustomize`` builds it (when kubectl is here)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.cluster.redis_cluster import cluster_port, have_cluster_binaries
from tests.reliability.procs import REDIS_SERVER, Proc

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def compose() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.cluster.yaml").read_text())


def test_compose_runs_a_cluster_rabbitmq_web_nodes_workers_and_one_beat() -> None:
    services = compose()["services"]
    nodes = [s for s in services if s.startswith("redis-") and s != "redis-init"]
    assert len(nodes) == 6
    for name in nodes:
        assert any("redis-cluster.conf" in v for v in services[name]["volumes"])
        assert any(v.endswith(":/data") for v in services[name]["volumes"]), f"{name} keeps no data"
    init = " ".join(services["redis-init"]["command"])
    assert "--cluster create" in init and "--cluster-replicas 1" in init and init.count(":6379") == 6
    assert "rabbitmq" in services
    assert len([s for s in services if s.startswith("web-")]) >= 2
    assert services["worker"]["deploy"]["replicas"] >= 2
    assert services["beat"]["deploy"]["replicas"] == 1
    env = services["web-1"]["environment"]
    assert env["REDIS_URL"].startswith("redis+cluster://") and env["STELLWERK_BROKER_URL"].startswith("amqp://")


def test_compose_holds_no_secret() -> None:
    text = (DEPLOY / "compose.cluster.yaml").read_text()
    for var in ("REDIS_PASSWORD", "RABBITMQ_PASSWORD", "STELLWERK_SECRET_KEY"):
        assert f"${{{var}:?" in text, f"{var} must come from the environment"


def test_the_overlay_ships_the_same_node_configuration() -> None:
    assert (DEPLOY / "k8s-cluster" / "redis-cluster.conf").read_text() == (DEPLOY / "redis-cluster.conf").read_text()


def test_redis_server_accepts_the_cluster_node_configuration(tmp_path: Path) -> None:
    if not have_cluster_binaries():
        pytest.skip("needs Debian's redis-server")
    port = cluster_port()
    conf = tmp_path / "redis.conf"  # the same file with its data dir moved here
    conf.write_text((DEPLOY / "redis-cluster.conf").read_text().replace("dir /data", f"dir {tmp_path}"))
    proc = Proc("redis-conf", [REDIS_SERVER, str(conf), "--port", str(port),
                               "--bind", "127.0.0.1", "--dir", str(tmp_path)])
    try:
        proc.wait_for(r"(?i)ready to accept connections", timeout=30)
        out = subprocess.run(["redis-cli", "-p", str(port), "config", "get", "cluster-enabled"],
                             capture_output=True, text=True, timeout=10).stdout.split()
        assert out == ["cluster-enabled", "yes"]
    finally:
        proc.stop()


def test_kustomize_builds_the_scaled_topology() -> None:
    kubectl = shutil.which("kubectl")
    if not kubectl:
        pytest.skip("kubectl is not installed")
    built = subprocess.run([kubectl, "kustomize", str(DEPLOY / "k8s-cluster")], capture_output=True, text=True,
                           timeout=60)
    assert built.returncode == 0, built.stderr
    docs = {(d["kind"], d["metadata"]["name"]): d for d in yaml.safe_load_all(built.stdout) if d}
    assert ("StatefulSet", "redis") not in docs and ("Service", "redis") not in docs
    assert docs[("StatefulSet", "redis-cluster")]["spec"]["replicas"] == 6
    assert ("Job", "redis-cluster-init") in docs and ("StatefulSet", "rabbitmq") in docs
    assert docs[("Deployment", "web")]["spec"]["replicas"] == 3
    assert docs[("Deployment", "worker")]["spec"]["replicas"] == 4
    assert docs[("Deployment", "beat")]["spec"]["replicas"] == 1
    secret = docs[("Secret", "stellwerk-secrets")]["stringData"]
    assert secret["REDIS_URL"].startswith("redis+cluster://") and secret["STELLWERK_BROKER_URL"].startswith("amqp://")
    assert all("CHANGE-ME" in v for v in secret.values()), "placeholders only"
