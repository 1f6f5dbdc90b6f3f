"""Issue 28, the embedded default: ``stellwerk serve`` recovers by itself.

* A worker SIGKILLed in the middle of a bot's turn costs less than a minute: the
  task's heartbeats stop, the beat's sweep sends the work again, the restarted
  worker plays the turn (before: task limit + margin + sweep, 154 s).
* A SIGKILLed embedded Redis is restarted on its data (AOF): ``/healthz`` answers
  503 meanwhile, never 500, and 200 again without a person; the games are there.

Default timings throughout (no STELLWERK_* timing overrides), so the figures hold
for what a club runs.  Waits are on conditions with deadlines: lines in serve's
output, Redis lists (BLPOP), the game's status over HTTP.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from tests.integration.test_serve_children import alive, children, serve_proc, wait_until
from tests.reliability.blocking_bot import keys
from tests.reliability.httpclient import Client
from tests.reliability.procs import Proc

pytestmark = [pytest.mark.slow]


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Proc]:
    with serve_proc(tmp_path / "data", STELLWERK_EXTRA_GAMES="tests.reliability.blocking_bot:GAME") as proc:
        yield proc


def started(serve: Proc) -> tuple[str, redis.Redis, int]:
    """(base URL, a client of the embedded Redis, the play worker's pid), once all is up."""
    socket = serve.wait_for(r"embedded Redis on unix://(\S+),", new_only=False).group(1)
    worker = int(serve.wait_for(r"(?<!review )worker started \(pid (\d+)\)", new_only=False).group(1))
    base = serve.wait_for(r"listening on (http://\S+)", new_only=False).group(1)
    serve.wait_for(rf"stellwerk-{worker}@.* ready\.", new_only=False)
    return base, redis.Redis(unix_socket_path=socket, socket_timeout=150), worker


def test_a_worker_killed_in_the_middle_of_a_bots_turn_costs_under_a_minute(serve: Proc) -> None:
    base, client, worker = started(serve)
    hold, started_list, _release = keys("stellwerk")
    client.set(hold, "1")
    http = Client(base)
    r = http.post("/api/games", {"game": "tally", "options": {"rounds": 2},
                                 "seats": [{"name": "ann"}, {"bot": "blocking"}]})
    assert r.status == 201, r.body
    game, token = r.json["id"], r.json["seats"][0]["token"]
    seq = http.get(f"/api/games/{game}", token=token).json["seq"]
    for n, command in enumerate(({"type": "Add", "args": {"n": 1}}, {"type": "ConfirmTurn"})):
        r = http.post(f"/api/games/{game}/commands",
                      {"command": command, "expected_seq": seq + n, "command_id": f"c{n}"}, token=token)
        assert r.status == 201, r.body
    # The bot is in the middle of its turn, in the worker's pool process.
    pid, at_seq = client.blpop([started_list], timeout=120)[1].decode().split(":")
    victims = [worker, *children(worker)]
    assert int(pid) in victims
    client.delete(hold)  # the turn, played again, does not block
    for victim in victims:
        os.kill(victim, signal.SIGKILL)
    killed = time.monotonic()

    def bot_moved() -> bool:
        status = http.get(f"/api/games/{game}", token=token).json
        return status["seq"] > int(at_seq) and status["status"]["to_move"] == ["p1"]

    wait_until(bot_moved, 90, "the bot's turn was not played again")
    took = time.monotonic() - killed
    print(f"\nthe bot's turn was played {took:.1f} s after its worker was SIGKILLed")
    assert took < 60
    serve.wait_for(rf"worker \(pid {worker}\) exited with signal SIGKILL", new_only=False)
    assert not any(alive(p) for p in victims)
    http.close()


def test_a_killed_embedded_redis_is_restarted_and_health_comes_back(serve: Proc) -> None:
    base, client, _worker = started(serve)
    http = Client(base)
    assert http.get("/healthz").status == 200
    r = http.post("/api/games", {"game": "tally", "options": {"rounds": 1},
                                 "seats": [{"name": "ann"}, {"bot": "random"}]})
    game, token = r.json["id"], r.json["seats"][0]["token"]
    seq = http.get(f"/api/games/{game}", token=token).json["seq"]
    pid = int(client.info("server")["process_id"])
    client.close()
    os.kill(pid, signal.SIGKILL)
    serve.wait_for(rf"redis \(pid {pid}\) exited with signal SIGKILL; restarting", timeout=30)
    seen: list[int] = []

    def healthy() -> bool:
        status = http.get("/healthz").status
        seen.append(status)
        return status == 200

    wait_until(healthy, 60, "/healthz did not come back by itself")
    assert set(seen) <= {200, 503}, seen  # clean answers meanwhile, never a 500
    # The data survived (AOF), and the worker plays on.
    assert http.get(f"/api/games/{game}", token=token).json["seq"] == seq
    r = http.post(f"/api/games/{game}/commands", {"command": {"type": "Add", "args": {"n": 1}},
                                                  "expected_seq": seq, "command_id": "after"}, token=token)
    assert r.status == 201, r.body
    r = http.post(f"/api/games/{game}/commands", {"command": {"type": "ConfirmTurn"},
                                                  "expected_seq": seq + 1, "command_id": "after2"}, token=token)
    assert r.status == 201, r.body
    wait_until(lambda: http.get(f"/api/games/{game}", token=token).json["status"]["over"], 90,
               "the worker did not play on after the restart")
    http.close()
