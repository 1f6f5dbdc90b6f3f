"""The archive's pages: search form and results, a player's page, the lobby's
ratings box, the replay page's review tools and the fork endpoint of the pages."""

from __future__ import annotations

import re
import uuid

import pytest

from events import archive
from events.ratings import Ratings
from games.contract import SYSTEM, Command
from tests.web.conftest import csrf_of


def finish_in(repo, game_id: str) -> None:
    while not (p := repo.projection(game_id)).status().over:
        pending = p.status().pending_system
        seat = SYSTEM if pending else p.status().to_move[0]
        n = 2 if seat == "p1" else 1
        commands = [Command(pending[0], SYSTEM, {})] if pending else [Command("Add", seat, {"n": n}),
                                                                      Command("ConfirmTurn", seat, {})]
        for command in commands:
            repo.execute(game_id, command, repo.projection(game_id).seq, uuid.uuid4().hex)
    archive.record_finished(repo, game_id)


@pytest.fixture
def finished(web_app, people):
    ann = people()
    ann.register("ann")
    repo = web_app.extensions["stellwerk"].repository
    record, tokens = repo.create("tally", {"rounds": 1}, [{"name": "ann"}, {"name": "bob"}])
    users = web_app.extensions["stellwerk_users"]
    users.add_seat("ann", record.id, "p1", tokens["p1"])
    finish_in(repo, record.id)
    row = archive.Archive(repo.store.redis, repo.store.keys.prefix).row(record.id)
    Ratings(repo.store.redis, repo.store.keys.prefix).apply(row)
    return ann, record.id, repo


def test_archive_page_finds_a_finished_game(finished):
    ann, game_id, _ = finished
    page = ann.get("/archive?player=bob")
    assert page.status_code == 200 and f'data-game="{game_id}"' in page.text
    assert f"/games/{game_id}/replay" in page.text
    assert f'data-game="{game_id}"' not in ann.get("/archive?player=cy").text
    bad = ann.get("/archive?players=many")
    assert bad.status_code == 400 and 'role="alert"' in bad.text


def test_player_page_shows_win_rate_and_rating(finished):
    ann, _, _ = finished
    page = ann.get("/players/ann")
    assert page.status_code == 200
    assert 'id="win-rates"' in page.text and "100 %" in page.text
    assert 'id="ratings"' in page.text
    assert ann.get("/players/%3Cx%3E").status_code == 404


def test_lobby_shows_ratings(finished):
    ann, _, _ = finished
    page = ann.get("/")
    assert 'id="lobby-ratings"' in page.text and "/players/ann" in page.text
    assert 'href="/ratings"' in page.text and "/ratings?game=tally&amp;players=2" in page.text


def _shown(text: str) -> list[tuple[str, int]]:
    """(name, shown rating) per leaderboard row of a page."""
    return [(name, int(n)) for name, n in re.findall(
        r'<a href="/players/(\w+)">\w+</a></td><td>\s*<span class="rating" title="[^"]*">(\d+)</span>', text)]


def test_ratings_page_ranks_on_the_familiar_scale(finished):
    """Issue 27: a leaderboard per game and player count, Elo-like numbers (not raw
    OpenSkill values such as -1.8), games played, the meaning on hover, names linked."""
    ann, _, repo = finished
    ratings = Ratings(repo.store.redis, repo.store.keys.prefix)
    a, b = ratings.get("tally", 2, "ann"), ratings.get("tally", 2, "bob")
    page = ann.get("/ratings")
    assert page.status_code == 200 and 'data-game="tally" data-players="2"' in page.text
    assert _shown(page.text) == [("ann", a.shown), ("bob", b.shown)]
    assert a.shown > 1500 > b.shown
    assert "99.9 % sure" in page.text and "1 rated game" in page.text  # the hover's explanation
    assert ann.get("/ratings?game=tally&players=3").text.count('class="leaderboard"') == 0
    assert ann.get("/ratings?game=nope").status_code == 404
    mine = ann.get("/players/ann").text
    assert '<span class="rating"' in mine and f">{a.shown}</span>" in mine
    assert "-1." not in mine.split('id="ratings"')[1].split("</table>")[0]


