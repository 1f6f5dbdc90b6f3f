"""A finished game's analysis, stored as its own projection beside the log.

The analysis (computed by a worker, :mod:`worker.analysis`) is derived data: it
never enters the game's log, and it is computed once per game and kept.  It lives
under the game's hash tag (``game:{<id>}:analysis``, a hash) with its state
(``queued``, ``running``, ``done``, ``failed``), progress while it runs (``done`` of
``total`` positions; the rows computed so far while the work goes on in slices) and,
when done, the result as JSON.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

import redis

ANALYSE_TASK = "stellwerk.analyse"
#: MCTS iterations per position in production (``STELLWERK_ANALYSIS_ITERATIONS``).
#: Measured in CPU time on one core, games of greedy bots (README, "Analysis"):
#: Russian Railroads about 0.67 s a position at 100 iterations, so a 2-seat game of
#: 80 positions takes about a minute (200 iterations: 1.3 s, 106 s); 4 seats, 139
#: positions, 0.78 s a position, under 2 minutes; First Class 1.6 s a position (51
#: positions, 80 s).
ITERATIONS = 100
#: Games whose MCTS takes far too long per position for a whole game's analysis:
#: analysed with the greedy bot instead.  Railroad Dice: 2.6 to 24 s a position at
#: only 10 iterations (greedy: 0.5 s); Steam: up to 40 s a position at 100 (its
#: candidate turns, deliveries and builds, are many and each is completed greedily).
GREEDY_ONLY: frozenset[str] = frozenset({"railroad_dice", "steam"})
#: A queued or running analysis that made no progress this long may be asked for again.
STALE_S = 600


def level_for(game: str, iterations: int = ITERATIONS) -> str:
    """The strongest bot level the analysis of ``game`` uses: MCTS with a fixed
    iteration count (the same result for a game and a bot seed on any machine,
    under any load, unlike a time budget), or greedy where MCTS is too slow."""
    return "greedy" if game in GREEDY_ONLY else f"mcts-{iterations}i"


class AnalysisStore:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.redis = client
        self.prefix = prefix

    def key(self, game_id: str) -> str:
        return f"{self.prefix}:game:{{{game_id}}}:analysis"

    def get(self, game_id: str) -> dict[str, Any]:
        raw = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
               for k, v in self.redis.hgetall(self.key(game_id)).items()}
        if not raw:
            return {"state": "none"}
        out: dict[str, Any] = {"state": raw.get("state", "none"), "done": int(raw.get("done", 0)),
                               "total": int(raw.get("total", 0)), "updated": float(raw.get("updated", 0))}
        if "result" in raw:
            out["result"] = json.loads(raw["result"])
        if "error" in raw:
            out["error"] = raw["error"]
        return out

    def request(self, game_id: str, now: float | None = None) -> bool:
        """Mark the analysis queued; True if the caller should enqueue the task
        (nothing queued, running recently or done yet)."""
        now = time.time() if now is None else now
        key = self.key(game_id)
        if self.redis.hsetnx(key, "state", "queued"):
            self.redis.hset(key, mapping={"done": 0, "total": 0, "updated": repr(now)})
            return True
        current = self.get(game_id)
        if current["state"] == "failed" or (current["state"] in ("queued", "running")
                                            and now - current["updated"] > STALE_S):
            self.redis.hset(key, mapping={"state": "queued", "done": 0, "updated": repr(now)})
            self.redis.hdel(key, "error", "rows")
            return True
        return False

    def progress(self, game_id: str, done: int, total: int) -> None:
        self.redis.hset(self.key(game_id), mapping={"state": "running", "done": done, "total": total,
                                                    "updated": repr(time.time())})

    def save_rows(self, game_id: str, rows: Sequence[Mapping[str, Any]], total: int) -> None:
        """The rows computed so far by a worker that goes on in another slice."""
        self.redis.hset(self.key(game_id), mapping={"state": "running", "done": len(rows), "total": total,
                                                    "updated": repr(time.time()),
                                                    "rows": json.dumps(list(rows), separators=(",", ":"))})

    def rows(self, game_id: str) -> list[dict[str, Any]]:
        raw = self.redis.hget(self.key(game_id), "rows")
        return json.loads(raw) if raw else []

    def finish(self, game_id: str, result: Mapping[str, Any]) -> None:
        total = len(result.get("positions", []))
        key = self.key(game_id)
        self.redis.hset(key, mapping={"state": "done", "done": total, "total": total, "updated": repr(time.time()),
                                      "result": json.dumps(result, separators=(",", ":"))})
        self.redis.hdel(key, "rows")

    def fail(self, game_id: str, error: str) -> None:
        self.redis.hset(self.key(game_id), mapping={"state": "failed", "error": error[:500],
                                                    "updated": repr(time.time())})
