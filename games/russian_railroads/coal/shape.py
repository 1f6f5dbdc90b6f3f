"""``State.coal``'s shape (a typed dict: the snapshot keeps the dict as it was)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast


class CoalState(TypedDict):
    """The coal module's part of the state; replaced, never changed in place (clones
    share it).  What each key means: :mod:`.board`."""

    #: seat -> coal in the personal supply
    coal: dict[str, int]
    #: the face-up foundries beside the board (not usable)
    open: list[int]
    #: the face-down foundries (their order is never stored)
    stack: list[int]
    #: seat -> foundries above its tableau, open / closed (turned into boilers)
    owned: dict[str, list[int]]
    closed: dict[str, list[int]]
    #: seat -> {foundry as str: the round it was used in}
    used: dict[str, dict[str, int]]
    #: coal field -> [seat, round]
    fields: dict[str, list[Any]]
    #: the foundries taken from the stack as boilers (seen by nobody)
    drawn: NotRequired[list[int]]


#: what a table without the module reads (nothing is found); never changed in place
_NONE = cast(CoalState, {})


def coal_state(state: Any) -> CoalState:
    """``State.coal``, or an empty one at a table without it (every read finds nothing)."""
    value: CoalState | None = state.coal
    return value if value is not None else _NONE
