"""Round and final scoring of a USA tableau.

The base rules ("Wertung") on the seat's three lines: only spaces within loco reach
score, free spaces behind a track score as that colour, doublers double the first
spaces of their line (the main line's 8 slots, East's and West's 3 each).  Then the
transcontinental ends: "Erfüllst du die Bedingung für das letzte Feld einer dieser
beiden Strecken, so erhältst du bei jeder Streckenwertung 10 zusätzliche Punkte",
25 with the Golden Spike.  The main line's end keeps the base 10 points once (a
special space).
"""

from __future__ import annotations

from typing import Any

from ..data import RULES
from ..industry import industry_score
from ..scoring import end_card_points
from ..state import PlayerState
from . import board
from .board import DATA, ENDS, LENGTHS, LINES


def space_values(p: PlayerState, line: int) -> list[int]:
    vals = RULES.values_reval if p.revaluation else RULES.values_base
    length = LENGTHS[line]
    result = [0] * (length + 1)
    for colour in range(4, -1, -1):
        value = vals[colour]
        for space in range(1, min(p.tr[line * 5 + colour], length) + 1):
            if value > result[space]:
                result[space] = value
    return result


def end_bonus(p: PlayerState, line: int) -> int:
    for end in ENDS:
        if LINES.index(end["line"]) == line and board.spec_met(p, end):
            return DATA["golden_spike_vp"] if "golden_spike" in p.q_used else DATA["transcontinental_vp"]
    return 0


def line_score(p: PlayerState, line: int) -> int:
    reach = min(p.reach(line), LENGTHS[line])
    total = 0
    if reach > 0:
        vals = space_values(p, line)
        doubled = board.line_doublers(p, line)
        for space in range(1, reach + 1):
            total += vals[space] * (2 if space <= doubled else 1)
    return total + end_bonus(p, line)


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
            ends = sum(1 for li in range(3) if p.tr[li * 5] >= LENGTHS[li])
            vp = min(rule["max"], rule["n"] * ends)
        elif rule["op"] == "doubler_table":
            count = sum(board.line_doublers(p, li) for li in range(3))
            vp = next((row["vp"] for row in rule["table"] if row["min"] <= count <= row["max"]), 0)
        else:
            vp = end_card_points(p, card, cap)
        out.append({"card": card, "vp": vp})
    return out
