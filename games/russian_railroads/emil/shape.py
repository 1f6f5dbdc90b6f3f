"""``State.emil``'s shape (a typed dict: the snapshot keeps the dict as it was)."""

from __future__ import annotations

from typing import Any, TypedDict, cast


class EmilState(TypedDict):
    """The solo game's Emil; replaced, never changed in place (clones share it).
    The rules: :mod:`.rules`."""

    #: his workers, those still free this round, and the extra ones gained
    workers: int
    free: int
    extra: int
    #: this round's cards still to draw (their order is never stored) and the discards
    deck: list[int]
    discard: list[int]
    #: the engineers and the [kind, number] tiles he took
    engineers: list[int]
    tiles: list[list[Any]]
    #: his turn is due (system work); he passed this round
    due: bool
    passed: bool


#: what a table without the module reads (nothing is found); never changed in place
_NONE = cast(EmilState, {})


def emil_state(state: Any) -> EmilState:
    """``State.emil``, or an empty one at a table without it (every read finds nothing)."""
    value: EmilState | None = state.emil
    return value if value is not None else _NONE
