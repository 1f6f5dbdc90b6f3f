"""Ratings: the library's published example, and which games count."""

from __future__ import annotations

import pytest

from events import archive
from events.ratings import Rating, Ratings, countable, model, rate, shown_rating
from tests.archive.conftest import auth, finish, new_game, play_turn, run_system
from worker.bots.turns import bot_turn


def test_published_example_of_openskill():
    """openskill's README (PlackettLuce, two teams of two, the first wins); the
    example predates the model's tau, so it is pinned to 0 here."""
    pl = model(tau=0)
    a1, a2 = pl.rating(mu=25.0, sigma=8.333333333333334), pl.rating(mu=32.444, sigma=5.123)
    b1, b2 = pl.rating(mu=43.381, sigma=2.421), pl.rating(mu=25.188, sigma=6.211)
    [[x1, x2], [y1, y2]] = pl.rate([[a1, a2], [b1, b2]])
    assert (x1.mu, x1.sigma) == pytest.approx((28.669648436582808, 8.071520788025197))
    assert (x2.mu, x2.sigma) == pytest.approx((33.83086971107981, 5.062772998705765))
    assert (y1.mu, y1.sigma) == pytest.approx((43.071274808241974, 2.4166900452721256))
    assert (y2.mu, y2.sigma) == pytest.approx((23.149503312339064, 6.1378606973362135))


def test_our_rate_is_the_library_for_one_player_teams():
    pl = model(tau=0)
    mine = rate([Rating("a", 25.0, 8.333333333333334), Rating("b", 32.444, 5.123)], [1, 2], pl)
    [[x], [y]] = pl.rate([[pl.rating(25.0, 8.333333333333334)], [pl.rating(32.444, 5.123)]], ranks=[1.0, 2.0])
    assert (mine[0].mu, mine[0].sigma, mine[1].mu, mine[1].sigma) == pytest.approx((x.mu, x.sigma, y.mu, y.sigma))
    assert mine[0].games == 1 and mine[0].mu > 25.0 > x.mu - 10


def test_ties_share_a_place():
    pl = model(tau=0)
    a, b = rate([Rating("a", 25, 8.3), Rating("b", 25, 8.3)], [1, 1], pl)
    assert a.mu == pytest.approx(b.mu) == pytest.approx(25.0)


def test_the_shown_rating_is_the_conservative_estimate_on_an_elo_like_scale():
    """Issue 27: a familiar number, 1500 + 48 (mu - 3 sigma): a newcomer (mu 25,
    sigma 25/3, ordinal 0) shows 1500; a settled rating one beta (25/6) above
    another shows 200 points more, Elo's gap for winning about 3 games in 4."""
    pl = model()
    assert shown_rating(pl.mu, pl.sigma) == 1500
    assert shown_rating(25 + 25 / 6, 1.0) - shown_rating(25, 1.0) == 200
    # the estimate is conservative: the same mu with less certainty shows less
    assert shown_rating(30, 6.0) < shown_rating(30, 2.0)
    # the raw values of the model stay in the API, named as such
    body = Rating("ann", 27.5, 6.0, 3).to_json()
    assert body == {"name": "ann", "rating": round(1500 + 48 * (27.5 - 18)), "games": 3,
                    "openskill_mu": 27.5, "openskill_sigma": 6.0, "openskill_ordinal": 9.5}
    # one win between newcomers: the winner above 1500, the loser below
    winner, loser = rate([Rating("a", pl.mu, pl.sigma), Rating("b", pl.mu, pl.sigma)], [1, 2], pl)
    assert winner.shown > 1500 > loser.shown


def _row(**kw):
    row = {"id": "g1", "game": "tally", "fork_of": None, "bots": False,
           "seats": [{"seat": "p1", "name": "ann", "bot": None, "place": 1},
                     {"seat": "p2", "name": "bob", "bot": None, "place": 2}]}
    row.update(kw)
    return row


def test_forks_and_bot_games_do_not_count():
    assert countable(_row())
    assert not countable(_row(fork_of="g0"))
    assert not countable(_row(bots=True))
    assert not countable(_row(seats=[{"seat": "p1", "name": "ann", "bot": None, "place": 1},
                                     {"seat": "p2", "name": "ann", "bot": None, "place": 2}]))


def test_a_game_is_rated_once_per_game_and_player_count(app, client, repo):
    game_id, _ = new_game(client)
    finish(app, game_id, {"p1": 3})
    row = archive.Archive(repo.store.redis, repo.store.keys.prefix).row(game_id)
    ratings = Ratings(repo.store.redis, repo.store.keys.prefix)
    first = ratings.apply(row)
    assert first is not None and ratings.apply(row) is None  # a retried task rates nothing twice
    ann, bob = ratings.get("tally", 2, "Ann"), ratings.get("tally", 2, "bob")
    assert ann.mu > 25 > bob.mu and ann.games == bob.games == 1
    assert ratings.get("tally", 3, "ann") is None
    body = client.get("/api/players/ann").json
    assert [(r["game"], r["players"], r["games"]) for r in body["ratings"]] == [("tally", 2, 1)]
    top = client.get("/api/ratings?game=tally&players=2").json["ratings"]
    assert [r["name"] for r in top] == ["ann", "bob"]
    assert top[0]["rating"] == shown_rating(ann.mu, ann.sigma) and top[0]["openskill_mu"] == pytest.approx(ann.mu)
    assert top[0]["rating"] > 1500 > top[1]["rating"] and top[0]["games"] == 1
    assert client.get("/api/ratings?game=nope&players=2").status_code == 400


def test_a_game_with_a_bot_is_archived_but_not_rated(app, client, repo):
    game_id, _ = new_game(client, ("ann", "x"), bots={1: "random"})
    while not (p := repo.projection(game_id)).status().over:
        seat = p.status().to_move[0]
        if seat == "p1":
            play_turn(app, game_id)
            continue
        for command in bot_turn(p, seat, "random", 100):  # the bot's seat, played as the worker would
            repo.execute(game_id, command, repo.projection(game_id).seq, f"bot-{repo.projection(game_id).seq}")
        run_system(app, game_id)
    row = archive.Archive(repo.store.redis, repo.store.keys.prefix).row(game_id)
    assert row["bots"] and row["winners"]
    assert Ratings(repo.store.redis, repo.store.keys.prefix).apply(row) is None


def test_a_seat_handed_to_a_bot_for_a_while_makes_it_a_game_with_bots(app, client, repo):
    r = client.post("/api/games", json={"game": "tally", "options": {"rounds": 1}, "takeover_after": 0,
                                        "seats": [{"name": "ann"}, {"name": "bob"}]})
    game_id, tokens = r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}

    def send(seat, type_, args=None):
        seq = client.get(f"/api/games/{game_id}", headers=auth(tokens[seat])).json["seq"]
        r = client.post(f"/api/games/{game_id}/commands", headers=auth(tokens[seat]),
                        json={"command": {"type": type_, "args": args or {}}, "expected_seq": seq,
                              "command_id": f"{seat}-{type_}-{seq}"})
        assert r.status_code == 201, r.json

    send("p2", "HandToBot", {"seat": "p1", "level": "random"})
    send("p1", "TakeBack")  # ann is back before the bot moved: still, a bot held her seat
    finish(app, game_id)
    row = archive.Archive(repo.store.redis, repo.store.keys.prefix).row(game_id)
    assert row["handed_to_bot"] == ["p1"] and row["bots"]
    assert not countable(row)
