"""A hand-written evaluation of a Steam position.

The number per seat is the victory points it may expect at the end: points now, the
final scoring as if the game ended now (income to points, one point per own completed
link), plus what earns more points in the rounds left: income (money every round),
cash in hand, the locomotive's reach and the best delivery open to the seat now.
A bankrupt seat is worth nothing, and one that would go bankrupt within the next few
income phases if it earned nothing more is worth much less (the greedy bot's turn ends
before the income phase, so it must see that coming).  Steam has no hidden information, so the state the
bot sees is the real one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.contract import Game
from games.steam import goods
from games.steam.finance import FLOOR
from games.steam.network import Network
from games.steam.reach import INCOME_PER_ROUND, potential
from games.steam.scoring import income_points
from games.steam.state import State

#: A dollar in hand.
CASH = 0.08
#: A locomotive level while rounds remain (reach for longer deliveries).
LOCO = 0.6
#: An own incomplete link: half a completed one, and at risk.
INCOMPLETE = 0.3
#: Deliveries open to the seat now, discounted (a rival may take the cube first).
DELIVERY = 0.6
#: Deliveries a seat makes in one round at most (two passes of the move phase).
DELIVERIES_PER_ROUND = 2
#: Income spaces above the -10 floor below which bankruptcy looms: each one missing costs this much.
SAFE_INCOME = -6
DANGER = 2.0
#: A bankruptcy foreseen at the next income phase costs this much (a bankrupt seat is worth -50) ...
DOOM = 40.0
#: ... and one foreseen that many income phases later nothing (linearly in between).
DOOM_HORIZON = 4


def money_value(rounds_left: int) -> float:
    """A dollar, as the income it would cost to raise it ($5 a space)."""
    return (INCOME_PER_ROUND * rounds_left + 1.0) / 5


def income_phases_left(state: State) -> int:
    """Income phases still to come, this round's included while it has not been settled."""
    before_income = state.phase not in ("income", "over")
    return max(0, state.last_round - state.round) + (1 if before_income else 0)


def doomed_in(state: State, seat: str, phases: int) -> int | None:
    """In how many income phases the seat goes bankrupt if it earns nothing more (the rules
    of "Phase 4" / expert "Phase 6" played forward on cash, income and VP), or None."""
    cash, income, vp = state.money[seat], state.income[seat], state.vp[seat]
    upkeep = state.loco[seat] if state.expert else 0
    for k in range(1, phases + 1):
        due = upkeep - income
        if due <= 0:
            cash -= due
            continue
        if cash >= due:
            cash -= due
            continue
        rest = due - cash
        cash = 0
        if state.expert:                       # 1 VP per $2, then 1 income space per $2
            units = -(-rest // 2)
            take = min(vp, units)
            vp, units = vp - take, units - take
            take = min(max(0, income - FLOOR), units)
            income, units = income - take, units - take
            if units:
                return k
            cash = rest % 2                    # an odd debt returns $1
        else:                                  # $5 a step: income down to -10, then 2 VP a step
            steps = -(-rest // 5)
            for _ in range(steps):
                if income > FLOOR:
                    income -= 1
                elif vp >= 2:
                    vp -= 2
                else:
                    return k
            cash = steps * 5 - rest
    return None


def _seat_value(state: State, net: Network, seat: str, rounds_left: int) -> float:
    if seat in state.bankrupt:
        return -50.0
    if state.phase == "over":
        return float(state.final.get("scores", {}).get(seat, state.vp.get(seat, 0)))
    value = float(state.vp[seat]) + income_points(state.income[seat])
    for link in net.links:
        if link.owner == seat:
            value += 1.0 if link.complete else INCOMPLETE
    value += INCOME_PER_ROUND * state.income[seat] * rounds_left
    value += CASH * state.money[seat]
    value -= DANGER * max(0, SAFE_INCOME - state.income[seat])
    doom = doomed_in(state, seat, min(DOOM_HORIZON, income_phases_left(state)))
    if doom is not None:
        value -= DOOM * (DOOM_HORIZON + 1 - doom) / DOOM_HORIZON
    auction = state.auction
    if auction and auction.get("leader") == seat and auction.get("high"):
        value -= auction["high"] * money_value(rounds_left)      # the bid will have to be paid
    value += LOCO * (state.loco[seat] - 1) * min(rounds_left, 3) / 3
    if state.phase in ("move", "build", "build_end", "actions") and rounds_left >= 0:
        # A delivery is worth its own links as income for the rounds left (or as points, if
        # more); up to two of them this round (two passes), other cubes.
        per_link = max(1.0, INCOME_PER_ROUND * rounds_left + 0.5)
        best: dict[tuple[str, str], int] = {}
        for route in goods.routes(state, net, seat):
            mine = sum(1 for k in route["links"] if net.by_key[k].owner == seat)
            key = (route["from"], route["colour"])
            best[key] = max(best.get(key, 0), mine)
        top = sorted(best.values(), reverse=True)[:DELIVERIES_PER_ROUND]
        if state.phase == "move":
            top = top[:1]                      # the move phase is under way: one more at most
        value += DELIVERY * per_link * sum(top)
    return value


def position_value(state: State, seats: Sequence[str] | None = None) -> Mapping[str, float]:
    """The value above per seat, from the position alone (the greedy planner adds what it
    plans on top: this round's deliveries and the cubes its links reach later)."""
    if not state.seats:
        return {}
    net = Network.of(state)
    rounds_left = max(0, state.last_round - state.round)
    return {seat: _seat_value(state, net, seat, rounds_left) for seat in (seats or state.seats)}


def evaluate(game: Game, state: State, seats: Sequence[str] | None = None) -> Mapping[str, float]:
    """:func:`position_value` plus, while rounds remain, the cubes each seat's links reach
    beyond this round's deliveries (:func:`games.steam.reach.potential`, what the greedy
    planner builds for): without it the search (``mcts``, scoring the position after a turn)
    took building nothing over a link whose deliveries come later."""
    values = position_value(state, seats)
    if state.phase not in ("actions", "build", "build_end", "move"):
        return values
    return {seat: v + (potential(state, seat) if seat not in state.bankrupt else 0.0) for seat, v in values.items()}
