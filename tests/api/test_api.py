"""The JSON API through Flask's test client, on a real Redis and on fakeredis."""

from __future__ import annotations

import json

from tests.api.conftest import auth


def send(client, game_id, token, type_, args=None, seq=None, command_id=None):
    if seq is None:
        seq = client.get(f"/api/games/{game_id}", headers=auth(token)).json["seq"]
    body = {"command": {"type": type_, "args": args or {}}, "expected_seq": seq,
            "command_id": command_id or f"{type_}-{seq}"}
    return client.post(f"/api/games/{game_id}/commands", json=body, headers=auth(token))


def test_create_and_view(client, game):
    game_id, tokens = game
    r = client.get(f"/api/games/{game_id}", headers=auth(tokens["p1"]))
    assert r.status_code == 200
    body = r.json
    assert body["you"] == "p1" and body["status"]["to_move"] == ["p1"]
    assert body["move_window"]["open_actions"][0] == {
        "key": "add", "mandatory": True, "commands": ["Add"], "params": {},
        "text": {"de": "1 bis 3 dazuzählen", "en": "Add 1 to 3"}}
    assert tokens["p1"] not in r.get_data(as_text=True)
    spectator = client.get(f"/api/games/{game_id}").json
    assert spectator["you"] is None and spectator["move_window"] is None


def test_a_turn_with_undo_and_confirm(client, game):
    game_id, tokens = game
    assert send(client, game_id, tokens["p1"], "Add", {"n": 1}).status_code == 201
    r = send(client, game_id, tokens["p1"], "Add", {"n": 3})
    window = r.json["game"]["move_window"]
    assert [m["type"] for m in window["sub_moves"]] == ["Added", "Added"]
    assert window["sub_moves"][1]["text"]["en"] == "p1 adds 3"
    undo_to = window["sub_moves"][1]["undo_to"]
    r = send(client, game_id, tokens["p1"], "Undo", {"to_seq": undo_to})
    assert r.status_code == 201 and r.json["game"]["view"]["counters"]["p1"] == 1
    # p2 still sees the confirmed state while p1's turn is open.
    assert client.get(f"/api/games/{game_id}", headers=auth(tokens["p2"])).json["view"]["counters"]["p1"] == 0
    assert send(client, game_id, tokens["p1"], "ConfirmTurn").status_code == 201
    assert client.get(f"/api/games/{game_id}", headers=auth(tokens["p2"])).json["view"]["counters"]["p1"] == 1


def test_legal_commands_for_seat_and_spectator(client, game):
    game_id, tokens = game
    mine = client.get(f"/api/games/{game_id}/commands", headers=auth(tokens["p1"])).json
    assert {c["type"] for c in mine["commands"]} == {"Add", "Draw"}
    assert client.get(f"/api/games/{game_id}/commands", headers=auth(tokens["p2"])).json["commands"] == []
    assert client.get(f"/api/games/{game_id}/commands").json["commands"] == []


def test_stale_seq_is_409_with_current_seq(client, game):
    game_id, tokens = game
    seq = client.get(f"/api/games/{game_id}").json["seq"]
    send(client, game_id, tokens["p1"], "Add", {"n": 1}, seq=seq, command_id="one")
    r = send(client, game_id, tokens["p1"], "Add", {"n": 1}, seq=seq, command_id="two")
    assert r.status_code == 409 and r.json["error"]["seq"] == seq + 1


def test_retry_with_same_command_id_returns_first_result(client, game):
    game_id, tokens = game
    seq = client.get(f"/api/games/{game_id}").json["seq"]
    first = send(client, game_id, tokens["p1"], "Add", {"n": 2}, seq=seq, command_id="retry")
    again = send(client, game_id, tokens["p1"], "Add", {"n": 2}, seq=seq, command_id="retry")
    assert first.status_code == 201 and again.status_code == 200
    assert again.json["duplicate"] and again.json["first_seq"] == first.json["first_seq"]
    assert client.get(f"/api/games/{game_id}", headers=auth(tokens["p1"])).json["seq"] == seq + 1
    # Others see the last public seq: the draft's length is p1's secret.
    assert client.get(f"/api/games/{game_id}").json["seq"] == seq


