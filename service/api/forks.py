"""What-if forks ("play on from here") and the analysis of finished games."""

from __future__ import annotations

from flask import Blueprint, jsonify

from events import forks
from events.analysis import ANALYSE_TASK, AnalysisStore, TooManyAnalyses, level_for
from events.bot_levels import bot_levels
from games import registry
from games.contract import IllegalMove
from service.accounts.acting import claim_names
from service.accounts.session import current_user, users
from service.api.annotations import writer
from service.api.games import json_body
from service.auth import bearer_token
from service.context import ctx
from service.errors import ApiError
from service.schemas import NAME, NAME_PATTERN
from service.seat_names import all_names
from service.security import address

bp = Blueprint("forks", __name__, url_prefix="/api/games")

def seat_specs(raw: object, count: int) -> list[dict]:
    """``[{name} | {bot}]`` checked field by field (400 names the field)."""
    if not isinstance(raw, list) or len(raw) != count:
        raise ApiError(400, "bad_request", f"seats must be a list of {count} seats", field="seats")
    levels = bot_levels()
    out = []
    for i, spec in enumerate(raw):
        if not isinstance(spec, dict) or set(spec) - {"name", "bot"} or len(spec) != 1:
            raise ApiError(400, "bad_request", "a seat is {name} or {bot}", field=f"seats.{i}")
        if "bot" in spec and spec["bot"] not in levels:
            raise ApiError(400, "bad_request", f"unknown bot level; known: {sorted(levels)}", field=f"seats.{i}.bot")
        if "name" in spec:
            name = spec["name"].strip(" ") if isinstance(spec["name"], str) else None
            if not name or NAME_PATTERN.fullmatch(name) is None:  # the same names as every other seat
                raise ApiError(400, "bad_request", NAME.error, field=f"seats.{i}.name")
            spec = {"name": name}
        out.append(dict(spec))
    return out


@bp.post("/<game_id>/forks")
def create_fork(game_id: str):  # type: ignore[no-untyped-def]
    """Play on from here.
    ---
    post:
      summary: >-
        A new game (hotseat or with bots) whose log is this game's up to a confirmed position,
        as the caller may see it; hidden information is redrawn
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      security: [{seatToken: []}]
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [seq, seats]
              properties:
                seq: {type: integer}
                perspective: {type: string, description: "play on knowing only what this seat knew (the rest redrawn)"}
                seats: {type: array, items: {type: object, properties: {name: {type: string}, bot: {type: string}}}}
      responses:
        201:
          description: >-
            {id, fork_of, fork_seq, seats: [{seat, token}]}; the seats taken under the name of the
            account that asks (API token or login) are kept for that account too, so its table
            page plays them (hotseat: all of them)
        400: {description: a bad field, content: {application/json: {schema: ErrorSchema}}}
        401: {description: "no seat token, API token or login", content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
        422: {description: not a position to play on from, content: {application/json: {schema: ErrorSchema}}}
    """
    repo = ctx().repository
    record = repo.record(game_id)
    who = writer(game_id)  # a seat token of this game, an API token or a login: someone asks
    viewer = who.viewer
    body = json_body()
    if not isinstance(body.get("seq"), int) or isinstance(body.get("seq"), bool):
        raise ApiError(400, "bad_request", "seq must be an integer", field="seq")
    seats = seat_specs(body.get("seats"), len(record.seats))
    own = next((s.name for s in record.seats if s.seat == viewer), None)
    others = claim_names([s.get("name") for s in seats if s.get("name") and s.get("name") != own])
    for spec in seats:
        if spec.get("name") in others:
            spec["name"] = others[spec["name"]]
    perspective = body.get("perspective")
    if perspective is not None and perspective not in [s.seat for s in record.seats]:
        raise ApiError(400, "bad_request", "perspective is a seat of the game", field="perspective")
    created, tokens = forks.fork(repo, game_id, body["seq"], viewer, seats, requester=who.name,
                                 perspective=perspective)
    _remember_for_account(created.id, [(info.seat, info.name) for info in created.seats], tokens)
    return jsonify({"id": created.id, "fork_of": game_id, "fork_seq": body["seq"],
                    "seats": [{"seat": s, "token": t} for s, t in tokens.items()]}), 201


def _remember_for_account(fork_id: str, named: list[tuple[str, str | None]], tokens: dict[str, str]) -> None:
    """The seats the asking account (API token or login, not a seat token) took under
    its own name go to its lobby, several in a hotseat fork: its table page plays them."""
    token = bearer_token()
    account = users().account_for_api_token(token) if token is not None else current_user()
    if account is None:
        return
    for seat, name in named:
        if name and name.lower() == account.name.lower() and seat in tokens:
            users().add_seat(account.name, fork_id, seat, tokens[seat])


