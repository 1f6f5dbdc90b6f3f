"""Annotations: attached to a confirmed position, shown to those who may see it,
changed only by their author, plain text within limits."""

from __future__ import annotations

from events.annotations import MAX_LENGTH
from tests.archive.conftest import auth, finish, new_game, play_turn


def _confirmed_seq(client, game_id):
    return client.get(f"/api/games/{game_id}/replay").json["steps"][-1]


def test_a_seat_annotates_a_position_and_everybody_reads_it(app, client):
    game_id, tokens = new_game(client, rounds=2)
    play_turn(app, game_id)
    seq = _confirmed_seq(client, game_id)
    r = client.post(f"/api/games/{game_id}/notes", json={"seq": seq, "text": "<b>bold</b> move"},
                    headers=auth(tokens["p1"]))
    assert r.status_code == 201, r.json
    assert r.json["author"] == "ann" and r.json["mine"] and r.json["text"] == "<b>bold</b> move"
    notes = client.get(f"/api/games/{game_id}/notes?seq={seq}").json["notes"]
    assert [(n["seq"], n["text"], n["mine"]) for n in notes] == [(seq, "<b>bold</b> move", False)]
    assert client.get(f"/api/games/{game_id}/notes?seq={seq - 1}").json["notes"] == []


def test_nobody_edits_or_deletes_anothers_note(app, client):
    game_id, tokens = new_game(client)
    play_turn(app, game_id)
    seq = _confirmed_seq(client, game_id)
    note = client.post(f"/api/games/{game_id}/notes", json={"seq": seq, "text": "mine"},
                       headers=auth(tokens["p1"])).json
    url = f"/api/games/{game_id}/notes/{note['id']}"
    assert client.patch(url, json={"text": "theirs"}, headers=auth(tokens["p2"])).status_code == 403
    assert client.delete(url, headers=auth(tokens["p2"])).status_code == 403
    assert client.patch(url, json={"text": "x"}).status_code == 401  # no token, no login
    assert client.get(f"/api/games/{game_id}/notes").json["notes"][0]["text"] == "mine"
    edited = client.patch(url, json={"text": "mine, edited"}, headers=auth(tokens["p1"]))
    assert edited.status_code == 200 and edited.json["edited"]
    assert client.delete(url, headers=auth(tokens["p1"])).status_code == 204
    assert client.get(f"/api/games/{game_id}/notes").json["notes"] == []
    assert client.delete(url, headers=auth(tokens["p1"])).status_code == 404


def test_limits_and_bad_input(app, client):
    game_id, tokens = new_game(client)
    finish(app, game_id)
    seq = _confirmed_seq(client, game_id)
    post = lambda body: client.post(f"/api/games/{game_id}/notes", json=body, headers=auth(tokens["p1"]))  # noqa: E731
    assert post({"seq": seq, "text": "x" * (MAX_LENGTH + 1)}).json["error"]["code"] == "note.too_long"
    assert post({"seq": seq, "text": "  "}).json["error"]["code"] == "note.empty"
    assert post({"seq": seq, "text": "a\x00b"}).json["error"]["code"] == "note.control"
    assert post({"seq": seq}).json["error"]["field"] == "text"
    assert post({"seq": "1", "text": "x"}).json["error"]["field"] == "seq"
    assert post({"seq": 10_000, "text": "x"}).json["error"]["field"] == "seq"
    r = client.post(f"/api/games/{game_id}/notes", json={"seq": seq, "text": "x"}, headers=auth("forged"))
    assert r.status_code == 401


def test_a_note_on_an_unconfirmed_position_is_refused(app, client, repo):
    """Others must not learn of an open draft: notes sit on confirmed positions only."""
    from games.contract import Command

    game_id, tokens = new_game(client)
    p = repo.projection(game_id)
    repo.execute(game_id, Command("Add", "p1", {"n": 1}), p.seq, "draft-1")
    draft_seq = repo.projection(game_id).seq
    r = client.post(f"/api/games/{game_id}/notes", json={"seq": draft_seq, "text": "x"}, headers=auth(tokens["p2"]))
    assert r.status_code == 400 and r.json["error"]["field"] == "seq"
