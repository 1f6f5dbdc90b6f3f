"""What a seat may do at a USA table: the base candidates on the seat's own lines and
industry tracks, the doubler slots of all three lines, coin spaces, dividend tiles
and steel mills.

As in :mod:`..legal`, candidates are generated cheaply and then checked with the very
handlers ``decide`` dispatches to, so the list and the validation cannot disagree.
"""

from __future__ import annotations

from typing import Any

from games.contract import Command, OpenAction

from .. import actions, locomotives
from ..context import accepts
from ..data import RULES
from ..decide import handler_for
from ..items import placing
from ..legal import open_kinds
from ..placements import placement_commands
from ..state import State
from . import board, market, moves
from .board import LINES, market_of
from .payout import payout_due_for


def _ok(state: State, seat: str, ctype: str, args: dict[str, Any]) -> bool:
    return accepts(handler_for, state, seat, ctype, args)


def before_placing(state: State, seat: str) -> list[Command]:
    if actions.blocking_item(state.pending) is not None:
        return submoves(state, seat)
    placements = placement_commands(state, seat)
    result = [] if state.acted and placements else [Command("Pass", seat, {})]
    return result + placements + submoves(state, seat)


def coin_uses(state: State, seat: str) -> list[Command]:
    if not state.placed or state.phase != "actions" or seat in state.passed or market_of(state).get("resume"):
        return []
    p = state.players[seat]
    if p.coins < board.DATA["coin_space_cost"] or actions.blocking_item(state.pending) is not None:
        return []
    return [Command("UseCoinSpace", seat, {"space": key}) for key in board.coin_spaces_ready(p)]


def submoves(state: State, seat: str) -> list[Command]:
    p = state.players[seat]
    pending = state.pending
    cands: list[tuple[str, dict[str, Any]]] = []
    block = actions.blocking_item(pending)
    if block is not None:
        if block.kind == "dividend":
            cands += [("ChooseDividend", {"tile": t}) for t in market.open_tiles(state)]
        elif block.kind == "steel_mill":
            cands += [("BuildSteelMill", {"slot": s}) for s in board.factory_slots(p)]
            cands.append(("BoxSteelMill", {}))
        elif block.kind == "place_loco":
            number, exclude = placing(block.arg)
            for line, replace in locomotives.placements(p, number, exclude):
                cands.append(("PlaceLoco", {"line": LINES[line], "replace": replace, "number": number}))
            cands.append(("DiscardLoco", {"number": number}))
        return [Command(t, seat, a) for t, a in cands if _ok(state, seat, t, a)]
    kinds, colours = open_kinds(pending)
    rules = moves.rules_for(p)
    for colour in sorted(colours):
        for line in range(3):
            if rules.step_target(p.tr, p.unlocked, line, colour):
                cands.append(("AdvanceTrack", {"line": LINES[line], "colour": RULES.colours[colour]}))
    if "industry" in kinds:
        for marker in (1, 2):
            if board.industry_step_target(p, marker - 1) >= 0:
                cands.append(("AdvanceIndustry", {"marker": marker}))
    if "doublers" in kinds:
        cands += [("PlaceDoubler", {"line": line}) for li, line in enumerate(LINES)
                  if board.line_doublers(p, li) < board.DOUBLER_SLOTS[li]]
    if kinds & {"loco", "loco_or_factory"}:
        number = locomotives.lowest_stack(state.stacks)
        if number:
            for line, replace in locomotives.placements(p, number):
                cands.append(("BuildLoco", {"line": LINES[line], "replace": replace, "number": number}))
    if kinds & {"factory", "loco_or_factory"}:
        for source, number in locomotives.factory_sources(state.stacks, state.display):
            for slot in board.factory_slots(p):
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
    result = [Command(t, seat, a) for t, a in cands if _ok(state, seat, t, a)] + coin_uses(state, seat)
    if payout_due_for(state, seat):
        result.append(Command("DeclinePayout", seat, {}))
    return result


def with_line_names(result: list[OpenAction]) -> list[OpenAction]:
    """Doublers go to any of the three USA lines: the base sentence names the Transsib."""
    return [OpenAction("rr.open.doublers_us", a.mandatory, a.params, a.commands) if a.key == "rr.open.doublers" else a
            for a in result]


def optional_actions(state: State, seat: str) -> list[OpenAction]:
    """Coin spaces reached and not yet used (optional)."""
    if coin_uses(state, seat):
        return [OpenAction("rr.open.coin_space", False, {}, ("UseCoinSpace",))]
    return []