def test_illegal_is_422_with_rule_code(client, game):
    game_id, tokens = game
    r = send(client, game_id, tokens["p1"], "Add", {"n": 7})
    assert r.status_code == 422 and r.json["error"]["code"] == "tally.add.range"
    r = send(client, game_id, tokens["p2"], "Add", {"n": 1})
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.not_your_turn"
    r = send(client, game_id, tokens["p1"], "Teleport", {})
    assert r.status_code == 422


def test_bad_bodies_are_400_naming_the_field(client, game):
    game_id, tokens = game
    url = f"/api/games/{game_id}/commands"
    cases = [
        ({"command": {"type": "Add"}, "expected_seq": "3", "command_id": "x"}, "expected_seq"),
        ({"command": {"args": {}}, "expected_seq": 3, "command_id": "x"}, "command.type"),
        ({"expected_seq": 3, "command_id": "x"}, "command"),
        ({"command": {"type": "Add"}, "expected_seq": 3, "command_id": "x", "extra": 1}, "extra"),
        ({"command": {"type": "Add", "args": []}, "expected_seq": 3, "command_id": "x"}, "command.args"),
        ({"command": {"type": "Add"}, "expected_seq": -1, "command_id": "x"}, "expected_seq"),
        ({"command": {"type": "Add"}, "expected_seq": 3, "command_id": ""}, "command_id"),
    ]
    for body, field in cases:
        r = client.post(url, json=body, headers=auth(tokens["p1"]))
        assert r.status_code == 400, body
        assert r.json["error"]["field"] == field, (body, r.json)
    r = client.post(url, data="not json", headers={**auth(tokens["p1"]), "Content-Type": "application/json"})
    assert r.status_code == 400 and r.json["error"]["field"] == "body"
    r = client.post(url, json=[1, 2], headers=auth(tokens["p1"]))
    assert r.status_code == 400


def test_create_validation(client):
    r = client.post("/api/games", json={"game": "nope", "seats": [{"name": "a"}]})
    assert r.status_code == 400 and r.json["error"]["field"] == "game"
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a", "bot": "random"}]})
    assert r.status_code == 400
    r = client.post("/api/games", json={"game": "tally", "seats": [{"bot": "godlike"}, {"name": "a"}]})
    assert r.status_code == 400 and r.json["error"]["field"] == "seats.0.bot"
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a"}]})
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.player_count"
    r = client.post("/api/games", json={"game": "tally", "options": {"rounds": 99},
                                        "seats": [{"name": "a"}, {"name": "b"}]})
    assert r.status_code == 422 and r.json["error"]["code"] == "tally.options.rounds"


def test_authorisation(client, game):
    game_id, tokens = game
    other = client.post("/api/games", json={"game": "tally", "seats": [{"name": "x"}, {"name": "y"}]}).json
    r = send(client, game_id, other["seats"][0]["token"], "Add", {"n": 1}, seq=2)
    assert r.status_code == 401
    body = {"command": {"type": "Add", "args": {"n": 1}}, "expected_seq": 2, "command_id": "x"}
    assert client.post(f"/api/games/{game_id}/commands", json=body).status_code == 401
    r = client.post(f"/api/games/{game_id}/commands", json=body, headers={"Authorization": "Basic abc"})
    assert r.status_code == 401
    assert client.get(f"/api/games/{game_id}", headers=auth("forged")).status_code == 401


def test_unknown_game_is_404(client):
    for path in ("", "/commands", "/log", "/replay", "/stream"):
        assert client.get(f"/api/games/nope{path}").status_code == 404


def test_join_and_lobby(client):
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {}]})
    game_id = r.json["id"]
    assert r.json["seats"][1]["token"] is None
    lobby = client.get("/api/games").json["games"]
    assert lobby[0]["id"] == game_id and lobby[0]["open_seats"] == ["p2"]
    joined = client.post(f"/api/games/{game_id}/join", json={"name": "bob"})
    assert joined.status_code == 200 and joined.json["seat"] == "p2"
    assert client.get(f"/api/games/{game_id}", headers=auth(joined.json["token"])).json["you"] == "p2"
    assert client.post(f"/api/games/{game_id}/join", json={"name": "cid"}).status_code == 422
    assert [g["id"] for g in client.get("/api/games?player=bob").json["games"]] == [game_id]
    assert client.get("/api/games?player=nobody").json["games"] == []
    assert game_id not in [g["id"] for g in client.get("/api/games?state=open").json["games"]]
    assert game_id in [g["id"] for g in client.get("/api/games?state=running").json["games"]]
    assert game_id not in [g["id"] for g in client.get("/api/games?state=finished").json["games"]]
    assert client.get("/api/games?state=bogus").json["error"]["field"] == "state"


