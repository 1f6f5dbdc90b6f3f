"""Round scoring (lines within loco reach, doublers, Petersburg x2, Kiev stars and
medal, industry) and the final scoring (end-game cards, engineer majority).

Rules text, "Wertung": only spaces reached by the line's loco(s) score; a track
scores its space and every free space behind it as if a track of its colour stood
there ("virtual tracks"); a doubler doubles the value of the track under it;
Petersburg 7 reached with grey and loco doubles that whole line; Kiev 1-4 and 8
reached with black and loco add their stars (cumulative: Kiev 3 with a 3-loco is
1+2+3 = 6); the industry marker scores the value printed above it or the next
lower printed value.
"""

from __future__ import annotations

from typing import Any

from .data import BLACK, GREY, KIEV, PETERSBURG, RULES, TRANSSIB, VALUES_DE
from .engineers import hired
from .industry import industry_score
from .locomotives import all_locos
from .state import PlayerState
from .tracks import black_terminals


def track_values(p: PlayerState) -> tuple[int, ...]:
    """The value of a track of each colour for this player (revaluation tiles)."""
    if "de_revaluation" in p.claims:  # the German ?-card "Aufwerter" (option new_q)
        return VALUES_DE
    return RULES.values_reval if p.revaluation else RULES.values_base


def _increasing(values: tuple[int, ...]) -> bool:
    return all(a < b for a, b in zip(values, values[1:], strict=False))


def space_values(p: PlayerState, line: int) -> list[int]:
    """Value of spaces 1..length of a line, real and virtual tracks, no reach."""
    values = track_values(p)
    length = RULES.line_len[line]
    result = [0] * (length + 1)
    base = line * 5
    for colour in range(4, -1, -1):
        pos = p.tr[base + colour]
        value = values[colour]
        for space in range(1, pos + 1):
            if value > result[space]:
                result[space] = value
    return result


def line_score(p: PlayerState, line: int) -> int:
    reach = min(p.reach(line), RULES.line_len[line])
    if reach <= 0:
        return 0
    values = track_values(p)
    rising = _RISING.get(values)
    if rising is None:
        rising = _RISING[values] = _increasing(values)
    if rising:
        total = _reached_value(p.tr, line * 5, reach, values, p.doublers if line == TRANSSIB else 0)
    else:  # (no such table: every track value rises with the colour)
        spaces = space_values(p, line)
        total = 0
        for space in range(1, reach + 1):
            v = spaces[space]
            if line == TRANSSIB and space <= p.doublers:
                v *= 2
            total += v
    if line == PETERSBURG:
        rule = RULES.raw["petersburg_doubling"]
        if p.tr[PETERSBURG * 5 + GREY] >= rule["space"] and reach >= rule["space"]:
            total *= rule["factor"]
    if line == KIEV:
        total += kiev_bonus(p)
    return total


def _reached_value(tr: list[int], base: int, reach: int, values: tuple[int, ...], doubled: int) -> int:
    """``sum(space_values(p, line)[1:reach + 1])``, the first ``doubled`` spaces counted
    twice, walked by colour instead of by space: with track values rising with the
    colour, a space is worth the value of the highest colour on or past it, so each
    colour from the highest down scores the spaces between its track and the track of
    the colours above it (5 steps per line instead of ~50: the round scoring asks for
    every line of every player, a few per cent of a whole game)."""
    total = covered = 0
    for colour in (4, 3, 2, 1, 0):
        pos = tr[base + colour]
        if pos > reach:
            pos = reach
        if pos > covered:
            value = values[colour]
            total += value * (pos - covered)
            if doubled > covered:
                total += value * ((pos if pos < doubled else doubled) - covered)
            covered = pos
    return total


def kiev_bonus(p: PlayerState) -> int:
    reach = p.reach(KIEV)
    black = p.tr[KIEV * 5 + BLACK]
    total = 0
    for space, vp in RULES.kiev_stars:  # (a loop: a generator is a frame per call)
        if black >= space and reach >= space:
            total += vp
    medal = RULES.raw["kiev_medal"]
    if p.medal and p.tr[KIEV * 5 + GREY] >= medal["space"] and reach >= medal["space"]:
        total += medal["vp"]
    return total


def tableau_value(p: PlayerState) -> dict[str, int]:
    """What the round scoring would give now, by line and industry (Yucata's "(N)")."""
    # (a loop: the comprehension and ``sum`` over the values were two more frames per
    # player and round scoring)
    result: dict[str, int] = {}
    total = 0
    for line, name in enumerate(RULES.lines):
        total += (score := line_score(p, line))
        result[name] = score
    total += (score := industry_score(p))
    result["industry"] = score
    result["total"] = total
    return result


#: track value table -> may :func:`_reached_value` walk it by colour (rising with it)?
_RISING: dict[tuple[int, ...], bool] = {}

def end_card_points(p: PlayerState, card: str, cap: str = "max") -> int:
    """One end-game card's points; ``cap`` names the ?-token card's cap in its rule
    (``max``, ``max_german_railroads``, ``max_dsp``: the table's, :attr:`.table.Table.end_card_cap`)."""
    rule = RULES.end_cards[card]
    op = rule["op"]
    if op == "sum_locos":
        return all_locos(p)
    if op == "per_factory":
        return min(rule["max"], rule["n"] * sum(1 for f in p.factories if f))
    if op == "per_terminal":
        return min(rule["max"], rule["n"] * black_terminals(p))
    if op == "vp":
        return rule["n"]
    if op == "doubler_table":
        for row in rule["table"]:
            if row["min"] <= p.doublers <= row["max"]:
                return row["vp"]
        return 0
    if op == "counts_as_engineer":
        return 0
    if op == "per_engineer":
        return rule["n"] * len(hired(p))
    if op == "per_extra_worker":
        return min(rule["max"], rule["n"] * (p.extra_workers + (1 if p.black else 0)))
    if op == "per_q_token":
        return min(int(rule.get(cap, rule["max"])), rule["n"] * len(p.q_used))
    if op == "black_positions":
        return sum(p.tr[line * 5 + BLACK] for line in range(3))
    raise ValueError(f"unknown end-card scoring {op}")


def end_cards_breakdown(p: PlayerState, cap: str = "max") -> list[dict[str, Any]]:
    return [{"card": card, "vp": end_card_points(p, card, cap)} for card in p.end_cards]
