"""Folding American Railroads' events (registered with :mod:`..evolve`), and the turn
end that starts a general payout.

Like the base handlers they only record what ``decide`` settled; ``state.usa`` is
replaced, never changed in place (clones share it).
"""

from __future__ import annotations

from typing import Any, cast

from .. import actions
from ..folds import Payload, collects
from ..state import State, set_at
from .board import LINES, STEEL_MILL, market_of
from .shape import Market

#: the fold functions of this module's events (the registry registers them)
EVENTS: dict[str, Any] = {}
handles = collects(EVENTS)

#: a steel mill is taken with a loco from the stack: in a turn or when a relocated worker
#: builds one
PAYOUT_PHASES = ("actions", "relocation")


def _use(state: State, payload: Payload) -> None:
    item_id = payload.get("use")
    if item_id:
        state.pending = actions.consume(state.pending, item_id)
    state.acted = True


def _usa(state: State, **changes: Any) -> None:
    state.usa = cast(Market, {**market_of(state), **changes})


@handles("UsaTableauPrepared")
def _prepared(state: State, payload: Payload) -> None:
    """"Ihr beginnt das Spiel mit beiden Industriemarkern ... Stellt einen davon jeweils
    auf das Feld 0 der beiden Industrieleisten."""
    for seat in state.seats:
        p = state.mut(seat)
        p.claims = p.claims + ["usa"]
        p.markers = set_at(p.markers, 1, 0)
    state.usa = cast(Market, dict(payload["market"]))


@handles("SharesRose")
def _rose(state: State, payload: Payload) -> None:
    u = market_of(state)
    seat = payload["seat"]
    _usa(state, level={**u["level"], seat: payload["level"]}, arrived={**u["arrived"], seat: u["counter"]},
         counter=u["counter"] + 1)


@handles("DividendTileLaid")
def _tile(state: State, payload: Payload) -> None:
    _usa(state, tiles={**market_of(state)["tiles"], str(payload["level"]): payload["tile"]})
    _use(state, payload)


@handles("RubbleBlasted")
def _blasted(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.claims = p.claims + [f"us_blast:{payload['rubble']}"]


@handles("CoinSpaceUsed")
def _coin_space(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.coins -= payload["coins"]
    p.claims = p.claims + [f"us_done:{payload['space']}"]
    state.acted = True


@handles("UsaDoublerPlaced")
def _doubler(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    if payload["line"] == 0:  # the main line's 8 slots: the base count
        p.doublers += 1
    else:
        p.claims = p.claims + [f"us_dbl:{LINES[payload['line']]}"]
    state.doubler_supply -= 1
    _use(state, payload)


@handles("SteelMillTaken")
def _mill(state: State, payload: Payload) -> None:
    _usa(state, mills=[m for m in market_of(state)["mills"] if m != payload["stack"]], taker=payload["seat"])


@handles("SteelMillBuilt")
def _mill_built(state: State, payload: Payload) -> None:
    p = state.mut(payload["seat"])
    p.factories = set_at(p.factories, payload["slot"], STEEL_MILL)
    _use(state, payload)


@handles("SteelMillBoxed")
def _mill_boxed(state: State, payload: Payload) -> None:
    _use(state, payload)


@handles("PersonalPayout")
def _personal(state: State, payload: Payload) -> None:
    state.acted = True


@handles("StockBonusScored")
def _bonus(state: State, payload: Payload) -> None:
    state.mut(payload["seat"]).vp += payload["points"]


# --- the general payout ----------------------------------------------------------------


def _turn_over(state: State) -> None:
    state.pending = ()
    state.acted = state.placed = False
    state.end_seen = None
    state.current = None


def confirmed(state: State, seat: str) -> bool:
    """The turn end at a USA table: "Nachdem du deinen Zug beendet hast, führt ihr eine
    allgemeine Ausschüttung aus. Der Spieler, der das Stahlwerk genommen hat beginnt ...
    Danach folgen seine Mitspieler in der Reihenfolge, in der sie auf der
    Reihenfolgeleiste stehen."  True when the usual advance is put off (the system then
    runs ``StockPayout`` for each seat in turn)."""
    u = state.usa
    if u is None or state.phase not in PAYOUT_PHASES:
        return False
    if u["resume"]:  # a seat finished its part of the payout
        _turn_over(state)
        queue = u["queue"][1:]
        if u["taker"]:  # a mill taken with the payout's own steps (a factory entered): another payout
            queue += [u["taker"]] + [s for s in state.order if s != u["taker"]]
        _usa(state, queue=queue, taker=None)
        return True
    if u["taker"] == seat:
        _turn_over(state)
        _usa(state, taker=None, queue=[seat] + [s for s in state.order if s != seat], resume=seat)
        return True
    return False


@handles("GeneralPayoutBegan")
def _payout_began(state: State, payload: Payload) -> None:
    state.current = payload["seat"]
    state.placed = True


@handles("PayoutDeclined")
def _declined(state: State, payload: Payload) -> None:
    state.pending = ()
    state.acted = True


@handles("GeneralPayoutDone")
def _payout_done(state: State, payload: Payload) -> None:
    _turn_over(state)
    _usa(state, queue=market_of(state)["queue"][1:])


@handles("GeneralPayoutEnded")
def _payout_ended(state: State, payload: Payload) -> None:
    """Play goes on after the taker's turn, as if it had just been confirmed."""
    from ..evolve import _confirmed

    resume = market_of(state)["resume"]
    _usa(state, resume=None, queue=[])
    _confirmed(state, {"seat": resume})


def payout_due(state: State) -> bool:
    return bool(state.usa and state.usa.get("resume") and state.current is None and state.phase in PAYOUT_PHASES)