def analysis_store() -> AnalysisStore:
    store = ctx().repository.store
    return AnalysisStore(store.redis, store.keys.prefix)


@bp.get("/<game_id>/analysis")
def get_analysis(game_id: str):  # type: ignore[no-untyped-def]
    """The analysis.
    ---
    get:
      summary: >-
        A finished game's analysis: state, progress and (when done) each seat's evaluation
        per position and the bot's turn
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      responses:
        200: {description: '{state: none|queued|running|done|failed, done, total, result?}'}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
        422: {description: the game is still running, content: {application/json: {schema: ErrorSchema}}}
    """
    _finished_or_422(game_id)
    answer = analysis_store().get(game_id)
    if answer.get("result") is not None:
        # The players by name in each language (a bot's own name and level in words, not its level id).
        answer = {**answer, "display_names": all_names(ctx().repository.record(game_id).seats)}
    return jsonify(answer)


@bp.post("/<game_id>/analysis")
def request_analysis(game_id: str):  # type: ignore[no-untyped-def]
    """Ask for the analysis.
    ---
    post:
      summary: Have a worker analyse a finished game (once; later requests get the cached result)
      description: >-
        The worker walks the confirmed positions with the strongest bot level the game supports
        at a fixed iteration count (MCTS, mcts-<N>i; greedy for a game whose search is too slow),
        so the result is the same for the same game and bot seed on any machine. Progress
        (done of total positions) shows in GET while it runs.
      parameters: [{in: path, name: game_id, required: true, schema: {type: string}}]
      responses:
        202: {description: queued or running; poll GET}
        429:
          description: >-
            the caller has STELLWERK_ANALYSES_PER_REQUESTER analyses queued or running
            (analysis.too_many), the site STELLWERK_ANALYSES_IN_FLIGHT (analysis.busy), or too
            many requests (STELLWERK_RATE_ANALYSIS)
          content: {application/json: {schema: ErrorSchema}}
        200: {description: done already}
        401: {description: "no seat token, API token or login", content: {application/json: {schema: ErrorSchema}}}
        404: {description: no such game, content: {application/json: {schema: ErrorSchema}}}
        422: {description: the game is still running, content: {application/json: {schema: ErrorSchema}}}
        503: {description: no worker queue, content: {application/json: {schema: ErrorSchema}}}
    """
    who = writer(game_id)  # worker time is spent for somebody: a seat token, an API token or a login
    _finished_or_422(game_id)
    # The strongest level the game's engine supports with a fixed iteration count.
    level = level_for(registry.get(ctx().repository.record(game_id).game), ctx().settings.analysis_iterations)
    store = analysis_store()
    send = ctx().send_task
    if send is None:
        raise ApiError(503, "unavailable", "no worker queue to analyse with")
    state = store.get(game_id)
    if state["state"] == "done":
        return jsonify(state), 200
    settings = ctx().settings
    requester = requester_key(who.owner)
    try:
        store.reserve(game_id, requester, settings.analyses_per_requester, settings.analyses_in_flight)
    except TooManyAnalyses as exc:
        raise ApiError(429, exc.code, exc.message) from None
    if store.request(game_id, requester=requester):
        try:
            send(ANALYSE_TASK, [game_id, level, "0"])
        except Exception:  # noqa: BLE001 - a broker hiccup: marked failed, may be asked again
            store.fail(game_id, "could not enqueue")
            raise ApiError(503, "unavailable", "could not enqueue the analysis; try again") from None
    elif store.requester(game_id) != requester:
        store.release_requester(game_id, requester)  # somebody else's analysis of this game is under way
    state = store.get(game_id)
    return jsonify(state), 200 if state["state"] == "done" else 202


def requester_key(owner: str) -> str:
    """Whose in-flight limit an analysis counts against: the account, or for a
    guest's seat token the client's address (a guest has a token per game)."""
    if owner.startswith("user:"):
        return owner
    return address()


def _finished_or_422(game_id: str) -> None:
    repo = ctx().repository
    record = repo.record(game_id)
    if not repo.projection(game_id).status().over:
        raise IllegalMove("analysis.game_running", "a running game is not analysed: it would reveal hidden information")
    if forks.restriction_active(repo, record):
        # Its first position is a position of a game still being played (issue 27).
        raise IllegalMove("analysis.origin_running",
                          "this fork is analysed once the game it was forked from has ended")
