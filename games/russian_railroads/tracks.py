"""Tracks on the three lines: colour order, no overtaking, unlocks, special spaces.

Rules text, "Beim Gleisbau zu beachten": tracks are built black, grey, brown,
natural, white; a following track always moves onto a free space and can never
draw level with or pass the track ahead of it; only the colours printed on a line
may be built there; a new colour is taken when the black track reaches Transsib
2 / 6 / 10 / 15.  The feasibility search below answers "can these steps all be
made?", needed because board actions must be fully executable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from .data import BLACK, RULES, TRANSSIB
from .state import PlayerState

ANY = "any"


@cache
def colour_set(spec: str) -> tuple[int, ...]:
    """Colour indices a step spec allows: ``"black"``, ``"black|grey"``, ``"any"``."""
    if spec == ANY:
        return (0, 1, 2, 3, 4)
    return tuple(RULES.colours.index(c) for c in spec.split("|"))


def step_target(tr: Sequence[int], unlocked: Sequence[bool], line: int, colour: int) -> int:
    """The space the track would move to, or 0 if the step is not allowed."""
    if not unlocked[colour] or not RULES.allowed[line][colour]:
        return 0
    new = tr[line * 5 + colour] + 1
    if colour == BLACK:
        return new if new <= RULES.line_len[line] else 0
    return new if new < tr[line * 5 + colour - 1] else 0


def open_lines(tr: Sequence[int], unlocked: Sequence[bool], colour: int) -> list[int]:
    """The lines on which :func:`step_target` allows a step of ``colour``, in line order
    (one call and one pass instead of one call per line: the listing asks this for
    every colour a pending item allows)."""
    if not unlocked[colour]:
        return []
    result = []
    if colour == BLACK:
        for line, idx, length in _STEP_SLOTS[colour]:
            if tr[idx] < length:  # (step_target: the space after it lies on the line)
                result.append(line)
        return result
    for line, idx, _length in _STEP_SLOTS[colour]:
        if tr[idx] + 1 < tr[idx - 1]:  # (step_target: it stays behind the track ahead)
            result.append(line)
    return result


def grey_jump_target(tr: Sequence[int], unlocked: Sequence[bool], line: int) -> int:
    """Engineer 11 (Dimitrij, DSP): "zieht sofort das graue Gleis auf einer Strecke so
    viele Schritte nach vorne, bis dieses hinter dem schwarzen Gleis dieser Strecke zum
    Stehen kommt" - the space just behind black, or 0 if grey would not move forward."""
    grey = BLACK + 1
    if not unlocked[grey] or not RULES.allowed[line][grey]:
        return 0
    target = tr[line * 5 + BLACK] - 1
    return target if target > tr[line * 5 + grey] else 0


def grey_jump_lines(tr: Sequence[int], unlocked: Sequence[bool]) -> list[int]:
    return [line for line in range(3) if grey_jump_target(tr, unlocked, line)]


def capacity(tr: Sequence[int], unlocked: Sequence[bool], colour: int) -> int:
    """Steps this colour can make now without any other track moving."""
    if not unlocked[colour]:
        return 0
    total = 0
    if colour == BLACK:
        for idx, length in _BLACK_TRACKS:
            if length > tr[idx]:
                total += length - tr[idx]
        return total
    for idx in _TRACKS[colour]:  # the track ahead is the next lower colour's
        room = tr[idx - 1] - 1 - tr[idx]
        if room > 0:
            total += room
    return total


#: (line, track index, line length) of each line that allows a colour, by colour
_STEP_SLOTS = tuple(tuple((line, line * 5 + colour, RULES.line_len[line]) for line in range(3)
                          if RULES.allowed[line][colour]) for colour in range(5))
#: (track index, line length) of the black track of each line, and the track indices
#: of each other colour on the lines that allow it (what ``capacity`` walks)
_BLACK_TRACKS = tuple((line * 5 + BLACK, RULES.line_len[line]) for line in range(3) if RULES.allowed[line][BLACK])
_TRACKS = tuple(tuple(line * 5 + colour for line in range(3) if RULES.allowed[line][colour])
                for colour in range(5))


def eventual_capacity(tr: Sequence[int], unlocked: Sequence[bool]) -> int:
    """Steps of any colour that can still be made in total (front tracks first)."""
    total = 0
    for idx, colour, limit in _EVENTUAL:
        if unlocked[colour]:
            room = limit - tr[idx]
            if room > 0:
                total += room
    return total


#: (track index, colour, the line's length less the colour) of every colour a line
#: allows, line by line (what ``eventual_capacity`` walks)
_EVENTUAL = tuple((line * 5 + colour, colour, RULES.line_len[line] - colour)
                  for line in range(3) for colour in range(5) if RULES.allowed[line][colour])


