"""The hint: what the greedy bot would do in the caller's place.

Off unless the table allows it (a tournament concern).  Bots never run in the web
process: the request enqueues a task and blocks on a reply list in Redis (BLPOP)
until the worker answers or the configured timeout passes.
"""

from __future__ import annotations

import json
import uuid

from flask import Blueprint, jsonify

from games.contract import IllegalMove
from service.auth import seat_for
from service.context import ctx
from service.errors import ApiError

bp = Blueprint("hints", __name__, url_prefix="/api/games")

HINT_TASK = "stellwerk.hint"


@bp.get("/<game_id>/hint")
def hint(game_id: str):  # type: ignore[no-untyped-def]
    """A hint for the moving player.
    ---
    get:
      summary: The turn the greedy bot would play from the caller's position (if the table allows hints)
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      security: [{seatToken: []}]
      responses:
        200: {description: the suggested commands of the turn}
        401: {description: no or unknown seat token, content: {application/json: {schema: ErrorSchema}}}
        422: {description: "hints are off at this table, or it is not your turn",
              content: {application/json: {schema: ErrorSchema}}}
        429: {description: "too many hints for this seat (STELLWERK_RATE_COMMANDS; a new token does not reset it)"}
        503: {description: no worker to ask}
        504: {description: no worker answered in time}
    """
    context = ctx()
    repo = context.repository
    record = repo.record(game_id)
    seat = seat_for(game_id)
    if not record.hints:
        raise IllegalMove("platform.hints_off", "this table does not allow hints")
    p = repo.projection(game_id)
    if not (p.turn_seat == seat or (p.turn_seat is None and seat in p.status().to_move)):
        raise IllegalMove("platform.not_your_turn", "hints are for the player to move")
    if context.send_task is None:
        raise ApiError(503, "no_worker", "no worker is configured to compute hints")
    reply = f"{context.settings.key_prefix}:reply:{uuid.uuid4().hex}"
    context.send_task(HINT_TASK, [game_id, p.seq, seat, reply])
    answer = repo.store.blocking.blpop([reply], timeout=context.settings.hint_timeout_s)
    if answer is None:
        raise ApiError(504, "timeout", "no worker answered in time; try again")
    body = json.loads(answer[1])
    return jsonify({"seq": p.seq, **body})
