"""What a seat may do with DSP: Olga's target, Ludmilla's cards, the end of an
interrupted turn; and what the card round takes away.  Candidates are checked with
the very handlers ``decide`` dispatches to."""

from __future__ import annotations

from games.contract import Command

from .. import actions
from ..context import accepts
from ..state import State
from . import ludmilla, olga, tokens, wagon
from .moves import COMMANDS


def _line_names(state: State) -> tuple[str, ...]:
    from ..context import _line_names as names
    from ..data import RULES

    return names(state) or tuple(RULES.lines)


def _handler(_state: State, ctype: str):  # type: ignore[no-untyped-def]
    return COMMANDS.get(ctype) or (wagon.advance if ctype == "AdvanceTrack" else None)


def _ok(state: State, seat: str, ctype: str, args: dict) -> bool:
    return accepts(_handler, state, seat, ctype, args)


def commands(state: State, seat: str, result: list[Command]) -> list[Command]:
    """``result`` (the base and other modules' commands) filtered and completed."""
    lud = ludmilla.round_of(state)
    if lud and lud["stage"] == "wait" and lud["by"] == seat:
        return []  # only the confirm
    if lud and lud["stage"] == "others":
        result = [c for c in result if c.type not in ludmilla.NOT_IN_CHOICE_TURN]
    if not tokens.double_q_possible(state):
        result = [c for c in result if not (c.type == "ChooseQuestionToken" and c.args.get("token") == "double_q")]
    kinds = {item.kind for item in state.pending if item.n > 0}
    cands: list[tuple[str, dict]] = []
    if "olga" in kinds:
        cands += [("PlaceOlgaWorker", {"space": space}) for space in olga.targets(state, seat)]
    if "ludmilla" in kinds:
        cands += [("ChooseLudmillaCard", {"card": card}) for card in ludmilla.cards_left(state)]
        cands.append(("TakeLudmillaPoints", {}))
    if "open_q" in kinds:
        cands += [("ChooseOpenQuestionToken", {"token": t}) for t in tokens.open_tokens(state)]
    if "q_factory" in kinds:
        from ..locomotives import factory_slots

        cands += [("BuildQuestionFactory", {"slot": s}) for s in factory_slots(state.players[seat])]
    if "freight_wagon" in kinds:
        names = _line_names(state)
        cands += [("AttachFreightWagon", {"line": names[line]}) for line in wagon.lines_for(state, seat)]
    if wagon.in_turn(state):
        line = _line_names(state)[wagon.wagons(state)[seat]]
        result = [c for c in result if c.type != "AdvanceTrack" or c.args.get("line") == line]
        cands.append(("EndFreightWagon", {}))
    if "headhunter" in kinds:
        cands += [("ChooseHeadhunterEngineer", {"number": n}) for n in tokens.box(state)]
    if lud and lud["stage"] == "resumed" and lud["by"] == seat:
        cands.append(("EndLudmillaTurn", {}))
    block = actions.blocking_item(state.pending)
    if block is not None and block.kind in ("olga", "ludmilla", "open_q"):
        result = []
    return result + [Command(t, seat, a) for t, a in cands if _ok(state, seat, t, a)]
