"""A hand-written evaluation of a Steam position.

The number per seat is the victory points it may expect at the end: points now, the
final scoring as if the game ended now (income to points, one point per own completed
link), plus what earns more points in the rounds left: income (money every round),
cash in hand, the locomotive's reach and the best delivery open to the seat now.
A bankrupt seat is worth nothing.  Steam has no hidden information, so the state the
bot sees is the real one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.contract import Game
from games.steam import goods
from games.steam.network import Network
from games.steam.scoring import income_points
from games.steam.state import State

#: What one income space is worth per round still to come (money becomes track and reach).
INCOME_PER_ROUND = 0.3
#: A dollar in hand.
CASH = 0.08
#: A locomotive level while rounds remain (reach for longer deliveries).
LOCO = 0.6
#: An own incomplete link: half a completed one, and at risk.
INCOMPLETE = 0.3
#: The best delivery the seat could make now, discounted (a rival may take the cube).
DELIVERY = 0.6
#: Income spaces above the -10 floor below which bankruptcy looms: each one missing costs this much.
SAFE_INCOME = -6
DANGER = 2.0


def money_value(rounds_left: int) -> float:
    """A dollar, as the income it would cost to raise it ($5 a space)."""
    return (INCOME_PER_ROUND * rounds_left + 1.0) / 5


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
    auction = state.auction
    if auction and auction.get("leader") == seat and auction.get("high"):
        value -= auction["high"] * money_value(rounds_left)      # the bid will have to be paid
    value += LOCO * (state.loco[seat] - 1) * min(rounds_left, 3) / 3
    if state.phase in ("move", "build", "build_end", "actions") and rounds_left >= 0:
        best = 0
        for route in goods.routes(state, net, seat):
            mine = sum(1 for k in route["links"] if net.by_key[k].owner == seat)
            best = max(best, mine)
        value += DELIVERY * best
    return value


def evaluate(game: Game, state: State, seats: Sequence[str] | None = None) -> Mapping[str, float]:
    if not state.seats:
        return {}
    net = Network.of(state)
    rounds_left = max(0, state.last_round - state.round)
    return {seat: _seat_value(state, net, seat, rounds_left) for seat in (seats or state.seats)}