def unlocks_for(black_space: int, unlocked: Sequence[bool]) -> list[tuple[int, int]]:
    """(colour, white steps) newly taken when Transsib black stands on ``black_space``."""
    result = []  # (a loop: a comprehension would make both arguments cells at every call)
    for space, c, steps in RULES.unlocks:
        if black_space >= space and not unlocked[c]:
            result.append((c, steps))
    return result


def feasible(tr: Sequence[int], unlocked: Sequence[bool], reqs: Iterable[tuple[str, int]]) -> bool:
    """Can all the step requirements ``(colour spec, n)`` be made, in some order?"""
    req_list = []  # (loops here and below: a comprehension is a function built at every call)
    for spec, n in reqs:
        if n > 0:
            req_list.append((colour_set(spec), n))
    if not req_list:
        return True
    if len(req_list) == 1:
        colours, n = req_list[0]
        if len(colours) == 1:
            # One colour alone: no other track moves, so today's room is exact.
            return capacity(tr, unlocked, colours[0]) >= n
        if n == 1:
            # One step of any of these colours: possible exactly if one of them has room now.
            for c in colours:
                if capacity(tr, unlocked, c):
                    return True
            return False
    for colours, _ in req_list:
        if BLACK in colours:
            break
    else:
        # No black step, so no colour is taken on the way: a demand for locked colours
        # only can never be met (the search below would try every order to find that).
        for colours, _ in req_list:
            for c in colours:
                if unlocked[c]:
                    break
            else:
                return False
    # Quick sufficient test: single-colour demands within today's capacity and the
    # remaining flexible demand within what is left overall.
    single: dict[int, int] = {}
    flexible = 0
    quick = True
    for colours, n in req_list:
        if len(colours) == 1:
            single[colours[0]] = single.get(colours[0], 0) + n
        elif len(colours) == 5:
            flexible += n
        else:
            quick = False
    if quick:
        ok = True  # (a loop: a generator would make ``tr`` and ``unlocked`` cells at every call)
        for c, n in single.items():
            if capacity(tr, unlocked, c) < n:
                ok = False
                break
        if ok and (not flexible or eventual_capacity(tr, unlocked) - sum(single.values()) >= flexible):
            return True
    return _search(list(tr), list(unlocked), [list(r) for r in req_list], set())


def _search(tr: list[int], unlocked: list[bool], reqs: list[list], seen: set) -> bool:
    left = []  # (a loop, not generators: see feasible)
    for r in reqs:
        left.append(r[1])
    if not any(left):
        return True
    key = (tuple(tr), tuple(unlocked), tuple(left))
    if key in seen:
        return False
    seen.add(key)
    for req in reqs:
        if req[1] == 0:
            continue
        for colour in req[0]:
            for line in (0, 1, 2):  # (a tuple: no range object per colour)
                target = step_target(tr, unlocked, line, colour)
                if not target:
                    continue
                idx = line * 5 + colour
                old = tr[idx]
                tr[idx] = target
                newly = unlocks_for(target, unlocked) if line == TRANSSIB and colour == BLACK else []
                for c, _ in newly:
                    unlocked[c] = True
                req[1] -= 1
                ok = _search(tr, unlocked, reqs, seen)
                req[1] += 1
                for c, _ in newly:
                    unlocked[c] = False
                tr[idx] = old
                if ok:
                    return True
    return False


#: (key, line, track index, space, needs loco, the data entry) per special space
_SPECIALS = tuple(
    (s["key"], RULES.line_index(s["line"]),
     RULES.line_index(s["line"]) * 5 + RULES.colour_index(s["colour"]), s["space"], bool(s["loco"]), s)
    for s in RULES.specials
)


def special_met(p: PlayerState, special: dict) -> bool:
    line = RULES.line_index(special["line"])
    colour = RULES.colour_index(special["colour"])
    space = special["space"]
    if p.tr[line * 5 + colour] < space:
        return False
    return not special["loco"] or p.reach(line) >= space


def new_specials(p: PlayerState) -> list[dict]:
    """One-time special spaces whose condition is met now and not used before."""
    tr, claims = p.tr, p.claims
    result = []  # (a loop: a comprehension would make ``p``, ``tr`` and ``claims`` cells at every call)
    for key, line, idx, space, loco, s in _SPECIALS:
        if tr[idx] >= space and key not in claims and (not loco or p.reach(line) >= space):
            result.append(s)
    return result


def black_terminals(p: PlayerState) -> int:
    return sum(1 for line in range(3) if p.tr[line * 5] >= RULES.line_len[line])
