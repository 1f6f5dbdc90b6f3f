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

from events.queues import ANALYSE_TASK  # noqa: F401 - re-exported: the task is named where it is routed
from games.contract import Game
from games.kit import hooks

#: MCTS iterations per position in production (``STELLWERK_ANALYSIS_ITERATIONS``).
#: Measured in CPU time on one core, games of greedy bots (README, "Analysis"):
#: Russian Railroads about 0.67 s a position at 100 iterations, so a 2-seat game of
#: 80 positions takes about a minute (200 iterations: 1.3 s, 106 s); 4 seats, 139
#: positions, 0.78 s a position, under 2 minutes; First Class 1.6 s a position (51
#: positions, 80 s); Steam, 3 seats, 18-37 s a game, up to 4.6 s a position.
ITERATIONS = 100
#: A running analysis that made no progress this long may be asked for again.
STALE_S = 600


def level_for(game: Game, iterations: int = ITERATIONS) -> str:
    """The strongest bot level the analysis of ``game`` uses: MCTS with a fixed
    iteration count (the same result for a game and a bot seed on any machine,
    under any load, unlike a time budget), or greedy where the game declares its
    search too slow for a whole game (``Capabilities.analysis_bot``; no game does
    today)."""
    return "greedy" if hooks.capabilities(game).analysis_bot == "greedy" else f"mcts-{iterations}i"


#: How long a reservation of the in-flight limits lasts at most (a worker lost
#: with its analysis must not hold a requester's place for ever).
RESERVATION_S = 2 * 3600

# Reserve a place for an analysis in the site's and the requester's in-flight sets
# (both under the ``{analysis}`` hash tag, so one cluster slot): 1 reserved (or
# held already), -1 the requester has too many, -2 the site has too many.
_RESERVE_LUA = """
local site, mine = KEYS[1], KEYS[2]
local game, now, stale = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', site, '-inf', stale)
redis.call('ZREMRANGEBYSCORE', mine, '-inf', stale)
if redis.call('ZSCORE', mine, game) then return 1 end
if redis.call('ZCARD', mine) >= tonumber(ARGV[4]) then return -1 end
if redis.call('ZCARD', site) >= tonumber(ARGV[5]) then return -2 end
redis.call('ZADD', site, now, game)
redis.call('ZADD', mine, now, game)
redis.call('EXPIRE', mine, ARGV[6])
return 1
"""


class TooManyAnalyses(Exception):
    """A requester (or the site) has as many analyses queued or running as allowed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class AnalysisStore:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.redis = client
        self.prefix = prefix
        self._reserve = client.register_script(_RESERVE_LUA)

    def _site_key(self) -> str:
        return f"{self.prefix}:{{analysis}}:in-flight"

    def _requester_key(self, requester: str) -> str:
        return f"{self.prefix}:{{analysis}}:by:{requester}"

    def reserve(self, game_id: str, requester: str, per_requester: int, site: int,
                now: float | None = None) -> None:
        """Count ``game_id``'s analysis against the requester's and the site's
        in-flight limits (issue 28: one account must not fill the review queue);
        raises :class:`TooManyAnalyses`.  Released when the analysis ends."""
        now = time.time() if now is None else now
        answer = int(self._reserve(keys=[self._site_key(), self._requester_key(requester)],
                                   args=[game_id, repr(now), repr(now - RESERVATION_S), per_requester, site,
                                         RESERVATION_S]))
        if answer == -1:
            raise TooManyAnalyses("analysis.too_many",
                                  f"you have {per_requester} analyses queued or running; "
                                  "ask again when one of them is done")
        if answer == -2:
            raise TooManyAnalyses("analysis.busy", "the server is analysing many games; try again later")

    def release(self, game_id: str, requester: str | None = None) -> None:
        requester = requester if requester is not None else self._field(game_id, "requester")
        pipe = self.redis.pipeline(transaction=False)
        pipe.zrem(self._site_key(), game_id)
        if requester:
            pipe.zrem(self._requester_key(requester), game_id)
        pipe.execute()

    def release_requester(self, game_id: str, requester: str) -> None:
        """Only the requester's place: the game's analysis is another requester's."""
        self.redis.zrem(self._requester_key(requester), game_id)

    def requester(self, game_id: str) -> str | None:
        return self._field(game_id, "requester")

    def in_flight(self, requester: str | None = None) -> int:
        return int(self.redis.zcard(self._site_key() if requester is None else self._requester_key(requester)))

    def _field(self, game_id: str, name: str) -> str | None:
        raw = self.redis.hget(self.key(game_id), name)
        return raw.decode() if isinstance(raw, bytes) else raw

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

    def request(self, game_id: str, now: float | None = None, requester: str = "") -> bool:
        """Mark the analysis queued; True if the caller should enqueue the task
        (nothing queued, running recently or done yet).  ``requester`` is kept
        so that the end of the analysis releases the requester's place."""
        now = time.time() if now is None else now
        key = self.key(game_id)
        if self.redis.hsetnx(key, "state", "queued"):
            self.redis.hset(key, mapping={"done": 0, "total": 0, "updated": repr(now), "requester": requester})
            return True
        current = self.get(game_id)
        # A queued analysis may wait long behind others; a running one makes progress.
        stale = {"running": STALE_S, "queued": RESERVATION_S}.get(current["state"])
        if current["state"] == "failed" or (stale is not None and now - current["updated"] > stale):
            self.redis.hset(key, mapping={"state": "queued", "done": 0, "updated": repr(now),
                                          "requester": requester})
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
        self.release(game_id)

    def fail(self, game_id: str, error: str) -> None:
        self.redis.hset(self.key(game_id), mapping={"state": "failed", "error": error[:500],
                                                    "updated": repr(time.time())})
        self.release(game_id)
