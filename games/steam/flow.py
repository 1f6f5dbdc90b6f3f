"""Phases and who moves next: the round of the base game (tiles, build, move goods x2,
income, turn order) and of the expert game (capital, auction, tiles, build, move goods,
income).  Deterministic, no validation: called by ``evolve`` when a turn is confirmed
and when system work is folded in.
"""

from __future__ import annotations

from . import auctions
from .state import State, fresh_turn


def _front(order: list[str], seat: str | None) -> list[str]:
    return ([seat] + [s for s in order if s != seat]) if seat in order else list(order)


def _set_queue(state: State, queue: list[str]) -> None:
    state.queue = [s for s in queue if s in state.order]
    state.current = state.queue[0] if state.queue else None


def start_round(state: State, number: int) -> None:
    state.round = number
    state.last_tiles = dict(state.tiles) if state.tiles else state.last_tiles
    state.tiles, state.passed_tile, state.loco_raised = {}, {}, []
    if state.expert:
        state.phase = "capital"
        _set_queue(state, state.order)
    else:
        start_actions(state)


def start_actions(state: State) -> None:
    state.phase = "actions"
    _set_queue(state, state.order)


def start_expert_auction(state: State) -> None:
    state.phase = "auction"
    holder = next((s for s, t in state.last_tiles.items() if t == 1 and s in state.order), None)
    state.auction = auctions.open_expert(state.order, holder)
    state.queue = []
    state.current = state.auction["turn"]


def start_build(state: State) -> None:
    state.phase = "build"
    _set_queue(state, _front(state.order, state.holder(4)))


def start_move(state: State) -> None:
    state.phase = "move"
    movers = _front(state.order, state.holder(2))
    _set_queue(state, movers + movers)


def advance(state: State) -> None:
    """After ``TurnConfirmed``: the next seat of the phase, or the next phase."""
    state.turn = fresh_turn()
    if state.phase in ("auction_setup", "auction"):
        a = state.auction
        if not a.get("done"):
            state.current = a["turn"]
            return
        if state.phase == "auction_setup":
            state.order = list(a["placed"])
            state.auction = {}
            start_round(state, 1)
        else:
            state.order = sorted(state.order, key=lambda s: a["places"][s])
            state.auction = {}
            start_actions(state)
        return
    if state.phase == "move" and state.rewards:
        state.current = state.rewards[0]["seat"]
        return
    if state.queue:
        state.queue.pop(0)
    if state.queue:
        state.current = state.queue[0]
        return
    state.current = None
    if state.phase == "capital":
        start_expert_auction(state)
    elif state.phase == "actions":
        start_build(state)
    elif state.phase == "build":
        state.phase = "build_end"
    elif state.phase == "move":
        state.phase = "income"


def turn_order_from_tiles(state: State) -> list[str]:
    """Base phase 5: ascending action-tile numbers (a passed tile's number counts too)."""
    return sorted(state.order, key=lambda s: state.tiles.get(s, 99))
