"""Track rules on a Deutschland tableau: the base rules on other lines.

The same questions as :mod:`..tracks` ("where would this step go", "can these steps
all be made"), answered for one seat's :class:`~.board.Geometry`: München's length
is its arm's, white only towards Hamburg, the colours unlock on München, and the
natural track "kann prinzipiell auf allen Strecken gebaut werden, man muss sich
jedoch für 2 der 3 Strecken entscheiden".  An object with the functions of
:mod:`..tracks` as methods, so that the shared feasibility code can use either.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..data import BLACK
from ..track_search import StepSearch
from .board import MAX_NATURAL_LINES, NATURAL, Geometry


class TrackRules(StepSearch):
    def __init__(self, geo: Geometry) -> None:
        self.geo = geo

    def _natural_blocked(self, tr: Sequence[int], line: int) -> bool:
        """A natural track may not start on a third line."""
        if tr[line * 5 + NATURAL]:
            return False
        return sum(1 for li in range(3) if tr[li * 5 + NATURAL]) >= MAX_NATURAL_LINES

    def step_target(self, tr: Sequence[int], unlocked: Sequence[bool], line: int, colour: int) -> int:
        if not unlocked[colour] or not self.geo.allowed[line][colour]:
            return 0
        new = tr[line * 5 + colour] + 1
        if colour == BLACK:
            return new if new <= self.geo.lengths[line] else 0
        if colour == NATURAL and self._natural_blocked(tr, line):
            return 0
        return new if new < tr[line * 5 + colour - 1] else 0

    def _room(self, tr: Sequence[int], line: int, colour: int) -> int:
        cur = tr[line * 5 + colour]
        limit = self.geo.lengths[line] if colour == BLACK else tr[line * 5 + colour - 1] - 1
        return max(0, limit - cur)

    def capacity(self, tr: Sequence[int], unlocked: Sequence[bool], colour: int) -> int:
        """Steps this colour can make now without any other track moving."""
        if not unlocked[colour]:
            return 0
        rooms = [(self._room(tr, line, colour), bool(tr[line * 5 + colour]))
                 for line in range(3) if self.geo.allowed[line][colour]]
        if colour != NATURAL:
            return sum(room for room, _ in rooms)
        started = [room for room, on in rooms if on]
        fresh = sorted((room for room, on in rooms if not on), reverse=True)
        return sum(started) + sum(fresh[:max(0, MAX_NATURAL_LINES - len(started))])

    def eventual_capacity(self, tr: Sequence[int], unlocked: Sequence[bool]) -> int:
        total = 0
        for line in range(3):
            length = self.geo.lengths[line]
            for colour in range(5):
                if self.geo.allowed[line][colour] and unlocked[colour]:
                    if colour == NATURAL and self._natural_blocked(tr, line):
                        continue
                    room = length - colour - tr[line * 5 + colour]
                    if room > 0:
                        total += room
        return total

    def unlocks_for(self, black_space: int, unlocked: Sequence[bool]) -> list[tuple[int, int]]:
        """(colour, steps at once) newly taken when München's black stands on ``black_space``."""
        return [(c, steps) for space, c, steps in self.geo.unlocks if black_space >= space and not unlocked[c]]

    def grey_jump_lines(self, tr: Sequence[int], unlocked: Sequence[bool]) -> list[int]:
        grey = BLACK + 1
        if not unlocked[grey]:
            return []
        return [line for line in range(3)
                if self.geo.allowed[line][grey] and tr[line * 5] - 1 > tr[line * 5 + grey]]
