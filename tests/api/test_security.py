"""Security: headers, rate limits, and an authorisation audit of every endpoint."""

from __future__ import annotations

import dataclasses
import re

import fakeredis

from events.settings import Settings
from service import create_app
from tests.api.conftest import auth

#: Endpoints anyone may call without a seat token, by design.
PUBLIC_POSTS = {"/api/games", "/api/games/<game_id>/join"}


def test_security_headers(client):
    r = client.get("/api/games")
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
    assert r.headers["Cache-Control"] == "no-store"


def test_command_rate_limit_is_per_seat_and_answers_429():
    settings = dataclasses.replace(Settings.from_env(), key_prefix="rl", rate_commands="3 per minute")
    client = create_app(settings, fakeredis.FakeRedis(), send_task=False).test_client()
    created = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a"}, {"name": "b"}]}).json
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    body = {"command": {"type": "Add", "args": {"n": 9}}, "expected_seq": 2, "command_id": "x"}
    codes = [client.post(f"/api/games/{game_id}/commands", json=body, headers=auth(tokens[0])).status_code
             for _ in range(4)]
    assert codes == [422, 422, 422, 429]
    r = client.post(f"/api/games/{game_id}/commands", json=body, headers=auth(tokens[0]))
    assert r.status_code == 429 and r.json["error"]["code"] == "too_many_requests"
    # Another seat has its own budget.
    assert client.post(f"/api/games/{game_id}/commands", json=body, headers=auth(tokens[1])).status_code == 422


def test_every_acting_endpoint_refuses_spectators_and_foreign_tokens(app, client, game):
    game_id, tokens = game
    other = client.post("/api/games", json={"game": "tally", "seats": [{"name": "x"}, {"name": "y"}]}).json
    foreign = other["seats"][0]["token"]
    acting = [rule for rule in app.url_map.iter_rules()
              if rule.rule.startswith("/api/") and ({"POST", "PUT", "PATCH", "DELETE"} & rule.methods)
              and rule.rule not in PUBLIC_POSTS]
    assert acting, "no acting endpoints found"
    for rule in acting:
        path = re.sub(r"<(?:\w+:)?game_id>", game_id, rule.rule)
        path = re.sub(r"<(?:\w+:)?seat>", "p1", path)
        method = sorted({"POST", "PUT", "PATCH", "DELETE"} & rule.methods)[0]
        body = {"command": {"type": "Add", "args": {"n": 1}}, "expected_seq": 2, "command_id": "audit"}
        for headers in ({}, auth(foreign), auth("forged")):
            r = client.open(path, method=method, json=body, headers=headers)
            assert r.status_code in {401, 403}, (rule.rule, headers, r.status_code)
    assert client.get(f"/api/games/{game_id}").json["seq"] == 2  # nothing happened


def test_token_in_one_game_reads_nothing_private_in_another(client, game):
    game_id, tokens = game
    other = client.post("/api/games", json={"game": "tally", "seats": [{"name": "x"}, {"name": "y"}]}).json
    for path in ("", "/commands", "/log", "/replay"):
        r = client.get(f"/api/games/{game_id}{path}", headers=auth(other["seats"][0]["token"]))
        assert r.status_code == 401, path


def test_rotating_a_seat_token_revokes_the_old_one(client, game):
    game_id, tokens = game
    r = client.post(f"/api/games/{game_id}/token", headers=auth(tokens["p1"]))
    assert r.status_code == 200 and r.json["seat"] == "p1" and r.json["token"] != tokens["p1"]
    assert client.get(f"/api/games/{game_id}", headers=auth(tokens["p1"])).status_code == 401
    assert client.get(f"/api/games/{game_id}", headers=auth(r.json["token"])).json["you"] == "p1"


def test_a_new_token_does_not_reset_the_seats_command_limit():
    """Probe (issue 9, item 14): rotating the token bypassed the per-token limit."""
    settings = dataclasses.replace(Settings.from_env(), key_prefix="rl2", rate_commands="3 per minute")
    client = create_app(settings, fakeredis.FakeRedis(), send_task=False).test_client()
    created = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a"}, {"name": "b"}]}).json
    game_id, token = created["id"], created["seats"][0]["token"]
    body = {"command": {"type": "Add", "args": {"n": 9}}, "expected_seq": 2, "command_id": "x"}
    codes = [client.post(f"/api/games/{game_id}/commands", json=body, headers=auth(token)).status_code
             for _ in range(3)]
    assert codes == [422, 422, 422]
    token = client.post(f"/api/games/{game_id}/token", headers=auth(token)).json["token"]
    assert client.post(f"/api/games/{game_id}/commands", json=body, headers=auth(token)).status_code == 429


def test_routes_without_a_seat_are_limited_per_address():
    settings = dataclasses.replace(Settings.from_env(), key_prefix="rl3", rate_public="4 per minute")
    client = create_app(settings, fakeredis.FakeRedis(), send_task=False).test_client()
    body = {"game": "tally", "seats": [{"name": "a"}, {}]}
    codes = [client.post("/api/games", json=body).status_code for _ in range(5)]
    assert codes == [201, 201, 201, 201, 429]
    other = client.post("/api/games", json=body, environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert other.status_code == 201  # another address has its own budget
    joins = [client.post(f"/api/games/{other.json['id']}/join", json={"name": f"n{i}"},
                         environ_base={"REMOTE_ADDR": "10.9.9.9"}).status_code for i in range(6)]
    assert joins[-1] == 429
