"""JSON request bodies with a nesting limit, for every route at once.

Python's decoder recurses per level of nesting: ``"[" * 1000 + "]" * 1000`` (2 KB)
exhausts the stack and used to become a 500 with a traceback.  No body of our API
nests deeper than a few levels, so deeper bodies are refused as bad JSON before
they are decoded, by the app's JSON provider (``request.get_json`` everywhere).
"""

from __future__ import annotations

from typing import Any

from flask.json.provider import DefaultJSONProvider

#: Deepest nesting of arrays/objects a request body may have.
MAX_DEPTH = 32


class TooDeep(ValueError):
    """A JSON document nested deeper than :data:`MAX_DEPTH` (a ValueError, so Flask
    treats it like any other undecodable body)."""


def nesting_depth(text: str | bytes) -> int:
    """The deepest nesting of ``[``/``{`` outside strings, in one linear pass."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


class LimitedJSONProvider(DefaultJSONProvider):
    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        if nesting_depth(s) > MAX_DEPTH:
            raise TooDeep(f"the JSON body is nested deeper than {MAX_DEPTH} levels")
        return super().loads(s, **kwargs)
