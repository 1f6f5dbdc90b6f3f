"""Money: paying with cash first and raising the rest from the bank (base game), the
expert game's cash-only payments and capital raising, and the income phase.

Every function here returns the *outcome* (new cash, income, VP, what the bank got) as a
plain dict; ``decide`` writes it into the event and ``evolve`` only sets the values.
"""

from __future__ import annotations

import math
from typing import Any

from .data import RULES
from .state import State

INCOME = RULES["income"]
STEP = INCOME["money_step"]
FLOOR = INCOME["floor"]
VP_PER_STEP = INCOME["vp_per_step_below_floor"]


def raisable(state: State, seat: str) -> int:
    """Money the seat could still raise: $5 per income space down to -10, then $5 per 2 VP."""
    steps = max(0, state.income[seat] - FLOOR) + state.vp[seat] // VP_PER_STEP
    return steps * STEP


def can_pay(state: State, seat: str, amount: int) -> bool:
    if state.expert:
        return state.money[seat] >= amount
    return state.money[seat] + raisable(state, seat) >= amount


def can_pay_both(state: State, seat: str, first: int, then: int) -> bool:
    """Whether the seat can pay ``first`` and afterwards ``then`` (a tile and the next one)."""
    outcome = pay(state, seat, first)
    if not outcome["ok"]:
        return False
    if state.expert:
        return int(outcome["cash"]) >= then
    steps = max(0, int(outcome["income"]) - FLOOR) + int(outcome["vp"]) // VP_PER_STEP
    return int(outcome["cash"]) + steps * STEP >= then


def pay(state: State, seat: str, amount: int) -> dict[str, Any]:
    """Base game: cash first; the rest is raised in $5 steps (income down to -10, then 2 VP a
    step); change of up to $4 is paid out ("Finanzen").  Expert: cash only.  Returns the
    outcome; ``ok`` is False when the seat cannot raise enough."""
    cash, income, vp = state.money[seat], state.income[seat], state.vp[seat]
    if cash >= amount:
        return {"seat": seat, "amount": amount, "cash": cash - amount, "income": income, "vp": vp,
                "steps": 0, "ok": True}
    if state.expert:
        return {"seat": seat, "amount": amount, "cash": cash, "income": income, "vp": vp, "steps": 0, "ok": False}
    short = amount - cash
    steps = math.ceil(short / STEP)
    ok = True
    for _ in range(steps):
        if income > FLOOR:
            income -= 1
        elif vp >= VP_PER_STEP:
            vp -= VP_PER_STEP
        else:
            ok = False
            break
    return {"seat": seat, "amount": amount, "cash": steps * STEP - short, "income": income, "vp": vp,
            "steps": steps, "ok": ok}


def raise_capital(state: State, seat: str, steps: int) -> dict[str, Any]:
    """Expert phase 1: take $5 per step, lowering income (2 VP a step below -10)."""
    income, vp = state.income[seat], state.vp[seat]
    for _ in range(steps):
        if income > FLOOR:
            income -= 1
        else:
            vp -= VP_PER_STEP
    return {"seat": seat, "amount": -steps * STEP, "cash": state.money[seat] + steps * STEP,
            "income": income, "vp": vp, "steps": steps, "ok": vp >= 0}


def max_capital_steps(state: State, seat: str) -> int:
    steps = max(0, state.income[seat] - FLOOR) + state.vp[seat] // VP_PER_STEP
    return min(steps, RULES["max_raise_steps"])


def settle_income(state: State, seat: str) -> dict[str, Any]:
    """Phase 4 (expert 6) for one seat; ``bankrupt`` when the debt cannot be covered."""
    cash, income, vp = state.money[seat], state.income[seat], state.vp[seat]
    amount = income - (state.loco[seat] if state.expert else 0)
    out = {"seat": seat, "due": amount, "cash": cash, "income": income, "vp": vp, "bankrupt": False,
           "steps": 0, "vp_lost": 0}
    if amount >= 0:
        out["cash"] = cash + amount
        return out
    owed = -amount
    if not state.expert:
        result = pay(state, seat, owed)
        out.update(cash=result["cash"], income=result["income"], vp=result["vp"], steps=result["steps"],
                   vp_lost=vp - result["vp"], bankrupt=not result["ok"])
        return out
    if cash >= owed:
        out["cash"] = cash - owed
        return out
    rest = owed - cash
    units = math.ceil(rest / RULES["expert_vp_per_money"])     # 1 VP (then 1 income space) per $2
    refund = units * RULES["expert_vp_per_money"] - rest      # an odd remainder returns $1
    from_vp = min(vp, units)
    units -= from_vp
    from_income = min(max(0, income - FLOOR), units)
    units -= from_income
    out.update(cash=refund if units == 0 else 0, vp=vp - from_vp, income=income - from_income,
               vp_lost=from_vp, steps=from_income, bankrupt=units > 0)
    return out


def bank_delta(outcome: dict[str, Any], before_cash: int) -> int:
    """What the bank gains from an outcome: the seat's cash falls by exactly that."""
    return before_cash - int(outcome["cash"])
