"""Folding events into the state: one small function per event type.

``apply`` mutates a state that the caller owns (a clone); :func:`evolve` clones
first, so the state passed in is never touched.  These functions only set,
append and increment: every decision was taken in ``decide`` and written into the
event (STYLE.md: logic that creeps into evolve moves back to decide).  The one
exception is the platform's ``TurnConfirmed``, which carries nothing but the
seat, so advancing to the next seat is worked out here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

from games.contract import NOBODY, SECRET, TURN_CONFIRMED, Event, Status

from . import turn_order
from .data import RULES
from .folds import EVENTS as _MOVE_EVENTS
from .folds import KEEPS_STATUS, Payload, collects
from .state import PlayerState, State, without

_APPLY: dict[str, Callable[[State, Payload], None]] = {}


def handles(name: str) -> Callable:
    def register(fn: Callable[[State, Payload], None]) -> Callable[[State, Payload], None]:
        _APPLY[name] = fn
        return fn

    return register


def register(handlers: Mapping[str, Callable[[State, Payload], None]]) -> None:
    """Fold a module's events too (called by the registry only)."""
    for name, fn in handlers.items():
        if _APPLY.get(name, fn) is not fn:
            raise ValueError(f"two fold functions for {name}")
        _APPLY[name] = fn


def apply(state: State, event: Event) -> None:
    fn = _APPLY.get(event.type)
    if fn is not None:
        fn(state, event.payload)


def evolve(state: State, event: Event) -> State:
    after = state._after
    if after is not None:
        # Folding the very events ``decide`` just returned for this state: ``decide``
        # already built the states they lead to (:func:`remember_outcome`).
        state._after = None
        events, outcomes = after
        if events[0] is event or events[0] == event:  # equal: the platform re-wraps events
            new = outcomes[0]
            if len(events) > 1:
                new._after = (events[1:], outcomes[1:])
            known = state._status
            if known is not None and event.type in KEEPS_STATUS:
                new._status = known
            return new
    new = state.clone()
    fn = _APPLY.get(event.type)  # (apply, inline: folding is the commonest call)
    if fn is not None:
        fn(new, event.payload)
    known = state._status
    if known is not None:
        if event.type in KEEPS_STATUS:
            new._status = known
        elif event.type == TURN_CONFIRMED and new.phase == "actions" and new.current is not None:
            new._status = _next_turn_status(known, new.current)
    return new


def _next_turn_status(known: Status, current: str) -> Status:
    """The base game's action-phase status after a confirm handed the turn to
    ``current``: ``known`` (the status before, kept only in the base game's action
    phase, see ``game._status``) but for the seat to move (a confirm changes no
    points, round or phase), built once per pair."""
    key = (id(known), current)
    found = _NEXT_TURN.get(key)
    if found is not None and found[0] is known:
        return found[1]
    status = _new_status(Status)  # (as game._status_for builds them: a dict of its own)
    fields = dict(known.__dict__)
    fields["to_move"] = (current,)
    _set_fields(status, "__dict__", fields)
    if len(_NEXT_TURN) > 16:  # (few: see game.STATUS_MEMO)
        _NEXT_TURN.clear()
    _NEXT_TURN[key] = (known, status)
    return status


#: (id of the status before, seat to move) -> (that status, the status after the confirm)
_NEXT_TURN: dict[tuple[int, str], tuple[Status, Status]] = {}
_new_status = object.__new__
_set_fields = object.__setattr__


