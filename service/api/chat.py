"""The table chat: read by everybody who may watch, written by seats and by
logged-in spectators; live over its own server-sent event stream."""

from __future__ import annotations

import json
from collections.abc import Iterator

from flask import Blueprint, Response, jsonify, request, stream_with_context
from flask_wtf.csrf import validate_csrf
from wtforms import ValidationError

from events.chat import ChatLog, as_json
from service.accounts.session import current_user
from service.api.games import json_body
from service.auth import bearer_token, seat_for
from service.context import ctx
from service.errors import ApiError

bp = Blueprint("chat", __name__, url_prefix="/api/games")

#: Messages one author may write per game and minute.
PER_MINUTE = 20


def chat_log() -> ChatLog:
    store = ctx().repository.store
    return ChatLog(store.redis, store.blocking, store.keys.prefix)


def _author(game_id: str) -> tuple[str, str | None]:
    """(name, seat) of the writer: a seat token, else a logged-in person whose page
    sent its CSRF token (so another site cannot post in their name)."""
    repo = ctx().repository
    if bearer_token() is not None:
        seat = seat_for(game_id)
        info = next((s for s in repo.record(game_id).seats if s.seat == seat), None)
        return (info.name if info and info.name else seat), seat
    user = current_user()
    if user is None:
        raise ApiError(401, "unauthorized", "writing in the chat needs a seat token or a login")
    try:
        validate_csrf(request.headers.get("X-CSRFToken", ""))
    except ValidationError:
        raise ApiError(403, "csrf", "missing or invalid CSRF token") from None
    hold = next((s.seat for s in repo.record(game_id).seats if s.name == user.name), None)
    return user.name, hold


@bp.get("/<game_id>/chat")
def read(game_id: str):  # type: ignore[no-untyped-def]
    """The chat.
    ---
    get:
      summary: The table's chat messages, each with the seq it was written at (optionally up to a seq)
      parameters:
        - {in: path, name: game_id, required: true, schema: {type: string}}
        - {in: query, name: upto_seq, schema: {type: integer}}
      responses:
        200: {description: messages}
        400: {description: bad upto_seq, content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
    """
    ctx().repository.record(game_id)
    raw = request.args.get("upto_seq")
    try:
        upto = None if raw is None else int(raw)
    except ValueError:
        raise ApiError(400, "bad_request", "upto_seq must be an integer", field="upto_seq") from None
    return jsonify({"messages": as_json(chat_log().messages(game_id, upto))})


@bp.post("/<game_id>/chat")
def write(game_id: str):  # type: ignore[no-untyped-def]
    """Write in the chat.
    ---
    post:
      summary: Post a plain-text message (at most 500 characters) as a seat or a logged-in spectator
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      security: [{seatToken: []}, {}]
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {text: {type: string, maxLength: 500}}, required: [text]}
      responses:
        201: {description: the message as stored}
        400: {description: no text, content: {application/json: {schema: ErrorSchema}}}
        401: {description: neither a seat token nor a login, content: {application/json: {schema: ErrorSchema}}}
        422: {description: "empty, too long or control characters", content: {application/json: {schema: ErrorSchema}}}
        429: {description: too many messages, content: {application/json: {schema: ErrorSchema}}}
    """
    repo = ctx().repository
    repo.record(game_id)
    author, seat = _author(game_id)  # who asks comes first: a stranger learns nothing from 400s
    body = json_body()
    if "text" not in body:
        raise ApiError(400, "bad_request", "text is required", field="text")
    if not _within_rate(game_id, author):
        raise ApiError(429, "too_many_requests", f"at most {PER_MINUTE} messages a minute")
    seq = repo.projection(game_id).public_seq  # the position everybody sees, never a draft's length
    message = chat_log().post(game_id, author, seat, body["text"], seq)  # IllegalMove -> 422
    return jsonify(message.to_json()), 201


def _within_rate(game_id: str, author: str) -> bool:
    store = ctx().repository.store
    key = f"{store.keys.prefix}:game:{{{game_id}}}:chatrate:{author}"
    count = int(store.redis.incr(key))
    if count == 1:  # the window opens with the first message (EXPIRE NX needs Redis 7)
        store.redis.expire(key, 60)
    return count <= PER_MINUTE


@bp.get("/<game_id>/chat/stream")
def stream(game_id: str):  # type: ignore[no-untyped-def]
    """Live chat.
    ---
    get:
      summary: Server-sent events, one ``chat`` event per new message (resume with Last-Event-ID)
      parameters:
        - {in: path, name: game_id, required: true, schema: {type: string}}
        - {in: header, name: Last-Event-ID, schema: {type: string}}
      responses:
        200: {description: an event stream, content: {text/event-stream: {schema: {type: string}}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
    """
    context = ctx()
    context.repository.record(game_id)
    log = chat_log()
    last = request.headers.get("Last-Event-ID") or log.last_id(game_id)
    if not _is_stream_id(last):
        raise ApiError(400, "bad_request", "Last-Event-ID must be a message id", field="Last-Event-ID")
    block_ms = context.settings.stream_block_ms

    def events() -> Iterator[str]:
        nonlocal last
        yield ": chat\n\n"
        while True:
            messages = log.wait(game_id, last, block_ms)
            if not messages:
                yield ": keep-alive\n\n"
            for m in messages:
                last = m.id
                yield f"id: {m.id}\nevent: chat\ndata: {json.dumps(m.to_json())}\n\n"

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return Response(stream_with_context(events()), mimetype="text/event-stream", headers=headers)


def _is_stream_id(value: str) -> bool:
    first, _, second = value.partition("-")
    return first.isdigit() and second.isdigit()
