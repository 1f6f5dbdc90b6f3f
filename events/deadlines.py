"""Turn deadlines: when a waiting seat is reminded, and when it has missed its turn.

A table may set a deadline (e.g. 1, 3 or 7 days) per turn.  The clock runs from
the game's last event; a reminder goes out once the seat has used
``reminder_fraction`` of it, and once it has passed, the other players are told
they may hand the seat to a bot.
"""

from __future__ import annotations

REMINDER = "reminder"
MISSED = "deadline_missed"
YOUR_TURN = "your_turn"
#: Not a deadline: a registered user was asked to take a seat at a new table.
INVITED = "invited"


def due_notice(now: float, last_activity: float, deadline_s: int | None,
               reminder_fraction: float = 0.5) -> str | None:
    """The notice due for a position now, the later one winning."""
    if not deadline_s:
        return None
    waited = now - last_activity
    if waited >= deadline_s:
        return MISSED
    if waited >= deadline_s * reminder_fraction:
        return REMINDER
    return None
