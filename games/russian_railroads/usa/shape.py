"""``State.usa``'s shape (a typed dict: the snapshot keeps the dict as it was)."""

from __future__ import annotations

from typing import TypedDict


class Market(TypedDict):
    """American Railroads' stock market and steel mills; replaced, never changed in
    place (clones share it).  The rules: :mod:`.market`."""

    #: seat -> its marker's level, 0..LEVELS
    level: dict[str, int]
    #: seat -> arrival number on its level (lower = further left: wins a tie)
    arrived: dict[str, int]
    #: the next arrival number
    counter: int
    #: level as str -> the dividend tile laid there
    tiles: dict[str, str]
    #: the stacks that still have a steel mill
    mills: list[int]
    #: who took a steel mill this turn
    taker: str | None
    #: the seats still to be paid in a general payout under way, and whose turn it interrupted
    queue: list[str]
    resume: str | None
