"""Folding the new engineers' events into the state."""

from __future__ import annotations

from ..evolve import Payload, _use, handles
from ..state import State


@handles("StartBonusCardsDrawn")
def _drawn(state: State, payload: Payload) -> None:
    """Engineer 5's two cards: their gains follow as their own events; the cards go
    back (they are shuffled anew each time), so nothing else changes."""


@handles("OwnFactoryUsed")
def _factory_used(state: State, payload: Payload) -> None:
    _use(state, payload)
