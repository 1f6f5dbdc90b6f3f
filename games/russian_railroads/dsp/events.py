"""Folding the DSP events (registered with :mod:`..evolve`): they record what
``decide`` settled; ``State.dsp`` is replaced, never changed in place."""

from __future__ import annotations

from typing import Any

from ..data import Q_FACTORY, without_boiler
from ..folds import Payload, _use, collects
from ..items import Item
from ..state import State, added_at, set_at
from .ludmilla import _set, round_of
from .shape import dsp_state

#: the fold functions of this module's events (the registry registers them)
EVENTS: dict[str, Any] = {}
handles = collects(EVENTS)


@handles("OlgaWorkerPlaced")
def _olga(state: State, payload: Payload) -> None:
    """The further worker stands on the other player's engineer: it is occupied."""
    p = state.mut(payload["seat"])
    pay = payload["pay"]
    if pay == "worker":
        p.free -= 1
    elif pay == "black":
        p.black_free = False
    p.coins -= payload["coins"]
    state.occupied = {**state.occupied,
                      payload["space"]: [payload["seat"], 0 if pay == "coin" else 1, payload["coins"], pay == "black"]}
    _use(state, payload)


@handles("LudmillaRoundBegan")
def _round(state: State, payload: Payload) -> None:
    _set(state, {"by": payload["seat"], "cards": list(payload["cards"]), "queue": list(payload["queue"]),
                 "stage": "wait", "resume": []})


@handles("LudmillaChosen")
def _chosen(state: State, payload: Payload) -> None:
    lud = round_of(state)
    if lud and payload.get("card") in lud["cards"]:
        _set(state, {**lud, "cards": [c for c in lud["cards"] if c != payload["card"]]})
    _use(state, payload)


@handles("LudmillaTurnEnded")
def _ended(state: State, payload: Payload) -> None:
    state.pending = ()
    state.acted = True


@handles("DspTokensLaidOut")
def _laid_out(state: State, payload: Payload) -> None:
    state.dsp = {**dsp_state(state), "open": list(payload["open"]), "tokens": {}}


@handles("OpenQuestionTokenTaken")
def _open_taken(state: State, payload: Payload) -> None:
    dsp = dsp_state(state)
    seat, token = payload["seat"], payload["token"]
    tokens = {**dsp.get("tokens", {}), seat: [*dsp.get("tokens", {}).get(seat, ()), token]}
    state.dsp = {**dsp, "open": [t for t in dsp.get("open", ()) if t != token], "tokens": tokens}
    _use(state, payload)


@handles("QuestionFactoryBuilt")
def _q_factory(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    replaced = without_boiler(payload["replaced"])
    if replaced and replaced < len(state.display):  # (not the coal factory)
        state.display = added_at(state.display, replaced, 1)
    p.factories = set_at(p.factories, payload["slot"], Q_FACTORY)
    _use(state, payload)


@handles("FreightWagonAttached")
def _wagon(state: State, payload: Payload) -> None:
    dsp = dsp_state(state)
    state.dsp = {**dsp, "wagons": {**dsp.get("wagons", {}), payload["seat"]: payload["line"]}}
    _use(state, payload)


def _served(state: State, payload: Payload) -> None:
    dsp = dsp_state(state)
    served = dsp.get("served", {})
    seats = served.get("seats", []) if served.get("round") == payload["round"] else []
    state.dsp = {**dsp, "served": {"round": payload["round"], "seats": [*seats, payload["seat"]]}}


@handles("FreightWagonTurnBegan")
def _wagon_turn(state: State, payload: Payload) -> None:
    _served(state, payload)
    state.phase = "freight"
    state.current = payload["seat"]
    state.pending = (Item(state.next_item, "steps", 2, False, "any", False),)
    state.next_item += 1
    state.placed = True
    state.acted = False


@handles("FreightWagonIdle")
def _wagon_idle(state: State, payload: Payload) -> None:
    _served(state, payload)


@handles("FreightWagonDone")
def _wagon_done(state: State, payload: Payload) -> None:
    state.pending = ()
    state.acted = True


@handles("HeadhunterUsed")
def _headhunter(state: State, payload: Payload) -> None:
    _use(state, payload)
