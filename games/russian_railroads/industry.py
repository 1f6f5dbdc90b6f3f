"""The industry track: factory gaps, marker movement, factory effects, the ?-space.

Rules text, "Industrialisierung": a marker may not enter or jump a gap; a factory
must be built into it first.  Entering a factory field executes that factory (its
effect may lapse).  The ?-space gives a ?-token once per player, not again with
the second marker; the two markers never share a field (the start field 0 is
exempt, see the stand-ins in the data file).
"""

from __future__ import annotations

from collections.abc import Sequence

from .data import RULES
from .state import PlayerState, State, industry_gap_index


def enterable(factories: Sequence[int], pos: int) -> bool:
    if pos > RULES.industry_len:
        return False
    gap = industry_gap_index(pos)
    return gap < 0 or factories[gap] != 0


def step_target(p: PlayerState, marker: int) -> int:
    """Field the marker would enter with one step, or -1 (the Russian tableau: a
    tableau with other industry tracks has its own, see :func:`step_target_at`)."""
    pos = p.markers[marker]
    if pos < 0:
        return -1
    new = pos + 1
    # no other marker there (the Deutschland tableau's third marker included)
    if not enterable(p.factories, new) or new in p.markers:
        return -1
    return new


def step_target_at(state: State, p: PlayerState, marker: int) -> int:
    """:func:`step_target` on the table's tableau (USA: two industry tracks, the upper
    one over gaps)."""
    own = state.table.tableau.industry_step_target
    return step_target(p, marker) if own is None else own(p, marker)


def capacity_at(state: State, p: PlayerState, extra_factory: bool = False) -> int:
    """:func:`capacity` on the table's tableau."""
    own = state.table.tableau.industry_capacity
    return capacity(p, extra_factory) if own is None else own(p, extra_factory)


def capacity(p: PlayerState, extra_factory: bool = False) -> int:
    """Industry steps that can be made in total (front marker first).

    ``extra_factory`` assumes one more factory fills the first empty gap, for
    actions that build a factory and then move (the ?-card "Fabrik").
    """
    factories = list(p.factories)
    if extra_factory and 0 in factories:
        factories[factories.index(0)] = 1
    placed = [m for m in p.markers if m >= 0]
    placed.sort(reverse=True)
    total = 0
    limit = RULES.industry_len + 1
    for pos in placed:
        cur = pos
        while cur + 1 < limit and enterable(factories, cur + 1):
            cur += 1
        total += cur - pos
        limit = cur if cur > 0 else 1
    return total


def field_kind(p: PlayerState, pos: int) -> tuple[str, int]:
    """("factory", number) / ("question", 0) / ("printed", 0) for an industry field."""
    gap = industry_gap_index(pos)
    if gap >= 0:
        return "factory", p.factories[gap]
    if pos == RULES.industry_q:
        return "question", 0
    return "printed", 0


def industry_score(p: PlayerState) -> int:
    total = 0  # (a loop: a generator is a function built at every call)
    for m in p.markers:
        if m >= 0:
            total += RULES.industry_scores[m]
    return total


def factory_effects(number: int) -> list[dict]:
    return RULES.factories[number]


def first_empty_gap(p: PlayerState) -> int:
    return p.factories.index(0) if 0 in p.factories else -1
