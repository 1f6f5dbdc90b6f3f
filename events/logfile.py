"""Exported logs (NDJSON, one envelope per line): reading and checking them.

``check_and_fold`` is what ``stellwerk replay`` runs: every line must be a valid
envelope (older schemas upcast), seqs run 1, 2, 3 … without gaps, the log starts
with ``GameCreated``, no event was redacted, every sub-move comes from a seat that
was allowed to move, and the game's ``evolve`` folds them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from marshmallow import ValidationError

from events import envelope as codec
from events.envelope import Envelope
from events.projection import GAME_CREATED, PLATFORM_ONLY_EVENTS, Projection
from games import registry
from games.contract import SYSTEM


class BadLog(ValueError):
    """The log cannot be replayed; the message names the line and the reason."""


def read_lines(lines: Iterable[str]) -> list[Envelope]:
    envelopes = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            envelopes.append(codec.loads(line))
        except (ValidationError, ValueError, TypeError) as exc:
            raise BadLog(f"line {number}: not a valid envelope ({exc})") from exc
    return envelopes


def read_file(path: Path) -> list[Envelope]:
    with path.open(encoding="utf-8") as handle:
        return read_lines(handle)


def _redacted(value: object) -> bool:
    if isinstance(value, dict):
        return value.get("hidden") is True or any(_redacted(v) for v in value.values())
    if isinstance(value, list):
        return any(_redacted(v) for v in value)
    return False


def check_and_fold(envelopes: list[Envelope]) -> Projection:
    if not envelopes or envelopes[0].type != GAME_CREATED:
        raise BadLog("the log must start with GameCreated")
    name = envelopes[0].payload.get("game")
    try:
        game = registry.get(str(name))
    except KeyError as exc:
        raise BadLog(f"unknown game {name!r}") from exc
    projection = Projection.empty(game)
    for index, env in enumerate(envelopes):
        if env.seq != index + 1:
            raise BadLog(f"seq {env.seq} where {index + 1} was expected (gap or duplicate)")
        if _redacted(env.payload):
            raise BadLog(f"seq {env.seq}: the event is redacted; export the log of a finished game "
                         "or as a reviewer")
        if env.actor != SYSTEM and env.type not in PLATFORM_ONLY_EVENTS and env.seq > 1:
            status = projection.status()
            if env.actor not in status.to_move and env.actor != projection.turn_seat:
                raise BadLog(f"seq {env.seq}: seat {env.actor} moved out of turn")
        try:
            projection = projection.apply(env, lambda seq: check_and_fold(envelopes[:seq]))
        except BadLog:
            raise
        except Exception as exc:
            raise BadLog(f"seq {env.seq}: {env.type} does not fold ({type(exc).__name__}: {exc})") from exc
    return projection