def test_replay_page_has_the_review_tools(finished):
    ann, game_id, _ = finished
    page = ann.get(f"/games/{game_id}/replay")
    assert all(f'id="{i}"' in page.text for i in ("notes", "note-form", "fork-form", "analyse-button"))


def test_fork_from_the_page_seats_the_user_and_bots(finished):
    ann, game_id, repo = finished
    page = ann.get(f"/games/{game_id}/replay")
    steps = ann.get(f"/api/games/{game_id}/replay").json["steps"]
    seq = next(s for s in steps if repo.projection(game_id, upto=s).status().to_move)
    url = f"/web/games/{game_id}/fork"
    before = len(repo.store.lobby_activity())
    refused = ann.client.post(url, json={"seq": seq, "seat": "p2", "bot": "random"})  # no CSRF token
    assert refused.status_code == 400
    headers = {"X-CSRFToken": csrf_of(page.text)}
    assert ann.client.post(url, json={"seq": "x", "seat": "p2"}, headers=headers).json["error"]["field"] == "seq"
    r = ann.client.post(url, json={"seq": seq, "seat": "p2", "bot": "random"}, headers=headers)
    assert r.status_code == 201, r.json
    assert len(repo.store.lobby_activity()) == before + 1  # the refused requests created nothing
    fork = repo.record(r.json["id"])
    assert [(s.name, s.bot) for s in fork.seats] == [(None, "random"), ("ann", None)]
    assert ann.seat(fork.id)["seat"] == "p2"
    assert "review.origin" not in ann.get(f"/games/{fork.id}/replay").text
    assert f"/games/{game_id}/replay?seq={seq}" in ann.get(f"/games/{fork.id}/replay").text


def _fork_from_page(person, game_id: str, body: dict):
    page = person.get(f"/games/{game_id}/replay")
    return person.client.post(f"/web/games/{game_id}/fork", json=body, headers={"X-CSRFToken": csrf_of(page.text)})


def _first_turn(repo, game_id: str, person) -> int:
    steps = person.get(f"/api/games/{game_id}/replay").json["steps"]
    return next(s for s in steps if repo.projection(game_id, upto=s).status().to_move)


