"""Game creation as a command: ``GameCreated`` plus the game's setup events.

The platform stamps ``GameCreated`` with the game's name, rules version, seats,
normalised options and the secret seed (under ``_secret._nobody``, so no viewer
sees it while the game runs: the seed decides every future draw).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from events.projection import GAME_CREATED
from games.contract import NOBODY, SECRET, Event, Game, IllegalMove
from games.kit import hooks
from games.rng import rng_for


def seat_ids(count: int) -> list[str]:
    return [f"p{i}" for i in range(1, count + 1)]


def new_seed() -> str:
    return secrets.token_hex(16)


def creation_events(game: Game, options: Mapping[str, Any], seats: Sequence[str], seed: str,
                    bots: Mapping[str, str] | None = None) -> list[Event]:
    if not game.min_players <= len(seats) <= game.max_players:
        raise IllegalMove("platform.player_count",
                          f"{game.title} takes {game.min_players} to {game.max_players} players")
    normalised = game.validate_options(dict(options), len(seats))
    events = list(game.setup(normalised, list(seats), rng_for(seed, 0)))
    if not events or events[0].type != GAME_CREATED:
        raise TypeError(f"{game.name}.setup must begin with {GAME_CREATED}")
    payload = dict(events[0].payload)
    # ``rules_version`` (the key logs have always had) records the game's state version at creation.
    payload.update(game=game.name, rules_version=hooks.state_version(game), seats=list(seats), options=normalised,
                   bots=dict(bots or {}))
    secret = dict(payload.get(SECRET, {}))
    secret[NOBODY] = {**secret.get(NOBODY, {}), "seed": seed}
    payload[SECRET] = secret
    return [Event(GAME_CREATED, payload, events[0].barrier)] + events[1:]
