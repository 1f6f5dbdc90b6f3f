"""Issue 27: a fork of a running game is no cheating aid.  Where the origin's table
has hints off or the game is rated, the fork carries the origin's restrictions until
the origin has ended: people only (no bot seats, no hand-over to a bot), no hints,
no analysis; a fork of such a fork likewise.  A hotseat fork stays possible, and
everything is allowed once the origin has ended."""

from __future__ import annotations

import pytest

from tests.archive.conftest import auth, finish, new_game, play_turn
from tests.web.test_pages import game_id_of

BOT = {"bot": "random"}


def _fork(client, game_id, seq, seats, token):
    return client.post(f"/api/games/{game_id}/forks", json={"seq": seq, "seats": seats}, headers=auth(token))


def _running(client, app, hints: bool = False, bots: dict | None = None):
    """A running 2-seat Tally game after one turn: (id, tokens, a confirmed seq)."""
    seats = [{"name": "ann"}, BOT if bots else {"name": "bob"}]
    r = client.post("/api/games", json={"game": "tally", "options": {"rounds": 2}, "seats": seats, "hints": hints,
                                        "takeover_after": 0})
    assert r.status_code == 201, r.json
    game_id, tokens = r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}
    if not bots:
        play_turn(app, game_id)
    seq = app.extensions["stellwerk"].repository.projection(game_id).seq
    return game_id, tokens, seq


def _hotseat(client, game_id, seq, token) -> tuple[str, dict[str, str]]:
    r = _fork(client, game_id, seq, [{"name": "ann"}, {"name": "ann"}], token)
    assert r.status_code == 201, r.json
    return r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}


@pytest.mark.parametrize("seats", [[BOT, {"name": "ann"}], [{"name": "ann"}, BOT], [BOT, BOT]])
def test_fork_with_bot_seats_of_a_running_game_without_hints_is_refused(app, client, repo, seats):
    game_id, tokens, seq = _running(client, app)
    r = _fork(client, game_id, seq, seats, tokens["p1"])
    assert r.status_code == 422 and r.json["error"]["code"] == "fork.restricted"


def test_a_hotseat_fork_carries_the_restriction(app, client, repo):
    game_id, tokens, seq = _running(client, app)
    fork_id, fork_tokens = _hotseat(client, game_id, seq, tokens["p1"])
    record = repo.record(fork_id)
    assert record.table["restricted_by"] == game_id and record.hints is False


def test_fork_hint_is_refused_while_the_origin_runs(app, client, repo):
    game_id, tokens, seq = _running(client, app)
    fork_id, fork_tokens = _hotseat(client, game_id, seq, tokens["p1"])
    to_move = repo.projection(fork_id).status().to_move[0]
    r = client.get(f"/api/games/{fork_id}/hint", headers=auth(fork_tokens[to_move]))
    assert r.status_code == 422 and r.json["error"]["code"] == "platform.hints_off"


def test_fork_seat_cannot_be_handed_to_a_bot_while_the_origin_runs(app, client, repo):
    game_id, tokens, seq = _running(client, app)
    fork_id, fork_tokens = _hotseat(client, game_id, seq, tokens["p1"])
    waiting = repo.projection(fork_id).status().to_move[0]
    other = "p1" if waiting == "p2" else "p2"
    r = client.post(f"/api/games/{fork_id}/commands", headers=auth(fork_tokens[other]),
                    json={"command": {"type": "HandToBot", "args": {"seat": waiting, "level": "random"}},
                          "expected_seq": repo.projection(fork_id).seq, "command_id": "h1"})
    assert r.status_code == 422 and r.json["error"]["code"] == "fork.restricted"


def test_fork_played_to_the_end_is_not_analysed_while_the_origin_runs(app, client, repo, sent):
    game_id, tokens, seq = _running(client, app)
    fork_id, fork_tokens = _hotseat(client, game_id, seq, tokens["p1"])
    finish(app, fork_id)  # played out by hand in a few clicks
    for method in (client.post, client.get):
        r = method(f"/api/games/{fork_id}/analysis", headers=auth(fork_tokens["p1"]))
        assert r.status_code == 422 and r.json["error"]["code"] == "analysis.origin_running"
    assert not [name for name, _ in sent if name == "stellwerk.analyse"]
    # Once the origin has ended, the fork may be analysed.
    finish(app, game_id)
    r = client.post(f"/api/games/{fork_id}/analysis", headers=auth(fork_tokens["p1"]))
    assert r.status_code == 202, r.json


