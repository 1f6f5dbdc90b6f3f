"""Whether several track demands can all be met, for a tableau's own track rules.

The base game answers this with the functions of :mod:`.tracks`; the Deutschland and
USA tableaus have other line lengths and colour limits but the same search: try
each demanded colour on each line (where ``step_target`` allows it), unlock colours
when black advances on the main line, and memoise positions already refuted.  Their
``TrackRules`` classes inherit it here instead of each carrying a copy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .data import BLACK
from .tracks import colour_set

#: The line whose black track unlocks colours (Transsib, München, Rocky Mountaineer).
MAIN_LINE = 0


@dataclass(slots=True)
class _Demand:
    """Steps still owed in any of ``colours`` (``left`` counts down during the search)."""

    colours: tuple[int, ...]
    left: int


class StepSearch:
    """``feasible`` over a subclass's ``step_target``, ``capacity`` and ``unlocks_for``."""

    def step_target(self, tr: Sequence[int], unlocked: Sequence[bool], line: int, colour: int) -> int:
        raise NotImplementedError

    def capacity(self, tr: Sequence[int], unlocked: Sequence[bool], colour: int) -> int:
        raise NotImplementedError

    def unlocks_for(self, black_space: int, unlocked: Sequence[bool]) -> list[tuple[int, int]]:
        raise NotImplementedError

    def feasible(self, tr: Sequence[int], unlocked: Sequence[bool], reqs: Iterable[tuple[str, int]]) -> bool:
        req_list = [_Demand(colour_set(spec), n) for spec, n in reqs if n > 0]
        if not req_list:
            return True
        if len(req_list) == 1 and len(req_list[0].colours) == 1:
            return self.capacity(tr, unlocked, req_list[0].colours[0]) >= req_list[0].left
        return self._search(list(tr), list(unlocked), req_list, set())

    def _search(self, tr: list[int], unlocked: list[bool], reqs: list[_Demand],
                seen: set[tuple[tuple[int, ...], tuple[bool, ...], tuple[int, ...]]]) -> bool:
        if all(r.left == 0 for r in reqs):
            return True
        key = (tuple(tr), tuple(unlocked), tuple(r.left for r in reqs))
        if key in seen:
            return False
        seen.add(key)
        for req in reqs:
            if req.left == 0:
                continue
            for colour in req.colours:
                for line in range(3):
                    target = self.step_target(tr, unlocked, line, colour)
                    if not target:
                        continue
                    idx = line * 5 + colour
                    old = tr[idx]
                    tr[idx] = target
                    newly = self.unlocks_for(target, unlocked) if line == MAIN_LINE and colour == BLACK else []
                    for c, _ in newly:
                        unlocked[c] = True
                    req.left -= 1
                    ok = self._search(tr, unlocked, reqs, seen)
                    req.left += 1
                    for c, _ in newly:
                        unlocked[c] = False
                    tr[idx] = old
                    if ok:
                        return True
        return False
