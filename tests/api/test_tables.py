"""Waiting tables over the API: nothing to play before every seat is taken; only
the table's creator may start it with bots; joining deals the game once."""

from __future__ import annotations

from tests.api.conftest import auth


def waiting_table(client):
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {}, {}]})
    assert r.status_code == 201
    return r.json["id"], r.json["seats"][0]["token"]


def test_a_waiting_table_shows_seats_and_refuses_moves(client):
    game_id, ann = waiting_table(client)
    game = client.get(f"/api/games/{game_id}", headers=auth(ann)).json
    assert game["waiting"] is True and game["view"] is None and game["can_start"] is True
    assert game["status"]["phase"] == "waiting" and game["seq"] == 0
    assert client.get(f"/api/games/{game_id}/commands", headers=auth(ann)).json["commands"] == []
    r = client.post(f"/api/games/{game_id}/commands", headers=auth(ann),
                    json={"command": {"type": "Add", "args": {"n": 1}}, "expected_seq": 0, "command_id": "x"})
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.no_game"
    assert client.get(f"/api/games/{game_id}/log").get_data(as_text=True) == ""
    lobby = client.get("/api/games?state=open").json["games"]
    assert [g["status"]["phase"] for g in lobby if g["id"] == game_id] == ["waiting"]


def test_only_the_creator_starts_with_bots(client):
    game_id, ann = waiting_table(client)
    bob = client.post(f"/api/games/{game_id}/join", json={"name": "bob"}).json["token"]
    assert client.post(f"/api/games/{game_id}/start", json={"bot": "random"}).status_code == 401
    r = client.post(f"/api/games/{game_id}/start", json={"bot": "random"}, headers=auth(bob))
    assert r.status_code == 403
    r = client.post(f"/api/games/{game_id}/start", json={"bot": "grandmaster"}, headers=auth(ann))
    assert r.status_code == 400 and r.json["error"]["field"] == "bot"
    r = client.post(f"/api/games/{game_id}/start", json={"bot": "random"}, headers=auth(ann))
    assert r.status_code == 200 and r.json["bots"] == ["p3"] and r.json["seq"] > 0
    game = client.get(f"/api/games/{game_id}", headers=auth(ann)).json
    assert game["waiting"] is False and game["bots"] == {"p3": "random"}
    r = client.post(f"/api/games/{game_id}/start", json={"bot": "random"}, headers=auth(ann))
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.not_waiting"


def test_the_last_join_deals_the_game(client, sent):
    game_id, ann = waiting_table(client)
    client.post(f"/api/games/{game_id}/join", json={"name": "bob"})
    assert client.get(f"/api/games/{game_id}").json["waiting"] is True
    client.post(f"/api/games/{game_id}/join", json={"name": "cy"})
    game = client.get(f"/api/games/{game_id}", headers=auth(ann)).json
    assert game["waiting"] is False and game["status"]["to_move"] == ["p1"]
    assert client.post(f"/api/games/{game_id}/join", json={"name": "dan"}).status_code == 422
