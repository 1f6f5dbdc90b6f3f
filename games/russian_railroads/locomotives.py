"""Locomotives and factories: the stacks, upgrades with chains, the factory display.

Rules text, "Lokomotiven und Fabriken": a loco or factory is always taken from
the lowest-numbered stack (a factory may instead come from the display of
discarded factories).  Petersburg and Kiev hold one loco, the Transsib two whose
numbers add up.  A loco may be exchanged for a higher one; the old loco goes to
another line (possibly displacing a lower one there: a chain) or, if it cannot be
placed, is flipped to its factory side into the display.  Factories fill the 5
gaps left to right; with all 5 filled any one may be replaced.
"""

from __future__ import annotations

from collections.abc import Sequence

from .data import RULES, SPECIAL9, loco_value
from .state import PlayerState, State

#: the loco numbers and the lines, as tuples: a loop over ``range(...)`` builds a range
#: object and its iterator at every call (these loops run at almost every listing)
_NUMBERS = tuple(range(1, 10))
_LINES = (0, 1, 2)


def lowest_stack(stacks: Sequence[int]) -> int:
    """Number of the lowest non-empty loco stack, 0 if all are empty."""
    for number in _NUMBERS:
        if stacks[number] > 0:
            return number
    return 0


def placements(p: PlayerState, loco: int, exclude_line: int = -1) -> list[tuple[int, int]]:
    """Where ``loco`` may go: (line, replaced loco or 0 for a free slot)."""
    value = loco_value(loco)
    slots = RULES.line_slots
    result: list[tuple[int, int]] = []
    for line in _LINES:
        if line == exclude_line:
            continue
        on_line = p.locos[line]
        if len(on_line) < slots[line]:
            result.append((line, 0))
        for old in sorted(set(on_line)) if len(on_line) > 1 else on_line:
            if loco_value(old) < value:
                result.append((line, old))
    return result


def can_place(p: PlayerState, loco: int) -> bool:
    """``bool(placements(p, loco))``, stopping at the first place found."""
    value = loco_value(loco)
    slots = RULES.line_slots
    for line in _LINES:
        on_line = p.locos[line]
        if len(on_line) < slots[line]:
            return True
        for old in on_line:
            # (the plain numbers below the special #9 are their own value, as in PlayerState.reach)
            if (old if old < SPECIAL9 else loco_value(old)) < value:
                return True
    return False


def has_free_slot(p: PlayerState, exclude_line: int = -1) -> bool:
    return any(
        len(p.locos[line]) < RULES.line_slots[line] for line in range(3) if line != exclude_line
    )


def loco_buildable(stacks: Sequence[int], p: PlayerState) -> bool:
    number = lowest_stack(stacks)
    return number > 0 and can_place(p, number)


def factory_sources(stacks: Sequence[int], display: Sequence[int]) -> list[tuple[str, int]]:
    """("stack", n) for the lowest stack and ("display", n) for each discarded factory."""
    result: list[tuple[str, int]] = []
    number = lowest_stack(stacks)
    if number:
        result.append(("stack", number))
    for n in _NUMBERS:
        if display[n] > 0:
            result.append(("display", n))
    return result


def has_factory_source(stacks: Sequence[int], display: Sequence[int]) -> bool:
    """``bool(factory_sources(stacks, display))`` without building the list (asked by
    every loco-or-factory demand the listing checks)."""
    return lowest_stack(stacks) != 0 or max(display[1:10]) > 0


def factory_slots(p: PlayerState) -> list[int]:
    """Gaps a new factory may go into: the first empty one, or any when all are full
    (the Russian tableau: see :func:`factory_slots_at`)."""
    if 0 in p.factories:
        return [p.factories.index(0)]
    return list(range(len(p.factories)))


def factory_slots_at(state: State, p: PlayerState) -> list[int]:
    """:func:`factory_slots` on the table's tableau (USA: a gap holding a steel mill too)."""
    own = state.table.tableau.factory_slots
    return factory_slots(p) if own is None else own(p)


def tiles_available(stacks: Sequence[int], display: Sequence[int]) -> int:
    """Loco and factory tiles left (stacks and display by number, index 0 unused)."""
    return sum(stacks) - stacks[0] + sum(display) - display[0]


def loco_and_factory_feasible(stacks: Sequence[int], display: Sequence[int], p: PlayerState) -> bool:
    """Both a loco and a factory (board space with 3 workers), in either order."""
    if loco_buildable(stacks, p):
        rest = list(stacks)
        rest[lowest_stack(stacks)] -= 1
        if has_factory_source(rest, display):
            return True
    for kind, n in factory_sources(stacks, display):
        if kind == "stack":
            rest = list(stacks)
            rest[n] -= 1
            if loco_buildable(rest, p):
                return True
        elif loco_buildable(stacks, p):
            return True
    return False


def best_locos(p: PlayerState, n: int) -> int:
    values = sorted((loco_value(x) for line in p.locos for x in line), reverse=True)
    return sum(values[:n])


def all_locos(p: PlayerState) -> int:
    return sum(loco_value(x) for line in p.locos for x in line)


def is_special(loco: int) -> bool:
    return loco == SPECIAL9
