"""What-if forks: a new game from a confirmed position, linked to its origin; a
fork never carries what the requester could not see, and redraws it."""

from __future__ import annotations

import json

from games.contract import NOBODY, SECRET, Command
from tests.archive.conftest import auth, finish, new_game, play_turn


def _fork(client, game_id, seq, seats, token=None):
    return client.post(f"/api/games/{game_id}/forks", json={"seq": seq, "seats": seats},
                       headers=auth(token) if token else {})


def test_fork_of_a_finished_game_copies_the_log_and_plays_on(app, client, repo):
    game_id, origin_tokens = new_game(client, rounds=2)
    finish(app, game_id)
    steps = client.get(f"/api/games/{game_id}/replay").json["steps"]
    seq = [s for s in steps if repo.projection(game_id, upto=s).status().to_move][1]
    assert _fork(client, game_id, seq, [{"name": "zed"}, {"name": "zed"}]).status_code == 401  # nobody asks
    # hotseat: one person, two seats
    r = _fork(client, game_id, seq, [{"name": "zed"}, {"name": "zed"}], token=origin_tokens["p2"])
    assert r.status_code == 201, r.json
    fork_id, tokens = r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}
    assert set(tokens) == {"p1", "p2"}
    origin = repo.store.read(game_id, upto=seq)
    copy = repo.store.read(fork_id)
    assert [(e.seq, e.type) for e in copy] == [(e.seq, e.type) for e in origin]
    assert copy[0].payload[SECRET][NOBODY]["seed"] != origin[0].payload[SECRET][NOBODY]["seed"]
    record = repo.record(fork_id)
    assert record.table["fork_of"] == game_id and record.table["fork_seq"] == seq
    view = client.get(f"/api/games/{fork_id}", headers=auth(tokens["p1"])).json
    assert view["seq"] == seq
    to_move = repo.projection(fork_id).status().to_move[0]
    r = client.post(f"/api/games/{fork_id}/commands", headers=auth(tokens[to_move]),
                    json={"command": {"type": "Add", "args": {"n": 2}}, "expected_seq": seq, "command_id": "f-1"})
    assert r.status_code == 201, r.json
    assert repo.projection(game_id).seq == steps[-1]  # the origin is untouched
    replay = client.get(f"/api/games/{fork_id}/replay").json
    assert replay["steps"][0] == seq


def test_fork_of_a_running_game_never_carries_what_the_requester_could_not_see(app, client, repo):
    game_id, tokens = new_game(client, rounds=2)
    # ann draws a card (seen by her only) and confirms; bob forks.
    p = repo.projection(game_id)
    repo.execute(game_id, Command("Draw", "p1", {}), p.seq, "d1")
    p = repo.projection(game_id)
    repo.execute(game_id, Command("Add", "p1", {"n": 1}), p.seq, "a1")
    p = repo.projection(game_id)
    repo.execute(game_id, Command("ConfirmTurn", "p1", {}), p.seq, "c1")
    seq = repo.projection(game_id).seq
    real = repo.projection(game_id).confirmed
    r = _fork(client, game_id, seq, [{"name": "bob"}, {"name": "bob"}], token=tokens["p2"])
    assert r.status_code == 201, r.json
    fork_id = r.json["id"]
    raw = "".join(fields[b"e"].decode() for _id, fields in repo.store.redis.xrange(repo.store.keys.game(fork_id).log))
    origin = repo.store.read(game_id)
    deck = origin[1].payload[SECRET][NOBODY]["deck"]
    for text in (json.dumps(deck), json.dumps(deck, separators=(",", ":"))):
        assert text[1:-1] not in raw  # the deck order is nowhere in the copy
    copy = repo.store.read(fork_id)
    assert copy[1].payload[SECRET][NOBODY] == {"hidden": True}
    drawn = next(e for e in copy if e.type == "CardDrawn")
    assert drawn.payload[SECRET]["p1"] == {"hidden": True}  # ann's card, which bob never saw
    assert origin[0].payload[SECRET][NOBODY]["seed"] not in raw
    forked = repo.projection(fork_id).confirmed
    assert forked.counters == real.counters and forked.points == real.points
    assert sorted(forked.deck + forked.hands["p1"]) == sorted(real.deck + real.hands["p1"])
    assert (forked.deck, forked.hands["p1"]) != (real.deck, real.hands["p1"])  # redrawn
    # The fork's own API never shows the origin's hidden card either.
    everyone = client.get(f"/api/games/{fork_id}/log").text
    assert str(real.deck[:3])[1:-1] not in everyone


