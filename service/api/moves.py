"""Commands: what the caller may send, and sending one."""

from __future__ import annotations

import time

from flask import Blueprint, jsonify

from events import commands as platform
from events import forks
from events.bot_levels import bot_levels
from events.projection import Projection
from events.repository import GameRecord
from events.store import Conflict
from games.contract import SPECTATOR, Command, IllegalMove
from service.api.games import json_body
from service.auth import seat_for, viewer_for
from service.context import ctx, takeover_after
from service.errors import ApiError
from service.metrics import metrics
from service.presenter import command_json, game_json, refusal_text
from service.schemas import CommandRequestSchema
from service.seat_names import all_names

bp = Blueprint("moves", __name__, url_prefix="/api/games")


def guard_seat_control(record: GameRecord, p: Projection, command: Command) -> None:
    """A seat handed to a bot moves only through the bot until its owner takes it
    back; handing a seat over needs a known level and a seat that kept the game
    waiting long enough (the table's ``takeover_after``, else the setting)."""
    if command.seat in p.handed_over and command.type != "TakeBack":
        raise IllegalMove("platform.seat_is_bot", "your seat is played by a bot: take it back first (TakeBack)")
    if command.type != "HandToBot":
        return
    if command.args.get("level") not in bot_levels():
        raise ApiError(400, "bad_request", "unknown bot level", field="command.args.level", known=bot_levels())
    if forks.restriction_active(ctx().repository, record):
        raise IllegalMove("fork.restricted", "a fork of a game still running without hints has no bots until "
                                             "that game has ended")
    wait = takeover_after(record)
    idle = time.time() - p.public_ts / 1000  # a draft nobody else can see is no sign of life
    if idle < wait:
        raise IllegalMove("platform.takeover_too_early",
                          f"the game has waited {idle:.0f} s; a seat may be handed to a bot after {wait} s")


@bp.get("/<game_id>/commands")
def legal_commands(game_id: str):  # type: ignore[no-untyped-def]
    """The caller's legal commands.
    ---
    get:
      summary: Every command the caller's seat may send now (none for spectators)
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      security: [{}, {seatToken: []}]
      responses:
        200:
          description: commands and the seq they are valid at
          content:
            application/json:
              schema: {type: object, properties: {seq: {type: integer}, commands: {type: array, items: {type: object}}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
    """
    repo = ctx().repository
    record = repo.record(game_id)
    viewer = viewer_for(game_id)
    p = repo.projection(game_id)
    names = all_names(record.seats)
    commands = [] if viewer == SPECTATOR else \
        [command_json(p.game, c, names) for c in platform.legal_commands(p, viewer)]
    seat = None if viewer == SPECTATOR else viewer
    return jsonify({"seq": p.visible_seq(viewer), "seat": seat, "commands": commands})


@bp.post("/<game_id>/commands")
def submit(game_id: str):  # type: ignore[no-untyped-def]
    """Send a command.
    ---
    post:
      summary: Send a command for the caller's seat (sub-moves, ConfirmTurn, Undo, RequestUndo, ...)
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      security: [{seatToken: []}]
      requestBody: {content: {application/json: {schema: CommandRequestSchema}}}
      responses:
        201: {description: appended, content: {application/json: {schema: CommandResultSchema}}}
        200: {description: "a repeated command_id; the first result, nothing appended"}
        400: {description: invalid body, content: {application/json: {schema: ErrorSchema}}}
        401: {description: no or unknown seat token, content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
        409: {description: stale expected_seq, content: {application/json: {schema: ErrorSchema}}}
        422: {description: illegal (with the rule's code), content: {application/json: {schema: ErrorSchema}}}
        429: {description: "too many commands from this seat (STELLWERK_RATE_COMMANDS; a new token does not reset it)",
              content: {application/json: {schema: ErrorSchema}}}
        503:
          description: >-
            the event store is unreachable (or its shard fails over) and the command may or may not be
            appended: send it again with the same command_id (a repeat answers 200 with the first result)
          content: {application/json: {schema: ErrorSchema}}
    """
    repo = ctx().repository
    record = repo.record(game_id)
    body = CommandRequestSchema().load(json_body())
    seat = seat_for(game_id)
    command = Command(body["command"]["type"], seat, body["command"]["args"])
    guard_seat_control(record, repo.projection(game_id), command)
    try:
        result = repo.execute(game_id, command, body["expected_seq"], f"{seat}:{body['command_id']}")
    except Conflict:
        metrics().conflicts.inc()
        raise
    except IllegalMove as exc:
        metrics().refused.labels(exc.code).inc()
        if isinstance(exc, platform.OpenActionsRefusal):
            # The actions in the page's words and with the players' names (the message is English).
            text = refusal_text(repo.projection(game_id).game, exc, all_names(record.seats))
            raise ApiError(422, exc.code, exc.message, text=text) from None
        raise
    if not result.duplicate:
        metrics().appends.labels(record.game).inc()
    p = result.projection
    answer = {"first_seq": result.first_seq, "last_seq": result.last_seq, "seq": p.visible_seq(seat),
              "duplicate": result.duplicate,
              "game": game_json(record, p, seat, set(repo.store.token_hashes(game_id)), takeover_after(record))}
    return jsonify(answer), 200 if result.duplicate else 201