def test_hotseat_fork_from_the_page_gives_the_user_every_seat_they_chose(finished, people):
    """Hotseat: one account holds both seats of the fork, a token per seat; each
    token acts for its own seat only, and nobody else gets any of them."""
    ann, game_id, repo = finished
    seq = _first_turn(repo, game_id, ann)
    r = _fork_from_page(ann, game_id, {"seq": seq, "seats": {"p1": "me", "p2": "me"}})
    assert r.status_code == 201, r.json
    fork_id = r.json["id"]
    assert r.json["seats"] == ["p1", "p2"]
    assert [(s.name, s.bot) for s in repo.record(fork_id).seats] == [("ann", None), ("ann", None)]
    held = ann.seat(fork_id)
    tokens = {h["seat"]: h["token"] for h in held["seats"]}
    assert held["seat"] == "p1" and set(tokens) == {"p1", "p2"} and tokens["p1"] != tokens["p2"]
    assert held["token"] == tokens["p1"]
    # Each token is its own seat: p1's token cannot move for p2 and the other way round.
    client = ann.client

    def send(seat: str, type_: str, args=None):
        seq_now = client.get(f"/api/games/{fork_id}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json["seq"]
        return client.post(f"/api/games/{fork_id}/commands", headers={"Authorization": f"Bearer {tokens[seat]}"},
                           json={"command": {"type": type_, "args": args or {}}, "expected_seq": seq_now,
                                 "command_id": f"{seat}-{type_}-{seq_now}"})

    assert repo.projection(fork_id).status().to_move == ("p1",)
    assert send("p2", "Add", {"n": 1}).status_code == 422  # not p2's turn: the token is p2's
    assert send("p1", "Add", {"n": 2}).status_code == 201
    assert send("p1", "ConfirmTurn").status_code == 201
    assert repo.projection(fork_id).status().to_move == ("p2",)
    assert send("p1", "Add", {"n": 1}).status_code == 422
    assert send("p2", "Add", {"n": 1}).status_code == 201
    # Somebody else: no seat of the fork, a spectator's page.
    bob = people()
    bob.register("bob2")
    assert bob.seat(fork_id) == {"seat": None, "token": None, "seats": []}
    # The lobby shows the fork as my turn (p2 is mine and to move).
    lobby = ann.get("/").text
    row = lobby[lobby.index(f'data-game="{fork_id}"'):]
    assert "your-turn" in row[:row.index("</tr>")]


def test_page_fork_with_bots_and_me_in_one_seat_keeps_that_seats_knowledge(finished):
    ann, game_id, repo = finished
    seq = _first_turn(repo, game_id, ann)
    r = _fork_from_page(ann, game_id, {"seq": seq, "seats": {"p1": "random", "p2": "me"}})
    assert r.status_code == 201, r.json
    fork = repo.record(r.json["id"])
    assert [(s.name, s.bot) for s in fork.seats] == [(None, "random"), ("ann", None)]
    assert fork.table["fork_viewer"] == "p2"  # one seat of mine: what p2 could not see is redrawn
    assert ann.seat(fork.id)["seats"] == [{"seat": "p2", "token": ann.seat(fork.id)["token"]}]
    hotseat = _fork_from_page(ann, game_id, {"seq": seq, "seats": {"p1": "me", "p2": "me"}}).json["id"]
    assert repo.record(hotseat).table["fork_viewer"] == "reviewer"  # the game is over: everything was visible


def test_page_fork_bad_seat_choices_are_400_with_the_field(finished):
    ann, game_id, repo = finished
    seq = _first_turn(repo, game_id, ann)
    before = len(repo.store.lobby_activity())
    for seats, field in [({"p1": "me"}, "seats"), ({"p1": "me", "p2": "me", "p3": "me"}, "seats"),
                         ({"p1": "greedy", "p2": "random"}, "seats"), ({"p1": "me", "p2": "nope"}, "seats.p2"),
                         (["me", "me"], "seats")]:
        r = _fork_from_page(ann, game_id, {"seq": seq, "seats": seats})
        assert r.status_code == 400 and r.json["error"]["field"] == field, seats
    assert len(repo.store.lobby_activity()) == before


def test_a_second_seat_of_a_game_is_kept_beside_the_first(web_app):
    """The account store: several seats of one game (hotseat); a new token for a
    seat held replaces only that seat's; old single-seat records still read."""
    users = web_app.extensions["stellwerk_users"]
    users.add_seat("zoe", "g1", "p2", "t2")
    users.add_seat("zoe", "g1", "p1", "t1")
    hold = users.seat("zoe", "g1")
    assert (hold.seat, hold.token) == ("p2", "t2") and hold.tokens() == {"p2": "t2", "p1": "t1"}
    users.add_seat("zoe", "g1", "p1", "t1-new")
    assert users.seat("zoe", "g1").tokens() == {"p2": "t2", "p1": "t1-new"}
    assert [h.tokens() for h in users.seats("zoe")] == [{"p2": "t2", "p1": "t1-new"}]
    users.redis.hset(users._seats_key("old"), "g2", '{"seat": "p3", "token": "t3"}')
    assert users.seat("old", "g2").tokens() == {"p3": "t3"}


def test_hotseat_fork_of_a_running_game_redraws_what_the_requester_could_not_see(web_app, people):
    """Holding both seats of the fork gives no look at the origin's hidden cards: a
    seat holder of a running game forks from their own seat's knowledge."""
    import json

    from games.contract import NOBODY, SECRET

    bea = people()
    bea.register("bea")
    repo = web_app.extensions["stellwerk"].repository
    record, tokens = repo.create("tally", {"rounds": 2}, [{"name": "al"}, {"name": "bea"}])
    web_app.extensions["stellwerk_users"].add_seat("bea", record.id, "p2", tokens["p2"])
    for command in (Command("Draw", "p1", {}), Command("Add", "p1", {"n": 1}), Command("ConfirmTurn", "p1", {})):
        repo.execute(record.id, command, repo.projection(record.id).seq, uuid.uuid4().hex)
    seq = repo.projection(record.id).seq
    real = repo.projection(record.id).confirmed
    r = _fork_from_page(bea, record.id, {"seq": seq, "seats": {"p1": "me", "p2": "me"}})
    assert r.status_code == 201, r.json
    fork_id = r.json["id"]
    assert repo.record(fork_id).table["fork_viewer"] == "p2"
    copy = repo.store.read(fork_id)
    assert copy[1].payload[SECRET][NOBODY] == {"hidden": True}  # the deck order and seed
    assert next(e for e in copy if e.type == "CardDrawn").payload[SECRET]["p1"] == {"hidden": True}
    raw = "".join(fields[b"e"].decode() for _id, fields in repo.store.redis.xrange(repo.store.keys.game(fork_id).log))
    assert json.dumps(real.deck, separators=(",", ":"))[1:-1] not in raw
    forked = repo.projection(fork_id).confirmed
    assert sorted(forked.deck + forked.hands["p1"]) == sorted(real.deck + real.hands["p1"])
    assert (forked.deck, forked.hands["p1"]) != (real.deck, real.hands["p1"])  # redrawn
    # A draft is no position to play on from, hotseat or not.
    repo.execute(record.id, Command("Add", "p2", {"n": 1}), seq, uuid.uuid4().hex)
    r = _fork_from_page(bea, record.id, {"seq": seq + 1, "seats": {"p1": "me", "p2": "me"}})
    assert r.status_code == 422 and r.json["error"]["code"] == "fork.seq"


def test_an_unknown_player_is_404_not_an_empty_profile(people, web_app):
    """Issue 27: a name nobody registered and nobody played under has no page; a
    registered account without games has one (empty), and so has a guest with games."""
    ann = people()
    ann.register("ann")
    client = web_app.test_client()
    assert client.get("/players/nobody").status_code == 404
    r = client.get("/api/players/nobody")
    assert r.status_code == 404 and r.json["error"]["code"] == "not_found"
    assert client.get("/players/ann").status_code == 200
    assert client.get("/api/players/ann").json["played"] == 0


def test_the_archive_searches_by_the_chosen_games_options_and_dates_are_readable(finished):
    """Issue 27: the options filter was a JSON field ({"rounds": 2}) and the dates bare
    Unix times ("Ended 1795760897").  Now a chosen game shows its options as fields
    built from its option schema, and an end time is a <time> in ISO form, written in
    UTC for readers without scripts (the page shows it in the reader's zone)."""
    ann, game_id, repo = finished
    assert 'name="opt-rounds"' not in ann.get("/archive").text  # no game chosen: no option fields
    page = ann.get("/archive?game=tally")
    assert 'id="archive-options"' in page.text and 'name="opt-rounds"' in page.text
    assert 'name="options"' not in page.text  # no JSON field
    assert f'data-game="{game_id}"' in ann.get("/archive?game=tally&opt-rounds=1").text
    assert f'data-game="{game_id}"' not in ann.get("/archive?game=tally&opt-rounds=2").text
    assert f'data-game="{game_id}"' in ann.get("/archive?game=tally&opt-rounds=").text  # empty: any
    bad = ann.get("/archive?game=tally&opt-rounds=two")
    assert bad.status_code == 400 and 'role="alert"' in bad.text
    ended = archive.Archive(repo.store.redis, repo.store.keys.prefix).row(game_id)["ended"]
    text = ann.get("/archive?game=tally").text
    assert f'data-ts="{int(ended)}"' in text and f">{int(ended)}<" not in text
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ" data-ts="\d+" class="ended">'
                     r"\d{4}-\d\d-\d\d \d\d:\d\d UTC</time>", text)
