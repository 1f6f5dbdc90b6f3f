"""Folding the new engineers' events into the state."""

from __future__ import annotations

from typing import Any

from ..folds import Payload, _use, collects
from ..state import State

#: the fold functions of this module's events (the registry registers them)
EVENTS: dict[str, Any] = {}
handles = collects(EVENTS)


@handles("StartBonusCardsDrawn")
def _drawn(state: State, payload: Payload) -> None:
    """Engineer 5's two cards: their gains follow as their own events; the cards go
    back (they are shuffled anew each time), so nothing else changes."""


@handles("OwnFactoryUsed")
def _factory_used(state: State, payload: Payload) -> None:
    _use(state, payload)


@handles("GermanQuestionItemsAdded")
def _german_q(state: State, payload: Payload) -> None:
    """Option ``new_q``: the ?-card "Aufwerter" lies face up with the others (the ?-token
    "4 Münzen" is every seat's: see ``data.q_tokens_for``)."""
    state.q_cards = state.q_cards + [c for c in payload["q_cards"] if c not in state.q_cards]
