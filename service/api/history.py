"""The log and the replay: a game's history as the caller may see it."""

from __future__ import annotations

import json

from flask import Blueprint, Response, jsonify, request

from events import forks
from events.envelope import ENVELOPE_SCHEMA, Envelope
from events.projection import REVERTED, fold_iter
from events.redaction import effective_viewer, redact_log, view
from events.undo_log import undo_answers
from games.contract import REVIEWER
from service.auth import viewer_for
from service.context import ctx
from service.errors import ApiError
from service.presenter import status_json, texts
from service.schemas import LangQuerySchema, ReplayQuerySchema
from service.seat_names import all_names

bp = Blueprint("history", __name__, url_prefix="/api/games")


def ndjson(envelopes: list[Envelope]) -> str:
    return "".join(json.dumps(ENVELOPE_SCHEMA.dump(e), separators=(",", ":"), sort_keys=True) + "\n"
                   for e in envelopes)


@bp.get("/<game_id>/log")
def game_log(game_id: str):  # type: ignore[no-untyped-def]
    """The log.
    ---
    get:
      summary: The game's events as NDJSON, redacted for the caller (a finished game in full)
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      security: [{}, {seatToken: []}]
      responses:
        200: {description: one envelope per line, content: {application/x-ndjson: {schema: {type: string}}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
    """
    repo = ctx().repository
    repo.record(game_id)
    viewer = viewer_for(game_id)
    p = repo.projection(game_id)
    envelopes = redact_log(p, repo.store.read(game_id, upto=p.seq), viewer)
    return Response(ndjson(envelopes), mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{game_id}.ndjson"'})


def taken_back(envelopes: list[Envelope]) -> list[tuple[int, int]]:
    """``(to_seq, seq)`` of every ``Reverted``: the events between were taken back."""
    return [(int(e.payload["to_seq"]), e.seq) for e in envelopes if e.type == REVERTED]


def is_taken_back(seq: int, ranges: list[tuple[int, int]]) -> bool:
    """Whether ``seq`` lies in a taken-back stretch (the ``Reverted`` itself too:
    it shows the position it returned to, which is a step already)."""
    return any(start < seq <= end for start, end in ranges)


def replay_steps(game, envelopes: list[Envelope]) -> list[int]:  # type: ignore[no-untyped-def]
    """The confirmed positions of a log: after each system command and each confirmed
    turn, except the turns taken back later (the replay shows the game as it was
    played after a take-back)."""
    steps = []
    ranges = taken_back(envelopes)
    for i, p in enumerate(fold_iter(game, envelopes)):
        last_of_command = i + 1 == len(envelopes) or envelopes[i + 1].command_id != envelopes[i].command_id
        if last_of_command and p.confirmed_seq == p.seq and not p.tail and not is_taken_back(p.seq, ranges):
            steps.append(p.seq)
    return steps


@bp.get("/<game_id>/replay")
def replay(game_id: str):  # type: ignore[no-untyped-def]
    """The replay.
    ---
    get:
      summary: The confirmed positions and the view after one of them (default the last)
      parameters:
        - {in: path, name: game_id, required: true, schema: {type: string}}
        - {in: query, name: seq, schema: {type: integer}}
        - {in: query, name: lang, schema: {type: string, enum: [de, en]}}
      security: [{}, {seatToken: []}]
      responses:
        200: {description: "steps, the view at seq and the log up to it"}
        400: {description: seq out of range, content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
    """
    query = ReplayQuerySchema().load(request.args.to_dict())
    repo = ctx().repository
    record = repo.record(game_id)
    viewer = viewer_for(game_id)
    latest = repo.projection(game_id)
    who = effective_viewer(latest, viewer)
    visible = latest.visible_seq(who) if who != REVIEWER else latest.seq
    envelopes = repo.store.read(game_id, upto=latest.confirmed_seq if who != REVIEWER else latest.seq)
    # A what-if fork is replayed from its fork point: its copied log may be redacted (events.forks).
    steps = forks.replay_steps(repo, record, envelopes) if forks.fork_point(record) else \
        replay_steps(latest.game, envelopes)
    seq = query["seq"] if query["seq"] is not None else (steps[-1] if steps else 0)
    if seq not in steps or seq > visible:
        raise ApiError(400, "bad_request", "seq must be one of the confirmed positions", field="seq")
    at = repo.projection(game_id, upto=seq)
    ranges = taken_back(envelopes)
    # Moves taken back are not part of the game as played; the Reverted line says what happened.
    shown = [e for e in redact_log(latest, envelopes[:seq], who)
             if not is_taken_back(e.seq, ranges) or e.type == REVERTED]
    names = all_names(record.seats)
    answers = undo_answers(envelopes[:seq])
    log = [{"seq": e.seq, "actor": e.actor, "type": e.type, "text": texts(latest.game, e, who, names, answers)}
           for e in shown]
    return jsonify({"seq": seq, "steps": steps, "status": status_json(at, who), "view": view(at, who),
                    "log": log})


@bp.get("/<game_id>/texts")
def log_texts(game_id: str):  # type: ignore[no-untyped-def]
    """The log as text.
    ---
    get:
      summary: The visible log as lines of text in German or English
      parameters:
        - {in: path, name: game_id, required: true, schema: {type: string}}
        - {in: query, name: lang, schema: {type: string, enum: [de, en]}}
      responses:
        200: {description: lines}
    """
    query = LangQuerySchema().load(request.args.to_dict())
    repo = ctx().repository
    record = repo.record(game_id)
    viewer = viewer_for(game_id)
    p = repo.projection(game_id)
    envelopes = repo.store.read(game_id, upto=p.seq)
    shown = redact_log(p, envelopes, viewer)
    who = effective_viewer(p, viewer)
    names = all_names(record.seats)
    answers = undo_answers(envelopes)
    return jsonify({"lines": [{"seq": e.seq, "actor": e.actor,
                               "text": texts(p.game, e, who, names, answers)[query["lang"]]} for e in shown]})