def test_fork_refuses_positions_the_requester_cannot_see(app, client, repo):
    game_id, tokens = new_game(client, rounds=2)
    play_turn(app, game_id)
    p = repo.projection(game_id)
    seat = p.status().to_move[0]
    repo.execute(game_id, Command("Add", seat, {"n": 1}), p.seq, "draft")
    draft = repo.projection(game_id).seq
    other = "p1" if seat == "p2" else "p2"
    r = _fork(client, game_id, draft, [{"name": "x"}, {"name": "y"}], token=tokens[other])
    assert r.status_code == 422 and r.json["error"]["code"] == "fork.seq"
    r = _fork(client, game_id, draft, [{"name": "x"}, {"name": "y"}], token=tokens[seat])
    assert r.status_code == 422 and r.json["error"]["code"] == "fork.seq"  # not even the mover forks a draft


def test_fork_bad_input(app, client):
    game_id, tokens = new_game(client)
    finish(app, game_id)
    t = tokens["p1"]
    assert _fork(client, game_id, "3", [{"name": "x"}, {"name": "y"}], t).json["error"]["field"] == "seq"
    assert _fork(client, game_id, 3, [{"name": "x"}], t).json["error"]["field"] == "seats"
    assert _fork(client, game_id, 3, [{"name": "x"}, {"bot": "nope"}], t).json["error"]["field"] == "seats.1.bot"
    assert _fork(client, game_id, 3, [{"name": "x"}, {"name": "y", "bot": "random"}], t).status_code == 400
    last = client.get(f"/api/games/{game_id}/replay").json["steps"][-1]
    r = _fork(client, game_id, last, [{"name": "x"}, {"name": "y"}], t)
    assert r.status_code == 422 and r.json["error"]["code"] == "fork.position"  # nothing to play on


def test_fork_with_a_bot_to_move_enqueues_its_turn(app, client, sent):
    game_id, tokens = new_game(client)
    finish(app, game_id)
    steps = client.get(f"/api/games/{game_id}/replay").json["steps"]
    r = _fork(client, game_id, steps[1], [{"bot": "random"}, {"bot": "random"}], tokens["p2"])
    assert r.status_code == 201
    assert any(name == "stellwerk.advance" and args[0] == r.json["id"] for name, args in sent)


def test_analysis_of_a_running_game_is_refused(app, client, sent):
    game_id, tokens = new_game(client)
    for method in (client.get, client.post):
        r = method(f"/api/games/{game_id}/analysis", headers=auth(tokens["p1"]))
        assert r.status_code == 422 and r.json["error"]["code"] == "analysis.game_running"
    assert not [n for n, _ in sent if n == "stellwerk.analyse"]
    finish(app, game_id)
    assert client.post(f"/api/games/{game_id}/analysis").status_code == 401  # nobody asks
    r = client.post(f"/api/games/{game_id}/analysis", headers=auth(tokens["p1"]))
    assert r.status_code == 202 and r.json["state"] == "queued"
    client.post(f"/api/games/{game_id}/analysis", headers=auth(tokens["p2"]))  # asked twice: enqueued once
    # The strongest level with a fixed iteration count (settings.analysis_iterations).
    assert [a for n, a in sent if n == "stellwerk.analyse"] == [[game_id, "mcts-100i", "0"]]


