"""The production configuration in ``deploy/``, checked without Docker or a cluster.

Docker and kubectl do not run here, so these tests lint every YAML file (yamllint)
and check the structure that matters: the compose services and their health checks,
Redis durability (AOF, fsync every second, a volume), Kubernetes kinds, apiVersions,
labels that match their selectors, probes on ``/healthz``, the Redis volume claim,
no real secret in the Secret, and a gunicorn configuration that reads the environment.
"""

from __future__ import annotations

import ast
import os
import py_compile
import re
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"

# apiVersion of each kind we ship (the stable ones; a typo or a beta API fails here).
API_VERSIONS = {
    "Namespace": "v1", "ConfigMap": "v1", "Secret": "v1", "Service": "v1",
    "Deployment": "apps/v1", "StatefulSet": "apps/v1",
    "Kustomization": "kustomize.config.k8s.io/v1beta1",
}


def yaml_files() -> list[Path]:
    return sorted([*DEPLOY.rglob("*.yaml"), *DEPLOY.rglob("*.yml")])


def load_all(path: Path) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc is not None]


def manifests() -> list[dict[str, Any]]:
    docs = []
    for path in sorted(K8S.glob("*.yaml")):
        if path.name != "kustomization.yaml":
            docs.extend(load_all(path))
    return docs


def by_kind(kind: str) -> dict[str, dict[str, Any]]:
    return {d["metadata"]["name"]: d for d in manifests() if d["kind"] == kind}


