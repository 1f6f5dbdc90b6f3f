"""Tables waiting for players: starting one with bots in the empty seats, and the
creator's choice for a seat whose invitation was declined."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from events import seating
from events.bot_levels import bot_levels
from events.repository import GameRecord
from games.contract import IllegalMove
from service.api.games import json_body
from service.auth import bearer_token, seat_for
from service.context import ctx, notify_invited
from service.errors import ApiError
from service.presenter import seats_json
from service.schemas import DeclinedSeatSchema

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


@bp.post("/<game_id>/seats/<seat>/declined")
def settle_declined(game_id: str, seat: str):  # type: ignore[no-untyped-def]
    """Settle a declined seat.
    ---
    post:
      summary: >-
        The table's creator chooses what becomes of a seat whose invitation was declined: invite another
        account, open it to anybody, or give it to a bot (which deals the game when it was the last seat)
      description: >-
        Only the table's creator may do this, with the seat token of the creator's seat or the personal
        API token of the account that set the table. Until then the seat stays closed.
      parameters:
        - {in: path, name: game_id, required: true, schema: {type: string}}
        - {in: path, name: seat, required: true, schema: {type: string}}
      security: [{seatToken: []}]
      requestBody: {content: {application/json: {schema: DeclinedSeatSchema}}}
      responses:
        201: {description: the seat is settled, content: {application/json: {schema: SettledSeatSchema}}}
        200: {description: "a repeated command_id with the same choice: the first result, nothing changed",
              content: {application/json: {schema: SettledSeatSchema}}}
        400:
          description: >-
            invalid body (the field is named): an unknown choice, invite without the name of a
            registered account or naming somebody already at the table, bot without a known level
          content: {application/json: {schema: ErrorSchema}}
        401: {description: no or unknown token, content: {application/json: {schema: ErrorSchema}}}
        403: {description: only the table's creator may settle a declined seat,
              content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such game or seat, content: {application/json: {schema: ErrorSchema}}}
        409:
          description: >-
            platform.not_declined or platform.seat_taken: the seat has no declined invitation (any more);
            somebody settled it first (the current seats are in the error)
          content: {application/json: {schema: ErrorSchema}}
        422:
          description: >-
            platform.not_waiting (the game has started); platform.command_id_reused (the command_id was
            used for another choice)
          content: {application/json: {schema: ErrorSchema}}
    """
    repo = ctx().repository
    record = repo.record(game_id)
    _creator_only(record)
    body = DeclinedSeatSchema().load(json_body())
    if not any(s.seat == seat for s in record.seats):
        raise ApiError(404, "not_found", f"the table has no seat {seat!r}", known=[s.seat for s in record.seats])
    choice, value = body["choice"], None
    if choice == seating.INVITE:
        value = _invitee(body["name"])
    elif choice == seating.BOT:
        value = body["bot"]
        if value not in bot_levels():
            raise ApiError(400, "bad_request", "bot must name a bot level", field="bot", known=bot_levels())
    try:
        duplicate = seating.settle_declined(repo, game_id, seat, choice, value, body["command_id"])
    except seating.SeatChanged as exc:
        raise ApiError(409, exc.code, exc.message,
                       seats=seats_json(repo.record(game_id), set(repo.store.token_hashes(game_id)))) from None
    except IllegalMove as exc:
        if exc.code == seating.ALREADY_AT_TABLE:
            raise ApiError(400, "bad_request", exc.message, field="name") from None
        raise
    after = repo.record(game_id)
    if choice == seating.INVITE and not duplicate:
        notify_invited(after, only=seat)
    answer = {"seat": seat, "choice": choice, "duplicate": duplicate, "waiting": after.waiting,
              "seats": seats_json(after, set(repo.store.token_hashes(game_id)))}
    return jsonify(answer), 200 if duplicate else 201


def _creator_only(record: GameRecord) -> None:
    """The caller is the table's creator: the creator seat's token, or the personal
    API token of the account that set the table (or holds the creator's seat).
    401 without a token or with an unknown one; 403 for anybody else."""
    token = bearer_token()
    if token is None:
        raise ApiError(401, "unauthorized", "settling a declined seat needs the creator's seat or API token")
    seat = ctx().repository.authenticate(record.id, token)
    if seat is not None:
        if record.creator is None or seat != record.creator:
            raise ApiError(403, "forbidden", "only the player who set the table may settle a declined seat")
        return
    users = current_app.extensions.get("stellwerk_users")
    account = users.account_for_api_token(token) if users is not None else None
    if users is None or account is None:
        raise ApiError(401, "unauthorized", "this token holds no seat in this game and is no API token")
    hold = users.seat(account.name, record.id)
    if record.table.get("creator_account") != account.name and (
            hold is None or record.creator is None or hold.seat != record.creator):
        raise ApiError(403, "forbidden", "only the account that set the table may settle a declined seat")


def _invitee(name: str | None) -> str:
    """The registered account ``name``, written its own way (whether it is at the
    table already is :func:`events.seating.settle_declined`'s to say)."""
    users = current_app.extensions.get("stellwerk_users")
    account = users.get(name) if users is not None and name else None
    if account is None:
        raise ApiError(400, "bad_request", "invite needs the name of a registered account", field="name")
    return str(account.name)
