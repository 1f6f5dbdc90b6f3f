"""Who is asking: ``Authorization: Bearer <seat token>`` names a seat of one game.

No header means a spectator; a header with an unknown token is refused (401)
rather than silently downgraded, so a client with a revoked or mistyped token
notices.
"""

from __future__ import annotations

from flask import request

from games.contract import SPECTATOR
from service.context import ctx
from service.errors import ApiError


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "unauthorized", "use 'Authorization: Bearer <seat token>'")
    return token.strip()


def viewer_for(game_id: str) -> str:
    """The caller's seat, or ``spectator`` without a token."""
    token = bearer_token()
    if token is None:
        return SPECTATOR
    seat = ctx().repository.authenticate(game_id, token)
    if seat is None:
        raise ApiError(401, "unauthorized", "this token holds no seat in this game")
    return seat


def seat_for(game_id: str) -> str:
    """The caller's seat; spectators may not act."""
    seat = viewer_for(game_id)
    if seat == SPECTATOR:
        raise ApiError(401, "unauthorized", "acting needs a seat token")
    return seat
