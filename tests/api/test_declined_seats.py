"""The creator's choice for a declined seat over the API (issue 27's loose end):
``POST /api/games/{id}/seats/{seat}/declined``.  Only the table's creator may make it
(its seat token, or the API token of the account that set the table); a repeated
``command_id`` answers like a repeated move; a seat that is no longer declined is a
409 that carries the current seats."""

from __future__ import annotations

import threading

import pytest

from events import seating
from tests.api.conftest import auth
from tests.security.test_service_hardening import api_token, csrf_of, register


def declined(client, path: str, token: str | None = None, **body):
    return client.post(path, json=body, headers=auth(token) if token else {})


def decline(browser, game_id: str) -> None:
    """The invited account declines in its browser session (there is no API route for it)."""
    lobby = browser.get("/").get_data(as_text=True)
    assert browser.post(f"/games/{game_id}/decline", data={"csrf_token": csrf_of(lobby)}).status_code == 302


@pytest.fixture
def table(app, client):
    """Ann (a guest) set a table for Bob (invited, who declined) and Eve; Carl and Dora
    have accounts too.  ``(game_id, {seat: token}, {account: its browser})``."""
    people = {name: register(app, name) for name in ("bob", "carl", "dora")}
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {"invited": "bob"},
                                                                   {"name": "eve"}]})
    assert r.status_code == 201, r.json
    game_id = r.json["id"]
    decline(people["bob"], game_id)
    return game_id, {s["seat"]: s["token"] for s in r.json["seats"] if s["token"]}, people


def seat_of(answer, seat: str) -> dict:
    return next(s for s in answer["seats"] if s["seat"] == seat)


def test_only_the_creator_settles_a_declined_seat(app, client, table):
    game_id, tokens, people = table
    path = f"/api/games/{game_id}/seats/p2/declined"
    body = {"choice": "open", "command_id": "c1"}
    r = declined(client, path, **body)  # a spectator
    assert r.status_code == 401
    r = declined(client, path, "no-such-token", **body)
    assert r.status_code == 401
    r = declined(client, path, tokens["p3"], **body)  # another seat of the table
    assert r.status_code == 403 and r.json["error"]["code"] == "forbidden"
    r = declined(client, path, api_token(people["carl"]), **body)  # another account's API token
    assert r.status_code == 403
    r = declined(client, path, api_token(people["bob"]), **body)  # even the one who declined
    assert r.status_code == 403
    other = client.post("/api/games", json={"game": "tally", "seats": [{"name": "zed"}, {}]}).json
    r = declined(client, path, other["seats"][0]["token"], **body)  # the creator of another table
    assert r.status_code == 401
    # Nobody but the creator changed anything; the creator can.
    assert seat_of(client.get(f"/api/games/{game_id}").json, "p2")["declined"] == "bob"
    r = declined(client, path, tokens["p1"], **body)
    assert r.status_code == 201 and r.json["duplicate"] is False, r.json
    assert seat_of(r.json, "p2")["open"] is True and r.json["waiting"] is True
    joined = client.post(f"/api/games/{game_id}/join", json={"name": "fay"})
    assert joined.status_code == 200 and joined.json["seat"] == "p2"
    assert client.get(f"/api/games/{game_id}").json["waiting"] is False


def test_the_creators_account_token_settles_a_seat_too(app, client):
    alice, bob = register(app, "alice"), register(app, "bob")
    token = api_token(alice)
    r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "alice"}, {"invited": "bob"}]},
                    headers=auth(token))
    assert r.status_code == 201, r.json
    game_id = r.json["id"]
    decline(bob, game_id)
    r = declined(client, f"/api/games/{game_id}/seats/p2/declined", token, choice="bot", bot="random",
                 command_id="x")
    assert r.status_code == 201 and r.json["waiting"] is False  # the last seat: the game is dealt
    game = client.get(f"/api/games/{game_id}").json
    assert game["bots"] == {"p2": "random"} and game["status"]["to_move"]


