"""The USA tableau as lookup tables (``data/usa.json``).

Rules text, "Das Spielertableau - The Rocky Mountaineer": a main line treated like
the base game's Transsib, and the two parts of the transcontinental line, East
(ending at space 7) and West (ending at 9, the lower line); every colour on every
line, but still "nur 2 naturfarbige und 1 weißes Gleis"; two industry tracks, the
upper one passable over gaps; rubble that blocks a track or marker until blasted.

A seat's tableau state lives in its ``claims`` (strings, copied with the player):
``usa`` (the seat plays this tableau), ``us_blast:<rubble>`` (blasted), ``us_done:<coin
space>`` (a done marker on it), ``us_dbl:<line>`` (one per doubler on East/West).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Any

from ..data import BLACK, RULES
from ..state import PlayerState, industry_gap_index
from ..track_search import StepSearch
from .shape import Market

DATA: dict[str, Any] = json.loads(
    resources.files("games.russian_railroads").joinpath("data/usa.json").read_text(encoding="utf-8"))

MAIN, EAST, WEST = range(3)
LINES: tuple[str, ...] = tuple(line["id"] for line in DATA["lines"])
LENGTHS: tuple[int, ...] = tuple(line["spaces"] for line in DATA["lines"])
NATURAL = RULES.colour_index("natural")
WHITE = RULES.colour_index("white")
#: colour -> on how many lines it may be built ("2 naturfarbige und 1 weißes Gleis")
MAX_LINES: dict[int, int] = {RULES.colour_index(c): n for c, n in DATA["max_lines"].items()}
DOUBLER_SLOTS: tuple[int, ...] = tuple(DATA["doubler_slots"][name] for name in LINES)
RUBBLE: dict[str, dict[str, Any]] = {r["id"]: r for r in DATA["rubble"]}
TRACK_RUBBLE = RUBBLE["rubble_8"]
INDUSTRY_RUBBLE = RUBBLE["rubble_15"]
#: the rubble's line and the first space it blocks
RUBBLE_LINE = LINES.index(TRACK_RUBBLE["line"])
RUBBLE_SPACE: int = TRACK_RUBBLE["space"]
RUBBLE_FIELD: int = INDUSTRY_RUBBLE["field"]
COIN_SPACES: dict[str, dict[str, Any]] = {c["key"]: c for c in DATA["coin_spaces"]}
STOCK_STEPS: tuple[dict[str, Any], ...] = tuple(DATA["stock_steps"])
ENDS: tuple[dict[str, Any], ...] = tuple(DATA["transcontinental_ends"])
LEVELS: int = DATA["stock_levels"]
TILES: dict[str, list[dict[str, Any]]] = {t["id"]: t["effects"] for t in DATA["dividend_tiles"]}
STEEL_MILL: int = DATA["steel_mills"]["factory_number"]
MILL_STACKS: tuple[int, ...] = tuple(DATA["steel_mills"]["stacks"])
MILL_EFFECTS: list[dict[str, Any]] = DATA["steel_mills"]["effects"]
Q_TOKENS: dict[str, list[dict[str, Any]]] = {t["id"]: t["effects"] for t in DATA["question_tokens"]}
#: the base game's special spaces of the Transsib, on the main line here (stand-in)
MAIN_SPECIALS = tuple(s for s in RULES.specials if s["line"] == "transsib")
LOWER, UPPER = 0, 1


def market_of(state: Any) -> Market:
    """``state.usa``: the stock market and steel mills, present at every USA table."""
    market: Market | None = state.usa
    assert market is not None, "not a USA table"
    return market


def is_usa(p: PlayerState) -> bool:
    return "usa" in p.claims


def blasted(p: PlayerState, rubble: str) -> bool:
    return f"us_blast:{rubble}" in p.claims


def line_doublers(p: PlayerState, line: int) -> int:
    """Doublers on a line: the main line's are the base count, East's and West's claims."""
    if line == MAIN:
        return p.doublers
    return p.claims.count(f"us_dbl:{LINES[line]}")


def doubler_room(p: PlayerState) -> int:
    return sum(max(0, DOUBLER_SLOTS[li] - line_doublers(p, li)) for li in range(3))


def met(p: PlayerState, line: int, colour: int, space: int, loco: bool) -> bool:
    if p.tr[line * 5 + colour] < space:
        return False
    return not loco or p.reach(line) >= space


def spec_met(p: PlayerState, spec: dict[str, Any]) -> bool:
    return met(p, LINES.index(spec["line"]), RULES.colour_index(spec["colour"]), spec["space"],
               bool(spec.get("loco")))


def coin_spaces_ready(p: PlayerState) -> list[str]:
    """Coin spaces reached and not yet marked done ("Du darfst dies auch in einem
    späteren Zug noch machen")."""
    return [key for key, c in COIN_SPACES.items() if f"us_done:{key}" not in p.claims and spec_met(p, c)]


# --- tracks ---------------------------------------------------------------------------