def test_log_is_ndjson_and_redacted(client, game):
    game_id, tokens = game
    send(client, game_id, tokens["p1"], "Add", {"n": 1})
    send(client, game_id, tokens["p1"], "Draw")
    send(client, game_id, tokens["p1"], "ConfirmTurn")
    own = client.get(f"/api/games/{game_id}/log", headers=auth(tokens["p1"]))
    assert own.mimetype == "application/x-ndjson"
    lines = [json.loads(line) for line in own.get_data(as_text=True).splitlines()]
    assert [e["seq"] for e in lines] == list(range(1, len(lines) + 1))
    card = next(e for e in lines if e["type"] == "CardDrawn")["payload"]["_secret"]["p1"]["card"]
    for headers in (auth(tokens["p2"]), {}):
        text = client.get(f"/api/games/{game_id}/log", headers=headers).get_data(as_text=True)
        assert '"seed"' not in text and '"deck"' not in text and f'"card":{card}' not in text


def test_replay_steps_and_views(client, game):
    game_id, tokens = game
    send(client, game_id, tokens["p1"], "Add", {"n": 2})
    send(client, game_id, tokens["p1"], "ConfirmTurn")
    send(client, game_id, tokens["p2"], "Add", {"n": 3})  # open turn: not a step for others
    r = client.get(f"/api/games/{game_id}/replay", headers=auth(tokens["p2"]))
    steps = r.json["steps"]
    assert len(steps) == 2 and r.json["view"]["counters"] == {"p1": 2, "p2": 0}
    first = client.get(f"/api/games/{game_id}/replay?seq={steps[0]}").json
    assert first["view"]["counters"] == {"p1": 0, "p2": 0}
    assert client.get(f"/api/games/{game_id}/replay?seq=999").status_code == 400
    assert client.get(f"/api/games/{game_id}/replay?seq=abc").json["error"]["field"] == "seq"


def test_stream_sends_the_current_position(client, game):
    game_id, tokens = game
    r = client.get(f"/api/games/{game_id}/stream?token={tokens['p2']}", buffered=False)
    assert r.mimetype == "text/event-stream"
    first = next(r.response)
    text = first.decode() if isinstance(first, bytes) else first
    assert "event: update" in text and '"to_move": ["p1"]' in text
    r.close()


def test_stream_reports_a_confirmed_turn(client, game):
    game_id, tokens = game
    seq = client.get(f"/api/games/{game_id}").json["seq"]
    r = client.get(f"/api/games/{game_id}/stream", headers={"Last-Event-ID": str(seq)}, buffered=False)
    chunks = iter(r.response)
    send(client, game_id, tokens["p1"], "Add", {"n": 1})
    send(client, game_id, tokens["p1"], "ConfirmTurn")
    text = ""
    while "event: update" not in text:
        chunk = next(chunks)
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
    assert f'"seq": {seq + 2}' in text and '"to_move": ["p2"]' in text
    r.close()


def test_openapi_document(client):
    spec = client.get("/api/openapi.json").json
    assert spec["openapi"].startswith("3.")
    for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/commands",
                 "/api/games/{game_id}/join", "/api/games/{game_id}/log", "/api/games/{game_id}/replay",
                 "/api/games/{game_id}/stream", "/healthz"):
        assert path in spec["paths"], path
    assert "CommandRequestSchema" in spec["components"]["schemas"]


