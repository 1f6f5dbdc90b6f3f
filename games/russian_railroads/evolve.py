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
from typing import Any

from games.contract import NOBODY, SECRET, TURN_CONFIRMED, Event

from . import actions, turn_order
from .data import BOILER, RULES, SPECIAL9
from .state import PlayerState, State, added_at, set_at, without

Payload = Mapping[str, Any]
_APPLY: dict[str, Callable[[State, Payload], None]] = {}


def handles(name: str) -> Callable:
    def register(fn: Callable[[State, Payload], None]) -> Callable[[State, Payload], None]:
        _APPLY[name] = fn
        return fn

    return register


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
            return new
    new = state.clone()
    fn = _APPLY.get(event.type)  # (apply, inline: folding is the commonest call)
    if fn is not None:
        fn(new, event.payload)
    return new


def remember_outcome(state: State, events: list[Event], before_last: list[State], outcome: State) -> None:
    """Note that folding ``events`` into ``state`` gives ``before_last`` (the state after
    each event but the last) and then ``outcome``: built by ``decide`` as it emitted
    the events (each kept state a clone nothing changes afterwards), so ``evolve`` need
    not fold them again."""
    state._after = (tuple(events), (*before_last, outcome)) if events else None


def _use(state: State, payload: Payload) -> None:
    item_id = payload.get("use")
    if item_id:
        state.pending = actions.consume(state.pending, item_id)
    state.acted = True


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
    if (payload.get("own") or payload.get("never_occupied")) and not workers:
        state.coin_only = state.coin_only + [f"{payload['seat']}:{space}"]
    if payload.get("own"):
        p.own_used = p.own_used + [payload["own"]]
    elif payload.get("never_occupied"):
        state.rally_users = state.rally_users + [payload["seat"]]
    else:
        state.occupied[space] = [payload["seat"], workers, payload["coins"], black]
    state.acted = state.placed = True


@handles("Passed")
def _passed(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.vp += payload["points"]
    state.passed = state.passed + [payload["seat"]]
    state.acted = state.placed = True


@handles("ActionsGained")
def _gained(state: State, payload: Payload) -> None:
    items = tuple(map(tuple, payload["items"]))
    state.pending = state.pending + items  # type: ignore[operator]
    # (a loop, not max() over a comprehension: an item or two, every placement)
    next_item = state.next_item
    for item in items:
        if item[0] >= next_item:
            next_item = item[0] + 1
    state.next_item = next_item


@handles("TrackAdvanced")
def _track(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.tr[payload["line"] * 5 + payload["colour"]] = payload["to"]
    _use(state, payload)


@handles("TracksUnlocked")
def _unlock(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).unlocked[payload["colour"]] = True


@handles("SpecialSpaceReached")
def _special(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).claims.append(payload["key"])


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
    state.mut(payload["seat"]).markers[payload["marker"] - 1] = payload["to"]
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
    number = payload["number"] % BOILER  # a boiler leaves the game with its loco
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
    replaced = payload["replaced"] % BOILER
    if replaced and replaced < len(state.display):  # (not the coal factory)
        state.display = added_at(state.display, replaced, 1)
    p.factories[payload["slot"]] = number
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
    p.claims.append("q:" + payload["space"])
    _use(state, payload)


@handles("SecondMarkerPlaced")
def _second(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).markers[1] = 0


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
        reorder = not state.last_round and any(s in state.occupied for s in turn_order.TURN_ORDER_SPACES)
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
    old = state.occupied.pop(payload["from"], [seat, 1, 0, False])
    if payload.get("own"):
        p = state.mut(seat)
        p.own_used = p.own_used + [payload["own"]]
    elif payload.get("never_occupied"):
        state.rally_users = state.rally_users + [seat]
    else:
        state.occupied[payload["to"]] = [seat, 1, 0, old[3]]
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
