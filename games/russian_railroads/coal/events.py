"""Folding the coal module's events (registered with :mod:`..evolve`): they only
record what ``decide`` settled, replacing ``State.coal`` (never changing it in place)."""

from __future__ import annotations

from typing import Any, cast

from games.contract import NOBODY, SECRET

from .. import actions
from ..data import with_boiler, without_boiler
from ..folds import Payload, collects
from ..state import State, added_at, set_at
from .board import COAL_FACTORY
from .shape import CoalState, coal_state

#: the fold functions of this module's events (the registry registers them)
EVENTS: dict[str, Any] = {}
handles = collects(EVENTS)


def _use(state: State, payload: Payload) -> None:
    item_id = payload.get("use")
    if item_id:
        state.pending = actions.consume(state.pending, item_id)
    state.acted = True


def _set(state: State, **changes: Any) -> CoalState:
    coal = state.coal = cast(CoalState, {**coal_state(state), **changes})
    return coal


def _add_coal(state: State, seat: str, n: int) -> None:
    coal = dict(state.coal["coal"])  # type: ignore[index]
    coal[seat] = coal.get(seat, 0) + n
    _set(state, coal=coal)


@handles("CoalPrepared")
def _prepared(state: State, payload: Payload) -> None:
    """Set-up: one round fewer, +1 coal and +1 coin each, the coal start bonus card and
    ?-card, the foundries (2 face up, the rest face down)."""
    state.rounds = payload["rounds"]
    for seat in state.seats:
        state.mut(seat).coins += payload["coins"]
    state.draft_cards = state.draft_cards + list(payload["draft_cards"])
    state.q_cards = state.q_cards + list(payload["q_cards"])
    state.coal = {"coal": dict(payload["coal"]), "open": list(payload["open"]), "stack": list(payload["stack"]),
                  "owned": {}, "closed": {}, "used": {}, "fields": {}}


@handles("CoalTaken")
def _taken(state: State, payload: Payload) -> None:
    _add_coal(state, payload["seat"], payload["coal"])


@handles("CoalSpent")
def _spent(state: State, payload: Payload) -> None:
    _add_coal(state, payload["seat"], -payload["coal"])
    _use(state, payload)


@handles("CoalFieldUsed")
def _field(state: State, payload: Payload) -> None:
    _add_coal(state, payload["seat"], -payload["coal"])
    fields = dict(state.coal["fields"])  # type: ignore[index]
    fields[payload["field"]] = [payload["seat"], payload["round"]]
    _set(state, fields=fields)
    state.acted = True


@handles("FoundryTaken")
def _foundry_taken(state: State, payload: Payload) -> None:
    coal = coal_state(state)
    seat = payload["seat"]
    owned = {**coal.get("owned", {}), seat: [*coal.get("owned", {}).get(seat, ()), payload["foundry"]]}
    _set(state, open=[f for f in coal["open"] if f != payload["foundry"]], owned=owned)
    _use(state, payload)


@handles("FoundryRevealed")
def _revealed(state: State, payload: Payload) -> None:
    coal = coal_state(state)
    stack = list(coal["stack"])
    stack.remove(payload["foundry"])
    _set(state, stack=stack, open=[*coal["open"], payload["foundry"]])


@handles("BoilerDrawn")
def _drawn(state: State, payload: Payload) -> None:
    """The top foundry of the face-down stack becomes a boiler (its front unseen)."""
    coal = coal_state(state)
    foundry = payload[SECRET][NOBODY]["foundry"]
    stack = list(coal["stack"])
    stack.remove(foundry)
    _set(state, stack=stack, drawn=[*coal.get("drawn", ()), foundry])


@handles("BoilerAttached")
def _attached(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    if payload["target"] == "loco":
        line = p.locos[payload["line"]]  # (shared between clones: replaced)
        p.locos = set_at(p.locos, payload["line"], set_at(line, line.index(payload["number"]),
                                                           with_boiler(payload["number"])))
    else:
        p.factories = set_at(p.factories, payload["slot"], with_boiler(p.factories[payload["slot"]]))
    _use(state, payload)


@handles("FoundryUsed")
def _foundry_used(state: State, payload: Payload) -> None:
    coal = coal_state(state)
    seat = payload["seat"]
    _add_coal(state, seat, -payload["coal"])
    mine = {**coal.get("used", {}).get(seat, {}), str(payload["foundry"]): payload["round"]}
    used = {**coal.get("used", {}), seat: mine}
    _set(state, used=used)
    state.acted = True


@handles("FoundryClosed")
def _closed(state: State, payload: Payload) -> None:
    coal = coal_state(state)
    seat = payload["seat"]
    owned = {**coal["owned"], seat: [f for f in coal["owned"].get(seat, ()) if f != payload["foundry"]]}
    closed = {**coal["closed"], seat: [*coal["closed"].get(seat, ()), payload["foundry"]]}
    _set(state, owned=owned, closed=closed)
    _use(state, payload)


@handles("CoalFactoryBuilt")
def _coal_factory(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    replaced = without_boiler(payload["replaced"])
    if replaced and replaced != COAL_FACTORY:
        state.display = added_at(state.display, replaced, 1)
    p.factories = set_at(p.factories, payload["slot"], COAL_FACTORY)
    _use(state, payload)