def test_new_endpoints_are_in_the_openapi_document(app, client):
    """Every route of issue 16's blueprints, with each of its methods, is in the document."""
    import re

    paths = client.get("/api/openapi.json").json["paths"]
    routes = [rule for rule in app.url_map.iter_rules()
              if rule.endpoint.split(".")[0] in ("archive", "annotations", "forks")]
    assert len(routes) >= 7
    for rule in routes:
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        assert path in paths, path
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert method.lower() in paths[path], (method, path)
    for path in ("/api/archive", "/api/players/{name}", "/api/ratings", "/api/games/{game_id}/notes",
                 "/api/games/{game_id}/notes/{note_id}", "/api/games/{game_id}/forks",
                 "/api/games/{game_id}/analysis"):
        assert path in paths, path


def test_play_on_from_one_seats_knowledge_redraws_the_rest(app, client, repo):
    game_id, tokens = new_game(client, rounds=2)
    p = repo.projection(game_id)
    repo.execute(game_id, Command("Draw", "p1", {}), p.seq, "d1")
    for i, command in enumerate((Command("Add", "p1", {"n": 1}), Command("ConfirmTurn", "p1", {}))):
        repo.execute(game_id, command, repo.projection(game_id).seq, f"x{i}")
    seq = repo.projection(game_id).seq
    real = repo.projection(game_id).confirmed
    # A player may not borrow another seat's knowledge.
    r = client.post(f"/api/games/{game_id}/forks", headers=auth(tokens["p2"]),
                    json={"seq": seq, "seats": [{"name": "a"}, {"name": "b"}], "perspective": "p1"})
    assert r.status_code == 422 and r.json["error"]["code"] == "fork.perspective"
    finish(app, game_id)
    # A reviewer of the finished game plays on as p1 knew it: p1's card stays, the deck is redrawn.
    r = client.post(f"/api/games/{game_id}/forks", headers=auth(tokens["p2"]),
                    json={"seq": seq, "seats": [{"name": "a"}, {"bot": "random"}], "perspective": "p1"})
    assert r.status_code == 201, r.json
    fork_id = r.json["id"]
    forked = repo.projection(fork_id).confirmed
    assert forked.hands["p1"] == real.hands["p1"] and sorted(forked.deck) == sorted(real.deck)
    assert forked.deck != real.deck
    copy = repo.store.read(fork_id)
    assert copy[1].payload[SECRET][NOBODY] == {"hidden": True}
    assert next(e for e in copy if e.type == "CardDrawn").payload[SECRET]["p1"] == {"card": real.hands["p1"][0]}
    bad = client.post(f"/api/games/{game_id}/forks", headers=auth(tokens["p2"]),
                      json={"seq": seq, "seats": [{"name": "a"}, {"name": "b"}], "perspective": "p9"})
    assert bad.status_code == 400 and bad.json["error"]["field"] == "perspective"


def test_an_accounts_hotseat_fork_by_api_token_reaches_its_table_page(app, client, repo):
    """Seats taken under the asking account's own name are kept for that account
    (all of them in a hotseat fork), so its browser plays them; a seat token asks for nobody."""
    from argon2 import PasswordHasher

    users = app.extensions["stellwerk_users"]
    users.hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    users.register("rita", "correct horse battery")
    _, api_token = users.create_api_token("rita", "forks")
    game_id, tokens = new_game(client, rounds=2)
    finish(app, game_id)
    seq = client.get(f"/api/games/{game_id}/replay").json["steps"][1]
    r = _fork(client, game_id, seq, [{"name": "rita"}, {"name": "rita"}], api_token)
    assert r.status_code == 201, r.json
    hold = users.seat("rita", r.json["id"])
    assert hold.tokens() == {s["seat"]: s["token"] for s in r.json["seats"]}
    # With a seat token nobody's account is proven: rita's name is not for it to take.
    r = _fork(client, game_id, seq, [{"name": "rita"}, {"bot": "random"}], tokens["p1"])
    assert r.status_code == 401
    r = _fork(client, game_id, seq, [{"name": "ann"}, {"bot": "random"}], tokens["p1"])
    assert r.status_code == 201 and users.seat("ann", r.json["id"]) is None  # ann has no account
