"""Every log line and every command of a random game reads as a sentence in German and English,
and no line shows a screen or passenger total (the texts never read ``SECRET``)."""

from __future__ import annotations

import random

from games.contract import SECRET, render

from .helpers import GAME, step, table


def test_every_event_and_command_has_a_sentence_in_both_languages():
    t = table(3, "texts")
    rng = random.Random(7)
    commands = set()
    while not t.status().over:
        seat = t.projection.turn_seat or (t.status().to_move or ("system",))[0]
        for command in GAME.legal_commands(t.state, seat)[:40]:
            description = GAME.describe_command(command)
            commands.add(command.type)
            for lang in ("de", "en"):
                assert render(GAME, description, lang) != description.key, (lang, command.type)
        step(t, rng)
    for env in t.log:
        description = GAME.describe(env.event)
        for lang in ("de", "en"):
            line = render(GAME, description, lang)
            assert line != description.key and "{" not in line, (lang, env.event.type)
        for data in env.event.payload.get(SECRET, {}).values():
            assert not set(data) & set(description.params), env.event.type
    assert {"Roll", "PlaceTrack", "BuyShare"} <= commands
