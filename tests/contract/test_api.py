"""The same contract through the HTTP API, for one preset per game and per Russian
Railroads module: a listed command is a 201, a command that is not listed a 422 with
the rule code the game's ``decide`` names, and nothing is appended for it."""

from __future__ import annotations

import dataclasses
import random

import fakeredis
import pytest

from events import commands as platform
from games.contract import PLATFORM_COMMANDS, SYSTEM, Command, IllegalMove

from .play import key
from .presets import PRESETS, Preset
from .probes import probes
from .test_properties import mutations


def api_presets() -> list[Preset]:
    """Each game's first preset; Russian Railroads: each tableau and module alone, and solo."""
    out: dict[str, Preset] = {}
    for preset in PRESETS:
        if preset.game != "russian_railroads":
            out.setdefault(preset.game, preset)
        elif preset.players == (1 if preset.options.get("solo") else 2) and len(preset.options) <= 2 and (
                len(preset.options) <= 1 or preset.options.get("solo")):
            out.setdefault(preset.id, preset)
    return list(out.values())


API_PRESETS = api_presets()
MOVES = 12


@pytest.fixture(scope="module")
def app():
    from events.settings import Settings
    from service import create_app

    settings = dataclasses.replace(Settings.from_env(), key_prefix="contract", rate_commands="100000 per second",
                                   rate_public="100000 per second", stream_block_ms=10)
    return create_app(settings, fakeredis.FakeRedis(), send_task=False)


def test_the_api_presets_cover_every_game_and_module():
    assert {p.game for p in API_PRESETS} == {p.game for p in PRESETS}
    rr = [p.options for p in API_PRESETS if p.game == "russian_railroads"]
    assert {} in rr and {"solo": True} in rr
    for name in ("coal", "dsp", "new_engineers", "new_q"):
        assert {name: True} in rr
    for tableau in ("deutschland", "usa"):
        assert {"tableau": tableau} in rr


@pytest.mark.parametrize("preset", API_PRESETS, ids=str)
def test_listed_commands_are_201_and_unlisted_ones_422_with_the_rule_code(app, preset):
    repo = app.extensions["stellwerk"].repository
    client = app.test_client()
    record, tokens = repo.create(preset.game, preset.options,
                                 [{"name": f"n{i}"} for i in range(preset.players)], seed=preset.seed)
    url = f"/api/games/{record.id}"
    headers = {seat: {"Authorization": f"Bearer {token}"} for seat, token in tokens.items()}
    rng = random.Random(preset.seed)
    refused = 0
    for step in range(MOVES):
        p = repo.projection(record.id)
        if p.status().over:
            break
        if p.status().pending_system and not p.tail:  # what the worker would do
            repo.execute(record.id, Command(p.status().pending_system[0], SYSTEM, {}), p.seq, f"system-{step}")
            continue
        seat = p.turn_seat or p.status().to_move[0]
        body = client.get(url, headers=headers[seat]).json
        seq = body["seq"]
        listed = client.get(f"{url}/commands", headers=headers[seat]).json["commands"]
        legal = platform.legal_commands(p, seat)
        assert sorted(key(Command(c["type"], seat, c["args"])) for c in listed) == sorted(key(c) for c in legal)
        game_commands = [c for c in legal if c.type not in PLATFORM_COMMANDS]
        candidates = probes(preset.game, seat) + [m for c in game_commands[:20] for m in mutations(c, rng)]
        keys = {key(c) for c in legal}
        for command in candidates:
            if key(command) in keys:
                continue
            try:
                platform.decide(p, command, random.Random(0))
            except IllegalMove as exc:
                r = client.post(f"{url}/commands", headers=headers[seat],
                                json={"command": command.to_json(), "expected_seq": seq,
                                      "command_id": f"unlisted-{step}"})
                assert r.status_code == 422, (command, r.json)
                assert r.json["error"]["code"] == exc.code, (command, r.json)
                assert client.get(url, headers=headers[seat]).json["seq"] == seq  # nothing appended
                refused += 1
                break
        moves = [c for c in legal if c.type not in ("Undo", "RequestUndo")]
        confirm = [c for c in moves if c.type == "ConfirmTurn"]
        command = confirm[0] if confirm and rng.random() < 0.4 else rng.choice(
            [c for c in moves if c.type != "ConfirmTurn"] or confirm)
        r = client.post(f"{url}/commands", headers=headers[seat],
                        json={"command": command.to_json(), "expected_seq": seq, "command_id": f"listed-{step}"})
        assert r.status_code == 201, (command, r.json)
    assert refused >= 3
