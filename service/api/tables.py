"""Tables waiting for players: starting one with bots in the empty seats."""

from __future__ import annotations

from flask import Blueprint, jsonify

from events import seating
from events.bot_levels import bot_levels
from games.contract import IllegalMove
from service.api.games import json_body
from service.auth import seat_for
from service.context import ctx
from service.errors import ApiError

bp = Blueprint("tables", __name__, url_prefix="/api/games")


@bp.post("/<game_id>/start")
def start(game_id: str):  # type: ignore[no-untyped-def]
    """Start a waiting table with bots.
    ---
    post:
      summary: The table's creator fills every empty seat with a bot and the game is dealt
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      security: [{seatToken: []}]
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {bot: {type: string}}, required: [bot]}
      responses:
        200: {description: the seats given to bots}
        400: {description: unknown bot level, content: {application/json: {schema: ErrorSchema}}}
        401: {description: no or unknown seat token, content: {application/json: {schema: ErrorSchema}}}
        403: {description: only the table's creator may start it, content: {application/json: {schema: ErrorSchema}}}
        422: {description: the game has started already, content: {application/json: {schema: ErrorSchema}}}
    """
    repo = ctx().repository
    record = repo.record(game_id)
    seat = seat_for(game_id)
    body = json_body()
    level = body.get("bot")
    if not isinstance(level, str) or level not in bot_levels():
        raise ApiError(400, "bad_request", "bot must name a bot level", field="bot", known=bot_levels())
    if record.creator is None or seat != record.creator:
        raise ApiError(403, "forbidden", "only the player who set the table may start it with bots")
    if not record.waiting:
        raise IllegalMove("platform.not_waiting", "the game has started")
    filled = seating.start_with_bots(repo, game_id, level)
    return jsonify({"bots": filled, "seq": repo.projection(game_id).seq})
