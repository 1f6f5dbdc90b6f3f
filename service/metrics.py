"""Prometheus metrics of the web app: requests, appends, conflicts, task latency.

Task latency is measured by the workers and kept in Redis
(:mod:`events.task_metrics`); a custom collector exposes it here so one scrape of
any web node shows the whole deployment's queue delay.
"""

from __future__ import annotations

import time

from flask import Flask, Response, g, request
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from events import task_metrics


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("stellwerk_http_requests", "HTTP requests", ["method", "endpoint", "status"],
                                registry=self.registry)
        self.latency = Histogram("stellwerk_http_request_seconds", "HTTP request latency", ["endpoint"],
                                 registry=self.registry)
        self.appends = Counter("stellwerk_appends", "Commands appended to a game's log", ["game"],
                               registry=self.registry)
        self.conflicts = Counter("stellwerk_conflicts", "Commands refused for a stale expected_seq",
                                 registry=self.registry)
        self.refused = Counter("stellwerk_refused_commands", "Commands refused as illegal", ["code"],
                               registry=self.registry)


class TaskLatencyCollector:
    def __init__(self, app: Flask) -> None:
        self.app = app

    def collect(self):  # type: ignore[no-untyped-def]
        from service.context import ServiceContext

        context: ServiceContext = self.app.extensions["stellwerk"]
        client, prefix = context.repository.store.redis, context.settings.key_prefix
        yield _histogram(task_metrics.read(client, prefix), "stellwerk_task_latency_seconds",
                         "Delay from enqueueing a system or bot task to its append", "kind")
        yield _histogram(task_metrics.read(client, prefix, task_metrics.WAIT_KEY), "stellwerk_queue_wait_seconds",
                         "Time a task waited in its queue before a worker took it (play or review queue)", "queue")
        appends = CounterMetricFamily("stellwerk_worker_appends", "Commands appended by workers (bots, system)",
                                      labels=["game"])
        for game, count in sorted(task_metrics.read_appends(context.repository.store.redis,
                                                            context.settings.key_prefix).items()):
            appends.add_metric([game], count)
        yield appends
        degraded = GaugeMetricFamily("stellwerk_shards_degraded",
                                     "Shards whose master lacks the replicas an append waits for (after a failover): "
                                     "moves there are acknowledged without a replica's copy", labels=["master"])
        for shard in context.repository.store.durability.degraded():
            degraded.add_metric([shard.master], 1)
        yield degraded


def _histogram(samples: dict[str, dict[str, float]], name: str, documentation: str,
               label: str) -> HistogramMetricFamily:
    family = HistogramMetricFamily(name, documentation, labels=[label])
    for kind in task_metrics.kinds(samples):
        values = samples[kind]
        buckets = [(str(b), values.get(f"le:{b}", 0.0)) for b in task_metrics.BUCKETS]
        buckets.append(("+Inf", values.get("count", 0.0)))
        family.add_metric([kind], buckets, values.get("sum", 0.0))
    return family


def init_metrics(app: Flask) -> Metrics:
    metrics = Metrics()
    metrics.registry.register(TaskLatencyCollector(app))
    app.extensions["stellwerk_metrics"] = metrics

    @app.before_request
    def _start() -> None:
        g.started = time.perf_counter()

    @app.after_request
    def _count(response: Response) -> Response:
        endpoint = request.url_rule.rule if request.url_rule else "unmatched"
        metrics.requests.labels(request.method, endpoint, str(response.status_code)).inc()
        if hasattr(g, "started"):
            metrics.latency.labels(endpoint).observe(time.perf_counter() - g.started)
        return response

    @app.get("/metrics")
    def metrics_endpoint() -> Response:
        return Response(generate_latest(metrics.registry), mimetype=CONTENT_TYPE_LATEST)

    return metrics


def metrics() -> Metrics:
    from flask import current_app

    return current_app.extensions["stellwerk_metrics"]
