"""The 12-field coin grid: new coins fill empty fields from field 1 upward; coins
that find no field are lost.  Removing one coin gives the action of its column."""

from __future__ import annotations

from .data import RULES


def empty_grid() -> tuple[bool, ...]:
    return (False,) * RULES.coin_fields


def count(grid: tuple[bool, ...]) -> int:
    return sum(grid)


def fields_for(grid: tuple[bool, ...], n: int) -> list[int]:
    """The (1-based) fields ``n`` new coins go to; fewer when the grid is full."""
    return [i + 1 for i, full in enumerate(grid) if not full][:n]


def occupied(grid: tuple[bool, ...]) -> list[int]:
    return [i + 1 for i, full in enumerate(grid) if full]


def set_fields(grid: tuple[bool, ...], fields: list[int], value: bool) -> tuple[bool, ...]:
    out = list(grid)
    for f in fields:
        out[f - 1] = value
    return tuple(out)


def payment(grid: tuple[bool, ...], n: int) -> list[int]:
    """The fields paid for a purchase of ``n`` coins: the highest-numbered ones
    (our choice; the rules text lets any coins pay, and this keeps a command per card)."""
    return occupied(grid)[::-1][:n]
