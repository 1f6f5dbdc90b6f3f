"""Olga (engineer 4): "Der Spieler muss sofort einen weiteren Arbeiter auf einen
fremden, freien Ingenieur setzen und die Aktion dort ausführen. Dieser Ingenieur
ist damit besetzt."

- "fremd": an engineer another player hired; "frei": its owner has not used it
  this round and nobody else stands on it.
- "muss sofort": the Olga item blocks every other sub-move, and Olga may only be
  chosen while some target can be paid for and carried out in full (else the turn
  could never be finished).  A target is executed like a public engineer (in full).
- The further worker is an own worker if one is free, else the black worker, else a
  coin ("Münzen ersetzen Arbeiter"); a coin printed on the target is paid too (Pjotr).
- Olga on another Olga is left out: the chain would need a third worker for the
  same "sofort" (interpretation, the text says nothing).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import IllegalMove

from .. import actions, engineers, spaces
from ..context import Ctx, arg
from ..data import engineer_cost
from ..state import PlayerState, State

OLGA = 104


def _afford(p: PlayerState, fixed: int, paid_units: int) -> bool:
    """Can ``p`` still pay a further worker (or a coin for it) plus ``fixed`` coins
    after ``paid_units`` more workers/coins are gone?  Conservative: assumes those
    were coins (so an Olga chosen now can always be carried out)."""
    units = p.free + (1 if p.black_free else 0) + p.coins
    return units - paid_units >= 1 + fixed and p.coins - paid_units >= fixed


def targets(state: State, seat: str, paid_units: int = 0) -> list[str]:
    """The engineer spaces Olga may send a further worker of ``seat`` to."""
    p = state.players[seat]
    result = []
    for other in state.seats:
        if other == seat:
            continue
        q = state.players[other]
        for number in q.engineers:
            space = engineers.space_id(number)
            if number == OLGA or number in q.own_used or space in state.occupied:
                continue
            _, fixed = engineer_cost(number)
            if not _afford(p, fixed, paid_units):
                continue
            if actions.effects_feasible(state, p, engineers.effects(number)):
                result.append(space)
    return result


def possible(state: State, seat: str, relocation: bool = False) -> bool:
    """May Olga be chosen now?  A placement pays 1 worker for Olga first; a relocated
    worker is already paid."""
    return bool(targets(state, seat, 0 if relocation else 1))


def owner_of(state: State, number: int) -> str | None:
    for other in state.seats:
        if number in state.players[other].engineers:
            return other
    return None


def place_olga_worker(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    found = actions.matching(ctx.work.pending, {"olga": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no Olga action is open")
    space = arg(args, "space", str)
    number = engineers.number_of(space)
    owner = owner_of(ctx.work, number) if number else None
    if owner is None or owner == seat:
        raise IllegalMove("rr.dsp.olga_foreign", "Olga sends a worker to an engineer another player hired")
    if space not in targets(ctx.work, seat):
        raise IllegalMove("rr.dsp.olga_not_free",
                          "that engineer is used this round, cannot be paid for, or its action cannot be done in full")
    p = ctx.p(seat)
    _, fixed = engineer_cost(number)
    pay = "worker" if p.free > 0 else "black" if p.black_free else "coin"
    ctx.emit("OlgaWorkerPlaced", {"seat": seat, "space": space, "owner": owner, "pay": pay,
                                  "coins": fixed + (1 if pay == "coin" else 0), "use": found[0].id})
    ctx.gain(seat, engineers.effects(number), True, space)
    if pay == "black" and spaces.allows_black(engineers.effects(number)):
        ctx.add_item(seat, "steps", 1, False, "black", False, "black_worker")