def compose() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def redis_directives(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition(" ")
            out[key] = value.strip()
    return out


# ------------------------------------------------------------------------ lint
def test_there_is_yaml_to_lint() -> None:
    names = {p.relative_to(DEPLOY).as_posix() for p in yaml_files()}
    assert {"compose.yaml", "k8s/web.yaml", "k8s/worker.yaml", "k8s/beat.yaml", "k8s/redis.yaml",
            "k8s/configmap.yaml", "k8s/secret.yaml", "k8s/kustomization.yaml"} <= names


def test_yamllint_passes_on_every_yaml_file() -> None:
    """Plain ``yamllint deploy/`` from the top level, with the repository's own settings
    (``.yamllint.yaml``), as an operator would run it."""
    root = DEPLOY.parent
    assert (root / ".yamllint.yaml").exists()
    result = subprocess.run([sys.executable, "-m", "yamllint", "-f", "parsable", "deploy/"],
                            capture_output=True, text=True, cwd=root)
    assert result.returncode == 0, result.stdout + result.stderr


# --------------------------------------------------------------------- compose
def test_compose_has_redis_web_nodes_workers_and_one_beat() -> None:
    services = compose()["services"]
    webs = [name for name in services if name.startswith("web")]
    assert "redis" in services and "worker" in services and "beat" in services
    assert len(webs) >= 2, "N web nodes, each on its own port"
    host_ports = [services[w]["ports"][0].split(":")[0] for w in webs]
    assert len(set(host_ports)) == len(webs)
    for name in webs:
        assert "gunicorn" in services[name]["command"]
        assert "service.wsgi:app" in services[name]["command"]
        assert services[name]["depends_on"]["redis"]["condition"] == "service_healthy"
    beat = services["beat"]
    assert beat["command"][:4] == ["celery", "-A", "worker.celery_app", "beat"]
    assert beat.get("deploy", {}).get("replicas", 1) == 1
    worker = services["worker"]
    assert "worker" in worker["command"]
    # the health check pings this very node by the name the command gives it
    name = worker["command"][worker["command"].index("--hostname") + 1]
    assert f"--destination {name.replace('%h', '$$HOSTNAME')}" in worker["healthcheck"]["test"][1]


def test_compose_health_checks() -> None:
    services = compose()["services"]
    for name in ("redis", "worker", *[n for n in services if n.startswith("web")]):
        check = services[name].get("healthcheck")
        assert check and check["test"], f"{name} has no health check"
    assert "ping" in services["redis"]["healthcheck"]["test"]
    for name in (n for n in services if n.startswith("web")):
        assert any("/healthz" in part for part in services[name]["healthcheck"]["test"])


def test_compose_redis_is_durable() -> None:
    spec = compose()
    redis = spec["services"]["redis"]
    mounts = {v.split(":")[1]: v.split(":")[0] for v in redis["volumes"]}
    assert mounts["/data"] in spec["volumes"], "Redis data on a named volume"
    assert mounts["/usr/local/etc/redis/redis.conf"] == "./redis.conf"
    assert redis["command"][1:] == ["/usr/local/etc/redis/redis.conf", "--dir", "/data"]


def test_compose_holds_no_secret() -> None:
    env = compose()["services"]["web-1"]["environment"]
    assert env["STELLWERK_SECRET_KEY"].startswith("${STELLWERK_SECRET_KEY:?"), "taken from the environment"
    for key, value in env.items():
        if any(word in key for word in ("SECRET", "PASSWORD")):
            assert str(value).startswith("${"), key


# ----------------------------------------------------------------------- redis
def test_redis_conf_turns_aof_on_with_fsync_every_second() -> None:
    conf = redis_directives((DEPLOY / "redis.conf").read_text())
    assert conf["appendonly"] == "yes"
    assert conf["appendfsync"] == "everysec"
    assert "dir" not in conf, "set on the command line: a file's `dir /data` fails where there is no /data"
    assert conf["save"] == '""', "no timed RDB dumps (copies of token digests)"
    assert conf["maxmemory-policy"] == "noeviction", "a game log must never be evicted"
    assert "requirepass" not in conf, "the password comes from a secret, not this file"


def test_redis_conf_is_accepted_by_redis_server(tmp_path: Path) -> None:
    """redis-server itself loads deploy/redis.conf (only ``dir`` and the port changed)."""
    import redis

    from tests.reliability.procs import REDIS_SERVER, Proc, free_port, have_redis_server

    if not have_redis_server():
        pytest.skip("redis-server is not installed")
    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    # The file as it is, outside a container: only the command line's flags added.
    proc = Proc("redis-server", [REDIS_SERVER, str(DEPLOY / "redis.conf"), "--port", str(port),
                                 "--bind", "127.0.0.1", "--dir", str(data)])
    try:
        proc.wait_for(r"(?i)ready to accept connections", timeout=30)
        assert "Bad directive" not in proc.output() and "FATAL" not in proc.output()
        client = redis.Redis(port=port)
        assert client.config_get("appendonly") == {"appendonly": "yes"}
        assert client.config_get("appendfsync") == {"appendfsync": "everysec"}
        assert client.config_get("save") == {"save": ""}
        assert client.config_get("dir") == {"dir": str(data)}
        client.close()
    finally:
        proc.stop()


def test_k8s_redis_config_matches_deploy_redis_conf() -> None:
    inline = by_kind("ConfigMap")["redis-config"]["data"]["redis.conf"]
    assert redis_directives(inline) == redis_directives((DEPLOY / "redis.conf").read_text())


# ------------------------------------------------------------------ kubernetes
def test_k8s_kinds_and_api_versions() -> None:
    docs = manifests()
    kinds = [(d["kind"], d["metadata"]["name"]) for d in docs]
    for kind, name in [("Deployment", "web"), ("Service", "web"), ("Deployment", "worker"),
                       ("Deployment", "beat"), ("StatefulSet", "redis"), ("Service", "redis"),
                       ("ConfigMap", "stellwerk-config"), ("Secret", "stellwerk-secrets")]:
        assert (kind, name) in kinds
    for doc in docs:
        assert doc["apiVersion"] == API_VERSIONS[doc["kind"]], doc["metadata"]["name"]
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert kustomization["apiVersion"] == API_VERSIONS["Kustomization"]
    assert sorted(kustomization["resources"]) == sorted(p.name for p in K8S.glob("*.yaml")
                                                         if p.name != "kustomization.yaml")


def test_k8s_selectors_match_pod_labels_and_services_find_pods() -> None:
    workloads = {**by_kind("Deployment"), **{f"sts/{k}": v for k, v in by_kind("StatefulSet").items()}}
    pod_labels = []
    for name, workload in workloads.items():
        selector = workload["spec"]["selector"]["matchLabels"]
        labels = workload["spec"]["template"]["metadata"]["labels"]
        assert selector and selector.items() <= labels.items(), f"{name}: selector does not match its pods"
        pod_labels.append(labels)
    for name, service in by_kind("Service").items():
        selector = service["spec"]["selector"]
        assert any(selector.items() <= labels.items() for labels in pod_labels), f"service {name} finds no pod"
        # named target ports exist on the selected pods
        for port in service["spec"]["ports"]:
            target = port.get("targetPort")
            if isinstance(target, str):
                pods = [w for w in workloads.values()
                        if selector.items() <= w["spec"]["template"]["metadata"]["labels"].items()]
                names = {p.get("name") for w in pods for c in w["spec"]["template"]["spec"]["containers"]
                         for p in c.get("ports", [])}
                assert target in names, f"service {name}: no container port {target!r}"
    # different workloads never share a selector (a Service would mix web and worker pods)
    selectors = [tuple(sorted(w["spec"]["selector"]["matchLabels"].items())) for w in workloads.values()]
    assert len(set(selectors)) == len(selectors)


def test_k8s_web_probes_hit_healthz_on_the_container_port() -> None:
    web = by_kind("Deployment")["web"]["spec"]["template"]["spec"]["containers"][0]
    ports = {p["name"]: p["containerPort"] for p in web["ports"]}
    for probe in ("readinessProbe", "livenessProbe"):
        get = web[probe]["httpGet"]
        assert get["path"] == "/healthz"
        assert get["port"] in ports or get["port"] in ports.values()
    assert web["command"][:3] == ["gunicorn", "-c", "/etc/stellwerk/gunicorn.conf.py"]
    assert web["command"][-1] == "service.wsgi:app"


def test_k8s_every_workload_is_configured_from_the_configmap_and_secret() -> None:
    for name, deployment in by_kind("Deployment").items():
        container = deployment["spec"]["template"]["spec"]["containers"][0]
        refs = {(("configMap" if "configMapRef" in r else "secret"),
                 (r.get("configMapRef") or r.get("secretRef"))["name"]) for r in container["envFrom"]}
        assert refs == {("configMap", "stellwerk-config"), ("secret", "stellwerk-secrets")}, name


def test_k8s_beat_runs_once_and_workers_run_celery() -> None:
    beat = by_kind("Deployment")["beat"]["spec"]
    assert beat["replicas"] == 1 and beat["strategy"]["type"] == "Recreate"
    assert beat["template"]["spec"]["containers"][0]["command"][:4] == ["celery", "-A", "worker.celery_app", "beat"]
    worker = by_kind("Deployment")["worker"]["spec"]["template"]["spec"]["containers"][0]
    assert "worker" in worker["command"]
    name = worker["command"][worker["command"].index("--hostname") + 1]
    assert f"--destination {name.replace('%h', '$HOSTNAME')}" in worker["livenessProbe"]["exec"]["command"][-1]


def test_k8s_redis_keeps_its_data_on_a_volume_claim() -> None:
    sts = by_kind("StatefulSet")["redis"]["spec"]
    claims = {c["metadata"]["name"]: c for c in sts["volumeClaimTemplates"]}
    container = sts["template"]["spec"]["containers"][0]
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    assert mounts["/data"] in claims
    claim = claims[mounts["/data"]]["spec"]
    assert claim["accessModes"] == ["ReadWriteOnce"] and claim["resources"]["requests"]["storage"]
    assert sts["serviceName"] in by_kind("Service")
    config_volume = next(v for v in sts["template"]["spec"]["volumes"] if v["name"] == mounts["/usr/local/etc/redis"])
    assert config_volume["configMap"]["name"] == "redis-config"
    assert container["args"][:2] == ["redis-server", "/usr/local/etc/redis/redis.conf"]
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["exec"]["command"] == ["redis-cli", "ping"]


def test_k8s_secret_is_a_placeholder() -> None:
    secret = by_kind("Secret")["stellwerk-secrets"]
    assert "data" not in secret, "no base64 blobs that might hide a real value"
    for key, value in secret["stringData"].items():
        assert "CHANGE-ME" in value, f"{key} looks like a real secret"
    config = by_kind("ConfigMap")["stellwerk-config"]["data"]
    assert not [k for k in config if re.search("SECRET|PASSWORD|TOKEN", k)], "secrets belong in the Secret"


# -------------------------------------------------------------------- gunicorn
def test_gunicorn_conf_compiles_and_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    path = DEPLOY / "gunicorn.conf.py"
    py_compile.compile(str(path), doraise=True)
    for name in ("GUNICORN_BIND", "PORT", "WEB_CONCURRENCY", "GUNICORN_THREADS"):
        monkeypatch.delenv(name, raising=False)
    defaults = runpy.run_path(str(path))
    assert defaults["worker_class"] == "gthread", "SSE holds a connection: threads, not sync workers"
    assert defaults["bind"] == ["0.0.0.0:8000"] and defaults["workers"] == 2 and defaults["threads"] >= 4
    monkeypatch.setenv("GUNICORN_BIND", "127.0.0.1:9001, unix:/tmp/s.sock")
    monkeypatch.setenv("WEB_CONCURRENCY", "5")
    monkeypatch.setenv("GUNICORN_THREADS", "32")
    monkeypatch.setenv("GUNICORN_TIMEOUT", "7")
    conf = runpy.run_path(str(path))
    assert conf["bind"] == ["127.0.0.1:9001", "unix:/tmp/s.sock"]
    assert (conf["workers"], conf["threads"], conf["timeout"]) == (5, 32, 7)
    monkeypatch.delenv("GUNICORN_BIND")
    monkeypatch.setenv("PORT", "8123")
    assert runpy.run_path(str(path))["bind"] == ["0.0.0.0:8123"]


def test_gunicorn_accepts_the_configuration() -> None:
    """gunicorn itself parses the file: every name in it is a known setting."""
    from gunicorn.config import Config

    names = {node.targets[0].id for node in ast.parse((DEPLOY / "gunicorn.conf.py").read_text()).body
             if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)}
    known = set(Config().settings)
    assert names - known == set(), f"not gunicorn settings: {names - known}"
    settings = runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    config = Config()
    for name in names:
        config.set(name, settings[name])  # runs gunicorn's own validators
    assert config.worker_class_str == "gthread"


