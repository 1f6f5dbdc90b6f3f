from __future__ import annotations

import dataclasses

import pytest

from events.settings import Settings
from service import create_app


class SentTasks(list):
    def __call__(self, name, args):
        self.append((name, list(args)))


@pytest.fixture
def sent():
    return SentTasks()


@pytest.fixture
def app(redis_client, prefix, sent):
    settings = dataclasses.replace(Settings.from_env(), key_prefix=prefix, stream_block_ms=50,
                                   max_body_bytes=16 * 1024, rate_commands="1000 per second",
        rate_public="1000 per second")
    return create_app(settings, redis_client, send_task=sent)


@pytest.fixture
def client(app):
    return app.test_client()


def auth(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def game(client):
    """A 2-seat Tally game: (id, {seat: token})."""
    r = client.post("/api/games", json={"game": "tally", "options": {"rounds": 1},
                                        "seats": [{"name": "ann"}, {"name": "bob"}]})
    assert r.status_code == 201
    return r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}
