"""The optional actions still open in a turn, for the move window.

Laying track, building stations and buying shares may be done several times a turn
and never must be (rules text, "SPIELABLAUF": five actions "in beliebiger Reihenfolge");
confirming the turn forfeits them.  So the move window names each one while a listed
command can still carry it out, instead of "nothing left to do".  Asked only for the
move window and at confirmation: the cheap mandatory check (:func:`has_mandatory`) is
what listings and bots use.
"""

from __future__ import annotations

from games.contract import OpenAction
from games.kit.memo import Memo

from .bridge import owes_bridge
from .data import RULES
from .legal import legal_commands, open_actions
from .state import State

#: (open-action key, the command types that carry it out), in the order of the rules text.
OPTIONAL = (
    ("rd.open.share", ("BuyShare",)),
    ("rd.open.track", ("PlaceTrack", "BuildBridge", "ConnectTile")),
    ("rd.open.station", ("BuildStation",)),
)


def optional_actions(state: State, seat: str) -> list[OpenAction]:
    """Shares, track and stations, each while a legal command can still do it."""
    if state.phase != "play" or seat != state.current:
        return []
    types = {command.type for command in legal_commands(state, seat)}
    return [OpenAction(key, False, {}, commands) for key, commands in OPTIONAL if types.intersection(commands)]


def all_open_actions(state: State, seat: str) -> list[OpenAction]:
    """The turn's open actions (:func:`.legal.open_actions`) and then the optional ones; the
    roll only while there is something to roll (no dice behind the screen and no '?' die in
    front leave only "roll no dice", which is nothing to name)."""
    nothing_to_roll = not state.screen.get(seat) and not state.front.get(seat, {}).get("question")
    return [a for a in open_actions(state, seat) if not (a.key == "rd.open.roll" and nothing_to_roll)] \
        + optional_actions(state, seat)


def has_mandatory(state: State, seat: str) -> bool:
    """Whether something mandatory is open, without listing every command (memoised per
    sealed state: the platform asks for every listing, of the bot's table and the real one,
    which fold into the same states, :mod:`.evolve`)."""
    return seat == state.current and _MANDATORY.own(state)


def _mandatory(state: State) -> bool:
    """Whether :func:`.legal.open_actions` holds a mandatory action, without making them:
    its mandatory ones are a bridge owed and dice to give back (each state of a turn was
    asked, and made the turn's four actions to answer)."""
    seat = state.current
    if seat is None or state.end_trigger == "d":
        return False
    return owes_bridge(state) or state.front_total(seat) > RULES["front_limit"]


_MANDATORY: Memo[State, bool] = Memo(_mandatory)
