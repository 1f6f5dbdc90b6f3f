"""``State.dsp``'s shape (typed dicts: the snapshot keeps the dicts as they were)."""

from __future__ import annotations

from typing import Any, TypedDict, cast


class LudmillaRound(TypedDict):
    """Ludmilla's card round under way (:mod:`.ludmilla`)."""

    #: the seat that activated her
    by: str
    #: the start bonus cards still to choose from
    cards: list[str]
    #: the seats still to choose, in order
    queue: list[str]
    #: "pick", "wait", "others" or "resumed"
    stage: str
    #: the activating seat's open items put aside (each an Item's six fields)
    resume: list[list[Any]]


class Served(TypedDict):
    """The freight wagon turns taken before this round's scoring (:mod:`.wagon`)."""

    round: int
    seats: list[str]


class DspState(TypedDict, total=False):
    """The DSP mini expansion's part of the state (None until used; each key appears
    when first needed); replaced, never changed in place (clones share it)."""

    #: the open ?-tokens and seat -> the ?-tokens it took (:mod:`.tokens`)
    open: list[str]
    tokens: dict[str, list[str]]
    #: seat -> the line its freight wagon is attached to (:mod:`.wagon`)
    wagons: dict[str, int]
    served: Served
    ludmilla: LudmillaRound


#: what a table without the module reads (nothing is found); never changed in place
_NONE = cast(DspState, {})


def dsp_state(state: Any) -> DspState:
    """``State.dsp``, or an empty one at a table without it (every read finds nothing)."""
    value: DspState | None = state.dsp
    return value if value is not None else _NONE
