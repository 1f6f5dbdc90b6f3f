"""Folding the events of a turn's moves (placements and what they gain, the sub-moves'
results): one small function per event type, registered with :mod:`.evolve` by
:data:`EVENTS` (see that module); and what every fold module shares (:data:`Payload`,
:func:`collects`, :func:`_use`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.contract import SECRET

from . import actions
from .data import SPECIAL9, without_boiler
from .items import item_of
from .state import PlayerState, State, added_at, set_at, without

Payload = Mapping[str, Any]


def collects(into: dict[str, Callable[[State, Payload], None]]) -> Callable:
    """A ``handles`` decorator of a module's own: its fold functions go into ``into``,
    which the registry (:mod:`.plugins`) hands to :func:`register`; importing a module
    registers nothing."""

    def handles_into(name: str) -> Callable:
        def register_one(fn: Callable[[State, Payload], None]) -> Callable[[State, Payload], None]:
            into[name] = fn
            return fn

        return register_one

    return handles_into


def _use(state: State, payload: Payload) -> None:
    item_id = payload.get("use")
    if item_id:
        state.pending = actions.consume(state.pending, item_id)
    state.acted = True


#: the fold functions of this module's events (:mod:`.evolve` folds with them)
EVENTS: dict[str, Callable[[State, Payload], None]] = {}
handles = collects(EVENTS)


# --- turn actions ----------------------------------------------------------


@handles("WorkersPlaced")
def _placed(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    space = payload["space"]
    black = payload["black"]
    workers = payload["workers"]
    p.free -= workers - (1 if black else 0)
    if black:
        p.black_free = False
    p.coins -= payload["coins"]
    own, never_occupied = payload.get("own"), payload.get("never_occupied")
    if (own or never_occupied) and not workers:
        state.coin_only = state.coin_only + [f"{payload['seat']}:{space}"]
    if own:
        p.own_used = p.own_used + [own]
    elif never_occupied:
        state.rally_users = state.rally_users + [payload["seat"]]
    else:
        state.occupied = {**state.occupied, space: [payload["seat"], workers, payload["coins"], black]}
    state.acted = state.placed = True


@handles("Passed")
def _passed(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.vp += payload["points"]
    state.passed = state.passed + [payload["seat"]]
    state.acted = state.placed = True


@handles("ActionsGained")
def _gained(state: State, payload: Payload) -> None:
    items = tuple(map(item_of, payload["items"]))
    state.pending = state.pending + items
    # (a loop, not max() over a comprehension: an item or two, every placement)
    next_item = state.next_item
    for item in items:
        if item.id >= next_item:
            next_item = item.id + 1
    state.next_item = next_item


@handles("TrackAdvanced")
def _track(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.tr = set_at(p.tr, payload["line"] * 5 + payload["colour"], payload["to"])
    _use(state, payload)


@handles("TracksUnlocked")
def _unlock(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.unlocked = set_at(p.unlocked, payload["colour"], True)


@handles("SpecialSpaceReached")
def _special(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.claims = p.claims + [payload["key"]]


@handles("WorkerGained")
def _worker(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    if payload["black"]:
        p.black = p.black_free = True
    else:
        p.workers += 1
        p.extra_workers += 1
        p.free += 1


@handles("PointsScored")
def _points(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).vp += payload["points"]
    if payload.get("use"):
        _use(state, payload)


@handles("CoinsTaken")
def _coins(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).coins += payload["coins"]


@handles("TempWorkersTaken")
def _temp(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).free += payload["workers"]


@handles("DoublerPlaced")
def _doubler(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).doublers += 1
    state.doubler_supply -= 1
    _use(state, payload)


@handles("IndustryAdvanced")
def _industry(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.markers = set_at(p.markers, payload["marker"] - 1, payload["to"])
    _use(state, payload)


@handles("LocoBuilt")
def _loco_built(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    state.stacks = added_at(state.stacks, payload["number"], -1)
    _put_loco(p, payload)
    _use(state, payload)


@handles("LocoPlaced")
def _loco_placed(state: State, payload: Payload) -> None:
    _put_loco(state.mut(payload["seat"]), payload)
    _use(state, payload)


def _put_loco(p: PlayerState, payload: Payload) -> None:
    line = list(p.locos[payload["line"]])  # (locos are shared between clones: replaced)
    if payload["replaced"]:
        line.remove(payload["replaced"])
    line.append(payload["number"])
    p.locos = set_at(p.locos, payload["line"], line)


@handles("LocoDiscarded")
def _loco_discarded(state: State, payload: Payload) -> None:
    number = without_boiler(payload["number"])  # a boiler leaves the game with its loco
    if number != SPECIAL9:
        state.display = added_at(state.display, number, 1)
    _use(state, payload)


@handles("FactoryBuilt")
def _factory(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    number = payload["number"]
    if payload["source"] == "stack":
        state.stacks = added_at(state.stacks, number, -1)
    else:
        state.display = added_at(state.display, number, -1)
    replaced = without_boiler(payload["replaced"])
    if replaced and replaced < len(state.display):  # (not the coal factory)
        state.display = added_at(state.display, replaced, 1)
    p.factories = set_at(p.factories, payload["slot"], number)
    _use(state, payload)


@handles("EngineerHired")
def _hired(state: State, payload: Payload) -> None:
    number = payload["number"]
    p = state.mut(payload["seat"])
    p.engineers = p.engineers + [number]
    if number in state.strip:
        state.strip = set_at(state.strip, state.strip.index(number), None)


@handles("QuestionTokenTaken")
def _q_token(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.q_used = p.q_used + [payload["token"]]
    p.claims = p.claims + ["q:" + payload["space"]]
    _use(state, payload)


@handles("SecondMarkerPlaced")
def _second(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.markers = set_at(p.markers, 1, 0)


@handles("QuestionCardTaken")
def _q_card(state: State, payload: Payload) -> None:
    state.q_cards = without(state.q_cards, payload["card"])
    _use(state, payload)


@handles("EndCardsSearched")
def _end_searched(state: State, payload: Payload) -> None:
    state.end_seen = list(payload[SECRET][payload["seat"]]["cards"])


@handles("EndCardTaken")
def _end_card(state: State, payload: Payload) -> None:
    card = payload[SECRET][payload["seat"]]["card"]
    state.end_deck = without(state.end_deck, card)
    if state.end_seen is not None and card in state.end_seen:
        state.end_seen = [c for c in state.end_seen if c != card]
    p = state.mut(payload["seat"])
    p.end_cards = p.end_cards + [card]
    _use(state, payload)


@handles("SpaceReused")
def _reused(state: State, payload: Payload) -> None:
    _use(state, payload)


#: The moves' events that change nothing a status reads (phase, round, the seat to
#: move, the seats' points): the base game's action-phase status kept on a state
#: (``State._status``, see ``game._status``) holds for the state they fold into too.
KEEPS_STATUS = frozenset(EVENTS) - {"Passed", "PointsScored"}
