"""``stellwerk serve`` as a real process: embedded Redis, Celery worker, web app.

One person plays a turn over HTTP, the bot answers through the worker subprocess,
the person's event stream reports it; after Ctrl-C and a restart on the same data
directory the game is still there.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.integration.conftest import serve_process

pytestmark = [pytest.mark.slow]


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def test_serve_plays_against_a_bot_and_keeps_games(tmp_path):
    with serve_process(tmp_path) as base:
        created = call(base, "POST", "/api/games", {"game": "tally", "options": {"rounds": 2},
                                                    "seats": [{"name": "ann"}, {"bot": "random"}]})
        game_id, token = created["id"], created["seats"][0]["token"]
        seq = call(base, "GET", f"/api/games/{game_id}", token=token)["seq"]
        for n, command in enumerate(({"type": "Add", "args": {"n": 3}}, {"type": "ConfirmTurn"})):
            call(base, "POST", f"/api/games/{game_id}/commands",
                 {"command": command, "expected_seq": seq + n, "command_id": f"c{n}"}, token=token)
        # Follow the live stream until it is ann's turn again: the bot moved in the worker.
        stream = urllib.request.urlopen(f"{base}/api/games/{game_id}/stream?token={token}", timeout=60)
        update = None
        for raw in stream:
            line = raw.decode().strip()
            if line.startswith("data:"):
                update = json.loads(line[5:])
                if update["to_move"] == ["p1"] and update["seq"] > seq + 2:
                    break
        stream.close()
        assert update is not None and update["to_move"] == ["p1"]
        view = call(base, "GET", f"/api/games/{game_id}", token=token)
        assert view["view"]["counters"]["p1"] == 3 and view["view"]["counters"]["p2"] >= 1
        seq_before_restart = view["seq"]
    with serve_process(tmp_path) as base:
        again = call(base, "GET", f"/api/games/{game_id}", token=token)
        assert again["seq"] == seq_before_restart and again["you"] == "p1"
