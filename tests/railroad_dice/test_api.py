"""Railroad Dice through the HTTP API (fakeredis, no worker): a command outside the legal
list is a 422 with the rule's code, a stale one a 409, junk arguments for every command
type never a 500 (always a rule code); the view shows a screen to its owner only."""

from __future__ import annotations

import dataclasses
import random

import fakeredis
import pytest

from events.settings import Settings
from games.contract import Command, IllegalMove
from service import create_app

from .helpers import GAME, fresh, give

JUNK = [None, True, -1, 0, 1, 3, 99, 10**12, "", "x", "A", "B", "bank", "p2", "insel", "meadow", "question",
        [], {}, [0, 0], [1, 2, 3], {"screen": 1}, {"question": -1}, 1.5]
COMMANDS = ["TakeIncome", "Roll", "TurnDie", "BuyShare", "PlaceTrack", "BuildBridge", "ConnectTile",
            "BuildStation", "ReturnDie", "ScoreYear", "Nonsense"]
ARG_NAMES = ["screen", "question", "face", "company", "seller", "die", "end", "via", "exit", "exits", "pay",
             "tile", "rot", "onward", "kind", "cost"]


def test_junk_arguments_are_refused_by_a_rule_never_an_error():
    rng = random.Random(5)
    state = give(fresh(2), "p1", straight=2, share=1)
    state.year = 2
    state.directors["insel"] = "p1"
    for _ in range(3000):
        args = {name: rng.choice(JUNK) for name in rng.sample(ARG_NAMES, rng.randint(0, 5))}
        command = Command(rng.choice(COMMANDS), "p1", args)
        try:
            GAME.decide(state, command, random.Random(0))
        except IllegalMove as refused:
            assert refused.code.startswith("rd.")


@pytest.fixture
def client_and_game():
    settings = dataclasses.replace(Settings.from_env(), key_prefix="rdapi", rate_commands="100000 per second",
                                   rate_public="100000 per second", stream_block_ms=10)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=False)
    client = app.test_client()
    repo = app.extensions["stellwerk"].repository
    record, tokens = repo.create("railroad_dice", {}, [{"name": "ann"}, {"name": "bob"}], seed="rd-api")
    return client, record.id, tokens


def post(client, game_id, headers, command_type, args, seq, command_id):
    return client.post(f"/api/games/{game_id}/commands", headers=headers,
                       json={"command": {"type": command_type, "args": args}, "expected_seq": seq,
                             "command_id": command_id})


def test_422_409_and_the_screens_for_everyone(client_and_game):
    client, game_id, tokens = client_and_game
    headers = {seat: {"Authorization": f"Bearer {token}"} for seat, token in tokens.items()}
    body = client.get(f"/api/games/{game_id}", headers=headers["p1"]).json
    seq = body["seq"]
    mover = body["view"]["current"]
    other = "p2" if mover == "p1" else "p1"
    r = post(client, game_id, headers[mover], "TakeIncome", {}, seq, "a1")
    assert r.status_code == 422 and r.json["error"]["code"] == "rd.income.first_year"
    r = post(client, game_id, headers[mover], "PlaceTrack", {"end": "A", "via": 1, "exit": 1}, seq, "a2")
    assert r.status_code == 422 and r.json["error"]["code"] == "rd.track.via"
    r = post(client, game_id, headers[mover], "Roll", {"screen": 0, "question": 2}, seq, "a3")
    assert r.status_code == 201
    r = post(client, game_id, headers[mover], "TurnDie", {"face": "curve"}, seq, "a4")
    assert r.status_code == 409
    mine = client.get(f"/api/games/{game_id}", headers=headers[mover]).json["view"]["players"][mover]
    assert mine["screen"] == 0 and "passengers" in mine
    for viewer in (headers[other], {}):  # others see the confirmed position: the roll is a draft
        theirs = client.get(f"/api/games/{game_id}", headers=viewer).json["view"]["players"][mover]
        assert theirs["screen"] == 0 and theirs["passengers"] == 0 and theirs["front"]["question"] == 4
