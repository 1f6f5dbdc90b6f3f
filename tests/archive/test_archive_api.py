"""The archive: a finished game is listed (written by the follow-up of the append
that finished it) and found by game, player, player count, date, options, winner."""

from __future__ import annotations

import datetime as dt
import json

from events import archive
from games.contract import SYSTEM, Command
from tests.archive.conftest import finish, new_game


def test_a_finished_game_is_archived_when_it_ends(app, client, sent):
    game_id, _ = new_game(client)
    assert client.get("/api/archive").json["games"] == []
    finish(app, game_id, {"p1": 3, "p2": 1})
    rows = client.get("/api/archive").json["games"]
    assert [r["id"] for r in rows] == [game_id]
    row = rows[0]
    assert row["players"] == ["ann", "bob"] and row["winners"] == ["ann"]
    assert {s["seat"]: s["place"] for s in row["seats"]} == {"p1": 1, "p2": 2}
    assert ["stellwerk.game_ended", [game_id]] in [[n, a] for n, a in sent]


def test_running_games_are_not_in_the_archive(app, client):
    new_game(client)
    assert client.get("/api/archive").json["games"] == []


def test_search_filters_and_pages(app, client):
    ids = {}
    for i, (names, rounds, adds) in enumerate([(("ann", "bob"), 1, {"p1": 3}), (("ann", "cy"), 2, {"p2": 3}),
                                               (("bob", "cy", "dan"), 1, {"p3": 3})]):
        game_id, _ = new_game(client, names, rounds)
        finish(app, game_id, adds)
        ids[i] = game_id

    def found(query: str) -> list[str]:
        r = client.get(f"/api/archive?{query}")
        assert r.status_code == 200, r.json
        return [row["id"] for row in r.json["games"]]

    assert found("player=ANN") == [ids[1], ids[0]]  # newest first, names in any case
    assert found("players=3") == [ids[2]]
    assert found("game=tally&players=2") == [ids[1], ids[0]]
    assert found('options={"rounds":2}') == [ids[1]]
    assert found("winner=cy") == [ids[1]]
    assert found("winner=cy&player=bob") == []
    today = dt.datetime.now(dt.UTC).date()
    assert len(found(f"since={today}&until={today}")) == 3
    assert found(f"until={today - dt.timedelta(days=1)}") == []
    first = client.get("/api/archive?limit=2").json
    second = client.get("/api/archive?limit=2&offset=2").json
    assert first["more"] and not second["more"]
    assert [r["id"] for r in first["games"] + second["games"]] == [ids[2], ids[1], ids[0]]


def test_bad_filters_are_400_with_the_field(client):
    for query, field in [("players=x", "players"), ("since=yesterday", "since"), ("limit=1000", "limit"),
                         ("options=[1]", "options"), ("options={", "options"), ("player=%3Cb%3E", "player"),
                         ("since=2026-02-02&until=2026-01-01", "since")]:
        r = client.get(f"/api/archive?{query}")
        assert r.status_code == 400, query
        assert r.json["error"]["field"] == field, query


def test_archive_keys_share_one_hash_tag(app):
    """Redis Cluster: every key the archive touches hashes to one slot."""
    store = app.extensions["stellwerk"].repository.store
    a = archive.Archive(store.redis, store.keys.prefix)
    keys = [a.rows_key, a.index_key(), a.index_key("game", "tally"), a.index_key("player", "ann"),
            a.index_key("count", 2)]
    assert all("{archive}" in k and k.count("{") == 1 for k in keys)


def test_backfill_archives_games_that_ended_before(app, client, repo):
    game_id, _ = new_game(client)
    finish(app, game_id)
    store = repo.store
    a = archive.Archive(store.redis, store.keys.prefix)
    store.redis.delete(a.rows_key, a.index_key())
    assert not a.has(game_id)
    assert archive.backfill(repo) == 1 and a.has(game_id)
    assert archive.backfill(repo) == 0


def test_player_page_counts_wins_per_game(app, client):
    for adds in ({"p1": 3}, {"p2": 3}, {"p1": 3}):
        game_id, _ = new_game(client)
        finish(app, game_id, adds)
    body = client.get("/api/players/ann").json
    assert body["played"] == 3
    assert body["win_rates"]["tally"] == {"played": 3, "won": 2, "rate": 0.667}
    assert client.get("/api/players/%3Cscript%3E").status_code == 400


def test_cli_backfill(real_redis_url, prefix):
    """``stellwerk archive-backfill`` on the real Redis archives what the archive lacks."""
    import redis as redis_lib
    from click.testing import CliRunner

    from events.repository import GameRepository
    from events.store import EventStore
    from service.cli import main

    real = GameRepository(EventStore(redis_lib.Redis.from_url(real_redis_url), prefix))
    record, _ = real.create("tally", {"rounds": 1}, [{"name": "ann"}, {"name": "bob"}])
    while not (p := real.projection(record.id)).status().over:
        pending = p.status().pending_system
        seat = p.status().to_move[0] if not pending else SYSTEM
        for command in ([Command(pending[0], SYSTEM, {})] if pending else
                        [Command("Add", seat, {"n": 1}), Command("ConfirmTurn", seat, {})]):
            real.execute(record.id, command, real.projection(record.id).seq, f"c{real.projection(record.id).seq}")
    runner = CliRunner()
    env = {"STELLWERK_KEY_PREFIX": prefix}
    out = runner.invoke(main, ["archive-backfill", "--redis-url", real_redis_url], env=env)
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == {"archived": 1}
    assert json.loads(runner.invoke(main, ["archive-backfill", "--redis-url", real_redis_url], env=env).output) == {
        "archived": 0}
