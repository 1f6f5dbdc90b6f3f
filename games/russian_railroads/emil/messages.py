"""The log lines of Emil's events (the solo game)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..messages import TEXTS, Texts, bit, count, payment

EVENTS = frozenset({"EmilDeckShuffled", "EmilCardRevealed", "EmilPassed", "EmilWorkerGained", "EmilTookEngineer",
                    "EmilTookTile"})


def describe_emil(key: str, payload: Mapping[str, Any], params: dict[str, Any]) -> str:
    """Emil's log lines (the solo game): the key, with ``params`` filled in place."""
    if key == "EmilDeckShuffled":
        params["amount"] = count("card", len(payload.get("cards", ())))
    elif key == "EmilCardRevealed":
        if payload.get("blocked"):
            key = "EmilCardBlocked"
            params["payment"] = payment(int(payload.get("workers", 0)), int(payload.get("coins", 0)), False, "dative")
        else:
            key = "EmilCardDiscarded"
            params["why"] = bit(f"emil_{payload.get('reason')}") if f"emil_{payload.get('reason')}" in TEXTS["bits"] \
                else bit("emil_occupied")
    elif key == "EmilPassed":
        params["why"] = bit("emil_pass_no_workers" if payload.get("reason") == "no_workers" else "emil_no_cards")
    elif key == "EmilWorkerGained":
        params["amount"] = count("point", int(payload.get("points", 0)))
    elif key == "EmilTookTile" and payload.get("kind") == "factory":
        key = "EmilTookFactory"
    return key


class EmilTexts(Texts):
    events = EVENTS

    def fill(self, key: str, values: Mapping[str, Any], params: dict[str, Any]) -> str:
        return describe_emil(key, values, params)


TEXTS_OF_EMIL = EmilTexts()
