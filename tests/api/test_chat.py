"""The table chat over the API: who may write, what is refused, the seq a message
is stamped with (never a draft's length), the replay's view of it, the live stream."""

from __future__ import annotations

import json

import pytest

from tests.api.conftest import auth


def post(client, game_id, text, token=None, **headers):
    return client.post(f"/api/games/{game_id}/chat", json={"text": text},
                       headers={**(auth(token) if token else {}), **headers})


def test_seats_write_and_everybody_reads(client, game):
    game_id, tokens = game
    r = post(client, game_id, "  good luck!  ", tokens["p1"])
    assert r.status_code == 201 and r.json["text"] == "good luck!" and r.json["author"] == "ann"
    assert r.json["seat"] == "p1" and r.json["seq"] == client.get(f"/api/games/{game_id}").json["seq"]
    messages = client.get(f"/api/games/{game_id}/chat").json["messages"]  # a spectator reads
    assert [m["text"] for m in messages] == ["good luck!"]


@pytest.mark.parametrize("text,code", [("", "chat.empty"), ("   ", "chat.empty"), ("x" * 501, "chat.too_long"),
                                       ("bell\x07", "chat.control"), ("rtl\u202eevil", "chat.control"),
                                       (42, "chat.text")])
def test_bad_messages_are_refused_with_the_rule(client, game, text, code):
    game_id, tokens = game
    r = post(client, game_id, text, tokens["p1"])
    assert r.status_code == 422 and r.json["error"]["code"] == code
    assert client.get(f"/api/games/{game_id}/chat").json["messages"] == []


def test_markup_is_kept_as_plain_text(client, game):
    game_id, tokens = game
    text = '<img src=x onerror="alert(1)"> & <b>bold</b>'
    assert post(client, game_id, text, tokens["p2"]).json["text"] == text
    raw = client.get(f"/api/games/{game_id}/chat")
    assert raw.mimetype == "application/json" and raw.json["messages"][0]["text"] == text


def test_spectators_need_a_login_and_unknown_tokens_are_refused(client, game):
    game_id, tokens = game
    assert post(client, game_id, "hi").status_code == 401
    assert post(client, game_id, "hi", "not-a-token").status_code == 401
    assert client.post(f"/api/games/{game_id}/chat", json=["no"], headers=auth("x")).status_code == 401
    assert client.post(f"/api/games/{game_id}/chat", json=["no"], headers=auth(tokens["p1"])).status_code == 400
    assert client.post("/api/games/nosuch/chat", json={"text": "hi"}).status_code == 404


def test_a_message_is_stamped_with_the_public_seq_not_the_draft(client, game):
    game_id, tokens = game
    public = client.get(f"/api/games/{game_id}").json["seq"]
    seq = client.get(f"/api/games/{game_id}", headers=auth(tokens["p1"])).json["seq"]
    for n in (1, 2):
        body = {"command": {"type": "Add", "args": {"n": n}}, "expected_seq": seq, "command_id": f"a{n}"}
        assert client.post(f"/api/games/{game_id}/commands", json=body, headers=auth(tokens["p1"])).status_code == 201
        seq += 1
    for token in (tokens["p1"], tokens["p2"]):
        assert post(client, game_id, "hm", token).json["seq"] == public


def test_the_replay_reads_the_chat_up_to_its_position(client, game):
    game_id, tokens = game
    post(client, game_id, "before", tokens["p1"])
    seq = client.get(f"/api/games/{game_id}", headers=auth(tokens["p1"])).json["seq"]
    for i, body in enumerate(({"type": "Add", "args": {"n": 1}}, {"type": "ConfirmTurn", "args": {}})):
        r = client.post(f"/api/games/{game_id}/commands", headers=auth(tokens["p1"]),
                        json={"command": body, "expected_seq": seq + i, "command_id": f"c{i}"})
        assert r.status_code == 201
    post(client, game_id, "after", tokens["p2"])
    upto = client.get(f"/api/games/{game_id}/chat?upto_seq={seq}").json["messages"]
    assert [m["text"] for m in upto] == ["before"]
    assert client.get(f"/api/games/{game_id}/chat?upto_seq=x").status_code == 400


def test_writing_is_rate_limited_per_author(client, game):
    game_id, tokens = game
    codes = [post(client, game_id, f"m{i}", tokens["p1"]).status_code for i in range(22)]
    assert codes[:20] == [201] * 20 and codes[20:] == [429, 429]
    assert post(client, game_id, "still me", tokens["p2"]).status_code == 201


def test_the_stream_delivers_new_messages(client, game):
    game_id, tokens = game
    stream = client.get(f"/api/games/{game_id}/chat/stream", buffered=False)
    chunks = iter(stream.response)
    assert b": chat" in next(chunks)
    post(client, game_id, "live!", tokens["p1"])
    for chunk in chunks:
        text = chunk.decode()
        if "event: chat" in text:
            data = json.loads(text.split("data: ", 1)[1])
            assert data["text"] == "live!" and data["author"] == "ann"
            break
    stream.close()
    assert client.get(f"/api/games/{game_id}/chat/stream", headers={"Last-Event-ID": "nope"}).status_code == 400