class Unfolded(State):
    """A state ``decide`` kept after one of its events but the last, not built yet: the
    events so far (``_folds``) folded into a clone of the state decided on (``_base``)
    on the first read of any field but the caches.  Callers fold a command's events
    one after the other and mostly read nothing of the states between them but the
    caches ``evolve`` reads (``_after``, ``_status``), so most are never built: a clone
    per such event saved (figures in benchmarks/README.md, issue 23).  ``decide``'s
    input is never changed (``evolve`` never changes a state it was given), so the
    fold is the same whenever it is made; a field set by hand before that stays as
    set, as if set after it."""

    __slots__ = ("_base", "_folds")
    _base: State | None
    _folds: tuple[Event, ...]

    def __getattr__(self, name: str) -> Any:
        # Called only for a field not set yet (the slots raise AttributeError).
        base = object.__getattribute__(self, "_base")
        if base is None or name.startswith("__"):
            raise AttributeError(name)
        self._base = None
        folded = base.clone()
        for event in self._folds:
            fn = _APPLY.get(event.type)
            if fn is not None:
                fn(folded, event.payload)
        self._folds = ()
        get = object.__getattribute__
        for slot in _FOLDED_SLOTS:
            try:
                get(self, slot)
            except AttributeError:
                setattr(self, slot, get(folded, slot))
        return get(self, name)


#: The fields an :class:`Unfolded` state takes from its fold (the caches are its own)
_FOLDED_SLOTS = tuple(f.name for f in fields(State) if not f.metadata.get("cache"))
_new_unfolded = object.__new__


def unfolded(base: State, events: list[Event]) -> State:
    """``base`` with ``events`` folded into it, built on first use (:class:`Unfolded`)."""
    state = _new_unfolded(Unfolded)
    state._base = base
    state._folds = tuple(events)
    state._after = None
    state._placements = None
    state._steps = None
    state._builds = None
    state._status = None
    return state


def remember_outcome(state: State, events: list[Event], before_last: list[State], outcome: State) -> None:
    """Note that folding ``events`` into ``state`` gives ``before_last`` (the state after
    each event but the last) and then ``outcome``: built by ``decide`` as it emitted
    the events (each kept state a clone nothing changes afterwards), so ``evolve`` need
    not fold them again."""
    state._after = (tuple(events), (*before_last, outcome)) if events else None


# --- setup -------------------------------------------------------------------


@handles("GameCreated")
def _created(state: State, payload: Payload) -> None:
    seats = tuple(payload["seats"])
    setup = RULES.setup_for(len(seats))
    state.seats = seats
    state.options = dict(payload.get("options") or {})
    state.rounds = setup["rounds"]
    state.public_engineers = setup["public_engineers"]
    state.doubler_supply = RULES.raw["doublers"]["supply"]
    state.q_cards = [c["id"] for c in RULES.raw["question_cards"]]
    state.draft_cards = [c["id"] for c in RULES.raw["start_bonus_cards"]]
    state.order = list(seats)
    stacks = [0] + [setup["locos_per_number"]] * 9
    start = RULES.raw["locomotives"]["start_number"]
    stacks[start] -= len(seats)
    state.stacks = stacks
    players = {}
    for seat in seats:
        p = PlayerState(seat)
        p.workers = p.free = setup["start_workers"]
        p.coins = setup["start_coins"]
        p.tr[0] = p.tr[5] = p.tr[10] = 1
        p.locos[0].append(start)
        players[seat] = p
    state.players = players
    state._owned = tuple(seats)


@handles("TurnOrderDealt")
def _order(state: State, payload: Payload) -> None:
    state.order = list(payload["order"])


@handles("EngineersDealt")
def _engineers(state: State, payload: Payload) -> None:
    state.strip = list(payload["strip"])


@handles("EndGameDeckPrepared")
def _deck(state: State, payload: Payload) -> None:
    secret = payload[SECRET][NOBODY]
    state.end_deck = list(secret["deck"])
    state.end_removed = list(secret["removed"])


@handles("StartBonusDraftBegan")
def _draft(state: State, payload: Payload) -> None:
    state.round = 1
    state.queue = list(payload["queue"])
    if state.queue:
        state.phase = "draft"
        state.current = state.queue[0]
    else:
        state.phase = "actions"
        state.current = state.order[0]


