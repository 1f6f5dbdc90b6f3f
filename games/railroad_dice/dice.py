"""Railroad dice: the bank, screens, the faces in front, income, rolling and paying.

Behind a screen only the number counts; in front each die shows a face.  Every
event that changes a screen or the bank carries the new totals, openly (``totals``):
every die moves in plain sight, so a player who counts knows them anyway
(``data/visibility.json``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.contract import IllegalMove

from .data import FACES, RULES
from .state import State


def ledger(state: State, screens: Mapping[str, int] | None = None, bank: int = 0) -> dict[str, Any]:
    """The event's ``totals``: the new screens (of the seats in ``screens``, by their
    change) and the new bank."""
    out: dict[str, Any] = {"bank_dice": state.bank + bank}
    if screens:
        out["screens"] = {seat: state.screen[seat] + d for seat, d in screens.items()}
    return out


def roll_faces(rng: random.Random, n: int) -> dict[str, int]:
    """``n`` dice thrown: 2 straight, 2 curve, 1 share, 1 '?' per die."""
    out = dict.fromkeys(FACES, 0)
    for _ in range(n):
        out[rng.choice(_SIDES)] += 1
    return out


#: A die's six sides (``RULES["faces"]``, in order): made once, not per roll.
_SIDES = tuple(face for face, count in RULES["faces"].items() for _ in range(count))


def payout(state: State, owed: int, incoming: int = 0) -> tuple[int, bool]:
    """(dice the bank gives, whether it breaks).  After an end is triggered the bank
    pays nothing any more; before, owing more than it holds is the immediate end (d).
    ``incoming`` dice reach the bank first (a station's price, an old tile's dice)."""
    if owed <= 0 or state.bank_closed:
        return 0, False
    if owed > state.bank + incoming:
        return 0, True
    return owed, False


def income_case(state: State, seat: str) -> tuple[str, int, str]:
    """(case, dice, where) of the income action: cases a, b, c of the rules text."""
    companies = state.companies_of(seat)
    if not companies:
        if seat in state.lost_directorship:
            return "c", RULES["lost_director_income"], "front"
        return "none", RULES["no_director_income"], "screen"
    case, dice = director_income(sum(state.stations_built(c) for c in companies))
    return case, dice, "screen"


def director_income(built: int) -> tuple[str, int]:
    """(case, dice) of a director's income whose companies built ``built`` stations: case a,
    the minimum, up to the threshold; case b, one die per station above it."""
    if built <= RULES["income_threshold"]:
        return "a", RULES["income_minimum"]
    return "b", built


def count(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise IllegalMove("rd.args", f"{name} must be a whole number >= 0")
    return value


def payment(state: State, seat: str, pay: Any, cost: int, question_free: int) -> tuple[int, int]:
    """Check ``pay = {"screen": k, "question": m}`` against ``cost``: dice from behind the
    screen and '?' dice in front, in any mix (rules text)."""
    if pay is None:
        pay = {}
    if type(pay) is not dict and not isinstance(pay, Mapping):  # a dict asked first: the ABC is slow
        raise IllegalMove("rd.args", "pay must be an object {screen, question}")
    k = count(pay.get("screen", 0), "pay.screen")
    m = count(pay.get("question", 0), "pay.question")
    if k + m != cost:
        raise IllegalMove("rd.pay.amount", f"this costs {cost} dice (behind the screen or '?' in front)")
    if k > state.screen[seat]:
        raise IllegalMove("rd.pay.screen", "not that many dice behind your screen")
    if m > question_free:
        raise IllegalMove("rd.pay.question", "not that many '?' dice in front of your screen")
    return k, m


def splits(state: State, seat: str, cost: int, question_free: int) -> list[dict[str, int]]:
    """Every way to pay ``cost`` (for the legal list)."""
    return [{"screen": k, "question": cost - k} for k in range(cost + 1)
            if k <= state.screen[seat] and cost - k <= question_free]


def track_dice(state: State, seat: str, kinds: list[str]) -> dict[str, int]:
    """Dice used for track pieces: the matching face first, '?' for the rest."""
    front = state.front[seat]
    used = {"straight": 0, "curve": 0, "question": 0}
    for kind in ("straight", "curve"):
        need = kinds.count(kind)
        own = min(need, front[kind])
        used[kind] = own
        used["question"] += need - own
    if used["question"] > front["question"]:
        raise IllegalMove("rd.track.dice", "you lack a straight, curve or '?' die in front of your screen")
    return used
