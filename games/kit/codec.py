"""Snapshot (de)serialisation of dataclass states, driven by their type hints.

A snapshot stores the game state as JSON; loading must give back the very types
the rules use (tuples stay tuples, nested dataclasses come back as dataclasses).
Hand-written ``dump``/``load`` pairs repeated every field and drifted when a field
was added; :func:`dump` and :func:`load` read the dataclass fields and their
annotations instead.  Supported: dataclasses, ``tuple[X, ...]``, fixed tuples,
``list[X]``, ``dict[str, X]``, ``Mapping``, ``X | None``, ``Any`` and JSON scalars.

Fields whose metadata says ``{"cache": True}`` are not state (see
:mod:`games.kit.memo`): they are neither dumped nor loaded.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import types
import typing
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


def dump(value: Any) -> Any:
    """JSON-friendly data: dataclasses as dicts of their state fields, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: dump(getattr(value, f.name)) for f in _state_fields(type(value))}
    if isinstance(value, tuple | list):
        return [dump(v) for v in value]
    if isinstance(value, dict):
        return {k: dump(v) for k, v in value.items()}
    return value


def load(cls: type[T], data: Any) -> T:
    """``data`` (as :func:`dump` made it, after a JSON round trip) as a ``cls``."""
    return typing.cast(T, _load(cls, data))


@cache
def _state_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if not f.metadata.get("cache"))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _fresh(data: Any) -> Any:
    """A copy of JSON data, so a loaded state shares no container with the snapshot's."""
    if type(data) is dict:
        return {k: _fresh(v) for k, v in data.items()}
    if type(data) is list:
        return [_fresh(v) for v in data]
    return data


def _load(hint: Any, data: Any) -> Any:
    if hint is Any:
        return _fresh(data)
    if data is None:
        return None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = _hints(hint)
        return hint(**{f.name: _load(hints[f.name], data[f.name])
                       for f in _state_fields(hint) if f.init and f.name in data})
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], v) for v in data)
        return tuple(_load(a, v) for a, v in zip(args, data, strict=True))
    if origin is list:
        return [_load(args[0] if args else Any, v) for v in data]
    if origin in (dict, collections.abc.Mapping):
        value = args[1] if args else Any
        return {k: _load(value, v) for k, v in data.items()}
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        return _load(options[0], data) if len(options) == 1 else data
    if hint in (int, float, str, bool):
        return hint(data)
    if origin is None and hint in (dict, list, tuple):
        return hint(_fresh(data))
    return _fresh(data)
