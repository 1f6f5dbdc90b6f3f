"""The OpenAPI document, built by apispec from the views' docstrings and the
marshmallow schemas, served at ``GET /api/openapi.json``."""

from __future__ import annotations

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec_webframeworks.flask import FlaskPlugin
from flask import Flask, jsonify

from service import schemas


def api_views(app: Flask) -> list[str]:
    """Every endpoint under ``/api/`` (but the document itself): a route that is
    added is documented, or the OpenAPI tests fail (issue 28: chat and start were
    missing from a hand-kept list)."""
    return sorted({rule.endpoint for rule in app.url_map.iter_rules()
                   if (rule.rule.startswith("/api/") or rule.rule == "/healthz") and rule.endpoint != "openapi"})


def build_spec(app: Flask) -> dict:
    spec = APISpec(title="Stellwerk API", version="1", openapi_version="3.0.3",
                   plugins=[FlaskPlugin(), MarshmallowPlugin()])
    spec.components.security_scheme("seatToken", {"type": "http", "scheme": "bearer"})
    # Nested schemas first, so that their parents refer to them instead of adding them again.
    leaves = ["SeatSpecSchema", "SeatTokenSchema", "CommandBodySchema", "ErrorBodySchema"]
    for name in leaves + [n for n in schemas.__all__ if n.endswith("Schema") and n not in leaves]:
        spec.components.schema(name, schema=getattr(schemas, name))
    with app.test_request_context():
        for endpoint in api_views(app):
            spec.path(view=app.view_functions[endpoint], app=app)
    return spec.to_dict()


def init_openapi(app: Flask) -> None:
    cache: dict[str, dict] = {}

    @app.get("/api/openapi.json")
    def openapi():  # type: ignore[no-untyped-def]
        if "spec" not in cache:
            cache["spec"] = build_spec(app)
        return jsonify(cache["spec"])