@handles("StartBonusChosen")
def _bonus(state: State, payload: Payload) -> None:
    state.draft_cards = without(state.draft_cards, payload["card"])
    state.acted = state.placed = True


# --- turn end, round end ----------------------------------------------------


@handles(TURN_CONFIRMED)
def _confirmed(state: State, payload: Payload) -> None:
    seat = payload["seat"]
    table = state.table
    if not table.plain:
        # A module may take the confirm over (American Railroads' general payout, DSP's
        # freight wagon and Ludmilla's card round) or name the seat whose turn ends.
        for hook in table.turn_confirmed:
            seat = hook(state, seat)
            if seat is None:
                return
    state.pending = ()
    state.acted = state.placed = False
    state.end_seen = None
    if state.phase == "draft":
        state.queue = state.queue[1:]
        if state.queue:
            state.current = state.queue[0]
        else:
            state.phase = "actions"
            state.current = state.order[0]
    elif state.phase == "actions":
        nxt = turn_order.next_active(state, seat)
        if nxt is not None:
            state.current = nxt
            if not table.plain:
                for next_seat in table.next_seat:  # (Emil reveals a card again)
                    next_seat(state)
            return
        state.current = None
        # (``isdisjoint``, not a generator over ``state``: that would make it a cell at
        # every confirm folded)
        reorder = not state.last_round and not state.occupied.keys().isdisjoint(turn_order.TURN_ORDER_SPACES)
        state.phase = "reorder" if reorder else "scoring"
    elif state.phase == "relocation":
        state.queue = state.queue[1:]
        if state.queue:
            state.current = state.queue[0]
        else:
            state.current = None
            state.phase = "scoring"


@handles("TurnOrderResolved")
def _resolved(state: State, payload: Payload) -> None:
    state.order = list(payload["order"])
    state.queue = list(payload["relocations"])
    state.reloc_from = dict(payload["sources"])
    if state.queue:
        state.phase = "relocation"
        state.current = state.queue[0]
    else:
        state.phase = "scoring"
        state.current = None


@handles("WorkerRelocated")
def _relocated(state: State, payload: Payload) -> None:
    seat = payload["seat"]
    occupied = state.occupied = dict(state.occupied)  # (shared between clones: replaced)
    old = occupied.pop(payload["from"], [seat, 1, 0, False])
    if payload.get("own"):
        p = state.mut(seat)
        p.own_used = p.own_used + [payload["own"]]
    elif payload.get("never_occupied"):
        state.rally_users = state.rally_users + [seat]
    else:
        occupied[payload["to"]] = [seat, 1, 0, old[3]]
    state.acted = state.placed = True


@handles("RelocationSkipped")
def _skipped(state: State, payload: Payload) -> None:
    state.acted = state.placed = True


@handles("RoundScored")
def _scored(state: State, payload: Payload) -> None:
    for seat, row in payload["scores"].items():
        state.mut(seat).vp += row["total"]
    state.last_scoring = dict(payload["scores"])


@handles("RoundBegan")
def _began(state: State, payload: Payload) -> None:
    state.round = payload["round"]
    state.occupied = {}
    state.rally_users = []
    state.coin_only = []
    state.passed = []
    state.pending = ()
    state.reloc_from = {}
    state.queue = []
    state.acted = state.placed = False
    state.phase = "actions"
    state.current = state.order[0]
    for seat in state.seats:
        p = state.mut(seat)
        p.free = p.workers
        p.black_free = p.black
        p.own_used = []


@handles("GameFinished")
def _finished(state: State, payload: Payload) -> None:
    for seat, row in payload["final"].items():
        state.mut(seat).vp += row["end_cards"] + row["majority"]
    state.final = dict(payload)
    state.phase = "over"
    state.current = None


_APPLY.update(_MOVE_EVENTS)  # the moves' folds (:mod:`.folds`)
__all__ = ["Payload", "collects", "evolve", "register", "remember_outcome"]
