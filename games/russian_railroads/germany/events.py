"""Folding the Deutschland tableau's events (registered with :mod:`..evolve`).

Like the base handlers they only record what ``decide`` settled: the choices go
into the seat's ``claims`` (see :mod:`.board`).
"""

from __future__ import annotations

from typing import Any

from .. import actions
from ..folds import Payload, collects
from ..state import State

#: the fold functions of this module's events (the registry registers them)
EVENTS: dict[str, Any] = {}
handles = collects(EVENTS)


def _use(state: State, payload: Payload) -> None:
    item_id = payload.get("use")
    if item_id:
        state.pending = actions.consume(state.pending, item_id)
    state.acted = True


@handles("GermanTableauPrepared")
def _prepared(state: State, payload: Payload) -> None:
    """"Das ?-Plättchen 4 Münzen und die ?-Karte mit dem neuen Aufwerter werden bei
    allen Spielen mit dem Deutschlandtableau verwendet.\""""
    state.q_cards = state.q_cards + [c for c in payload["q_cards"] if c not in state.q_cards]


@handles("BranchChosen")
def _branch(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).claim(f"de_arm:{payload['arm']}")
    _use(state, payload)


@handles("ExtensionLaid")
def _extension(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).claim(f"de_tile:{payload['station']}:{payload['tile']}")
    _use(state, payload)


@handles("IncomeMarkerTaken")
def _income_taken(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).claim(f"de_income:{payload['marker']}")
    _use(state, payload)


@handles("IncomeMarkerUsed")
def _income_used(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).claim(f"de_income_used:{payload['marker']}:{payload['round']}")
    state.acted = True


@handles("ExtraMarkerPlaced")
def _extra_marker(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.markers = p.markers + [0]


@handles("RevaluationTileTaken")
def _revaluation(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).claim("de_revaluation")
