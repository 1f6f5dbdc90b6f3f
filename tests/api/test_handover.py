"""Handing an idle seat to a bot, and taking it back."""

from __future__ import annotations

from tests.api.conftest import auth
from tests.api.test_api import send


def make_game(client, takeover_after):
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {"name": "bob"}],
                                        "takeover_after": takeover_after})
    return r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}


def test_too_early_is_refused(client):
    game_id, tokens = make_game(client, 3600)
    r = send(client, game_id, tokens["p2"], "HandToBot", {"seat": "p1", "level": "random"})
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.takeover_too_early"


def test_hand_over_then_take_back(client, sent):
    game_id, tokens = make_game(client, 0)
    r = send(client, game_id, tokens["p2"], "HandToBot", {"seat": "p1", "level": "random"})
    assert r.status_code == 201
    body = r.json["game"]
    assert body["bots"] == {"p1": "random"} and body["handed_over"] == ["p1"]
    # The worker is asked to move the seat now.
    assert sent[-1][0] == "stellwerk.advance" and sent[-1][1][:2] == [game_id, body["seq"]]
    # The owner cannot move while the bot plays; TakeBack is offered instead.
    r = send(client, game_id, tokens["p1"], "Add", {"n": 1})
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.seat_is_bot"
    offered = client.get(f"/api/games/{game_id}/commands", headers=auth(tokens["p1"])).json["commands"]
    assert {"type": "TakeBack", "args": {}} in offered
    assert send(client, game_id, tokens["p1"], "TakeBack").status_code == 201
    assert send(client, game_id, tokens["p1"], "Add", {"n": 1}).status_code == 201
    log = client.get(f"/api/games/{game_id}/log", headers=auth(tokens["p2"])).get_data(as_text=True)
    assert "SeatHandedToBot" in log and "SeatTakenBack" in log


def test_only_the_seat_the_game_waits_on(client):
    game_id, tokens = make_game(client, 0)
    r = send(client, game_id, tokens["p1"], "HandToBot", {"seat": "p2", "level": "random"})
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.not_waiting"
    r = send(client, game_id, tokens["p1"], "HandToBot", {"seat": "p1", "level": "random"})
    assert r.status_code == 422
    r = send(client, game_id, tokens["p2"], "HandToBot", {"seat": "p1", "level": "grandmaster"})
    assert r.status_code == 400 and r.json["error"]["field"] == "command.args.level"
    assert send(client, game_id, tokens["p1"], "TakeBack").status_code == 422


def test_hints_are_off_unless_the_table_allows_them(client):
    game_id, tokens = make_game(client, 0)
    r = client.get(f"/api/games/{game_id}/hint", headers=auth(tokens["p1"]))
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.hints_off"


def test_hints_only_for_the_player_to_move(client):
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a"}, {"name": "b"}], "hints": True})
    game_id, tokens = r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}
    r = client.get(f"/api/games/{game_id}/hint", headers=auth(tokens["p2"]))
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.not_your_turn"
    assert client.get(f"/api/games/{game_id}/hint").status_code == 401


def test_take_back_point_lets_a_player_ask_to_undo_the_last_turn(client):
    game_id, tokens = make_game(client, 3600)
    start = client.get(f"/api/games/{game_id}", headers=auth(tokens["p1"])).json
    assert start["take_back_to"] is None and start["takeover_after_s"] == 3600
    send(client, game_id, tokens["p1"], "Add", {"n": 2})
    send(client, game_id, tokens["p1"], "ConfirmTurn")
    send(client, game_id, tokens["p2"], "Add", {"n": 1})
    send(client, game_id, tokens["p2"], "ConfirmTurn")
    mine = client.get(f"/api/games/{game_id}", headers=auth(tokens["p1"])).json
    assert mine["take_back_to"] == start["seq"]
    r = send(client, game_id, tokens["p1"], "RequestUndo", {"to_seq": mine["take_back_to"]})
    assert r.status_code == 201 and r.json["game"]["undo_request"]["waiting_for"] == ["p2"]
    r = send(client, game_id, tokens["p2"], "AcceptUndo")
    assert r.json["game"]["view"]["counters"] == {"p1": 0, "p2": 0}
