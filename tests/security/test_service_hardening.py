"""Issue 9's service-side defects, each with the probe's reproduction: deeply nested
JSON on every JSON route, open redirects through ``next``."""

from __future__ import annotations

import dataclasses
import re

import fakeredis
import pytest

from events.settings import Settings
from service import create_app
from service.accounts.session import safe_next
from service.json_limits import MAX_DEPTH, nesting_depth
from tests.web.conftest import csrf_of


@pytest.fixture
def app():
    settings = dataclasses.replace(Settings.from_env(), key_prefix="harden", rate_commands="100000 per second",
                                   rate_public="100000 per second", secret_key="hardening-test-secret",
                                   stream_block_ms=100)
    return create_app(settings, fakeredis.FakeRedis(), send_task=False)


@pytest.fixture
def client(app):
    return app.test_client()


def json_routes(app):
    """Every API route that takes a JSON body, with a game id filled in."""
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/") and "POST" in rule.methods:
            yield rule.rule.replace("<game_id>", "nosuchgame")


@pytest.mark.parametrize("body", ["[" * 1000 + "]" * 1000, '{"a":' * 500 + "1" + "}" * 500,
                                  '{"command":' + "[" * 100 + "]" * 100 + "}"])
def test_deeply_nested_json_is_a_400_on_every_route(app, client, body, caplog):
    routes = list(json_routes(app))
    assert {"/api/games", "/api/games/nosuchgame/join", "/api/games/nosuchgame/commands"} <= set(routes)
    for path in routes:
        r = client.post(path, data=body, headers={"Content-Type": "application/json"})
        assert r.status_code in (400, 404), (path, r.status_code)  # 404: the game is looked up first
        assert r.status_code != 500
    created = client.post("/api/games", data=body, headers={"Content-Type": "application/json"})
    assert created.status_code == 400 and created.json["error"]["field"] == "body"
    assert "Traceback" not in caplog.text and "RecursionError" not in caplog.text