def test_openapi_documents_every_api_route_and_method_well_formed(app, client):
    """Issue 28: the chat, the start of a table and the 503 of a command were missing;
    a comma in a YAML flow mapping split two responses' descriptions."""
    spec = client.get("/api/openapi.json").json
    for rule in app.url_map.iter_rules():
        if not (rule.rule.startswith("/api/") or rule.rule == "/healthz") or rule.endpoint == "openapi":
            continue
        path = rule.rule.replace("<", "{").replace(">", "}")
        path = path.replace("{path:", "{").replace("{int:", "{")
        assert path in spec["paths"], path
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            operation = spec["paths"][path].get(method.lower())
            assert operation and operation.get("responses"), f"{method} {path}"
            for code, response in operation["responses"].items():
                assert isinstance(response.get("description"), str) and response["description"], (path, code)
                assert set(response) <= {"description", "content", "headers"}, (path, code, response)
    for path in ("/api/games/{game_id}/chat", "/api/games/{game_id}/chat/stream", "/api/games/{game_id}/start"):
        assert path in spec["paths"], path
    assert "503" in spec["paths"]["/api/games/{game_id}/commands"]["post"]["responses"]


def test_a_listed_command_is_accepted_as_it_came(client, game):
    """Issue 28: a bot client that echoes a command of ``GET /commands`` (with the
    ``text`` the server added for people) must succeed."""
    game_id, tokens = game
    listed = client.get(f"/api/games/{game_id}/commands", headers=auth(tokens["p1"])).json["commands"]
    add = next(c for c in listed if c["type"] == "Add")
    seq = client.get(f"/api/games/{game_id}", headers=auth(tokens["p1"])).json["seq"]
    echoed = {**add, "text": {"de": "irgendwas", "en": "anything"}}
    r = client.post(f"/api/games/{game_id}/commands", headers=auth(tokens["p1"]),
                    json={"command": echoed, "expected_seq": seq, "command_id": "echo"})
    assert r.status_code == 201, r.json
    # Any other unknown field is still refused, naming it.
    r = client.post(f"/api/games/{game_id}/commands", headers=auth(tokens["p1"]),
                    json={"command": {**add, "extra": 1}, "expected_seq": seq + 1, "command_id": "echo2"})
    assert r.status_code == 400 and "extra" in r.json["error"]["field"]


def test_health_and_metrics(client, game):
    game_id, tokens = game
    health = client.get("/healthz").json
    assert health["ok"] is True and health["durability"] == "ok"
    assert health["shards"] and all(s["up"] for s in health["shards"])  # one per shard (one on a single Redis)
    send(client, game_id, tokens["p1"], "Add", {"n": 1})
    send(client, game_id, tokens["p1"], "Add", {"n": 1}, seq=2, command_id="stale")
    text = client.get("/metrics").get_data(as_text=True)
    assert 'stellwerk_appends_total{game="tally"} 1.0' in text
    assert "stellwerk_conflicts_total 1.0" in text
    assert "stellwerk_http_requests_total" in text


def test_oversized_body_is_413(client, game):
    game_id, tokens = game
    body = {"command": {"type": "Add", "args": {"pad": "x" * 40000}}, "expected_seq": 2, "command_id": "big"}
    r = client.post(f"/api/games/{game_id}/commands", json=body, headers=auth(tokens["p1"]))
    assert r.status_code == 413 and "error" in r.json


def test_bot_seat_enqueues_exactly_one_task(client, sent):
    r = client.post("/api/games", json={"game": "tally", "seats": [{"bot": "random"}, {"name": "a"}]})
    game_id = r.json["id"]
    advance = [args for name, args in sent if name == "stellwerk.advance"]
    assert len(advance) == 1 and advance[0][:2] == [game_id, 2]


def test_taken_back_turns_are_no_replay_positions(client, game):
    """Issue 10: the replay shows the game as it was played after a take-back."""
    game_id, tokens = game
    start = client.get(f"/api/games/{game_id}").json["seq"]
    send(client, game_id, tokens["p1"], "Add", {"n": 1})
    taken = send(client, game_id, tokens["p1"], "ConfirmTurn").json["last_seq"]
    # Nobody else moved since: the take-back happens at once.
    assert send(client, game_id, tokens["p1"], "RequestUndo", {"to_seq": start}).status_code == 201
    send(client, game_id, tokens["p1"], "Add", {"n": 3})
    played = send(client, game_id, tokens["p1"], "ConfirmTurn").json["last_seq"]
    replay = client.get(f"/api/games/{game_id}/replay").json
    assert taken not in replay["steps"] and start in replay["steps"] and played in replay["steps"]
    lines = [line["type"] for line in replay["log"]]
    assert lines.count("Added") == 1 and "Reverted" in lines
    assert client.get(f"/api/games/{game_id}/replay?seq={taken}").status_code == 400
