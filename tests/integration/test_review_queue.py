"""Issue 28 A on ``stellwerk serve``: ten analyses queued do not hold up a bot's
turn or a round's scoring, and the analyses still finish.

Before, every analysis slice (about 5 s) queued the next at the back of the one
queue, so a bot's turn waited about N x 5 s behind N analyses.  Now ``serve``
runs a play worker and a review worker (at a lower CPU priority), and the
analyses go to the review queue.  The bound is relative to the same table's
timings measured first with nothing queued, in the same run, so a slow machine
moves both.
"""

from __future__ import annotations

import json
import statistics
import time
import urllib.request
import uuid

import pytest
import redis
from argon2 import PasswordHasher

from service.accounts.store import UserStore
from tests.integration.conftest import serve_process
from tests.integration.test_serve import call

pytestmark = [pytest.mark.slow, pytest.mark.redis]

#: Per position of a 5-round Tally game: about 0.15 s of search, 2 to 3 s a game.
ITERATIONS = "2000"
ANALYSES = 10


def wait_until(predicate, timeout: float, what: str):  # type: ignore[no-untyped-def]
    """Poll a condition (each check is a request) until it holds or the deadline passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout} s: {what}")


def follow_until_my_turn(base: str, game_id: str, token: str, after_seq: int) -> dict:
    """Read the live stream until the seat is to move again after ``after_seq``."""
    with urllib.request.urlopen(f"{base}/api/games/{game_id}/stream?token={token}", timeout=300) as stream:
        for raw in stream:
            line = raw.decode().strip()
            if line.startswith("data:"):
                update = json.loads(line[5:])
                if update["seq"] > after_seq and (update["to_move"] == ["p1"] or update.get("over")):
                    return update
    raise AssertionError("the stream ended")


def play_rounds(base: str, game_id: str, token: str, rounds: int) -> list[tuple[float, float, float]]:
    """ann adds and confirms; the bot answers and the round is scored by the worker.
    Per round: (ann's confirm -> her turn again, the bot's turn, the scoring), in s,
    the last two from the events' own timestamps (ms)."""
    out = []
    for _ in range(rounds):
        seq = call(base, "GET", f"/api/games/{game_id}", token=token)["seq"]
        started = time.monotonic()
        for n, command in enumerate(({"type": "Add", "args": {"n": 1}}, {"type": "ConfirmTurn"})):
            call(base, "POST", f"/api/games/{game_id}/commands",
                 {"command": command, "expected_seq": seq + n, "command_id": uuid.uuid4().hex}, token=token)
        follow_until_my_turn(base, game_id, token, seq + 2)
        round_trip = time.monotonic() - started
        with urllib.request.urlopen(f"{base}/api/games/{game_id}/log?token={token}", timeout=60) as response:
            events = [json.loads(line) for line in response.read().decode().splitlines() if line.strip()]
        later = [e for e in events if e["seq"] > seq + 2]
        confirm_ts = next(e["ts"] for e in events if e["seq"] == seq + 2)
        bot_ts = max(e["ts"] for e in later if e["actor"] == "p2")
        system_ts = max(e["ts"] for e in later if e["actor"] == "system")
        out.append((round_trip, (bot_ts - confirm_ts) / 1000, (system_ts - bot_ts) / 1000))  # ts: ms
    return out


# Ten analyses must still be waiting while two rounds are played, and then all finish:
# on a busy machine (two test runs side by side) that took longer than the default 300 s.
@pytest.mark.timeout(900)
def test_ten_queued_analyses_do_not_hold_up_bots_or_scoring(tmp_path, real_redis_url):
    prefix = f"rq-{uuid.uuid4().hex[:8]}"
    env = {"STELLWERK_KEY_PREFIX": prefix, "STELLWERK_QUEUE": prefix, "STELLWERK_ANALYSIS_ITERATIONS": ITERATIONS,
           "STELLWERK_ANALYSES_PER_REQUESTER": str(ANALYSES), "STELLWERK_RATE_PUBLIC": "1000 per second"}
    with serve_process(tmp_path, redis_url=real_redis_url, **env) as base:
        users = UserStore(redis.Redis.from_url(real_redis_url), prefix,
                          PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
        users.register("rita", "correct horse battery")
        api_token = users.create_api_token("rita", "review")[1]
        # Ten games between bots, played to the end by the play worker.
        finished = [call(base, "POST", "/api/games", {"game": "tally", "options": {"rounds": 5},
                                                     "seats": [{"bot": "random"}, {"bot": "random"}]})["id"]
                    for _ in range(ANALYSES)]
        for game_id in finished:
            wait_until(lambda g=game_id: call(base, "GET", f"/api/games/{g}")["status"]["over"], 120,
                       f"bot game {game_id} over")
        created = call(base, "POST", "/api/games", {"game": "tally", "options": {"rounds": 5},
                                                     "seats": [{"name": "ann"}, {"bot": "random"}]})
        table, token = created["id"], created["seats"][0]["token"]

        quiet = play_rounds(base, table, token, 2)
        for game_id in finished:
            call(base, "POST", f"/api/games/{game_id}/analysis", token=api_token)
        busy = play_rounds(base, table, token, 2)
        states = [call(base, "GET", f"/api/games/{g}/analysis")["state"] for g in finished]
        # The rounds above were played with analyses still waiting in the review queue.
        assert states.count("done") <= ANALYSES - 3, states

        quiet_trip = max(q[0] for q in quiet)
        for trip, bot, scoring in busy:
            # Before, each was at least one 5 s slice, and N x 5 s behind N analyses.
            assert trip <= 2 * quiet_trip + 2.0, (quiet, busy)
            assert bot <= 2 * max(q[1] for q in quiet) + 2.0, (quiet, busy)
            assert scoring <= 2 * max(q[2] for q in quiet) + 2.0, (quiet, busy)
        # And the analyses still finish.
        for game_id in finished:
            body = wait_until(lambda g=game_id: (lambda b: b if b["state"] in ("done", "failed") else None)(
                call(base, "GET", f"/api/games/{g}/analysis")), 600, f"analysis of {game_id}")
            assert body["state"] == "done", body
            assert body["result"]["level"] == f"mcts-{ITERATIONS}i"
        # The queue wait is measured per queue, from the senders' stamps.
        with urllib.request.urlopen(f"{base}/metrics", timeout=60) as response:
            metrics = response.read().decode()
        for queue in (prefix, f"{prefix}.review"):
            count = next(line for line in metrics.splitlines()
                         if line.startswith(f'stellwerk_queue_wait_seconds_count{{queue="{queue}"}}'))
            assert float(count.rsplit(" ", 1)[1]) >= ANALYSES, count
        print("quiet", [tuple(round(x, 3) for x in q) for q in quiet],
              "busy", [tuple(round(x, 3) for x in b) for b in busy],
              "median busy trip", round(statistics.median(b[0] for b in busy), 3))
