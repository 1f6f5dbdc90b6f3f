"""The OpenAPI document, built by apispec from the views' docstrings and the
marshmallow schemas, served at ``GET /api/openapi.json``."""

from __future__ import annotations

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec_webframeworks.flask import FlaskPlugin
from flask import Flask, jsonify

from service import schemas

API_VIEWS: tuple[str, ...] = ("games.create_game", "games.lobby", "games.join", "games.get_game", "games.rotate_token",
             "moves.legal_commands", "moves.submit", "history.game_log", "history.replay", "history.log_texts",
             "stream.stream", "hints.hint", "ops.healthz")
#: The archive, annotations, forks and analysis (issue 16).
API_VIEWS += ("archive.search", "archive.player", "archive.leaderboard", "annotations.read", "annotations.write",
              "annotations.change", "forks.create_fork", "forks.get_analysis", "forks.request_analysis")


def build_spec(app: Flask) -> dict:
    spec = APISpec(title="Stellwerk API", version="1", openapi_version="3.0.3",
                   plugins=[FlaskPlugin(), MarshmallowPlugin()])
    spec.components.security_scheme("seatToken", {"type": "http", "scheme": "bearer"})
    # Nested schemas first, so that their parents refer to them instead of adding them again.
    leaves = ["SeatSpecSchema", "SeatTokenSchema", "CommandBodySchema", "ErrorBodySchema"]
    for name in leaves + [n for n in schemas.__all__ if n.endswith("Schema") and n not in leaves]:
        spec.components.schema(name, schema=getattr(schemas, name))
    with app.test_request_context():
        for endpoint in API_VIEWS:
            spec.path(view=app.view_functions[endpoint], app=app)
    return spec.to_dict()


def init_openapi(app: Flask) -> None:
    cache: dict[str, dict] = {}

    @app.get("/api/openapi.json")
    def openapi():  # type: ignore[no-untyped-def]
        if "spec" not in cache:
            cache["spec"] = build_spec(app)
        return jsonify(cache["spec"])