def test_fork_of_a_fork_carries_the_restriction_of_the_root(app, client, repo):
    game_id, tokens, seq = _running(client, app)
    fork_id, fork_tokens = _hotseat(client, game_id, seq, tokens["p1"])
    finish(app, fork_id)  # even once the first fork is over, the root still runs
    steps = client.get(f"/api/games/{fork_id}/replay").json["steps"]
    r = _fork(client, fork_id, steps[0], [BOT, BOT], fork_tokens["p1"])
    assert r.status_code == 422 and r.json["error"]["code"] == "fork.restricted"
    second_id, second_tokens = _hotseat(client, fork_id, steps[0], fork_tokens["p1"])
    assert repo.record(second_id).table["restricted_by"] == game_id
    finish(app, second_id)
    r = client.post(f"/api/games/{second_id}/analysis", headers=auth(second_tokens["p1"]))
    assert r.status_code == 422 and r.json["error"]["code"] == "analysis.origin_running"
    # The root ends: bots, analysis and forks with bots are allowed again.
    finish(app, game_id)
    assert _fork(client, fork_id, steps[0], [BOT, BOT], fork_tokens["p1"]).status_code == 201
    assert client.post(f"/api/games/{second_id}/analysis", headers=auth(second_tokens["p1"])).status_code == 202


def test_a_rated_game_restricts_its_forks_even_with_hints_on(app, client, repo):
    game_id, tokens, seq = _running(client, app, hints=True)
    r = _fork(client, game_id, seq, [{"name": "ann"}, BOT], tokens["p1"])
    assert r.status_code == 422 and r.json["error"]["code"] == "fork.restricted"


def test_an_unrated_game_with_hints_on_may_be_forked_with_bots(app, client, repo):
    """A table that allows hints and has a bot seat is not rated: the bot's advice is
    there for the asking, so a fork with bots gives nothing away."""
    game_id, tokens, seq = _running(client, app, hints=True, bots={1: "random"})
    r = _fork(client, game_id, seq, [{"name": "ann"}, BOT], tokens["p1"])
    assert r.status_code == 201, r.json
    assert "restricted_by" not in repo.record(r.json["id"]).table


def test_a_spectators_fork_of_a_running_game_is_restricted_too(app, client, repo):
    from argon2 import PasswordHasher

    users = app.extensions["stellwerk_users"]
    users.hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    users.register("eve", "correct horse battery")
    _, api_token = users.create_api_token("eve", "forks")
    game_id, tokens, seq = _running(client, app)
    r = _fork(client, game_id, seq, [BOT, BOT], api_token)
    assert r.status_code == 422 and r.json["error"]["code"] == "fork.restricted"


def test_a_finished_game_is_forked_with_bots_and_no_restriction(app, client, repo):
    game_id, tokens = new_game(client, rounds=1)
    finish(app, game_id)
    steps = client.get(f"/api/games/{game_id}/replay").json["steps"]
    r = _fork(client, game_id, steps[1], [BOT, BOT], tokens["p1"])
    assert r.status_code == 201 and "restricted_by" not in repo.record(r.json["id"]).table


def test_the_replay_page_offers_no_bots_for_a_restricted_fork(people, web_app):
    ann = people()
    ann.register("ann")
    ann.login("ann")
    game_id = game_id_of(ann.create("tally", seats=("me", ("bot", "random"))))
    page = ann.get(f"/games/{game_id}/replay").text
    assert 'id="fork-restricted"' in page and 'value="greedy"' not in page
    # With hints on and a bot seat the game is not rated: the bots are offered.
    game_id = game_id_of(ann.create("tally", seats=("me", ("bot", "random")), hints="on"))
    page = ann.get(f"/games/{game_id}/replay").text
    assert 'id="fork-restricted"' not in page and 'value="greedy"' in page


def test_a_forks_game_page_says_it_is_a_fork_and_links_its_origin(people, web_app):
    from tests.archive.conftest import finish as finish_game

    ann = people()
    ann.register("ann")
    ann.login("ann")
    client = web_app.test_client()
    r = client.post("/api/games", json={"game": "tally", "options": {"rounds": 1},
                                        "seats": [{"name": "zed"}, {"name": "bob"}]})
    game_id, token = r.json["id"], r.json["seats"][0]["token"]
    finish_game(web_app, game_id)
    steps = client.get(f"/api/games/{game_id}/replay").json["steps"]
    fork = client.post(f"/api/games/{game_id}/forks", headers=auth(token),
                       json={"seq": steps[1], "seats": [{"name": "zed"}, {"name": "zed"}]}).json["id"]
    for path in (f"/games/{fork}", f"/games/{fork}/replay"):
        page = ann.get(path).text
        link = f'href="/games/{game_id}/replay?seq={steps[1]}"'
        assert 'id="fork-origin"' in page and link in page, path
        assert f">{game_id}<" not in page  # named in words, not by its id
    assert 'id="fork-origin"' not in ann.get(f"/games/{game_id}").text