def test_dockerfile_builds_one_image_for_every_role() -> None:
    text = (DEPLOY / "Dockerfile").read_text()
    assert re.search(r"^FROM python:3\.11", text, re.M)
    assert re.search(r"^USER (?!root)\w+", text, re.M), "the processes do not run as root"
    assert "deploy/gunicorn.conf.py /etc/stellwerk/gunicorn.conf.py" in text
    assert re.search(r'^CMD \["gunicorn", "-c", "/etc/stellwerk/gunicorn.conf.py", "service.wsgi:app"\]', text, re.M)
    # every path the image copies exists
    for line in text.splitlines():
        if line.startswith("COPY") and "--from" not in line:
            for src in line.split()[1:-1]:
                assert (ROOT / src).exists(), src


def test_entry_points_exist() -> None:
    """The modules the manifests name: service.wsgi:app and worker.celery_app:app."""
    for module in ("service/wsgi.py", "worker/celery_app.py"):
        tree = ast.parse((ROOT / module).read_text())
        assigned = {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
        assert "app" in assigned, module
    assert os.path.exists(DEPLOY / "README.md")


def test_play_and_review_have_their_own_workers_everywhere() -> None:
    """Issue 28: analyses never take a play worker's slot."""
    for path in ("compose.yaml", "compose.cluster.yaml"):
        services = yaml.safe_load((DEPLOY / path).read_text())["services"]
        play, review = services["worker"]["command"], services["review-worker"]["command"]
        assert play[play.index("--queues") + 1] == "play", path
        assert review[review.index("--queues") + 1] == "review", path
    deployments = by_kind("Deployment")
    for name, queue in (("worker", "play"), ("review-worker", "review")):
        command = deployments[name]["spec"]["template"]["spec"]["containers"][0]["command"]
        assert command[command.index("--queues") + 1] == queue, name
