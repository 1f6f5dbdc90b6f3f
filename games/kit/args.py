"""One parser for a command's arguments: typed accessors that name the rule and the field.

Commands arrive as JSON from anybody, so every argument a rule reads is checked
for its type and range first.  Four games had four pairs of ``_int``/``_str``
helpers with different codes and sentences; :class:`Args` is the one parser.
A refusal is a :class:`BadArgument` (an ``IllegalMove``: HTTP 422) whose ``code``
is the game's argument rule and whose ``field`` names the argument.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from games.contract import IllegalMove

_MISSING: Any = object()


class BadArgument(IllegalMove):
    """A command argument of the wrong type or out of range."""

    def __init__(self, code: str, field: str, message: str) -> None:
        super().__init__(code, message)
        self.field = field


class Args:
    """The arguments of one command.

    ``code`` is the rule code of a bad argument; with ``per_field`` the field is
    appended (``fc.args.card``), so a client can point at the field by code alone.
    """

    __slots__ = ("raw", "code", "per_field")

    def __init__(self, raw: Mapping[str, Any] | Any, code: str, per_field: bool = False) -> None:
        # a dict first: ``isinstance(raw, Mapping)`` asks the ABC (156 against 25 ns), for every
        # command a game decides
        self.raw: Mapping[str, Any] = raw if type(raw) is dict or isinstance(raw, Mapping) else {}
        self.code = code
        self.per_field = per_field

    def bad(self, field: str, message: str) -> BadArgument:
        return BadArgument(f"{self.code}.{field}" if self.per_field else self.code, field, message)

    def __contains__(self, name: str) -> bool:
        return name in self.raw

    def get(self, name: str, default: Any = None) -> Any:
        """The raw value (for arguments a concept module checks itself)."""
        return self.raw.get(name, default)

    def integer(self, name: str, low: int = 0, high: int = 10**6, default: int = _MISSING) -> int:
        """A whole number from ``low`` to ``high`` (``True``/``False`` are not numbers)."""
        value = self.raw.get(name, default)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.bad(name, f"{name} must be a whole number from {low} to {high}")
        return value

    def text(self, name: str, choices: Collection[str] | None = None, default: str = _MISSING) -> str:
        """Text, one of ``choices`` when given."""
        value = self.raw.get(name, default)
        if not isinstance(value, str):
            raise self.bad(name, f"{name} must be given as text")
        if choices is not None and value not in choices:
            raise self.bad(name, f"{name} must be one of {sorted(choices)}")
        return value

    def flag(self, name: str, default: bool = False) -> bool:
        """A flag; absent means ``default``.  Any JSON value counts by its truth, as before."""
        return bool(self.raw.get(name, default))

    def texts(self, name: str) -> list[str]:
        """A list of texts."""
        value = self.raw.get(name)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.bad(name, f"{name} must be a list of texts")
        return list(value)


class ListedArgs(Args):
    """The arguments of a command the game listed itself on this very state (the bots'
    lookahead decides every listed sub-move): their types and ranges are the listing's
    own, so :meth:`integer` and :meth:`text` read them without the checks.  A command
    from anywhere else is read by :class:`Args`."""

    __slots__ = ()

    def __init__(self, raw: Mapping[str, Any], code: str, per_field: bool = False) -> None:
        self.raw = raw
        self.code = code
        self.per_field = per_field

    def integer(self, name: str, low: int = 0, high: int = 10**6, default: int = _MISSING) -> int:
        value: int = self.raw.get(name, default)
        return value

    def text(self, name: str, choices: Collection[str] | None = None, default: str = _MISSING) -> str:
        value: str = self.raw.get(name, default)
        return value
