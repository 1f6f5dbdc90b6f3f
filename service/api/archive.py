"""The archive of finished games, players' pages and ratings (read-only, public)."""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

from flask import Blueprint, jsonify, request
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

from events.archive import MAX_PAGE, Archive, Query, win_rates
from events.ratings import Ratings
from games import registry
from service.context import ctx
from service.errors import ApiError

bp = Blueprint("archive", __name__, url_prefix="/api")

#: A player name (the compiled pattern typed as ``str``: ``Regexp.regex`` may be either kind).
NAME_PATTERN = re.compile(r"^[\w .\-]{1,40}$")
NAME = validate.Regexp(NAME_PATTERN)


class ArchiveQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    game = fields.String(load_default=None, validate=validate.Length(min=1, max=60))
    player = fields.String(load_default=None, validate=NAME)
    players = fields.Integer(load_default=None, validate=validate.Range(min=1, max=12))
    since = fields.Date(load_default=None, metadata={"description": "first day (YYYY-MM-DD, UTC)"})
    until = fields.Date(load_default=None, metadata={"description": "last day (YYYY-MM-DD, UTC)"})
    winner = fields.String(load_default=None, validate=NAME)
    options = fields.String(load_default=None, metadata={"description": 'JSON object of options, e.g. {"rounds":2}'})
    offset = fields.Integer(load_default=0, validate=validate.Range(min=0, max=100_000))
    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=MAX_PAGE))

    @validates_schema
    def _dates(self, data, **_kw):  # type: ignore[no-untyped-def]
        if data.get("since") and data.get("until") and data["since"] > data["until"]:
            raise ValidationError("since must not be after until", "since")


def _day_start(day: dt.date) -> float:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()


def parse_query(args: dict) -> Query:
    data = ArchiveQuerySchema().load(args)
    options: dict[str, Any] = {}
    if data["options"]:
        try:
            parsed = json.loads(data["options"])
        except ValueError:
            parsed = None
        if not isinstance(parsed, dict):
            raise ApiError(400, "bad_request", "options must be a JSON object", field="options")
        options = parsed
    return Query(game=data["game"], player=data["player"], players=data["players"],
                 since=_day_start(data["since"]) if data["since"] else None,
                 until=_day_start(data["until"]) + 86400 - 0.001 if data["until"] else None,
                 options=options, winner=data["winner"], offset=data["offset"], limit=data["limit"])


def archive() -> Archive:
    store = ctx().repository.store
    return Archive(store.redis, store.keys.prefix)


def ratings() -> Ratings:
    store = ctx().repository.store
    return Ratings(store.redis, store.keys.prefix)


@bp.get("/archive")
def search():  # type: ignore[no-untyped-def]
    """The archive.
    ---
    get:
      summary: Finished games, newest first, searchable by game, player, player count, end date, options and winner
      parameters:
        - {in: query, name: game, schema: {type: string}}
        - {in: query, name: player, schema: {type: string}}
        - {in: query, name: players, schema: {type: integer}}
        - {in: query, name: since, schema: {type: string, format: date}}
        - {in: query, name: until, schema: {type: string, format: date}}
        - {in: query, name: winner, schema: {type: string}}
        - {in: query, name: options, schema: {type: string}, description: 'JSON object, e.g. {"rounds":2}'}
        - {in: query, name: offset, schema: {type: integer, minimum: 0}}
        - {in: query, name: limit, schema: {type: integer, minimum: 1, maximum: 100}}
      responses:
        200: {description: '{games, offset, limit, more}'}
        400: {description: a bad filter, content: {application/json: {schema: ErrorSchema}}}
    """
    args = request.args.to_dict()
    unknown = sorted(set(args) - set(ArchiveQuerySchema().fields))
    if unknown:  # a misspelt filter must not be ignored silently (issue 28)
        raise ApiError(400, "bad_request", f"unknown query parameter; known: {sorted(ArchiveQuerySchema().fields)}",
                       field=unknown[0])
    page = archive().search(parse_query(args))
    return jsonify({"games": page.rows, "offset": page.offset, "limit": page.limit, "more": page.more})


def player_exists(name: str) -> bool:
    """A registered account, or a name that played a finished game (a guest)."""
    from flask import current_app

    store = current_app.extensions.get("stellwerk_users")
    return (store is not None and store.get(name) is not None) or bool(archive().player_rows(name))


def player_summary(name: str) -> dict:
    rows = archive().player_rows(name)
    rates = win_rates(rows, name)
    games = sorted({r["game"] for r in rows} | set(registry.names()))
    return {"name": name, "played": sum(r["played"] for r in rates.values()), "win_rates": rates,
            "ratings": ratings().of_player(name, games), "recent": rows[:20]}


@bp.get("/players/<name>")
def player(name: str):  # type: ignore[no-untyped-def]
    """A player.
    ---
    get:
      summary: A player's finished games, win rate per game and ratings per game and player count
      parameters: [{in: path, name: name, required: true, schema: {type: string}}]
      responses:
        200: {description: '{name, played, win_rates, ratings, recent}'}
        400: {description: not a player name, content: {application/json: {schema: ErrorSchema}}}
        404: {description: "no account and no finished game of that name",
              content: {application/json: {schema: ErrorSchema}}}
    """
    if NAME_PATTERN.fullmatch(name) is None:
        raise ApiError(400, "bad_request", "not a player name", field="name")
    if not player_exists(name):
        raise ApiError(404, "not_found", f"there is no player {name!r}")
    return jsonify(player_summary(name))


@bp.get("/ratings")
def leaderboard():  # type: ignore[no-untyped-def]
    """Ratings.
    ---
    get:
      summary: The best-rated players of one game and player count
      description: >-
        rating = 1500 + 48 (mu - 3 sigma), see events.ratings.shown_rating; the model's raw
        values are openskill_mu, openskill_sigma and openskill_ordinal
      parameters:
        - {in: query, name: game, required: true, schema: {type: string}}
        - {in: query, name: players, required: true, schema: {type: integer}}
        - {in: query, name: limit, schema: {type: integer, minimum: 1, maximum: 100}}
      responses:
        200: {description: '{game, players, ratings}'}
        400: {description: missing or bad field, content: {application/json: {schema: ErrorSchema}}}
    """
    game = request.args.get("game", "")
    try:
        players = int(request.args.get("players", ""))
    except ValueError:
        raise ApiError(400, "bad_request", "players must be an integer", field="players") from None
    try:
        limit = int(request.args.get("limit", "10"))
    except ValueError:
        raise ApiError(400, "bad_request", "limit must be an integer", field="limit") from None
    if game not in registry.names():
        raise ApiError(400, "bad_request", "unknown game", field="game")
    if not 1 <= players <= 12 or not 1 <= limit <= 100:
        raise ApiError(400, "bad_request", "players or limit out of range", field="players")
    top = ratings().top(game, players, limit)
    return jsonify({"game": game, "players": players, "ratings": [r.to_json() for r in top]})
