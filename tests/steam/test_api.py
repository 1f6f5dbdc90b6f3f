"""Steam through the HTTP API (fakeredis, no worker): a command outside the legal list is a
422 with the rule's code, a stale one a 409, and junk arguments for every command type in
every phase never an error other than a rule (so never a 500)."""

from __future__ import annotations

import dataclasses
import random

import fakeredis
import pytest

from events.settings import Settings
from games.contract import Command, IllegalMove
from service import create_app

from .helpers import GAME, play_out

JUNK = [None, True, -1, 0, 1, 3, 5, 7, 99, 10**12, "", "x", "0,0", "0,1", "1,3", "99,99", "21", "T21", "42",
        "red", "gray", "income", "vp", "p2", [], {}, ["0,0/0"], [1, 2], {"a": 1}, 1.5]
COMMANDS = ["Bid", "PassBid", "SkipBid", "RaiseCapital", "ChooseAction", "BuildTrack", "PlaceNewCity",
            "PlaceCityGrowth", "EndBuild", "DeliverGoods", "RaiseLocomotive", "PassMove", "ChooseReward",
            "CloseBuilding", "SettleIncome", "Nonsense"]
ARG_NAMES = ["amount", "steps", "tile", "pass", "hex", "face", "rot", "cost", "colour", "group", "from", "links",
             "take"]


@pytest.mark.parametrize("mode", ["base", "expert"])
def test_junk_arguments_are_refused_by_a_rule_never_an_error(mode):
    rng = random.Random(11)
    positions = []
    t = play_out(3, f"junk-{mode}", limit=400, mode=mode,
                 check=lambda table: positions.append(table.state) if rng.random() < 0.1 else None)
    assert len({p.phase for p in positions}) >= 4
    for state in positions:
        seat = state.current or "p1"
        for _ in range(60):
            args = {name: rng.choice(JUNK) for name in rng.sample(ARG_NAMES, rng.randint(0, 5))}
            command = Command(rng.choice(COMMANDS), rng.choice([seat, "system", "p3"]), args)
            try:
                GAME.decide(state, command, random.Random(0))
            except IllegalMove as refused:
                assert refused.code.startswith(("steam.", "platform."))
    assert t.log


@pytest.fixture
def client_and_game():
    settings = dataclasses.replace(Settings.from_env(), key_prefix="steamapi", rate_commands="100000 per second",
                                   rate_public="100000 per second", stream_block_ms=10)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=False)
    client = app.test_client()
    repo = app.extensions["stellwerk"].repository
    record, tokens = repo.create("steam", {"start": "random"}, [{"name": n} for n in ("ann", "bob", "cy")],
                                 seed="steam-api")
    return client, record.id, tokens


def post(client, game_id, headers, command_type, args, seq, command_id):
    return client.post(f"/api/games/{game_id}/commands", headers=headers,
                       json={"command": {"type": command_type, "args": args}, "expected_seq": seq,
                             "command_id": command_id})


def test_422_with_the_rule_409_when_stale_and_others_see_no_draft(client_and_game):
    client, game_id, tokens = client_and_game
    headers = {seat: {"Authorization": f"Bearer {token}"} for seat, token in tokens.items()}
    body = client.get(f"/api/games/{game_id}", headers=headers["p1"]).json
    seq = body["seq"]
    mover = body["view"]["current"]
    assert body["view"]["phase"] == "actions"
    r = post(client, game_id, headers[mover], "BuildTrack", {"hex": "0,1", "face": "21", "rot": 0}, seq, "a1")
    assert r.status_code == 422 and r.json["error"]["code"] == "steam.phase"
    r = post(client, game_id, headers[mover], "ChooseAction", {"tile": 9}, seq, "a2")
    assert r.status_code in (400, 422)
    r = post(client, game_id, headers[mover], "ChooseAction", {"tile": 3}, seq, "a3")
    assert r.status_code == 201
    r = post(client, game_id, headers[mover], "ChooseAction", {"tile": 4}, seq, "a4")
    assert r.status_code == 409                                  # decided on a position that is gone
    fresh_seq = client.get(f"/api/games/{game_id}", headers=headers[mover]).json["seq"]
    r = post(client, game_id, headers[mover], "ChooseAction", {"tile": 4}, fresh_seq, "a5")
    assert r.status_code == 422 and r.json["error"]["code"] == "steam.turn.done"
    # The others see the position before the open turn (its draft is the mover's until confirmed).
    views = [client.get(f"/api/games/{game_id}", headers=h).json["view"]
             for seat, h in headers.items() if seat != mover]
    views.append(client.get(f"/api/games/{game_id}").json["view"])
    assert all(v["map"] == "ne_usa_se_canada" and v["players"] == views[0]["players"] for v in views)
    assert views[0]["players"][mover]["tile"] is None
