"""Whole turns from a position: each first sub-move completed greedily.

A turn in these games is a run of sub-moves closed by ``ConfirmTurn``; the number
of distinct runs explodes (three steps split over three lines, in any order), but
which *first* command a seat picks (the action space, the coins paid) is the real
decision, and the sub-moves after it are well served by a one-step lookahead on
the evaluation.  So a candidate turn is: one first command, then at each step the
sub-move whose resulting position evaluates best, until confirming is at least as
good as anything left.  Everything is played on :class:`LocalTable` copies of the
bot's own (determinized) projection: the game's rules through its legal commands.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from events.local import LocalTable
from events.projection import Projection
from games.contract import Command, IllegalMove
from worker.bots.base import NEVER
from worker.bots.evaluation import for_game

CONFIRM = "ConfirmTurn"
#: The clock deadlines are measured on (wall time, like the worker's hard deadline).
CLOCK = time.perf_counter
#: Sub-moves before a confirm is forced (a safety net; real turns are far shorter).
MAX_SUBMOVES = 60

#: ``value(projection) -> float``: how good a position is for the seat choosing.
Value = Callable[[Projection], float]


@dataclass(frozen=True)
class Candidate:
    commands: tuple[Command, ...]
    #: The position after the turn (confirmed, or cut short by the game moving on).
    after: Projection
    value: float


class OutOfTime(Exception):
    pass


def own_value(seat: str) -> Value:
    """The seat's expected final points by the game's evaluation (cached per state;
    the cache holds the state too, so that its id is not reused)."""
    cache: dict[int, tuple[object, float]] = {}

    def value(p: Projection) -> float:
        hit = cache.get(id(p.live))
        if hit is None:
            hit = (p.live, float(for_game(p.game)(p.game, p.live, (seat,)).get(seat, 0.0)))
            cache[id(p.live)] = hit
        return hit[1]

    return value


def choices(p: Projection, seat: str) -> list[Command]:
    return [c for c in LocalTable.from_projection(p).legal(seat) if c.type not in NEVER]


def moving(p: Projection, seat: str) -> bool:
    return p.turn_seat == seat or (p.turn_seat is None and seat in p.status().to_move)


def step(p: Projection, seat: str, command: Command) -> Projection:
    table = LocalTable.from_projection(p)
    table.submit(seat, command)
    return table.projection


def complete_greedily(p: Projection, seat: str, value: Value, first: Command | None = None,
                      deadline: float | None = None, hurry: random.Random | None = None) -> Candidate:
    """The rest of ``seat``'s turn from ``p`` (starting with ``first`` if given),
    each sub-move the best by ``value``; confirming wins ties with nothing left to gain.

    Past ``deadline`` the completion raises :class:`OutOfTime`, unless ``hurry``
    is given: then it finishes the turn cheaply instead (confirming as soon as the
    rules allow, else a random sub-move from ``hurry``), because a bot must always
    have one whole turn to play and the lookahead of one sub-move can cost a whole
    budget in games with many sub-moves (a roll of dice, a long build phase)."""
    commands: list[Command] = []
    if first is not None:
        p = step(p, seat, first)
        commands.append(Command(first.type, seat, first.args))
        if first.type == CONFIRM:
            return Candidate(tuple(commands), p, value(p))
    for _ in range(MAX_SUBMOVES):
        if not moving(p, seat):
            break
        legal = choices(p, seat)
        if not legal:
            break
        if deadline is not None and CLOCK() > deadline:
            if hurry is None:
                raise OutOfTime
            command = next((c for c in legal if c.type == CONFIRM), None) or hurry.choice(legal)
            try:
                p = step(p, seat, command)
            except IllegalMove:
                continue
            commands.append(Command(command.type, seat, command.args))
            if command.type == CONFIRM:
                break
            continue
        best: tuple[float, Command, Projection] | None = None
        for command in legal:
            if best is not None and hurry is not None and deadline is not None and CLOCK() > deadline:
                break  # one sub-move's lookahead may list hundreds of commands: take the best so far
            if command.type == CONFIRM:
                after = p
                score = value(p)
            else:
                try:
                    after = step(p, seat, command)
                except IllegalMove:
                    continue
                # Doing something wins a tie against confirming (a step is rarely worse).
                score = value(after) + 1e-6
            if best is None or score > best[0]:
                best = (score, command, after)
        if best is None:
            break
        _, command, after = best
        if command.type == CONFIRM:
            p = step(p, seat, command)
            commands.append(Command(CONFIRM, seat, {}))
            break
        p = after
        commands.append(Command(command.type, seat, command.args))
    return Candidate(tuple(commands), p, value(p))


def candidate_turns(p: Projection, seat: str, value: Value, rng: random.Random,
                    limit: int | None = None, deadline: float | None = None,
                    firsts: Sequence[Command] | None = None) -> list[Candidate]:
    """Whole turns of ``seat`` from ``p``, best first: one per first command (a
    random ``limit`` of them when there are more).  Stops early at ``deadline``
    with what it has: the first candidate is always finished (cheaply once the
    deadline has passed), the others are dropped when they would overrun."""
    if firsts is None:
        planned = planned_turns(p, seat, value, rng)
        if planned:
            return planned
    firsts = list(firsts) if firsts is not None else choices(p, seat)
    if limit is not None and len(firsts) > limit:
        firsts = rng.sample(firsts, limit)
    result: list[Candidate] = []
    for first in firsts:
        try:
            result.append(complete_greedily(p, seat, value, first, deadline=deadline,
                                            hurry=None if result else rng))
        except OutOfTime:
            break
        except IllegalMove:
            continue
        if deadline is not None and CLOCK() > deadline:
            break
    result.sort(key=lambda c: -c.value)
    return result


def planned_turns(p: Projection, seat: str, value: Value, rng: random.Random) -> list[Candidate] | None:
    """The turns the game's planning module lists for the search (``plan_turns``), played
    and confirmed on copies, best first; None where the game lists none here.  A turn the
    rules refuse is dropped (cut short where a later command is refused)."""
    from worker.bots.planners import turns_for

    lister = turns_for(p.game)
    if lister is None or not moving(p, seat):
        return None
    turns = lister(p.live, seat, rng)
    if not turns:
        return None
    result: list[Candidate] = []
    for turn in turns:
        table = LocalTable.from_projection(p)
        played: list[Command] = []
        for command in turn:
            try:
                table.submit(seat, command)
            except IllegalMove:
                break
            played.append(Command(command.type, seat, command.args))
        if not played:
            continue
        if moving(table.projection, seat):
            confirm = next((c for c in choices(table.projection, seat) if c.type == CONFIRM), None)
            if confirm is None:
                continue
            table.submit(seat, confirm)
            played.append(Command(CONFIRM, seat, {}))
        after = table.projection
        result.append(Candidate(tuple(played), after, value(after)))
    result.sort(key=lambda c: -c.value)
    return result or None
