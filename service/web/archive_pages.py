"""Pages of the archive (issue 16): finished games searchable, a player's page,
the lobby's ratings box, and the page scripts' fork endpoint.

Routes join the ``web`` blueprint (same language choice, CSRF protection and
error pages as the other pages); :mod:`service.web.views` imports this module.
"""

from __future__ import annotations

import json
from typing import Any

from flask import abort, jsonify, render_template, request, url_for
from flask_wtf.csrf import validate_csrf
from marshmallow import ValidationError as SchemaError
from wtforms import ValidationError

from events import forks
from events.archive import Page
from events.bot_levels import bot_levels
from events.repository import UnknownGame
from games import registry
from games.contract import SPECTATOR, IllegalMove
from service.accounts.session import current_user, users
from service.api.archive import NAME_PATTERN, archive, parse_query, player_exists, player_summary, ratings
from service.context import ctx
from service.errors import ApiError
from service.web.forms import option_fields
from service.web.views import bp

#: Players shown per game in the lobby's ratings box.
LOBBY_TOP = 5


def _title(game: str) -> str:
    try:
        return registry.get(game).title
    except KeyError:
        return game


@bp.app_context_processor
def _archive_globals() -> dict[str, Any]:
    return {"lobby_ratings": lobby_ratings, "game_title": _title}


#: Players shown per board on the ratings page.
BOARD_TOP = 100


def lobby_ratings(limit: int = LOBBY_TOP, game: str | None = None, players: int | None = None
                  ) -> list[dict[str, Any]]:
    """The best-rated players per game and player count that has ratings (one
    leaderboard each), optionally only one game and/or player count."""
    out = []
    for name in registry.names():
        if game and name != game:
            continue
        for count in range(2, 7):
            if players and count != players:
                continue
            top = ratings().top(name, count, limit)
            if top:
                out.append({"game": name, "title": _title(name), "players": count, "top": [r.to_json() for r in top]})
    return out


@bp.get("/ratings")
def ratings_page():  # type: ignore[no-untyped-def]
    """Leaderboards per game and player count (issue 27); ``?game=&players=`` narrows."""
    game = request.args.get("game") or None
    raw_players = request.args.get("players") or ""
    if game is not None and game not in registry.names():
        abort(404)
    players = int(raw_players) if raw_players.isdigit() else None
    boards = lobby_ratings(BOARD_TOP, game, players)
    return render_template("web/ratings.html", boards=boards, game=game, players=players)


@bp.get("/archive")
def archive_page():  # type: ignore[no-untyped-def]
    args = {k: v for k, v in request.args.items() if v != ""}
    fields = _option_fields(args.get("game"))
    error = None
    try:
        query = parse_query(_with_options(args, fields))
        page = archive().search(query)
    except (SchemaError, ApiError) as exc:
        error = str(getattr(exc, "messages", None) or getattr(exc, "message", exc))
        page, query = Page([], 0, 20, False), None
    base: dict[str, Any] = {k: v for k, v in args.items() if k != "offset"}  # url_for's **values
    prev_url = next_url = None
    if query is not None and page.offset > 0:
        prev_url = url_for("web.archive_page", **base, offset=max(0, page.offset - page.limit))
    if query is not None and page.more:
        next_url = url_for("web.archive_page", **base, offset=page.offset + page.limit)
    return render_template("web/archive.html", rows=page.rows, args=args, error=error, games=registry.names(),
                           option_fields=fields, prev_url=prev_url, next_url=next_url), 400 if error else 200


def _option_fields(game: str | None) -> list[dict[str, Any]]:
    """The chosen game's options as search fields (none before a game is chosen)."""
    if not game or game not in registry.names():
        return []
    return option_fields(registry.get(game).option_schema)