def test_a_repeated_command_id_answers_like_a_repeated_move(app, client, table, sent):
    game_id, tokens, people = table
    path = f"/api/games/{game_id}/seats/p2/declined"
    ann = tokens["p1"]
    r = declined(client, path, ann, choice="invite", name="DORA", command_id="again")
    assert r.status_code == 201 and r.json["duplicate"] is False
    assert seat_of(r.json, "p2")["invited"] == "dora" and seat_of(r.json, "p2")["declined"] is None
    assert [task for task in sent if task[0] == "stellwerk.notify"] == [
        ("stellwerk.notify", [game_id, 0, "invited", ["p2"]])]
    # The same request again (a lost answer): the first result, nothing changed or sent again.
    r = declined(client, path, ann, choice="invite", name="dora", command_id="again")
    assert r.status_code == 200 and r.json["duplicate"] is True and seat_of(r.json, "p2")["invited"] == "dora"
    assert len([task for task in sent if task[0] == "stellwerk.notify"]) == 1
    # The id used for another choice is refused, as a move's reused id is.
    r = declined(client, path, ann, choice="open", command_id="again")
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.command_id_reused"
    # A new choice made on a stale view: the seat waits for Dora, it is not declined now.
    r = declined(client, path, ann, choice="open", command_id="later")
    assert r.status_code == 409 and r.json["error"]["code"] == "platform.not_declined"
    assert seat_of(r.json["error"], "p2")["invited"] == "dora"
    # Dora declines as well; a bot takes the seat and the game is dealt; afterwards the
    # table is no longer waiting (422, as for starting it with bots).
    decline(people["dora"], game_id)
    r = declined(client, path, ann, choice="bot", bot="random", command_id="bot")
    assert r.status_code == 201 and r.json["waiting"] is False
    r = declined(client, path, ann, choice="bot", bot="random", command_id="bot")
    assert r.status_code == 200 and r.json["duplicate"] is True
    r = declined(client, path, ann, choice="open", command_id="too-late")
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.not_waiting"


def test_bad_requests_name_their_field(client, table):
    game_id, tokens, _people = table
    path = f"/api/games/{game_id}/seats/p2/declined"
    ann = tokens["p1"]
    cases = [({"choice": "paint", "command_id": "a"}, "choice"),
             ({"choice": "open"}, "command_id"),
             ({"choice": "open", "command_id": "a b"}, "command_id"),
             ({"choice": "invite", "command_id": "a"}, "name"),
             ({"choice": "invite", "name": "nobody", "command_id": "a"}, "name"),
             ({"choice": "invite", "name": "bob\n", "command_id": "a"}, "name"),
             ({"choice": "bot", "command_id": "a"}, "bot"),
             ({"choice": "bot", "bot": "grandmaster", "command_id": "a"}, "bot"),
             ({"choice": "open", "command_id": "a", "seat": "p2"}, "seat")]
    for body, field in cases:
        r = declined(client, path, ann, **body)
        assert r.status_code == 400 and r.json["error"]["field"] == field, (body, r.json)
    r = client.post(path, data="open", headers={**auth(ann), "Content-Type": "text/plain"})
    assert r.status_code == 400
    r = declined(client, f"/api/games/{game_id}/seats/p9/declined", ann, choice="open", command_id="a")
    assert r.status_code == 404
    r = declined(client, "/api/games/nope/seats/p2/declined", ann, choice="open", command_id="a")
    assert r.status_code == 404
    r = declined(client, f"/api/games/{game_id}/seats/p3/declined", ann, choice="open", command_id="a")
    assert r.status_code == 409 and r.json["error"]["code"] == "platform.not_declined"  # Eve sits there
    # Bob, who declined, may be asked again; Eve, seated, may not.
    r = declined(client, path, ann, choice="invite", name="bob", command_id="b")
    assert r.status_code == 201 and seat_of(r.json, "p2")["invited"] == "bob"


@pytest.mark.parametrize("redis_client", ["real"], indirect=True)
def test_two_choices_at_once_one_wins(app, client, table):
    """The seat is changed only while still declined, checked in the seat list's own
    transaction: of choices made at once exactly one wins, and a losing bot choice
    leaves no claim on the seat behind."""
    _game_id, _tokens, people = table
    repo = app.extensions["stellwerk"].repository
    for _ in range(6):
        r = client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {"invited": "bob"}, {}]})
        game_id = r.json["id"]
        decline(people["bob"], game_id)
        barrier = threading.Barrier(3)
        results: dict[str, object] = {}

        def choose(choice: str, value: str | None, barrier=barrier, results=results, game_id=game_id) -> None:
            barrier.wait()
            try:
                results[choice] = seating.settle_declined(repo, game_id, "p2", choice, value, choice)
            except seating.SeatChanged as exc:
                results[choice] = exc.code

        threads = [threading.Thread(target=choose, args=args)
                   for args in (("invite", "carl"), ("open", None), ("bot", "random"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        won = [choice for choice, result in results.items() if result is False]
        assert len(won) == 1 and len(results) == 3, results
        seat = next(s for s in repo.record(game_id).seats if s.seat == "p2")
        assert bool(seat.bot) == (won == ["bot"]) and bool(seat.invited) == (won == ["invite"])
        assert ("p2" in repo.store.token_hashes(game_id)) == (won == ["bot"])  # no stray claim