def test_ordinary_nesting_still_decodes(client):
    body = {"game": "tally", "options": {"rounds": 1}, "seats": [{"name": "ann"}, {"name": "bob"}]}
    assert client.post("/api/games", json=body).status_code == 201
    assert nesting_depth('{"a": "[[[[[[", "b": [{"c": "]]]"}]}') == 3
    assert nesting_depth("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)) == MAX_DEPTH + 1


@pytest.mark.parametrize("target", [
    "//evil.example", "/%09/evil.example", "/\t/evil.example", "/\n/evil.example", "/\r/evil.example",
    "/\\evil.example", "\\\\evil.example", "https://evil.example", "http:evil.example", "javascript:alert(1)",
    "/ /evil.example", "/\u00a0/evil.example", "/\u200b/evil.example", "/\x00/evil", "evil.example", "",
    "///evil.example", "/\u3000/evil.example",
])
def test_safe_next_refuses_every_way_off_the_site(target):
    from urllib.parse import unquote

    assert safe_next(target) is None or target.startswith("/%")
    assert safe_next(unquote(target)) is None


@pytest.mark.parametrize("target", ["/", "/games/abc", "/games/abc/replay?seq=3", "/new?x=%2F%2Fy"])
def test_safe_next_keeps_paths_on_the_site(target):
    assert safe_next(target) == target


def test_language_switch_and_login_do_not_redirect_off_the_site(client):
    r = client.get("/lang/en?next=/%09/evil.example")
    assert r.status_code == 302 and r.headers["Location"] in ("/", "http://localhost/")
    for raw in ("/%09/evil.example", "//evil.example", "/%5Cevil.example"):
        page = client.get(f"/login?next={raw}").get_data(as_text=True)
        kept = re.findall(r'name="next" value="([^"]*)"', page)
        assert kept and not any("evil" in value for value in kept), kept
    client.post("/register", data={"csrf_token": csrf_of(client.get("/register").text), "name": "ann",
                                   "password": "correct horse battery", "password2": "correct horse battery"})
    client.post("/logout", data={"csrf_token": csrf_of(client.get("/").text)})
    page = client.get("/login")
    r = client.post("/login", data={"csrf_token": csrf_of(page.text), "name": "ann",
                                    "password": "correct horse battery", "next": "/\t/evil.example"})
    assert r.status_code == 302 and "evil" not in r.headers["Location"]


def test_a_trailing_newline_does_not_pass_validation(client):
    """Probe (issue 9, item 15): ``$`` matched before a final newline."""
    for name in ("bob\n", "bob\r\n", "\nbob"):
        r = client.post("/api/games", json={"game": "tally", "seats": [{"name": name}, {}]})
        assert r.status_code == 400 and r.json["error"]["field"].startswith("seats"), name
    created = client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {}]}).json
    assert client.post(f"/api/games/{created['id']}/join", json={"name": "bob\n"}).status_code == 400
    token = created["seats"][0]["token"]
    body = {"command": {"type": "Add", "args": {"n": 1}}, "expected_seq": 0, "command_id": "a\n"}
    r = client.post(f"/api/games/{created['id']}/commands", json=body, headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 400 and r.json["error"]["field"] == "command_id"


def test_a_session_cookie_copied_before_logout_is_dead_after_it(app):
    """Probe (issue 9, item 13): the signed cookie went on working after /logout."""
    ann = app.test_client()
    ann.post("/register", data={"csrf_token": csrf_of(ann.get("/register").text), "name": "ann",
                                "password": "correct horse battery", "password2": "correct horse battery"})
    assert ann.get("/account").status_code == 200
    stolen = ann.get_cookie("session").value
    second = app.test_client()  # ann on another device
    second.post("/login", data={"csrf_token": csrf_of(second.get("/login").text), "name": "ann",
                                "password": "correct horse battery"})
    ann.post("/logout", data={"csrf_token": csrf_of(ann.get("/").text)})
    thief = app.test_client()
    thief.set_cookie("session", stolen)
    r = thief.get("/account")
    assert r.status_code == 302 and "/login" in r.headers["Location"]
    assert second.get("/account").status_code == 200  # only that session ended


@pytest.mark.parametrize("how", ["query", "header"])
def test_a_revoked_token_ends_the_streams_it_opened(client, how):
    """Probe (issue 9, item 12): an open stream kept delivering after its token was revoked."""
    created = client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {"name": "bob"}]}).json
    game_id, token = created["id"], created["seats"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    if how == "query":
        stream = client.get(f"/api/games/{game_id}/stream?token={token}", buffered=False)
    else:
        stream = client.get(f"/api/games/{game_id}/stream", headers=headers, buffered=False)
    chunks = iter(stream.response)
    assert b"event: update" in next(chunks)
    assert client.post(f"/api/games/{game_id}/token", headers=headers).status_code == 200
    # The stream ends by itself, at the latest after one keep-alive period (100 ms here);
    # a stream that goes on is cut after 50 chunks and fails the test.
    rest = [chunk for _, chunk in zip(range(50), chunks, strict=False)]
    assert len(rest) < 50 and b"event: revoked" in rest[-1]
    assert not any(b"event: update" in chunk for chunk in rest)
    stream.close()


def test_a_revoked_token_ends_its_stream_long_before_the_keep_alive(monkeypatch):
    """Rotating a token appends nothing, so only the stream's own check ends it: that check
    comes every REVOKED_CHECK_MS (cut to 50 ms here), also when keep-alives are an hour apart."""
    import http.client
    import threading

    from werkzeug.serving import make_server

    from service.api import stream as stream_module

    monkeypatch.setattr(stream_module, "REVOKED_CHECK_MS", 50)
    settings = dataclasses.replace(Settings.from_env(), key_prefix="harden-slow", secret_key="hardening-test-secret",
                                   stream_block_ms=3_600_000)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=False)
    client = app.test_client()
    created = client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {"name": "bob"}]}).json
    game_id, token = created["id"], created["seats"][0]["token"]
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        # Reading stops with a timeout error if the stream is still open 20 s after the
        # rotation (without the check it would stay open for the hour).
        conn = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=20)
        conn.request("GET", f"/api/games/{game_id}/stream?token={token}")
        response = conn.getresponse()
        assert b"event: update" in response.readline() + response.readline() + response.readline()
        rotated = client.post(f"/api/games/{game_id}/token", headers={"Authorization": f"Bearer {token}"})
        assert rotated.status_code == 200
        rest = response.read()  # to the end of the stream
        conn.close()
    finally:
        server.shutdown()
    assert b"event: revoked" in rest and b"event: update" not in rest


