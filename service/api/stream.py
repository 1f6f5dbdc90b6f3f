"""Live updates as server-sent events.

One ``update`` event whenever the position the caller may see changes: a new
confirmed seq for everybody, each sub-move for the seat whose turn is open.  The
stream ends after the game is over.  Browsers' EventSource cannot send headers,
so the seat token may also come as ``?token=``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from flask import Blueprint, Response, request, stream_with_context

from events.projection import Projection
from events.redaction import effective_viewer
from games.contract import SPECTATOR
from service.auth import bearer_token, viewer_for
from service.context import ctx
from service.errors import ApiError
from service.presenter import visible_turn_seat

bp = Blueprint("stream", __name__, url_prefix="/api/games")


def _update(p: Projection, viewer: str) -> tuple[int, str]:
    if p.seq == 0:  # a table waiting for players: nothing dealt yet
        return 0, 'id: 0\nevent: update\ndata: {"seq": 0, "waiting": true, "to_move": [], "over": false}\n\n'
    who = effective_viewer(p, viewer)
    status = p.game.status(p.state_for(who))
    seq = p.visible_seq(who)
    data = {"seq": seq, "confirmed_seq": p.confirmed_seq, "to_move": list(status.to_move),
            "turn_seat": visible_turn_seat(p, viewer), "over": status.over}
    return seq, f"id: {seq}\nevent: update\ndata: {json.dumps(data)}\n\n"


#: How long a revoked seat token may keep its stream open at most (ms).
REVOKED_CHECK_MS = 3000


@bp.get("/<game_id>/stream")
def stream(game_id: str):  # type: ignore[no-untyped-def]
    """Live updates.
    ---
    get:
      summary: Server-sent events with the new confirmed seq and whose turn it is
      description: >-
        A stream opened with a seat token (?token= for browsers, or Authorization) ends with an
        event "revoked" once that token is revoked or rotated. Access logs never keep the token.
      parameters:
        - {in: path, name: game_id, required: true, schema: {type: string}}
        - {in: query, name: token, schema: {type: string}}
        - {in: header, name: Last-Event-ID, schema: {type: integer}}
      responses:
        200: {description: an event stream, content: {text/event-stream: {schema: {type: string}}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
    """
    context = ctx()
    repo = context.repository
    repo.record(game_id)
    token = request.args.get("token")
    if token:
        viewer = repo.authenticate(game_id, token)
        if viewer is None:
            raise ApiError(401, "unauthorized", "this token holds no seat in this game")
    else:
        token = bearer_token()
        viewer = viewer_for(game_id) or SPECTATOR
    try:
        last_sent = int(request.headers.get("Last-Event-ID", "-1"))
    except ValueError:
        raise ApiError(400, "bad_request", "Last-Event-ID must be a seq", field="Last-Event-ID") from None
    # A rotated token appends nothing to the game, so nothing wakes the stream: a stream
    # opened with a token wakes at least every REVOKED_CHECK_MS to see whether it still holds.
    block_ms = context.settings.stream_block_ms
    if token:
        block_ms = min(block_ms, REVOKED_CHECK_MS)

    def events() -> Iterator[str]:
        nonlocal last_sent
        p = repo.projection(game_id)
        while True:
            seq, message = _update(p, viewer)
            if seq != last_sent:
                last_sent = seq
                yield message
            if p.status().over:
                return
            if not repo.store.wait(game_id, after=p.seq, block_ms=block_ms):
                yield ": keep-alive\n\n"
            if token and repo.authenticate(game_id, token) != viewer:
                # The token was revoked (rotated): what it opened ends with it.
                yield "event: revoked\ndata: {}\n\n"
                return
            p = repo.projection(game_id)

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return Response(stream_with_context(events()), mimetype="text/event-stream", headers=headers)
