"""Round and final scoring of a Deutschland tableau.

The base rules ("Wertung") on the seat's own lines: only spaces within loco reach
score, free spaces behind a track score as that colour (virtual tracks), doublers
above München 1-8 double a space.  Then the tableau's scoring spaces, each once its
condition is met: stars (cumulative like Kiev's), the Kiev medal now on Dresden
(+20 with the medal ?-token: "bleiben die Regeln für die Kiev-Medaille bestehen"),
and the tile giving points at every scoring.  Revaluation: the base marker or the
German tile, never both.
"""

from __future__ import annotations

from typing import Any

from ..data import RULES
from ..industry import industry_score
from ..scoring import end_card_points
from ..state import PlayerState
from . import board
from .board import LINES, MEDAL, MUENCHEN


def values(p: PlayerState) -> tuple[int, ...]:
    if board.has_revaluation_de(p):
        return board.VALUES_DE
    return RULES.values_reval if p.revaluation else RULES.values_base


def space_values(p: PlayerState, line: int) -> list[int]:
    vals = values(p)
    length = board.seat_geometry(p).lengths[line]
    result = [0] * (length + 1)
    for colour in range(4, -1, -1):
        value = vals[colour]
        for space in range(1, min(p.tr[line * 5 + colour], length) + 1):
            if value > result[space]:
                result[space] = value
    return result


def bonus(p: PlayerState, line: int) -> int:
    """Stars, the medal and points per scoring on ``line``, where their condition is met."""
    total = 0
    for s in board.specials_of(p):
        if s.line != line or s.effect["op"] not in board.SCORING_OPS or not board.met(p, s):
            continue
        op = s.effect["op"]
        if op == "star":
            total += s.effect["n"]
        elif op == "vp_per_scoring":
            total += s.effect["n"]
        elif op == "kiev_medal_frame" and p.medal:
            total += MEDAL["vp"]
    return total


def line_score(p: PlayerState, line: int) -> int:
    length = board.seat_geometry(p).lengths[line]
    reach = min(p.reach(line), length)
    total = 0
    if reach > 0:
        vals = space_values(p, line)
        for space in range(1, reach + 1):
            v = vals[space]
            if line == MUENCHEN and space <= p.doublers:
                v *= 2
            total += v
    return total + bonus(p, line)


def tableau_value(p: PlayerState) -> dict[str, int]:
    result = {name: line_score(p, li) for li, name in enumerate(LINES)}
    result["industry"] = industry_score(p)
    result["total"] = sum(result.values())
    return result


def end_cards_breakdown(p: PlayerState, cap: str = "max") -> list[dict[str, Any]]:
    """The base end-game cards; "Endstationen" counts the seat's own line ends."""
    out = []
    for card in p.end_cards:
        rule = RULES.end_cards[card]
        if rule["op"] == "per_terminal":
            ends = sum(1 for li in range(3) if board.terminal(p, li))
            vp = min(rule["max"], rule["n"] * ends)
        else:
            vp = end_card_points(p, card, cap)
        out.append({"card": card, "vp": vp})
    return out

