"""Run every platform benchmark and print one table (a script, not a test).

    python benchmarks/run.py [--quick]

Each figure comes from the same run on the same machine: (a) ``EventStore.append`` vs
raw ``XADD`` on one dedicated Redis; (b) move latency through two gunicorn nodes at a
fixed open-loop load, next to the same load on ``GET /healthz``; (c) cold rebuild time
against log length with and without snapshots.  ``rr_engine.py`` (the Russian
Railroads engine) runs on its own.
"""

from __future__ import annotations

import argparse
import os
import time

import _common  # noqa: F401  (sys.path)
import bench_append
import bench_http
import bench_rebuild


def load_average() -> str:
    try:
        return " / ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    parser.add_argument("--rate", type=float, default=100.0)
    args = parser.parse_args()
    seconds = 10.0 if args.quick else 20.0
    started = time.time()
    print(f"# {os.cpu_count()} cores, load average before: {load_average()}")

    a = bench_append.run(n=5000 if args.quick else 20000)
    print("\n## (a) appends per second, one client, same Redis, same run")
    print("| path | appends/s | vs raw XADD |\n|---|---:|---:|")
    print(f"| raw `XADD` ({a['payload_bytes']} B payload) | {a['raw_xadd_per_s']:,.0f} | 100% |")
    print(f"| raw `XADD` on a held connection (no pool) | {a['raw_xadd_held_per_s']:,.0f} "
          f"| {a['raw_xadd_held_per_s'] / a['raw_xadd_per_s']:.0%} |")
    print(f"| `EventStore.append` (1 event/command) | {a['store_append_per_s']:,.0f} | {a['ratio']:.0%} |")
    print(f"| `EventStore.append` (3 events/command), events/s | {a['store_events_per_s_3_per_append']:,.0f} "
          f"| {a['ratio_events_3']:.0%} |")

    h = bench_http.run(args.rate, seconds)
    b = bench_http.run_baseline(args.rate, seconds)
    print(f"\n## (b) latency through HTTP, open loop at {args.rate:.0f} req/s, 2 gunicorn nodes, real Redis")
    print("| request | achieved/s | p50 ms | p90 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|")
    print(f"| move (`POST .../commands`, 201) | {h['achieved_per_s']:.1f} | {h['p50_ms']:.1f} | {h['p90_ms']:.1f} "
          f"| {h['p99_ms']:.1f} | {h['max_ms']:.1f} |")
    print(f"| baseline `GET /healthz` | {b['offered_per_s']:.0f} | {b['p50_ms']:.1f} | | {b['p99_ms']:.1f} "
          f"| {b['max_ms']:.1f} |")

    r = bench_rebuild.run(repeat=3 if args.quick else 5)
    labels = list(r["ms"])
    print(f"\n## (c) cold rebuild (ms) against log length ({r['game']}, {r['events']} events)")
    print("| events | " + " | ".join(labels) + " |\n|---:|" + "---:|" * len(labels))
    for n in r["lengths"]:
        print(f"| {n} | " + " | ".join(f"{r['ms'][label][n]:.1f}" for label in labels) + " |")
    print(f"\n# load average after: {load_average()}; {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