def test_access_logs_never_keep_a_seat_token(app, caplog):
    """Probe (issue 9, item 16): ``?token=`` of the stream showed up in serve's access log."""
    import http.client
    import logging
    import runpy
    import threading
    from pathlib import Path

    from werkzeug.serving import make_server

    from service.access_log import RedactingRequestHandler

    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=RedactingRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with caplog.at_level(logging.INFO, logger="werkzeug"):
            conn = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=10)
            conn.request("GET", "/healthz?token=SeCrEt-token_123&x=1")
            conn.getresponse().read()
            conn.close()
    finally:
        server.shutdown()
    lines = [r.getMessage() for r in caplog.records if r.name == "werkzeug"]
    assert any("/healthz?token=***&x=1" in line for line in lines), lines
    assert not any("SeCrEt" in line for line in lines)
    # gunicorn (deploy/) logs the path without its query string.
    conf = runpy.run_path(str(Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"))
    assert "%(U)s" in conf["access_log_format"]
    assert not {"%(r)s", "%(q)s", "%(f)s"} & {a for a in ("%(r)s", "%(q)s", "%(f)s") if a in conf["access_log_format"]}


# ----------------------------------------------------------------- seeds (item 3)
def test_a_chosen_seed_needs_a_table_with_at_most_one_person(app, client):
    """Probe (issue 9, item 3): the creator chose the seed and knew every secret card."""
    register(app, "someone")
    for seats in ([{"name": "ann"}, {"name": "bob"}], [{"name": "ann"}, {}], [{}, {}],
                  # Somebody else would take the open or invited seat of a table the creator need not sit at.
                  [{}, {"bot": "random"}], [{"invited": "someone"}, {"bot": "random"}]):
        r = client.post("/api/games", json={"game": "tally", "seats": seats, "seed": "mine"})
        assert r.status_code == 422 and r.json["error"]["code"] == "platform.seed_not_allowed", seats
    for seats in ([{"name": "ann"}, {"bot": "random"}], [{"bot": "random"}, {"bot": "random"}]):
        r = client.post("/api/games", json={"game": "tally", "seats": seats, "seed": "mine"})
        assert r.status_code == 201, r.json
        game = client.get(f"/api/games/{r.json['id']}").json
        assert game["chosen_seed"] == "mine"  # shown to everybody who looks
    plain = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a"}, {"name": "b"}]}).json
    assert client.get(f"/api/games/{plain['id']}").json["chosen_seed"] is None


def test_server_seeds_differ_from_game_to_game(app, client):
    repo = app.extensions["stellwerk"].repository
    seeds = set()
    for _ in range(5):
        created = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a"}, {"name": "b"}]}).json
        seeds.add(repo.projection(created["id"]).seed)
    assert len(seeds) == 5 and all(len(s) >= 32 for s in seeds)


# ---------------------------------------------------- reserved names (item 15)
def register(app, name):
    browser = app.test_client()
    browser.post("/register", data={"csrf_token": csrf_of(browser.get("/register").text), "name": name,
                                    "password": "correct horse battery", "password2": "correct horse battery"})
    return browser


def api_token(browser) -> str:
    page = browser.get("/account")
    answer = browser.post("/account/tokens", data={"csrf_token": csrf_of(page.text), "label": "bot script"})
    return re.search(r'id="new-api-token">([^<]+)<', answer.get_data(as_text=True)).group(1)


def test_registered_names_are_reserved_for_their_accounts(app, client):
    """Probe: an API client joined as "alice" and so impersonated the registered user."""
    alice = register(app, "alice")
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "Alice"}, {"name": "guest"}]})
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.name_reserved"
    open_table = client.post("/api/games", json={"game": "tally", "seats": [{"name": "guest"}, {}]}).json
    r = client.post(f"/api/games/{open_table['id']}/join", json={"name": "alice"})
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.name_reserved"
    r = client.post(f"/api/games/{open_table['id']}/join", json={"name": "alice"},
                    headers={"Authorization": "Bearer swk_not-a-token"})
    assert r.status_code == 401
    # With her personal API token, alice acts for herself, and the seat shows in her lobby.
    token = api_token(alice)
    r = client.post(f"/api/games/{open_table['id']}/join", json={"name": "ALICE"},
                    headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200 and r.json["seat"] == "p2"
    record = app.extensions["stellwerk"].repository.record(open_table["id"])
    assert [s.name for s in record.seats] == ["guest", "alice"]
    assert open_table["id"] in alice.get("/").get_data(as_text=True).split('id="open-games"')[0]
    # Her logged-in browser session works as well; revoking the token ends it for programs.
    # (with its page's CSRF token, as on every JSON route a session acts on)
    csrf = {"X-CSRFToken": csrf_of(alice.get("/").get_data(as_text=True))}
    assert alice.post("/api/games", json={"game": "tally", "seats": [{"name": "alice"}, {"bot": "random"}]},
                      headers=csrf).status_code == 201
    page = alice.get("/account").get_data(as_text=True)
    token_id = re.search(r'data-token-id="([0-9a-f]+)"', page).group(1)
    alice.post(f"/account/tokens/{token_id}/revoke", data={"csrf_token": csrf_of(page)})
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "alice"}, {"bot": "random"}]},
                    headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 401


