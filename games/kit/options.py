"""Table options validated from the game's ``option_schema`` by a JSON Schema validator.

Each game used to check its options by hand (four validators, each a little
different).  The schema is what the lobby shows, so it is also what decides: one
JSON Schema (draft 2020-12) per game, checked by :mod:`jsonschema`, the defaults
filled in from it, and every refusal an :class:`IllegalMove` whose code names the
option (``<game>.options.<option>``, ``<game>.options.unknown``,
``<game>.options.players``).

A property with ``"x-lobby": false`` is accepted but not offered in the lobby (a
shorter game for tests and benchmarks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from games.contract import IllegalMove

#: The schema of a game without options: nothing may be chosen.
NO_OPTIONS: Mapping[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}

#: id(a game's option_schema) -> (that schema, its validator); schemas are module constants.
_validators: dict[int, tuple[Mapping[str, Any], Draft202012Validator]] = {}


def object_schema(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """``schema`` as an object schema (a bare ``{name: spec}`` mapping is its properties)."""
    if schema.get("type") == "object":
        return schema
    return {"type": "object", "properties": dict(schema), "additionalProperties": False}


def _validator(schema: Mapping[str, Any]) -> Draft202012Validator:
    """The validator of a game's schema, checked and built once."""
    known = _validators.get(id(schema))
    if known is not None and known[0] is schema:
        return known[1]
    full = object_schema(schema)
    Draft202012Validator.check_schema(full)
    validator = Draft202012Validator(full)
    _validators[id(schema)] = (schema, validator)
    return validator


def validate(schema: Mapping[str, Any], options: Mapping[str, Any] | None, code: str,
             title: str = "") -> dict[str, Any]:
    """``options`` checked against ``schema`` (an object schema), with every default filled in.

    Raises ``IllegalMove(f"{code}.options.<name>")`` for a bad value of option
    ``<name>`` and ``f"{code}.options.unknown"`` for an option the schema lacks.
    """
    validator = _validator(schema)
    schema = validator.schema
    given = dict(options or {})
    errors = sorted(validator.iter_errors(given), key=lambda e: (list(e.path), str(e.validator)))
    if errors:
        raise _illegal(errors[0], schema, code, title)
    out = {name: spec["default"] for name, spec in schema.get("properties", {}).items()
           if isinstance(spec, Mapping) and "default" in spec}
    out.update(given)
    return out


def _illegal(error: ValidationError, schema: Mapping[str, Any], code: str, title: str) -> IllegalMove:
    if error.path:
        name = str(error.path[0])
        return IllegalMove(f"{code}.options.{name}", f"option {name}: {error.message}")
    if error.validator == "additionalProperties":
        known = sorted(schema.get("properties", {}))
        unknown = sorted(set(error.instance) - set(known)) if isinstance(error.instance, Mapping) else []
        where = f"{title} has" if title else "there is"
        return IllegalMove(f"{code}.options.unknown",
                           f"{where} no option {', '.join(map(repr, unknown))} (known: {known or 'none'})")
    return IllegalMove(f"{code}.options", error.message)


def check_players(players: int, low: int, high: int, code: str, title: str) -> None:
    if not low <= players <= high:
        raise IllegalMove(f"{code}.options.players", f"{title} is for {low} to {high} players")


def offered(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The properties the lobby offers (all but those marked ``"x-lobby": false``)."""
    props = object_schema(schema).get("properties", {})
    return {name: spec for name, spec in props.items()
            if not (isinstance(spec, Mapping) and spec.get("x-lobby") is False)}
