"""First Class through the HTTP API (fakeredis, no worker): a command outside the
legal list is a 422 with the rule's code, a stale one a 409, junk arguments for
every command type never a 500; the view answers each seat with its own secrets
only."""

from __future__ import annotations

import dataclasses
import random

import fakeredis
import pytest

from events.settings import Settings
from games.contract import Command, IllegalMove
from games.first_class import GAME
from service import create_app

from .helpers import new_game

JUNK = [None, True, -1, 0, 1, 99, 10**12, "", "x", "g01", "EL1", [], {}, [1], {"a": 1}, 1.5]
COMMANDS = ["DraftEndCard", "TakeCard", "TakeStartTile", "AttachCar", "UpgradeCar", "MoveConductor", "MoveLoco",
            "AttachPost", "TakeEndCard", "PlaceCelebrity", "PlacePostcard", "DeclineCard", "SkipEffect", "SpendCoin",
            "BuyEndCard", "FulfilContract", "ClaimRouteBonus", "ScoreTrains", "Nonsense"]
ARG_NAMES = ["card", "mode", "train", "index", "steps", "post", "route", "field", "use", "city"]


@pytest.fixture
def client_and_game():
    settings = dataclasses.replace(Settings.from_env(), key_prefix="fcapi", rate_commands="100000 per second",
                                   rate_public="100000 per second", stream_block_ms=10)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=False)
    client = app.test_client()
    repo = app.extensions["stellwerk"].repository
    record, tokens = repo.create("first_class", {}, [{"name": "ann"}, {"name": "bob"}], seed="fc-api")
    return client, record.id, tokens


def test_junk_arguments_are_refused_by_a_rule_never_an_error():
    rng = random.Random(3)
    state = new_game(3)
    for _ in range(1500):
        args = {name: rng.choice(JUNK) for name in rng.sample(ARG_NAMES, rng.randint(0, 3))}
        command = Command(rng.choice(COMMANDS), "p1", args)
        try:
            GAME.decide(state, command, random.Random(0))
        except IllegalMove as refused:
            assert refused.code.startswith("fc.")


def test_422_409_and_own_secrets_only(client_and_game):
    client, game_id, tokens = client_and_game
    headers = {seat: {"Authorization": f"Bearer {token}"} for seat, token in tokens.items()}
    view = client.get(f"/api/games/{game_id}", headers=headers["p2"]).json
    seq = view["seq"]
    hand = [c["id"] for c in view["view"]["draft_hand"]]
    assert "draft_hand" not in client.get(f"/api/games/{game_id}", headers=headers["p1"]).json["view"]
    # p2 drafts first; p1 may not, and a card outside p2's hand is refused by its rule
    r = client.post(f"/api/games/{game_id}/commands", headers=headers["p1"],
                    json={"command": {"type": "DraftEndCard", "args": {"card": hand[0]}}, "expected_seq": seq,
                          "command_id": "a1"})
    assert r.status_code == 422
    other = next(c for c in ("EL1", "EL2", "ES1", "ES2", "EW1") if c not in hand)
    r = client.post(f"/api/games/{game_id}/commands", headers=headers["p2"],
                    json={"command": {"type": "DraftEndCard", "args": {"card": other}}, "expected_seq": seq,
                          "command_id": "a2"})
    assert r.status_code == 422 and r.json["error"]["code"] == "fc.draft.not_in_hand"
    r = client.post(f"/api/games/{game_id}/commands", headers=headers["p2"],
                    json={"command": {"type": "DraftEndCard", "args": {"card": hand[0]}}, "expected_seq": seq,
                          "command_id": "a3"})
    assert r.status_code == 201
    r = client.post(f"/api/games/{game_id}/commands", headers=headers["p2"],
                    json={"command": {"type": "DraftEndCard", "args": {"card": hand[1]}}, "expected_seq": seq,
                          "command_id": "a4"})
    assert r.status_code == 409
    # the kept card is in p2's view, and in nobody else's
    mine = client.get(f"/api/games/{game_id}", headers=headers["p2"]).json["view"]["players"]["p2"]["end_cards"]
    assert [c["id"] for c in mine] == [hand[0]]
    theirs = client.get(f"/api/games/{game_id}", headers=headers["p1"]).get_data(as_text=True)
    spectator = client.get(f"/api/games/{game_id}").get_data(as_text=True)
    for text in (theirs, spectator):
        assert f'"{hand[0]}"' not in text