def test_api_invitations_need_an_account(app, client):
    register(app, "bob")
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "guest"}, {"invited": "nobody"}]})
    assert r.status_code == 400 and r.json["error"]["field"] == "seats.1.invited"
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "guest"}, {"invited": "bob"}]})
    assert r.status_code == 201
    assert client.get(f"/api/games/{r.json['id']}").json["waiting"] is True


# ------------------------------------------------------------ rate limits (items 14, 16)
def limited_app(**rates):
    settings = dataclasses.replace(Settings.from_env(), key_prefix="harden-rl", secret_key="hardening-test-secret",
                                   **{"rate_commands": "1000 per second", "rate_public": "1000 per second",
                                      "rate_login": "1000 per second", **rates})
    return create_app(settings, fakeredis.FakeRedis(), send_task=False)


def test_hints_are_limited_per_seat_and_a_new_token_does_not_reset_them():
    """Probe (issue 9, item 14): /hint had no limit at all."""
    client = limited_app(rate_commands="2 per minute").test_client()
    created = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a"}, {"name": "b"}]}).json
    game_id, token = created["id"], created["seats"][0]["token"]
    asks = [client.get(f"/api/games/{game_id}/hint", headers={"Authorization": f"Bearer {token}"}).status_code
            for _ in range(2)]
    assert 429 not in asks
    token = client.post(f"/api/games/{game_id}/token", headers={"Authorization": f"Bearer {token}"}).json["token"]
    assert client.get(f"/api/games/{game_id}/hint", headers={"Authorization": f"Bearer {token}"}).status_code == 429
    other = created["seats"][1]["token"]  # another seat has its own budget
    assert client.get(f"/api/games/{game_id}/hint", headers={"Authorization": f"Bearer {other}"}).status_code != 429


def test_registration_and_the_new_game_form_are_limited_per_address():
    """Probe (issue 9, item 16): both tell whether a name exists, and had no limit."""
    app = limited_app(rate_login="3 per minute", rate_public="2 per minute")
    ann = register(app, "ann")  # the first of three registrations from this address
    guesser = app.test_client()
    codes = []
    for name in ("ann", "bob", "carl"):
        page = guesser.get("/register").text
        codes.append(guesser.post("/register", data={"csrf_token": csrf_of(page), "name": name,
                                                     "password": "pw", "password2": "pw"}).status_code)
    assert codes[:2] == [400, 400] and codes[2] == 429
    assert ann.get("/new").status_code == 200
    form = {"csrf_token": csrf_of(ann.get("/new").text), "game": "tally", "seat-0-kind": "me",
            "seat-1-kind": "name", "seat-1-name": "somebody"}
    tries = [ann.post("/new", data=form, environ_base={"REMOTE_ADDR": "10.7.7.7"}).status_code for _ in range(3)]
    assert tries[:2] != [429, 429] and tries[2] == 429
    assert ann.post("/new", data=form, environ_base={"REMOTE_ADDR": "10.8.8.8"}).status_code != 429