def _with_options(args: dict[str, str], fields: list[dict[str, Any]]) -> dict[str, str]:
    """``args`` with the option fields (``opt-<key>``, typed by the game's schema)
    folded into the API's ``options`` JSON object; an empty field means "any"."""
    chosen: dict[str, Any] = {}
    for spec in fields:
        raw = args.get(f"opt-{spec['key']}")
        if raw is None:
            continue
        if spec["kind"] == "boolean":
            chosen[spec["key"]] = raw == "true"
        elif spec["kind"] == "enum":
            match = [v for v in spec["enum"] if str(v) == raw]
            if not match:
                raise ApiError(400, "bad_request", f"unknown value for {spec['label']}", field=f"opt-{spec['key']}")
            chosen[spec["key"]] = match[0]
        else:
            try:
                chosen[spec["key"]] = int(raw) if spec["kind"] == "integer" else float(raw)
            except ValueError:
                raise ApiError(400, "bad_request", f"{spec['label']} must be a number",
                               field=f"opt-{spec['key']}") from None
    query = {k: v for k, v in args.items() if not k.startswith("opt-")}
    if chosen:
        query["options"] = json.dumps({**json.loads(args.get("options") or "{}"), **chosen})
    return query


@bp.get("/players/<name>")
def player_page(name: str):  # type: ignore[no-untyped-def]
    if NAME_PATTERN.fullmatch(name) is None or not player_exists(name):
        abort(404)  # issue 27: no empty profile for a name nobody has
    return render_template("web/player.html", player=player_summary(name))


#: A seat the requester plays themselves in the fork form (the others are bot levels).
ME = "me"


@bp.post("/web/games/<game_id>/fork")
def fork_game(game_id: str):  # type: ignore[no-untyped-def]
    """"Play on from here" for the logged-in user.  ``seats``: ``{seat: "me" | level}``
    for every seat: the user holds each "me" seat (several: hotseat, the table page
    lets them act for whichever is to move), bots the others.  The older form
    ``seat`` + ``bot`` (the user in one seat, bots of one level elsewhere) still works.
    With one seat of their own the user plays on from that seat's knowledge (what it
    could not see is redrawn); with several, from what they could see of the game
    (everything once it is over; their own seat's view of a running game)."""
    try:
        validate_csrf(request.headers.get("X-CSRFToken", ""))
    except ValidationError:
        return jsonify({"error": {"code": "csrf", "message": "missing or invalid CSRF token"}}), 403
    user = current_user()
    if user is None:
        return jsonify({"error": {"code": "unauthorized", "message": "log in to play on"}}), 401
    repo = ctx().repository
    try:
        record = repo.record(game_id)
    except UnknownGame:
        abort(404)
    body = request.get_json(silent=True) or {}
    seq = body.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool):
        return _bad("seq")
    choice = _seat_choice(body, [s.seat for s in record.seats])
    if isinstance(choice, str):
        return _bad(choice)
    mine = [seat for seat, who in choice.items() if who == ME]
    hold = users().seat(user.name, game_id)
    viewer = hold.seat if hold else SPECTATOR
    seats = [{"name": user.name} if choice[s.seat] == ME else {"bot": choice[s.seat]} for s in record.seats]
    perspective = mine[0] if len(mine) == 1 else None
    try:
        created, tokens = forks.fork(repo, game_id, seq, viewer, seats, requester=user.name, perspective=perspective)
    except IllegalMove as exc:
        return jsonify({"error": {"code": exc.code, "message": exc.message}}), 422
    for seat in mine:
        users().add_seat(user.name, created.id, seat, tokens[seat])
    return jsonify({"id": created.id, "url": url_for("web.game_page", game_id=created.id), "seats": mine}), 201


def _seat_choice(body: dict[str, Any], order: list[str]) -> dict[str, str] | str:
    """``seat -> "me" | level`` from the request, or the name of the bad field."""
    levels = bot_levels()
    raw = body.get("seats")
    if raw is None:  # the older form: one seat of mine, one bot level for the rest
        seat, bot = body.get("seat"), body.get("bot", "greedy")
        if seat not in order:
            return "seat"
        if bot not in levels:
            return "bot"
        raw = {s: ME if s == seat else bot for s in order}
    if not isinstance(raw, dict) or sorted(raw) != sorted(order):
        return "seats"
    for seat, who in raw.items():
        if who != ME and who not in levels:
            return f"seats.{seat}"
    if ME not in raw.values():
        return "seats"  # somebody must play on
    return dict(raw)


def _bad(field: str):  # type: ignore[no-untyped-def]
    return jsonify({"error": {"code": "bad_request", "message": f"invalid {field}", "field": field}}), 400
