"""Hidden information never reaches a viewer who may not see it, in any endpoint.

Games of Russian Railroads (face-down end-game cards, the end-game stack and the
two cards removed unseen) and of the fixture game (hidden draws, deck order) are
played through the repository with a player that prefers revealing moves; at
checkpoints every endpoint (view, commands, log, texts, replay, stream, export)
is asked as every other seat and as a spectator, and no secret of another owner
may appear in any answer while the game runs.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import fakeredis
import pytest

from events import commands as platform
from events.redaction import redact_log
from events.settings import Settings
from games.contract import NOBODY, SECRET, SPECTATOR, SYSTEM, Command
from service import create_app
from service.api.history import ndjson

REVEALING = {"ChooseQuestionToken", "SearchEndCards", "ChooseEndCard", "Draw"}
REVEALING |= {"DraftEndCard", "BuyEndCard", "TakeEndCard"}  # First Class: end-game cards kept face down


def secrets_by_owner(log) -> dict[str, list[str]]:
    """Every secret value in the log, as strings to look for, keyed by owner."""
    found: dict[str, list[str]] = {}
    for env in log:
        for owner, data in env.payload.get(SECRET, {}).items():
            for key, value in data.items():
                if isinstance(value, list):
                    # The order of a deck is the secret; single cards of it may be public later.
                    found.setdefault(owner, []).append(json.dumps(value, separators=(",", ":")))
                else:
                    found.setdefault(owner, []).append(json.dumps({key: value}, separators=(",", ":"))[1:-1])
    return found


def responses(client, game_id, token, seats):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    texts = []
    for path in ("", "/commands", "/log", "/texts", "/texts?lang=de", "/replay"):
        r = client.get(f"/api/games/{game_id}{path}", headers=headers)
        assert r.status_code == 200, (path, r.status_code)
        texts.append(r.get_data(as_text=True))
    steps = json.loads(texts[-1])["steps"]
    for seq in steps[-3:]:
        texts.append(client.get(f"/api/games/{game_id}/replay?seq={seq}", headers=headers).get_data(as_text=True))
    stream = client.get(f"/api/games/{game_id}/stream" + (f"?token={token}" if token else ""), buffered=False)
    first = next(iter(stream.response))
    texts.append(first.decode() if isinstance(first, bytes) else first)
    stream.close()
    return texts


def compact(text: str) -> str:
    """JSON answers with and without spaces after separators read alike."""
    return text.replace(": ", ":").replace(", ", ",")


@pytest.mark.parametrize("game,players,seed", [("russian_railroads", 2, "h2-1"), ("russian_railroads", 4, "h4-2"),
                                               ("tally", 3, "h3"),
                                               ("first_class", 2, "fc2-1"), ("first_class", 4, "fc4-2"),
                                               ("railroad_dice", 2, "rd2-1"), ("railroad_dice", 4, "rd4-2")])
def test_no_endpoint_leaks_another_owners_secret(game, players, seed):
    settings = dataclasses.replace(Settings.from_env(), key_prefix="hidden", rate_commands="100000 per second",
        rate_public="100000 per second",
                                   stream_block_ms=10)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=False)
    client = app.test_client()
    repo = app.extensions["stellwerk"].repository
    # A fixed seed (the API allows one only at tables with one person): straight to the repository.
    record, tokens = repo.create(game, {}, [{"name": f"n{i}"} for i in range(players)], seed=seed)
    game_id = record.id
    rng = random.Random(seed)
    checked = 0
    for step in range(5000):
        p = repo.projection(game_id)
        if p.status().over:
            break
        if p.status().pending_system and not p.tail:
            command = Command(p.status().pending_system[0], SYSTEM, {})
        else:
            seat = p.turn_seat or p.status().to_move[0]
            legal = [c for c in platform.legal_commands(p, seat) if c.type not in {"Undo"}]
            revealing = [c for c in legal if c.type in REVEALING]
            command = rng.choice(revealing or legal)
        repo.execute(game_id, command, p.seq, f"c{step}")
        if step % 60 == 0 or command.type in REVEALING:
            log = repo.store.read(game_id)
            secrets = secrets_by_owner(log)
            p = repo.projection(game_id)
            for viewer in list(tokens) + [SPECTATOR]:
                hidden = [s for owner, values in secrets.items() if owner != viewer for s in values]
                texts = responses(client, game_id, tokens.get(viewer), tokens)
                texts.append(ndjson(redact_log(p, log, viewer)))  # what `stellwerk export --as` writes
                patterns = [re.compile(re.escape(secret) + r"(?![0-9A-Za-z_])") for secret in hidden]
                for text in map(compact, texts):
                    for pattern in patterns:
                        assert not pattern.search(text), (viewer, pattern.pattern[:80])
            checked += 1
    assert checked >= 3
    # The property was exercised: some seat held a secret of its own during the game (the seeds
    # were picked so that this random player takes an end-game card face down).  Railroad Dice
    # has none (games/railroad_dice/data/visibility.json): only its seed is checked here, the
    # rest by tests/railroad_dice/test_hidden_information.py.
    if game != "railroad_dice":
        assert any(set(e.payload.get(SECRET, {})) - {NOBODY} for e in repo.store.read(game_id))
