"""What a seat can know of a running game, through the platform (issue 25, "Hidden information").

The reading (``games/railroad_dice/data/visibility.json``): every die and passenger chip moves in
plain sight, so the screens, the passenger totals and the bank are known to anyone who counts;
they are shown openly.  Secret are only the rolls to come (the seed) and a seat's open turn until
it is confirmed.

Random games are played through the HTTP API (fakeredis, the repository the service uses).  At
every confirmed position, for every seat and a spectator, everything that viewer can read (the
game, its log, the replay at that position, the live stream, and for seats at some positions a
fork) is collected, and:

- *open*: what counting the viewer's log gives (folding it) is exactly what the view shows, and
  it is the truth: nobody needs notes to match a player who keeps them;
- *secret, the seed*: it appears in no answer; a fork runs on another seed and its position is
  the truth itself (``determinize`` redraws nothing, as nothing in a state is hidden);
- *secret, the open turn*: once the next seat has begun its turn (its dice rolled, track laid),
  every other viewer's answers are byte for byte those of the confirmed position, and a stale
  command's 409 names the public seq: the draft and the position without it are consistent with
  everything they saw, so they cannot tell what was drafted, nor that anything was.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import fakeredis
import pytest

from events import commands as platform
from events.envelope import dumps, loads
from events.settings import Settings
from games.contract import NOBODY, SECRET, SPECTATOR, SYSTEM, Command
from games.railroad_dice.data import _load
from service import create_app

from .helpers import GAME, PLATFORM_ONLY

VISIBILITY = _load("visibility.json")


class Client:
    """One viewer's reads (a seat's token, or none for a spectator)."""

    def __init__(self, http: Any, game_id: str, token: str | None) -> None:
        self.http, self.game_id, self.token = http, game_id, token
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}

    def get(self, path: str) -> str:
        r = self.http.get(f"/api/games/{self.game_id}{path}", headers=self.headers)
        assert r.status_code == 200, (path, r.status_code)
        return r.get_data(as_text=True)

    def stream(self) -> str:
        query = f"?token={self.token}" if self.token else ""
        r = self.http.get(f"/api/games/{self.game_id}/stream{query}", buffered=False)
        first = next(iter(r.response))
        r.close()
        return first.decode() if isinstance(first, bytes) else first

    def answers(self, seq: int) -> dict[str, str]:
        return {"game": self.get(""), "log": self.get("/log"), "replay": self.get(f"/replay?seq={seq}"),
                "stream": self.stream()}


def fold_log(ndjson: str) -> Any:
    """What a note-keeper makes of the log: every event folded, in order."""
    from events.projection import fold

    envelopes = [loads(line) for line in ndjson.splitlines() if line.strip()]
    return fold(GAME, envelopes).confirmed


def counted(state: Any) -> dict[str, Any]:
    return {"screens": dict(state.screen), "passengers": dict(state.passengers), "bank_dice": state.bank}


def shown(game_json: dict[str, Any]) -> dict[str, Any]:
    view = game_json["view"]
    return {"screens": {s: p["screen"] for s, p in view["players"].items()},
            "passengers": {s: p["passengers"] for s, p in view["players"].items()},
            "bank_dice": view["bank_dice"]}


def choose(rng: random.Random, legal: list[Command]) -> Command:
    """A random move, its kind first (rolls are many), confirming now and then."""
    moves = [c for c in legal if c.type not in PLATFORM_ONLY and c.type != "ConfirmTurn"]
    confirm = [c for c in legal if c.type == "ConfirmTurn"]
    if confirm and (not moves or rng.random() < 0.25):
        return confirm[0]
    kind = rng.choice(sorted({c.type for c in moves}))
    return rng.choice([c for c in moves if c.type == kind])


@pytest.fixture
def service() -> Iterator[Any]:
    settings = dataclasses.replace(Settings.from_env(), key_prefix="rdhidden", rate_commands="100000 per second",
                                   rate_public="100000 per second", stream_block_ms=10)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=False)
    yield app


def test_the_reading_names_the_secrets_and_the_open_counts():
    assert {"screens", "passengers", "bank_dice"} <= set(VISIBILITY["public"])
    assert VISIBILITY["secret"] == ["seed", "open turn"]


@pytest.mark.parametrize("players,seed,forks_every", [(2, "rd-hidden-2", 6), (4, "rd-hidden-4", 15)])
def test_a_seat_reconstructs_nothing_secret_and_sees_openly_what_it_could_count(service, players, seed,
                                                                                   forks_every):
    http = service.test_client()
    repo = service.extensions["stellwerk"].repository
    record, tokens = repo.create("railroad_dice", {}, [{"name": f"n{i}"} for i in range(players)], seed=seed)
    game_id = record.id
    the_seed = repo.store.read(game_id)[0].payload[SECRET][NOBODY]["seed"]
    viewers = {seat: Client(http, game_id, token) for seat, token in tokens.items()}
    viewers[SPECTATOR] = Client(http, game_id, None)
    rng = random.Random(seed)
    positions = drafts = forked = 0
    at_position: dict[str, dict[str, str]] = {}
    draft_checked = False
    for step in range(6000):
        p = repo.projection(game_id)
        if p.status().over:
            break
        if not p.tail and p.seq == p.public_seq:  # a confirmed position
            positions += 1
            at_position = check_position(repo, viewers, p, the_seed, fork=positions % forks_every == 1)
            forked += positions % forks_every == 1
            draft_checked = False
        elif p.tail and not draft_checked:  # the next seat's open turn has begun
            check_draft_unseen(viewers, p, at_position)
            drafts += 1
            draft_checked = True
        if p.status().pending_system and not p.tail:
            command = Command(p.status().pending_system[0], SYSTEM, {})
        else:
            seat = p.turn_seat or p.status().to_move[0]
            command = choose(rng, platform.legal_commands(p, seat))
        repo.execute(game_id, command, p.seq, f"c{step}")
    assert repo.projection(game_id).status().over
    assert positions >= 20 and drafts >= 10 and forked >= 2


def check_position(repo: Any, viewers: dict[str, Client], p: Any, the_seed: str, fork: bool) -> dict[str, dict]:
    truth = counted(p.confirmed)
    out = {}
    for who, client in viewers.items():
        answers = client.answers(p.seq)
        out[who] = answers
        for name, text in answers.items():
            assert the_seed not in text, (who, name)  # the seed, in no form it is kept in
        game_json = json.loads(answers["game"])
        assert game_json["seq"] == p.seq
        # Open: the note-keeper's count is what everybody is shown, and it is the truth.
        assert counted(fold_log(answers["log"])) == shown(game_json) == truth, who
        replay = json.loads(answers["replay"])
        assert shown(replay) == truth, who
        if fork and who != SPECTATOR:
            check_fork(repo, client, p, the_seed)
    return out


def check_fork(repo: Any, client: Client, p: Any, the_seed: str) -> None:
    """A seat's fork at this position: the truth itself (nothing to redraw), another seed."""
    r = client.http.post(f"/api/games/{client.game_id}/forks", headers=client.headers,
                         json={"seq": p.seq, "seats": [{"name": "solo"}] * len(p.seats)})
    assert r.status_code == 201, r.json
    fork_id = r.json["id"]
    start = repo.projection(fork_id)
    assert GAME.dump_state(start.confirmed) == GAME.dump_state(p.confirmed)
    assert start.seed != p.seed
    raw = "".join(dumps(e) for e in repo.store.read(fork_id))
    assert the_seed not in raw


def check_draft_unseen(viewers: dict[str, Client], p: Any, at_position: dict[str, dict[str, str]]) -> None:
    """The mover has drafted; every other viewer reads exactly what it read at the confirmed
    position, and a stale command is answered with the public seq."""
    assert p.seq > p.public_seq
    for who, client in viewers.items():
        if who == p.turn_seat:
            continue
        assert client.answers(p.public_seq) == at_position[who], who
        if who != SPECTATOR:  # a stale command: the 409 names the public seq, not the draft's
            r = client.http.post(f"/api/games/{client.game_id}/commands", headers=client.headers,
                                 json={"command": {"type": "ConfirmTurn", "args": {}},
                                       "expected_seq": p.public_seq - 1, "command_id": f"probe-{p.seq}-{who}"})
            assert r.status_code == 409 and r.json["error"]["seq"] == p.public_seq, r.get_data(as_text=True)
