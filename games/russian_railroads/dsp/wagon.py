"""The DSP freight wagon (Güterwaggon): "so nimmt er sich das Plättchen Güterwaggon und
legt ihn hinter Loks im Wert von mindestens 3. Der Güterwaggon braucht keinen
Lokomotivplatz. Ab diesem Zeitpunkt tritt der Güterwaggon nun jede Runde direkt vor
der Wertung in Kraft. Zu diesem Zeitpunkt darf der Spieler auf der Strecke mit dem
Güterwaggon 2 Schritte mit Gleisen seiner Wahl machen."

- "hinter Loks im Wert von mindestens 3": a line whose locomotives are worth 3 or more
  together (interpretation: the wagon follows the line's train, whatever its cars).
- "jede Runde direkt vor der Wertung": when the round reaches its scoring, the system
  (``FreightWagon``, before ``ScoreRound``) gives each wagon owner in turn order a short
  turn of phase ``freight``: 2 track steps of any colour on that line (each may lapse;
  "darf"), then confirm.  An owner with no step possible there is passed over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import IllegalMove

from .. import actions, tracks
from ..context import Ctx, arg, line_arg
from ..data import RULES
from ..state import State
from .shape import dsp_state

STEPS = 2
MIN_VALUE = 3
PHASE = "freight"


def wagons(state: State) -> dict[str, int]:
    return dict(dsp_state(state).get("wagons", {}))


def lines_for(state: State, seat: str) -> list[int]:
    p = state.players[seat]
    return [line for line in range(3) if p.reach(line) >= MIN_VALUE]


def attach(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    found = actions.matching(ctx.work.pending, {"freight_wagon": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no freight wagon to attach")
    line = line_arg(args, ctx.work)
    if line not in lines_for(ctx.work, seat):
        raise IllegalMove("rr.dsp.wagon_line", "the freight wagon goes behind locomotives worth at least 3")
    ctx.emit("FreightWagonAttached", {"seat": seat, "line": line, "use": found[0].id})


def _step_possible(state: State, seat: str, line: int) -> bool:
    p = state.players[seat]
    if state.options.get("tableau") == "deutschland":
        return True  # the Deutschland lines have their own rules: the turn may lapse
    return any(RULES.allowed[line][c] and p.unlocked[c] and tracks.step_target(p.tr, p.unlocked, line, c)
               for c in range(5))


def due(state: State) -> list[str]:
    """Wagon owners still to get their steps before this round's scoring."""
    if state.phase != "scoring":
        return []
    owned = wagons(state)
    served = dsp_state(state).get("served", {})
    done = served.get("seats", []) if served.get("round") == state.round else []
    return [s for s in state.order if s in owned and s not in done]


def run(ctx: Ctx) -> None:
    """System work: the next wagon owner's short turn (or passing over it)."""
    waiting = due(ctx.work)
    if not waiting:
        raise IllegalMove("rr.system.not_due", "no freight wagon is due")
    seat = waiting[0]
    line = wagons(ctx.work)[seat]
    if _step_possible(ctx.work, seat, line):
        ctx.emit("FreightWagonTurnBegan", {"seat": seat, "line": line, "round": ctx.work.round})
    else:
        ctx.emit("FreightWagonIdle", {"seat": seat, "line": line, "round": ctx.work.round})


def in_turn(state: State) -> bool:
    return state.phase == PHASE


def advance(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """A track step of the wagon turn: on the wagon's line only, then the table's own rule."""
    line = line_arg(args, ctx.work)
    if line != wagons(ctx.work).get(seat):
        raise IllegalMove("rr.dsp.wagon_line_only", "the freight wagon's steps go on its line only")
    from ..decide import handler_for

    handler_for(_without_dsp(ctx.work), "AdvanceTrack")(ctx, seat, args)


def _without_dsp(state: State) -> State:
    """A view of the options without DSP, to find the table's own step handler."""
    view = state.clone()
    view.options = {k: v for k, v in state.options.items() if k != "dsp"}
    return view


def end(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    if not in_turn(ctx.work):
        raise IllegalMove("rr.turn.no_such_action", "no freight wagon turn is open")
    from ..submoves import mandatory_open

    if mandatory_open(ctx, seat):
        raise IllegalMove("rr.turn.mandatory_open", "a mandatory action is still open")
    ctx.emit("FreightWagonDone", {"seat": seat})


def confirmed(state: State) -> None:
    """The owner confirmed its wagon turn: back to the scoring (more wagons may be due)."""
    state.phase = "scoring"
    state.current = None
    state.pending = ()
    state.acted = state.placed = False


__all__ = ["arg"]