class TrackRules(StepSearch):
    """The functions of :mod:`..tracks` for one seat's USA tableau: all colours on all
    lines, natural on at most 2 lines and white on 1, West blocked at the rubble
    until it is blasted, the colours unlocked on the main line as on the Transsib."""

    def __init__(self, rubble: bool) -> None:
        self.rubble = rubble

    def _limit(self, line: int) -> int:
        if self.rubble and line == RUBBLE_LINE:
            return RUBBLE_SPACE - 1
        return LENGTHS[line]

    def _line_blocked(self, tr: Sequence[int], line: int, colour: int) -> bool:
        """A natural or white track may not start on a line beyond its count."""
        most = MAX_LINES.get(colour)
        if most is None or tr[line * 5 + colour]:
            return False
        return sum(1 for li in range(3) if tr[li * 5 + colour]) >= most

    def step_target(self, tr: Sequence[int], unlocked: Sequence[bool], line: int, colour: int) -> int:
        if not unlocked[colour]:
            return 0
        new = tr[line * 5 + colour] + 1
        if colour == BLACK:
            return new if new <= self._limit(line) else 0
        if self._line_blocked(tr, line, colour):
            return 0
        return new if new < tr[line * 5 + colour - 1] else 0

    def _room(self, tr: Sequence[int], line: int, colour: int) -> int:
        cur = tr[line * 5 + colour]
        limit = self._limit(line) if colour == BLACK else tr[line * 5 + colour - 1] - 1
        return max(0, limit - cur)

    def capacity(self, tr: Sequence[int], unlocked: Sequence[bool], colour: int) -> int:
        if not unlocked[colour]:
            return 0
        rooms = [(self._room(tr, li, colour), bool(tr[li * 5 + colour])) for li in range(3)]
        most = MAX_LINES.get(colour)
        if most is None:
            return sum(room for room, _ in rooms)
        started = [room for room, on in rooms if on]
        fresh = sorted((room for room, on in rooms if not on), reverse=True)
        return sum(started) + sum(fresh[:max(0, most - len(started))])

    def eventual_capacity(self, tr: Sequence[int], unlocked: Sequence[bool]) -> int:
        total = 0
        for line in range(3):
            for colour in range(5):
                if unlocked[colour] and not self._line_blocked(tr, line, colour):
                    room = self._limit(line) - colour - tr[line * 5 + colour]
                    if room > 0:
                        total += room
        return total

    def unlocks_for(self, black_space: int, unlocked: Sequence[bool]) -> list[tuple[int, int]]:
        return [(c, steps) for space, c, steps in RULES.unlocks if black_space >= space and not unlocked[c]]

    def grey_jump_lines(self, tr: Sequence[int], unlocked: Sequence[bool]) -> list[int]:
        grey = BLACK + 1
        if not unlocked[grey]:
            return []
        return [line for line in range(3) if tr[line * 5] - 1 > tr[line * 5 + grey]]


_RULES = {True: TrackRules(True), False: TrackRules(False)}


def rules_for(p: PlayerState) -> TrackRules:
    return _RULES[not blasted(p, TRACK_RUBBLE["id"])]


# --- the two industry tracks ----------------------------------------------------------


def _enterable(p: PlayerState, marker: int, pos: int) -> bool:
    if pos > RULES.industry_len:
        return False
    if marker == UPPER:
        # "Auf der oberen Industrieleiste darfst du auch auf Lücken und darüber hinweg
        # ziehen"; the rubble blocks its field and everything beyond
        return pos < RUBBLE_FIELD or blasted(p, INDUSTRY_RUBBLE["id"])
    gap = industry_gap_index(pos)
    return gap < 0 or p.factories[gap] != 0


def industry_step_target(p: PlayerState, marker: int) -> int:
    """Each marker keeps to its own track ("nicht die Spur wechseln"), so the two never
    meet; the lower one follows the base rules."""
    pos = p.markers[marker]
    return pos + 1 if pos >= 0 and _enterable(p, marker, pos + 1) else -1


def industry_capacity(p: PlayerState, extra_factory: bool = False) -> int:
    factories = list(p.factories)
    if extra_factory and 0 in factories:
        factories[factories.index(0)] = 1
    h = p.clone()
    h.factories = factories
    total = 0
    for marker in (LOWER, UPPER):
        cur = h.markers[marker]
        while _enterable(h, marker, cur + 1):
            cur += 1
        total += cur - h.markers[marker]
    return total


def factory_slots(p: PlayerState) -> list[int]:
    """The first empty gap (or any when all are full), and every gap holding a steel
    mill: "darfst du ein Stahlwerk gegen die neue Fabrik austauschen, auch wenn noch
    nicht alle 5 Lücken deiner Industrieleiste gefüllt sind"."""
    slots = [p.factories.index(0)] if 0 in p.factories else list(range(len(p.factories)))
    return sorted(set(slots) | {i for i, f in enumerate(p.factories) if f == STEEL_MILL})
