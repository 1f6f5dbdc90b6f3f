"""Issue 28, point 9: the small holes an adversarial probe of ``serve`` found."""

from __future__ import annotations

import dataclasses

import fakeredis
import pytest
from argon2 import PasswordHasher

from events.settings import Settings
from service import create_app
from tests.web.conftest import csrf_of


def test_the_session_cookie_is_samesite_lax_and_httponly(people):
    ann = people()
    response = ann.register("ann")
    cookie = next(v for k, v in response.headers.items() if k == "Set-Cookie" and v.startswith("session="))
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie and "Secure" not in cookie


def test_the_session_cookie_is_secure_when_asked(prefix):
    settings = dataclasses.replace(Settings.from_env(), key_prefix=prefix, secret_key="s", secure_cookies=True)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=None)
    app.extensions["stellwerk_users"].hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    client = app.test_client()
    page = client.get("/register").text
    response = client.post("/register", data={"csrf_token": csrf_of(page), "name": "ann",
                                              "password": "correct horse battery",
                                              "password2": "correct horse battery"})
    cookie = next(v for k, v in response.headers.items() if k == "Set-Cookie" and v.startswith("session="))
    assert "Secure" in cookie and "SameSite=Lax" in cookie


def test_creating_a_game_in_a_sessions_name_needs_its_csrf_token(people):
    ann = people()
    ann.register("ann")
    ann.login("ann")
    body = {"game": "tally", "seats": [{"name": "ann"}, {"bot": "random"}]}
    refused = ann.client.post("/api/games", json=body)
    assert refused.status_code == 403 and refused.json["error"]["code"] == "csrf"
    token = csrf_of(ann.get("/").text)
    assert ann.client.post("/api/games", json=body, headers={"X-CSRFToken": token}).status_code == 201
    # A guest name needs no session at all.
    assert ann.client.post("/api/games", json={"game": "tally", "seats": [{"name": "zed"}, {"bot": "random"}]}
                           ).status_code == 201


@pytest.mark.parametrize("raw, kept", [(" bob", "bob"), ("bob  ", "bob"), ("  ann lee ", "ann lee")])
def test_guest_names_lose_the_spaces_around_them(web_app, raw, kept):
    client = web_app.test_client()
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": raw}, {"name": None}]})
    assert r.status_code == 201, r.json
    game_id = r.json["id"]
    joined = client.post(f"/api/games/{game_id}/join", json={"name": f" {raw} "})
    assert joined.status_code in (200, 201), joined.json
    seats = client.get(f"/api/games/{game_id}").json["seats"]
    assert [s["name"] for s in seats] == [kept, kept]


@pytest.mark.parametrize("raw", ["   ", "\t", "<b>x</b>", "a" * 41, "x\ny"])
def test_fork_seat_names_follow_the_name_pattern(web_app, raw):
    from tests.archive.conftest import finish

    client = web_app.test_client()
    r = client.post("/api/games", json={"game": "tally", "options": {"rounds": 1},
                                        "seats": [{"name": "ann"}, {"name": "bob"}]})
    game_id, token = r.json["id"], r.json["seats"][0]["token"]
    finish(web_app, game_id)
    steps = client.get(f"/api/games/{game_id}/replay").json["steps"]
    bad = client.post(f"/api/games/{game_id}/forks", headers={"Authorization": f"Bearer {token}"},
                      json={"seq": steps[1], "seats": [{"name": raw}, {"name": "bob"}]})
    assert bad.status_code == 400 and bad.json["error"]["field"] == "seats.0.name", bad.json
    good = client.post(f"/api/games/{game_id}/forks", headers={"Authorization": f"Bearer {token}"},
                       json={"seq": steps[1], "seats": [{"name": " carla "}, {"name": "bob"}]})
    assert good.status_code == 201
    assert web_app.extensions["stellwerk"].repository.record(good.json["id"]).seats[0].name == "carla"


@pytest.mark.parametrize("text", ["\u200b", "\u200b\u200c\u200d", "\u2060\ufeff", "\u3164", " \u2800 ", "\u0301"])
def test_chat_and_notes_refuse_messages_that_show_nothing(web_app, text):
    from events.annotations import clean as clean_note
    from events.chat import clean as clean_chat
    from games.contract import IllegalMove

    for clean in (clean_chat, clean_note):
        with pytest.raises(IllegalMove) as err:
            clean(text)
        assert err.value.code.endswith(".empty")
    assert clean_chat("gg \u200b") == "gg \u200b" and clean_chat("\u00e9") == "\u00e9"
    client = web_app.test_client()
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {"name": "bob"}]})
    game_id, token = r.json["id"], r.json["seats"][0]["token"]
    r = client.post(f"/api/games/{game_id}/chat", json={"text": text}, headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 422 and r.json["error"]["code"] == "chat.empty"


@pytest.mark.parametrize("query", ["ended_after=notadate", "sincee=2026-01-01", "winer=ann"])
def test_an_unknown_archive_filter_is_400_not_ignored(web_app, query):
    r = web_app.test_client().get(f"/api/archive?{query}")
    assert r.status_code == 400 and r.json["error"]["field"] == query.split("=")[0]
    assert web_app.test_client().get("/api/archive?since=notadate").status_code == 400
