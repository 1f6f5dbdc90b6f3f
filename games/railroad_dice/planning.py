"""The greedy bot's one planned turn in Railroad Dice: ending the game when that wins it.

The greedy bot (``worker.bots.greedy``) plays the turn whose position its evaluation
values best, and the evaluation (:mod:`.evaluation`) is the seat's own expected
passengers, with years still to come.  Ending the game never raises that number, so a
greedy seat never ended it, however far ahead it was.  That made games endless: once the
bank cannot pay an income (end condition d, rules text "SPIELENDEN": „wenn die Bank mit
Eisenbahnwürfeln gesprengt wurde“), taking the income is the one way to the end when the
other ends are out of reach, and income is optional in this engine (the rules name it
among the actions of a turn, "in beliebiger Reihenfolge").  In the issue 25 games the
dice all lay on the two large tiles, the bank was empty and nobody held a die: each turn
was a roll of no dice and a confirm; the search bot behind did not end it (ending loses)
and greedy, ahead, did not either (ending lowers its own expected passengers).

So greedy ends the game in its turn by taking the income the bank cannot pay whenever
the count that follows (the interrupted year's passengers, :func:`.year.score`) puts it
first: alone, or shared when it holds no die to do anything else with.  Everywhere else
there is no plan (``None``): the generic search plays the turn.
"""

from __future__ import annotations

import random

from games.contract import Command

from .dice import income_case, payout
from .state import State
from .year import passengers_won, ranking_key


def ending_wins(state: State, seat: str) -> bool:
    """Whether ``seat`` may take an income the bank cannot pay (it ends the game at once,
    rules text, end d) and would then be first at the final count."""
    if state.phase != "play" or seat != state.current or state.end_trigger is not None:
        return False
    if state.year <= 1 or state.turn["income"]:
        return False
    _, owed, _ = income_case(state, seat)
    if not payout(state, owed)[1]:
        return False
    won = passengers_won(state)
    totals = {s: state.passengers[s] + won[s] for s in state.seats}
    mine = ranking_key(state, totals, seat)
    best_other = max(ranking_key(state, totals, s) for s in state.seats if s != seat)
    if mine > best_other:
        return True
    idle = not state.screen[seat] and not state.front_total(seat)
    return mine == best_other and idle


def plan_turn(state: State, seat: str, rng: random.Random) -> list[Command] | None:
    """The income that breaks the bank when that wins the game, else no plan."""
    if ending_wins(state, seat):
        return [Command("TakeIncome", seat, {})]
    return None
