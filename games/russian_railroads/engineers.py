"""Engineers: the strip sliding one field per round, hiring, own and public use.

The strip is stored by initial label (= rounds left when dealt): in round r the
engineer dealt to label r-1 lies on the hire field, the next one (2 players) or
two (3-4 players) lie crosswise and are public action spaces, the rest are a
preview.  Sliding therefore needs no event: it is the round number.  An unhired
engineer leaving the hire field goes to the box.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .data import RULES, printed_number
from .state import PlayerState, State
from .table import Table

ENGINEER_PREFIX = "engineer_"


def space_id(number: int) -> str:
    return f"{ENGINEER_PREFIX}{number}"


_NUMBERS: dict[str, int] = {}


def number_of(space: str) -> int:
    """Engineer number of an ``engineer_N`` space id, 0 for any other id (memoised:
    the legal-move listing asks for every space many times)."""
    number = _NUMBERS.get(space)
    if number is None:
        number = 0
        if space.startswith(ENGINEER_PREFIX):
            try:
                number = int(space[len(ENGINEER_PREFIX):])
            except ValueError:
                number = 0
        if len(_NUMBERS) < 4096:  # ids come from commands too: keep the memo bounded
            _NUMBERS[space] = number
    return number


def hire_candidate(state: State) -> int:
    """Engineer on the hire field this round (0 if none / already hired)."""
    idx = state.round - 1
    if 0 <= idx < len(state.strip):
        return state.strip[idx] or 0
    return 0


def public_engineers(state: State) -> list[int]:
    result: list[int] = []
    for idx in range(state.round, state.round + state.public_engineers):
        if 0 <= idx < len(state.strip):
            number = state.strip[idx]
            if number:
                result.append(number)
    return result


def preview(state: State) -> list[int]:
    return [e for e in state.strip[state.round + state.public_engineers:] if e is not None]


def effects(number: int) -> list[dict]:
    return RULES.engineers[number]["effects"]


def hired(p: PlayerState) -> list[int]:
    """The engineers ``p`` hired from the strip (each has a letter, A or B); the
    letterless #8 of the ?-card was taken, not hired: "6 Punkte für jeden Ingenieur,
    den er angeheuert hat" (end-game card "Ingenieure") does not count it."""
    return [number for number in p.engineers if RULES.engineers[number]["letter"]]


def majority(players: list[PlayerState], others: tuple[tuple[int, int, str], ...] = ()) -> dict[str, int]:
    """40 / 20 VP for the most / second most engineers (rules text, Schlusswertung).

    Ties go to the holder of the higher-numbered engineer; the end-game card
    "extra engineer" counts as one engineer, but only for a player who has one:
    "Ein Spieler, der keinen Ingenieur hat, kann natürlich auch keinen Bonus
    bekommen."  Every engineer beside the tableau counts (the ?-card's #8 too).
    ``others`` are rows ``(count, highest number, name)`` of non-players that take
    part (the solo game's Emil); they take places but get no points here.
    """
    first = RULES.raw["engineer_majority"]["first"]
    second = RULES.raw["engineer_majority"]["second"]
    ranked = []
    for p in players:
        count = len(p.engineers) + (1 if "extra_engineer" in p.end_cards else 0)
        if p.engineers:
            ranked.append((count, max(printed_number(n) for n in p.engineers), p.seat))
    ranked.extend(others)
    ranked.sort(reverse=True)
    result = {p.seat: 0 for p in players}
    for place, (_, _, seat) in enumerate(ranked[:2]):
        if seat in result:
            result[seat] = first if place == 0 else second
    return result


def in_play(info: Mapping[str, Any], table: Table, players: int) -> bool:
    """May this engineer be dealt at this table?  An expansion's engineers only with
    their module, as it says (DSP: Olga only with 2 players)."""
    engineer_set = info.get("set")
    if not engineer_set:
        return True
    module = table.engineer_sets.get(engineer_set)
    return module is not None and module.deals_engineer(info, players)
