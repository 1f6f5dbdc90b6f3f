"""What a seat may do at a Deutschland table: the base candidates on the seat's own
lines, the switch, extension tiles and income markers.

As in :mod:`..legal`, candidates are generated cheaply and then checked with the very
handlers ``decide`` dispatches to, so the list and the validation cannot disagree.
"""

from __future__ import annotations

from typing import Any

from games.contract import Command, OpenAction

from .. import actions, industry, locomotives
from ..context import accepts
from ..data import RULES
from ..decide import handler_for
from ..items import placing
from ..legal import open_kinds
from ..placements import placement_commands
from ..state import State
from . import board, moves


def _ok(state: State, seat: str, ctype: str, args: dict[str, Any]) -> bool:
    return accepts(handler_for, state, seat, ctype, args)


def before_placing(state: State, seat: str) -> list[Command]:
    """The action phase before the seat placed: pass, placements, income markers (and
    what they gave, which may be spent before placing)."""
    if actions.blocking_item(state.pending) is not None:
        return submoves(state, seat)
    placements = placement_commands(state, seat)
    result = [] if state.acted and placements else [Command("Pass", seat, {})]
    result += placements
    return result + submoves(state, seat)


def income_uses(state: State, seat: str) -> list[Command]:
    if state.phase != "actions" or seat in state.passed:
        return []
    p = state.players[seat]
    # checked with the handler: it refuses a use in a turn that can only end in a pass
    return [Command("UseIncomeMarker", seat, {"marker": m}) for m in board.income_of(p)
            if not board.income_used(p, m, state.round) and _ok(state, seat, "UseIncomeMarker", {"marker": m})]


def submoves(state: State, seat: str) -> list[Command]:
    p = state.players[seat]
    pending = state.pending
    cands: list[tuple[str, dict[str, Any]]] = []
    block = actions.blocking_item(pending)
    if block is not None:
        if block.kind == "branch":
            cands += [("ChooseBranch", {"arm": arm}) for arm in board.ARMS]
        elif block.kind == "extension":
            length = board.STATIONS[block.arg][2]
            cands += [("ChooseExtension", {"tile": t}) for t in board.open_tiles(state.players.values(), length)]
        elif block.kind == "place_loco":
            number, exclude = placing(block.arg)
            for line, replace in locomotives.placements(p, number, exclude):
                cands.append(("PlaceLoco", {"line": board.LINES[line], "replace": replace, "number": number}))
            cands.append(("DiscardLoco", {"number": number}))
        return [Command(t, seat, a) for t, a in cands if _ok(state, seat, t, a)]
    kinds, colours = open_kinds(pending)
    rules = moves.rules_for(p)
    for colour in sorted(colours):
        for line in range(3):
            if rules.step_target(p.tr, p.unlocked, line, colour):
                cands.append(("AdvanceTrack", {"line": board.LINES[line], "colour": RULES.colours[colour]}))
    if "industry" in kinds:
        for marker in range(1, len(p.markers) + 1):
            if industry.step_target(p, marker - 1) >= 0:
                cands.append(("AdvanceIndustry", {"marker": marker}))
    if "doublers" in kinds:
        cands.append(("PlaceDoubler", {}))
    if kinds & {"loco", "loco_or_factory"}:
        number = locomotives.lowest_stack(state.stacks)
        if number:
            for line, replace in locomotives.placements(p, number):
                cands.append(("BuildLoco", {"line": board.LINES[line], "replace": replace, "number": number}))
    if kinds & {"factory", "loco_or_factory"}:
        for source, number in locomotives.factory_sources(state.stacks, state.display):
            for slot in locomotives.factory_slots(p):
                cands.append(("BuildFactory", {"source": source, "number": number, "slot": slot}))
    if "q_token" in kinds:
        cands += [("ChooseQuestionToken", {"token": t}) for t in state.table.q_tokens if t not in p.q_used]
    if "q_card" in kinds:
        cands += [("ChooseQuestionCard", {"card": c}) for c in state.q_cards]
    if kinds & {"end_card", "end_card_or_vp"}:
        if state.end_seen is None:
            cands.append(("SearchEndCards", {}))
        else:
            cands += [("ChooseEndCard", {"card": c}) for c in state.end_seen]
    if "end_card_or_vp" in kinds:
        cands.append(("TakePoints", {}))
    if "reuse" in kinds:
        cands += [("ReuseSpace", {"space": s}) for s in actions.reusable_spaces(state, seat)]
    if "grey_jump" in kinds:
        cands += [("JumpGreyTrack", {"line": board.LINES[li]}) for li in rules.grey_jump_lines(p.tr, p.unlocked)]
    if "income_marker" in kinds:
        cands += [("TakeIncomeMarker", {"marker": m}) for m in board.open_income(state.players.values())]
    return [Command(t, seat, a) for t, a in cands if _ok(state, seat, t, a)] + income_uses(state, seat)


def optional_actions(state: State, seat: str) -> list[OpenAction]:
    """The income markers still face up this round (optional)."""
    if income_uses(state, seat) and actions.blocking_item(state.pending) is None:
        return [OpenAction("rr.open.income_use", False, {}, ("UseIncomeMarker",))]
    return []
