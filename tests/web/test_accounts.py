"""Accounts: register, log in, wrong password, CSRF, log out, language."""

from __future__ import annotations

from tests.web.conftest import PASSWORD, Browser, csrf_of


def test_register_logs_in_and_hashes_the_password(web_app, people):
    ann = people()
    response = ann.register("Ann")
    assert response.status_code == 302
    lobby = ann.get("/")
    assert 'id="who">Ann<' in lobby.text and 'id="my-games"' in lobby.text
    users = web_app.extensions["stellwerk_users"]
    stored = users.redis.hget(f"{users.prefix}:user:ann", "password").decode()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored


def test_names_are_unique_ignoring_case_and_passwords_must_match(people):
    assert people().register("Ann").status_code == 302
    again = people().register("ann")
    assert again.status_code == 400 and "taken" in again.text
    short = people().submit("/register", {"name": "bob", "password": "short", "password2": "short"})
    assert short.status_code == 400 and "8 characters" in short.text
    differ = people().submit("/register", {"name": "bob", "password": PASSWORD, "password2": PASSWORD + "x"})
    assert differ.status_code == 400
    bad_name = people().submit("/register", {"name": "<script>", "password": PASSWORD, "password2": PASSWORD})
    assert bad_name.status_code == 400 and "<script>" not in bad_name.text.split("</header>")[1].split("value=")[0]


def test_login_and_wrong_password(people):
    people().register("ann")
    bob = people()
    wrong = bob.login("ann", "not the password")
    assert wrong.status_code == 401 and "wrong password" in wrong.text
    unknown = bob.login("nobody", PASSWORD)
    assert unknown.status_code == 401 and unknown.text.count("wrong password") == 1
    assert 'id="who"' not in bob.get("/").text
    ok = bob.login("ANN")
    assert ok.status_code == 302
    assert 'id="who">ann<' in bob.get("/").text


def test_login_redirects_only_to_local_pages(people):
    people().register("ann")
    b = people()
    page = b.get("/login?next=/games/abc")
    response = b.client.post("/login", data={"csrf_token": csrf_of(page.text), "name": "ann", "password": PASSWORD,
                                             "next": "//evil.example/x"})
    assert response.status_code == 302 and response.location == "/"
    b2 = people()
    page = b2.get("/login")
    response = b2.client.post("/login", data={"csrf_token": csrf_of(page.text), "name": "ann", "password": PASSWORD,
                                              "next": "/new"})
    assert response.location == "/new"


def test_forms_without_csrf_token_are_rejected(people):
    b = people()
    response = b.client.post("/register", data={"name": "ann", "password": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 400 and "expired" in response.text
    b.register("ann")
    forged = b.client.post("/logout")
    assert forged.status_code == 400
    assert 'id="who">ann<' in b.get("/").text
    wrong_token = b.client.post("/new", data={"csrf_token": "forged", "game": "tally", "seat-0-kind": "me"})
    assert wrong_token.status_code == 400


def test_logout(people):
    b = people()
    b.register("ann")
    response = b.submit("/logout", {}, form_path="/")
    assert response.status_code == 302
    assert 'id="who"' not in b.get("/").text
    assert b.get("/new").status_code == 302  # the create form needs a login again


def test_log_out_everywhere_ends_the_other_sessions(people):
    phone, laptop = people(), people()
    phone.register("ann")
    laptop.login("ann")
    assert 'id="who">ann<' in phone.get("/").text and 'id="who">ann<' in laptop.get("/").text
    response = laptop.submit("/logout-everywhere", {}, form_path="/")
    assert response.status_code == 302
    assert 'id="who"' not in phone.get("/").text  # the phone's cookie no longer counts
    assert 'id="who"' not in laptop.get("/").text
    laptop.login("ann")
    assert 'id="who">ann<' in laptop.get("/").text  # a new login works again


def test_api_needs_no_csrf_token(web_app):
    """The JSON API is authenticated by bearer tokens, not cookies: no CSRF token."""
    client = web_app.test_client()
    response = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a"}, {"name": "b"}]})
    assert response.status_code == 201


def test_language_switch_is_remembered(people):
    b = people()
    assert "Log in" in b.get("/").text
    response = b.get("/lang/de?next=/login")
    assert response.status_code == 302 and response.location == "/login"
    assert "Anmelden" in b.get("/").text
    b.register("ann")
    # The choice is kept with the account: a fresh browser gets it after logging in.
    fresh = people()
    assert "Log in" in fresh.get("/").text
    fresh.login("ann")
    assert "Meine Spiele" in fresh.get("/").text
    assert fresh.get("/lang/en").status_code == 302
    assert "My games" in fresh.get("/").text
    assert b.get("/lang/xx").status_code == 404


def test_accept_language_picks_german(web_app):
    client = Browser(web_app).client
    assert "Anmelden" in client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).text


def test_notification_settings_are_stored_for_the_worker(people, web_app):
    from events.contacts import ContactBook

    b = people()
    b.register("ann")
    assert b.get("/account").status_code == 200
    bad = b.submit("/account", {"email": "not-an-address", "webhook": ""})
    assert bad.status_code == 400
    bad = b.submit("/account", {"email": "", "webhook": "ftp://example.org/x"})
    assert bad.status_code == 400
    ok = b.submit("/account", {"email": "ann@example.org", "webhook": "https://hooks.example.org/ann"})
    assert ok.status_code == 200 and 'id="notify-secret"' in ok.text
    store = web_app.extensions["stellwerk"].repository.store
    contact = ContactBook(store.redis, web_app.extensions["stellwerk"].settings.key_prefix).get("ann")
    assert contact.email == "ann@example.org" and contact.webhook == "https://hooks.example.org/ann"
    assert contact.webhook_secret and contact.webhook_secret in ok.text
    assert people().get("/account").status_code == 302  # only for the logged-in user


def test_create_form_sets_deadline_and_hints(people, web_app):
    b = people()
    b.register("ann")
    response = b.create("tally", seats=("me", ("bot", "random")), deadline_hours="72", hints="on")
    assert response.status_code == 302
    game_id = response.location.rsplit("/", 1)[-1]
    record = web_app.extensions["stellwerk"].repository.record(game_id)
    assert record.deadline_s == 72 * 3600 and record.takeover_after == 72 * 3600 and record.hints
    assert b.create("tally", seats=("me", "open"), deadline_hours="5").status_code == 400
