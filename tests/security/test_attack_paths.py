"""Hidden information along the attack paths of issue 9, through every endpoint.

The fixture game's draft and draw are driven over HTTP as a cheating seat would:
a draft voided by a revert, a draw followed by undo attempts, a stale command
probing for the length of another seat's draft.  Every endpoint (view, commands,
log, texts, replay, stream, lobby, 409 bodies) is asked as the other seat and as
a spectator.
"""

from __future__ import annotations

import dataclasses
import json
import uuid

import fakeredis
import pytest

from events.settings import Settings
from games.contract import SPECTATOR
from service import create_app
from tests.security.test_hidden_information import compact, responses


@pytest.fixture
def api():
    settings = dataclasses.replace(Settings.from_env(), key_prefix="attack", rate_commands="100000 per second",
        rate_public="100000 per second",
                                   stream_block_ms=10)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=False)
    client = app.test_client()
    created = client.post("/api/games", json={"game": "tally", "options": {"rounds": 2},
                                              "seats": [{"name": "ann"}, {"name": "bob"}]}).json
    return client, created["id"], {s["seat"]: s["token"] for s in created["seats"]}


def send(client, game_id, token, type_, args=None, seq=None, command_id=None):
    headers = {"Authorization": f"Bearer {token}"}
    if seq is None:
        seq = client.get(f"/api/games/{game_id}", headers=headers).json["seq"]
    body = {"command": {"type": type_, "args": args or {}}, "expected_seq": seq,
            "command_id": command_id or uuid.uuid4().hex}
    return client.post(f"/api/games/{game_id}/commands", json=body, headers=headers)


def everything_seen_by(client, game_id, token) -> str:
    texts = responses(client, game_id, token, {})
    texts.append(client.get("/api/games").get_data(as_text=True))
    return "\n".join(map(compact, texts))


def test_a_draft_voided_by_a_revert_never_reaches_the_others(api):
    client, game_id, tokens = api
    start = client.get(f"/api/games/{game_id}").json["seq"]
    assert send(client, game_id, tokens["p1"], "Add", {"n": 1}).status_code == 201
    assert send(client, game_id, tokens["p1"], "ConfirmTurn").status_code == 201
    # p2 drafts something recognisable and never confirms it.
    assert send(client, game_id, tokens["p2"], "Add", {"n": 3}).status_code == 201
    assert send(client, game_id, tokens["p2"], "Add", {"n": 2}).status_code == 201
    # p1 takes back its turn, p2 agrees: the revert voids p2's draft.
    r = send(client, game_id, tokens["p1"], "RequestUndo", {"to_seq": start})
    assert r.status_code == 201, r.json
    assert send(client, game_id, tokens["p2"], "AcceptUndo").status_code == 201
    def p2_sub_moves(token):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        log = [json.loads(line) for line in client.get(f"/api/games/{game_id}/log", headers=headers)
               .get_data(as_text=True).splitlines()]
        lines = client.get(f"/api/games/{game_id}/texts?lang=en", headers=headers).json["lines"]
        replay = client.get(f"/api/games/{game_id}/replay", headers=headers).json["log"]
        return ([e["seq"] for e in log if e["actor"] == "p2" and e["type"] == "Added"]
                + [x["seq"] for x in lines if x["actor"] == "p2" and "adds" in x["text"]]
                + [x["seq"] for x in replay if x["actor"] == "p2" and "adds" in x["text"]["en"]])

    for viewer in ("p1", SPECTATOR):
        assert p2_sub_moves(tokens.get(viewer)) == [], viewer
    assert p2_sub_moves(tokens["p2"])  # p2's own history keeps them


def test_no_undo_request_crosses_a_card_another_seat_has_seen(api):
    client, game_id, tokens = api
    start = client.get(f"/api/games/{game_id}").json["seq"]
    send(client, game_id, tokens["p1"], "Add", {"n": 1})
    send(client, game_id, tokens["p1"], "ConfirmTurn")
    send(client, game_id, tokens["p2"], "Draw")  # p2 sees a card in its open turn
    r = send(client, game_id, tokens["p1"], "RequestUndo", {"to_seq": start})
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.undo_range"
    p2 = {"Authorization": f"Bearer {tokens['p2']}"}
    card = client.get(f"/api/games/{game_id}", headers=p2).json["view"]["hands"]["p2"][0]
    for viewer in ("p1", SPECTATOR):
        assert f'"card":{card}' not in everything_seen_by(client, game_id, tokens.get(viewer))


def test_the_draw_shown_to_p2_cannot_be_undone_by_asking(api):
    client, game_id, tokens = api
    start = client.get(f"/api/games/{game_id}").json["seq"]
    send(client, game_id, tokens["p1"], "Draw")
    for type_, args in (("Undo", {"to_seq": start}), ("RequestUndo", {"to_seq": start})):
        r = send(client, game_id, tokens["p1"], type_, args)
        assert r.status_code == 422 and r.json["error"]["code"] in {"platform.undo_barrier", "platform.undo_range"}


def test_nothing_tells_the_others_how_long_a_draft_is(api):
    client, game_id, tokens = api
    public = client.get(f"/api/games/{game_id}").json["seq"]
    idle = client.get(f"/api/games/{game_id}").json["idle_since_ms"]
    for n in (1, 2):
        assert send(client, game_id, tokens["p1"], "Add", {"n": n}).status_code == 201
    p2 = {"Authorization": f"Bearer {tokens['p2']}"}
    for headers in (p2, {}):
        game = client.get(f"/api/games/{game_id}", headers=headers).json
        assert game["seq"] == public and game["idle_since_ms"] == idle
        assert game["status"]["turn_seat"] is None
        assert client.get(f"/api/games/{game_id}/commands", headers=headers).json["seq"] == public
    lobby = client.get("/api/games").json["games"]
    assert [g["status"]["seq"] for g in lobby if g["id"] == game_id] == [public]
    # A probe with a guessed seq gets 409 with the public seq, never the real one.
    for guess in (public + 1, public + 2, public + 3):
        r = send(client, game_id, tokens["p2"], "DeclineUndo", seq=guess, command_id=f"probe-{guess}")
        assert r.status_code == 409 and r.json["error"]["seq"] == public
    stream = client.get(f"/api/games/{game_id}/stream?token={tokens['p2']}", buffered=False)
    first = next(iter(stream.response))
    stream.close()
    data = json.loads((first.decode() if isinstance(first, bytes) else first).split("data: ", 1)[1])
    assert data["seq"] == public and data["turn_seat"] is None
