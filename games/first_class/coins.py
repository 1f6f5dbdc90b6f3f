"""The 12-field coin grid: new coins fill empty fields from field 1 upward; coins
that find no field are lost.  Removing one coin gives the action of its column.

A purchase may be paid from any columns ("Spalten beliebig: Für 4 Münzen kannst Du
1 offene Spielende-Karte nehmen").  Which fields of a column pay does not matter
(new coins fill the lowest empty fields, and a coin's action is its column's), so
a payment is named by its columns only: ``(1, 1, 2, 3)``."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

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


@lru_cache(maxsize=4096)
def occupied_fields(grid: tuple[bool, ...]) -> tuple[int, ...]:
    """:func:`occupied`, kept per grid (a tuple: shared by every caller): the listing asks
    it at every position the bots step to (issue 26, tenth round: a comprehension over
    the twelve fields per listing), and a grid has few coins that change."""
    return tuple(occupied(grid))


def set_fields(grid: tuple[bool, ...], fields: list[int], value: bool) -> tuple[bool, ...]:
    out = list(grid)
    for f in fields:
        out[f - 1] = value
    return tuple(out)


def by_column(grid: tuple[bool, ...]) -> list[list[int]]:
    """The occupied fields of each column, highest first."""
    return [[f for f in fields if grid[f - 1]][::-1] for fields in RULES.coin_columns]


def payments(grid: tuple[bool, ...], n: int) -> list[tuple[int, ...]]:
    """Each distinct way to pay ``n`` coins, as the (1-based, sorted) columns of the
    coins; the first takes the lowest columns (the default: column 1's new car is
    the cheapest action, column 3's upgrade the dearest)."""
    return list(payment_options(grid, n))


@lru_cache(maxsize=4096)
def payment_options(grid: tuple[bool, ...], n: int) -> tuple[tuple[int, ...], ...]:
    """:func:`payments`, kept per grid (a tuple: shared by every caller): the listing asks
    it at every position the bots step to, and a grid has few coins that change."""
    have = [len(fields) for fields in by_column(grid)]
    if sum(have) < n:
        return ()
    return tuple(combo for combo in combinations_with_replacement(range(1, len(have) + 1), n)
                 if all(combo.count(c + 1) <= k for c, k in enumerate(have)))


def payment(grid: tuple[bool, ...], columns: tuple[int, ...]) -> list[int] | None:
    """The fields that pay with coins of ``columns`` (the highest of each column), or
    None if the grid lacks them."""
    fields = by_column(grid)
    out: list[int] = []
    for c in sorted(set(columns)):
        k = columns.count(c)
        if not 1 <= c <= len(fields) or len(fields[c - 1]) < k:
            return None
        out.extend(fields[c - 1][:k])
    return out
