"""A hand-written evaluation of a First Class position.

The number per seat is the points it may expect at the end: points now, plus
what its trains score now (up to the conductors) times the scorings still to
come, plus a discounted share of the cars beyond the conductors, the route's
bonus cities per later scoring, coins (one point each at the end, or an action),
the end-game cards as they would score with the action cards taken so far and
some more of each type to come, and open contracts.

The train scoring is the engine's (:func:`games.first_class.trains.train_points`):
the bot keeps no copy of the rules, only weights on top of them.  It runs on the
bot's determinized state, so other seats' end-game cards are guesses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.contract import Game
from games.first_class import coins, route, scoring, trains
from games.first_class.data import RULES
from games.first_class.state import Player, State

#: Share of the cars beyond a conductor counted per later scoring (a conductor step still has to reach them).
BEYOND_CONDUCTOR = 0.45
#: Points per reached bonus city per later scoring (a coin, an upgrade, a car or a conductor step).
BONUS_CITY = 1.5
#: A coin: one point at the end at least; its column action is worth a little more.
COIN = 1.2
#: Action cards of each type a seat may still take per remaining round (three turns, three types).
CARDS_PER_ROUND_PER_TYPE = 0.8
#: An open contract: a reward still to come.
OPEN_CONTRACT = 2.0
#: A car level not yet reached: cars and upgrades grow future scorings.
LEVEL_SUM = 0.15


def scorings_left(state: State, seat: str) -> int:
    """Scoring phases still to come for ``seat`` (the running one if it has not scored yet)."""
    later = sum(1 for r in RULES.scoring_after if r > state.round)
    if state.round in RULES.scoring_after:
        if state.phase in ("play", "draft"):
            later += 1
        elif state.phase == "scoring":
            done = state.scoring_order[: state.scoring_index]
            if seat not in done and not (seat == state.current() and state.scored):
                later += 1
    return later


def _player_value(state: State, seat: str, p: Player) -> float:
    left = scorings_left(state, seat)
    now = sum(trains.train_points(p))
    beyond = sum(trains.card_points(c) for t, train in enumerate(p.trains) for c in train[p.conductors[t] + 1:])
    levels = sum(lvl for train in p.trains for _, lvl in trains.cars(train))
    rounds_left = max(0, RULES.rounds - state.round)
    end = 0.0
    for info in scoring.end_card_points(p).values():
        end += info["points"] * (info["cards"] + CARDS_PER_ROUND_PER_TYPE * rounds_left)
    value = (p.vp + left * (now + BEYOND_CONDUCTOR * beyond) + LEVEL_SUM * levels * left
             + BONUS_CITY * len(route.bonus_cities(p)) * left + COIN * coins.count(p.coins) + end
             + OPEN_CONTRACT * len(p.contracts) * (1 if state.round < RULES.rounds else 0))
    return value


def evaluate(game: Game, state: State, seats: Sequence[str] | None = None) -> Mapping[str, float]:
    if state.phase == "over":
        return {seat: float(v) for seat, v in game.status(state).scores.items()}
    wanted = seats or state.seats
    return {seat: _player_value(state, seat, state.player(seat)) for seat in wanted}
