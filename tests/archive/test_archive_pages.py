"""The archive's pages: search form and results, a player's page, the lobby's
ratings box, the replay page's review tools and the fork endpoint of the pages."""

from __future__ import annotations

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
