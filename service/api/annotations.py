"""Annotations on a game's positions: read by everybody who may see the position,
written by seat holders and logged-in reviewers, changed only by their author."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, jsonify, request
from flask_wtf.csrf import validate_csrf
from wtforms import ValidationError

from events import forks
from events.annotations import Annotations, NoSuchNote, NotYours
from events.redaction import effective_viewer
from games.contract import REVIEWER, SPECTATOR
from service.accounts.session import current_user, users
from service.api.games import json_body
from service.auth import bearer_token
from service.context import ctx
from service.errors import ApiError

bp = Blueprint("annotations", __name__, url_prefix="/api/games")


@dataclass(frozen=True)
class Writer:
    name: str
    #: Who may change the note later: ``user:<lower name>`` or ``seat:<seat>``.
    owner: str
    viewer: str


def notes_store() -> Annotations:
    store = ctx().repository.store
    return Annotations(store.redis, store.keys.prefix)


def writer(game_id: str) -> Writer:
    """A seat token of this game, a personal API token, or a logged-in session
    whose page sent its CSRF token (so another site cannot write in its name)."""
    repo = ctx().repository
    record = repo.record(game_id)
    token = bearer_token()
    if token is not None:
        seat = repo.authenticate(game_id, token)
        if seat is not None:
            info = next(s for s in record.seats if s.seat == seat)
            if info.name and users().get(info.name) is not None:
                return Writer(info.name, f"user:{info.name.lower()}", seat)
            return Writer(info.name or seat, f"seat:{seat}", seat)
        account = users().account_for_api_token(token)
        if account is None:
            raise ApiError(401, "unauthorized", "neither a seat token of this game nor an API token")
        return Writer(account.name, f"user:{account.name.lower()}", _held_seat(game_id, account.name))
    user = current_user()
    if user is None:
        raise ApiError(401, "unauthorized", "annotating needs a seat token, an API token or a login")
    try:
        validate_csrf(request.headers.get("X-CSRFToken", ""))
    except ValidationError:
        raise ApiError(403, "csrf", "missing or invalid CSRF token") from None
    return Writer(user.name, f"user:{user.name.lower()}", _held_seat(game_id, user.name))


def _held_seat(game_id: str, name: str) -> str:
    hold = users().seat(name, game_id)
    return hold.seat if hold else SPECTATOR


def reader_upto(game_id: str, viewer: str) -> int:
    """The last position ``viewer`` may see: notes beyond it are not shown."""
    p = ctx().repository.projection(game_id)
    who = effective_viewer(p, viewer)
    return p.seq if who == REVIEWER else min(p.visible_seq(who), p.public_seq)


def checked_seq(game_id: str, raw: object, viewer: str) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise ApiError(400, "bad_request", "seq must be an integer", field="seq")
    repo = ctx().repository
    start = forks.fork_point(repo.record(game_id)) or 0
    if raw < start or raw > reader_upto(game_id, viewer):
        raise ApiError(400, "bad_request", "seq must be a position you can see", field="seq")
    at = repo.projection(game_id, upto=raw)
    if raw and (at.seq != raw or at.confirmed_seq != raw or at.tail):
        raise ApiError(400, "bad_request", "seq must be a confirmed position", field="seq")
    return raw


def _viewer_of_reader(game_id: str) -> str:
    """Readers: a seat token sees what its seat sees; anybody else the public game."""
    token = bearer_token()
    if token is None:
        return SPECTATOR
    seat = ctx().repository.authenticate(game_id, token)
    return seat or SPECTATOR


@bp.get("/<game_id>/notes")
def read(game_id: str):  # type: ignore[no-untyped-def]
    """Annotations.
    ---
    get:
      summary: The annotations of the positions the caller may see (optionally of one position)
      parameters:
        - {in: path, name: game_id, required: true, schema: {type: string}}
        - {in: query, name: seq, schema: {type: integer}}
      responses:
        200: {description: '{notes: [{id, seq, author, text, ts, edited, mine}]}'}
        400: {description: bad seq, content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
    """
    ctx().repository.record(game_id)
    raw = request.args.get("seq")
    try:
        at = None if raw is None else int(raw)
    except ValueError:
        raise ApiError(400, "bad_request", "seq must be an integer", field="seq") from None
    viewer = _viewer_of_reader(game_id)
    user = current_user()
    owner = f"user:{user.name.lower()}" if user else (f"seat:{viewer}" if viewer != SPECTATOR else None)
    notes = notes_store().notes(game_id, upto_seq=reader_upto(game_id, viewer), at_seq=at)
    return jsonify({"notes": [n.to_json(owner) for n in notes]})


@bp.post("/<game_id>/notes")
def write(game_id: str):  # type: ignore[no-untyped-def]
    """Annotate a position.
    ---
    post:
      summary: Attach a plain-text note (at most 2000 characters) to a confirmed position
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      security: [{seatToken: []}, {}]
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {seq: {type: integer}, text: {type: string, maxLength: 2000}},
                     required: [seq, text]}
      responses:
        201: {description: the note}
        400: {description: missing field or a position not visible, content: {application/json: {schema: ErrorSchema}}}
        401: {description: nobody to write it, content: {application/json: {schema: ErrorSchema}}}
        422: {description: "empty, too long or control characters", content: {application/json: {schema: ErrorSchema}}}
    """
    ctx().repository.record(game_id)
    who = writer(game_id)
    body = json_body()
    if "text" not in body:
        raise ApiError(400, "bad_request", "text is required", field="text")
    seq = checked_seq(game_id, body.get("seq"), who.viewer)
    note = notes_store().add(game_id, seq, who.name, who.owner, body["text"])
    return jsonify(note.to_json(who.owner)), 201


@bp.route("/<game_id>/notes/<note_id>", methods=["PATCH", "DELETE"])
def change(game_id: str, note_id: str):  # type: ignore[no-untyped-def]
    """Edit or delete a note.
    ---
    patch:
      summary: Replace the text of one's own note
      parameters:
        - {in: path, name: game_id, required: true, schema: {type: string}}
        - {in: path, name: note_id, required: true, schema: {type: string}}
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {text: {type: string, maxLength: 2000}}, required: [text]}
      responses:
        200: {description: the note}
        403: {description: another's note, content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such note, content: {application/json: {schema: ErrorSchema}}}
    delete:
      summary: Delete one's own note
      parameters:
        - {in: path, name: game_id, required: true, schema: {type: string}}
        - {in: path, name: note_id, required: true, schema: {type: string}}
      responses:
        204: {description: deleted}
        403: {description: another's note, content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such note, content: {application/json: {schema: ErrorSchema}}}
    """
    ctx().repository.record(game_id)
    who = writer(game_id)
    store = notes_store()
    try:
        if request.method == "DELETE":
            store.delete(game_id, note_id, who.owner)
            return "", 204
        body = json_body()
        if "text" not in body:
            raise ApiError(400, "bad_request", "text is required", field="text")
        return jsonify(store.edit(game_id, note_id, who.owner, body["text"]).to_json(who.owner))
    except NotYours:
        raise ApiError(403, "forbidden", "only its author changes a note") from None
    except NoSuchNote:
        raise ApiError(404, "not_found", "no such note") from None
