"""The scaled topology's deployment files (issue 15), checked without Docker: the
compose file's services, the cluster node configuration (accepted by redis-server),
and the Kubernetes overlay as ``kubectl kustomize`` builds it (when kubectl is here)."""

from __future__ import annotations

import re
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
    # The file as it is, outside a container: the data directory comes from the command line.
    proc = Proc("redis-conf", [REDIS_SERVER, str(DEPLOY / "redis-cluster.conf"), "--port", str(port),
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


def _init_scripts() -> dict[str, str]:
    """The cluster-forming script of compose's redis-init and of the Kubernetes Job, as
    the shell gets it (``$$`` is a literal ``$`` for both)."""
    job = next(d for d in yaml.safe_load_all((DEPLOY / "k8s-cluster" / "redis-cluster.yaml").read_text())
               if d and d["kind"] == "Job")
    return {"compose": compose()["services"]["redis-init"]["command"][-1].replace("$$", "$"),
            "k8s": job["spec"]["template"]["spec"]["containers"][0]["args"][-1].replace("$$", "$")}


@pytest.mark.parametrize("where", ["compose", "k8s"])
def test_forming_the_cluster_again_changes_nothing_and_succeeds(redis_cluster, where: str) -> None:
    """A later ``docker compose up`` (or the Job run again) finds the cluster formed and
    exits 0, instead of failing on nodes that are not empty."""
    script = _init_scripts()[where]
    first, *_ = (n for n in redis_cluster.nodes if n.proc is not None)
    for host in ("redis-cluster-0.redis-cluster", "redis-1"):
        script = script.replace(f"-h {host} ", f"-h 127.0.0.1 -p {first.port} ")
    before = subprocess.run(["redis-cli", "-p", str(first.port), "cluster", "nodes"], capture_output=True,
                            text=True, timeout=10).stdout
    for _ in (1, 2):
        run = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "formed already (6 nodes)" in run.stdout
    after = subprocess.run(["redis-cli", "-p", str(first.port), "cluster", "nodes"], capture_output=True,
                           text=True, timeout=10).stdout
    assert sorted(line.split()[0] for line in after.splitlines()) == sorted(
        line.split()[0] for line in before.splitlines())


def test_the_cluster_secret_command_names_every_key_the_overlay_reads() -> None:
    """deploy/README.md's ``kubectl create secret`` for k8s-cluster holds every key that a
    workload of the overlay or its base reads from ``stellwerk-secrets`` (a missing
    RABBITMQ_PASSWORD left RabbitMQ unable to start)."""
    readme = (DEPLOY / "README.md").read_text()
    section = readme[readme.index("### The secret for `k8s-cluster`"):readme.index("## The same topology")]
    given = set(re.findall(r"--from-literal=([A-Z_]+)=", section))
    needed: set[str] = set()
    for path in [*(DEPLOY / "k8s").glob("*.yaml"), *(DEPLOY / "k8s-cluster").glob("*.yaml")]:
        for doc in yaml.safe_load_all(path.read_text()):
            text = yaml.safe_dump(doc) if doc else ""
            needed |= set(re.findall(r"key: ([A-Z_]+)\n\s*name: stellwerk-secrets", text))
            needed |= set(re.findall(r"name: stellwerk-secrets\n\s*key: ([A-Z_]+)", text))
    placeholder = next(d for d in yaml.safe_load_all((DEPLOY / "k8s" / "secret.yaml").read_text()) if d)
    needed |= set(placeholder["stringData"])  # what the workloads take whole (envFrom)
    assert "RABBITMQ_PASSWORD" in needed  # read by the overlay's RabbitMQ
    assert needed <= given, f"missing from the README's command: {sorted(needed - given)}"
    assert "redis+cluster://" in section and "STELLWERK_BROKER_URL=\"amqp://" in section
