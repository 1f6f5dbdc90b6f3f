"""Games as a resource: create, lobby, join, the caller's view."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from events.bot_levels import bot_levels
from games import registry
from games.contract import IllegalMove
from service.accounts.acting import claim_names
from service.auth import seat_for, viewer_for
from service.context import ctx, takeover_after
from service.errors import ApiError
from service.json_limits import MAX_DEPTH, TooDeep
from service.presenter import game_json, seats_json
from service.schemas import CreateGameSchema, JoinSchema, LobbyQuerySchema, require_json_object

bp = Blueprint("games", __name__, url_prefix="/api/games")


def json_body() -> dict:
    try:
        data = request.get_json(silent=True)
    except TooDeep as exc:  # pragma: no cover - get_json(silent=True) swallows ValueErrors
        raise ApiError(400, "bad_request", str(exc), field="body") from None
    if data is None:
        raise ApiError(400, "bad_request", "the body must be JSON (Content-Type: application/json), "
                       f"nested at most {MAX_DEPTH} levels", field="body")
    return require_json_object(data)


@bp.post("")
def create_game():  # type: ignore[no-untyped-def]
    """Create a game.
    ---
    post:
      summary: Create a game with seats for people (by name), open seats and bots
      requestBody:
        content:
          application/json:
            schema: CreateGameSchema
      responses:
        201:
          description: the game's id and a token per occupied seat (shown only now)
          content:
            application/json:
              schema: CreatedGameSchema
        400: {description: "invalid body (the field is named; also JSON nested deeper than 32 levels)",
              content: {application/json: {schema: ErrorSchema}}}
        401: {description: "an Authorization: Bearer personal API token that is unknown or revoked",
              content: {application/json: {schema: ErrorSchema}}}
        422:
          description: >-
            the game refuses the options; platform.seed_not_allowed (a seed at a table with more than
            one person); platform.name_reserved (a registered account's name without that account's
            personal API token or browser session)
          content: {application/json: {schema: ErrorSchema}}
        429: {description: too many requests from this address, content: {application/json: {schema: ErrorSchema}}}
    """
    data = CreateGameSchema().load(json_body())
    if data["game"] not in registry.names():
        raise ApiError(400, "bad_request", f"unknown game {data['game']!r}", field="game",
                       known=registry.names())
    levels = bot_levels()
    for i, seat in enumerate(data["seats"]):
        kinds = [k for k in ("name", "bot", "invited") if seat[k] is not None]
        if len(kinds) > 1:
            raise ApiError(400, "bad_request", "a seat is a person, a bot or an invitation, not several",
                           field=f"seats.{i}")
        if seat["bot"] is not None and seat["bot"] not in levels:
            raise ApiError(400, "bad_request", f"unknown bot level {seat['bot']!r}", field=f"seats.{i}.bot",
                           known=levels)
        if seat["invited"] is not None and not _registered(seat["invited"]):
            raise ApiError(400, "bad_request", f"no account {seat['invited']!r} to invite",
                           field=f"seats.{i}.invited")
    named = sum(1 for s in data["seats"] if s["name"] is not None)
    others_may_join = any(s["name"] is None and s["bot"] is None for s in data["seats"])  # open or invited
    if data["seed"] is not None and (named > 1 or others_may_join):
        # The setup is open source: whoever picks the seed knows every hidden card.
        raise IllegalMove("platform.seed_not_allowed",
                          "a chosen seed is allowed only at a table with at most one person and no open or "
                          "invited seat (tests, solo, bot training); other tables get a seed nobody knows")
    names = claim_names(s["name"] for s in data["seats"])
    seats_spec = [{**s, "name": names.get(s["name"], s["name"]) if s["name"] else None} for s in data["seats"]]
    deadline_s = data["deadline_hours"] * 3600 if data["deadline_hours"] else None
    # A missed deadline is what lets the others hand a seat to a bot, unless the table says otherwise.
    takeover = data["takeover_after"] if data["takeover_after"] is not None else deadline_s
    # The first named seat set the table: it may start it with bots while seats are empty.
    creator = next((f"p{i}" for i, s in enumerate(data["seats"], start=1) if s["name"]), None)
    table = {"takeover_after": takeover, "hints": data["hints"], "deadline_s": deadline_s, "creator": creator,
             "chosen_seed": data["seed"]}
    record, tokens = ctx().repository.create(data["game"], data["options"], seats_spec, seed=data["seed"],
                                             table=table)
    _remember_seats(record.id, [(s.seat, s.name, tokens.get(s.seat)) for s in record.seats])
    seats = [{"seat": s.seat, "token": tokens.get(s.seat) if s.name else None} for s in record.seats]
    return jsonify({"id": record.id, "seats": seats}), 201


@bp.get("")
def lobby():  # type: ignore[no-untyped-def]
    """The lobby.
    ---
    get:
      summary: Open and running games, newest activity first; filter by player name
      parameters:
        - {in: query, name: player, schema: {type: string}}
        - {in: query, name: state, schema: {type: string, enum: [open, running, finished]}}
        - {in: query, name: limit, schema: {type: integer}}
      responses:
        200:
          description: games
          content:
            application/json:
              schema: {type: object, properties: {games: {type: array, items: GameSummarySchema}}}
    """
    query = LobbyQuerySchema().load(request.args.to_dict())
    repo = ctx().repository
    games = []
    for record in repo.list(query["player"], query["limit"]):
        taken = set(repo.store.token_hashes(record.id))
        seats = seats_json(record, taken)
        open_seats = [s["seat"] for s in seats if s["open"]]
        over = bool(record.status.get("over"))
        wanted = query["state"]
        if (wanted == "open" and (over or not open_seats)) or (wanted == "running" and over) or \
                (wanted == "finished" and not over):
            continue
        games.append({"id": record.id, "game": record.game, "seats": seats, "status": dict(record.status),
                      "open_seats": open_seats})
    return jsonify({"games": games})


@bp.post("/<game_id>/join")
def join(game_id: str):  # type: ignore[no-untyped-def]
    """Join an open seat.
    ---
    post:
      summary: Take an open seat; the token is shown only in this answer
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      requestBody: {content: {application/json: {schema: JoinSchema}}}
      responses:
        200: {description: the seat and its token, content: {application/json: {schema: SeatTokenSchema}}}
        400: {description: invalid body (the field is named), content: {application/json: {schema: ErrorSchema}}}
        401: {description: "an Authorization: Bearer personal API token that is unknown or revoked",
              content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
        422:
          description: >-
            no open seat; platform.name_reserved (a registered account's name without that account's
            personal API token or browser session)
          content: {application/json: {schema: ErrorSchema}}
        429: {description: too many requests from this address, content: {application/json: {schema: ErrorSchema}}}
    """
    data = JoinSchema().load(json_body())
    name = claim_names([data["name"]])[data["name"]]
    seat, token = ctx().repository.join(game_id, name, data["seat"])
    _remember_seats(game_id, [(seat, name, token)])
    return jsonify({"seat": seat, "token": token})


def _registered(name: str) -> bool:
    from flask import current_app

    store = current_app.extensions.get("stellwerk_users")
    return store is not None and store.get(name) is not None


def _remember_seats(game_id: str, seats: list[tuple[str, str | None, str | None]]) -> None:
    """A seat taken under an account's own name shows in that account's lobby."""
    from flask import current_app

    store = current_app.extensions.get("stellwerk_users")
    if store is None:
        return
    for seat, name, token in seats:
        if name and token and store.get(name) is not None:
            store.add_seat(name, game_id, seat, token)


@bp.get("/<game_id>")
def get_game(game_id: str):  # type: ignore[no-untyped-def]
    """The caller's view of a game.
    ---
    get:
      summary: Status, seq, the game's view for the caller and the caller's move window
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      security: [{}, {seatToken: []}]
      responses:
        200: {description: the view, content: {application/json: {schema: GameViewSchema}}}
        401: {description: unknown token, content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
    """
    repo = ctx().repository
    record = repo.record(game_id)
    viewer = viewer_for(game_id)
    p = repo.projection(game_id)
    return jsonify(game_json(record, p, viewer, set(repo.store.token_hashes(game_id)), takeover_after(record)))


@bp.post("/<game_id>/token")
def rotate_token(game_id: str):  # type: ignore[no-untyped-def]
    """Replace the caller's seat token.
    ---
    post:
      summary: Revoke the caller's seat token and get a new one (shown only in this answer)
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      security: [{seatToken: []}]
      responses:
        200: {description: the new token, content: {application/json: {schema: SeatTokenSchema}}}
        401: {description: no or unknown seat token, content: {application/json: {schema: ErrorSchema}}}
    """
    repo = ctx().repository
    repo.record(game_id)
    seat = seat_for(game_id)
    return jsonify({"seat": seat, "token": repo.rotate_token(game_id, seat)})
