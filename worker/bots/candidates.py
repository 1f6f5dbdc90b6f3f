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

import inspect
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from events.envelope import any_barrier
from events.local import LocalTable
from events.projection import Projection
from games.contract import Command, IllegalMove
from worker.bots.base import NEVER, play_planned
from worker.bots.evaluation import for_game
from worker.bots.planners import turns_for

CONFIRM = "ConfirmTurn"
#: The clock the search bots' budgets and deadlines are measured on: the process's CPU time,
#: like the worker's hard deadline (:mod:`worker.bots.deadline`), so that a search on a
#: shared core does the same work as on an idle one.
CLOCK = time.process_time
#: Sub-moves before a confirm is forced (a safety net; real turns are far shorter).
MAX_SUBMOVES = 60

#: ``value(projection) -> float``: how good a position is for the seat choosing.
Value = Callable[[Projection], float]
#: ``key(state, seat, command) -> hashable or None``: commands of ``seat`` with equal keys
#: lead to positions the game's evaluation values alike for ``seat`` (None: no such promise).
ValueKey = Callable[[Any, str, Command], Hashable | None]


@dataclass(frozen=True)
class Candidate:
    commands: tuple[Command, ...]
    #: The position after the turn (confirmed, or cut short by the game moving on).
    after: Projection
    value: float
    #: Whether a command of the turn revealed information (a barrier event: a roll, a
    #: card drawn): the search then replays it to find the draw; a turn known not to
    #: draw is not replayed.
    draws: bool = True


class OutOfTime(Exception):
    pass


#: States an :class:`OwnValue` keeps the values of: the last ``OWN_VALUES`` to twice as
#: many valued (two generations).  A search keeps its values as long as it runs, and a
#: cache of every state valued kept them all alive for the cyclic collector (issue 26,
#: seventh round: First Class asks a value again within ten others valued, almost
#: always; young collections per 4 x 20 search 30 -> 23).
OWN_VALUES = 32


#: Per evaluation, ``seat_value`` of its module (None: none): ``seat_value(game,
#: state, seat)`` is the evaluation of one seat as a float, without the dict of seats
#: (issue 26, tenth round: the dict, its look-up and ``float`` per position valued).
_SEAT_VALUES: dict[object, Any] = {}


class OwnValue:
    """The seat's expected final points by the game's evaluation, of a projection or
    of a bare state (:meth:`state`: what :meth:`LocalTable.peek` gives a lookahead),
    cached per state (the last :data:`OWN_VALUES` or more); the cache holds the state
    too, so that its id is not reused."""

    __slots__ = ("seat", "_cache", "_older")

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self._cache: dict[int, tuple[object, float]] = {}
        self._older: dict[int, tuple[object, float]] = {}

    def __call__(self, p: Projection) -> float:
        return self.state(p.game, p.live)

    def state(self, game: Any, live: Any) -> float:
        key = id(live)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._older.get(key)
            if hit is None:
                own = _module_table(game, "seat_value", _SEAT_VALUES)
                if own is None:
                    hit = (live, float(for_game(game)(game, live, (self.seat,)).get(self.seat, 0.0)))
                else:
                    hit = (live, own(game, live, self.seat))  # type: ignore[operator]
            if len(self._cache) >= OWN_VALUES:
                self._older = self._cache
                self._cache = {}
            self._cache[key] = hit
        return hit[1]


def own_value(seat: str) -> OwnValue:
    """The seat's expected final points by the game's evaluation (cached per state)."""
    return OwnValue(seat)


def value_after(p: Projection, seat: str, command: Command, value: Value, table: LocalTable | None = None) -> float:
    """``value`` of the position after ``command``: through :meth:`LocalTable.peek` (on
    ``table``, a table of ``p`` that listed ``command``, if given) where ``value`` values
    bare states (an :class:`OwnValue`), else through a step."""
    if isinstance(value, OwnValue):
        makers = valued_after(p.game)
        maker = makers.get(command.type) if makers is not None else None
        made = maker(p.live, seat, command) if maker is not None and table is not None else None
        if made is not None:  # listed by ``table``: valued on a state made without deciding it
            return value.state(p.game, made)
        return value.state(p.game, (table or LocalTable.from_projection(p)).peek(seat, command))
    return value(step(p, seat, command))


_VALUE_KEYS: dict[object, ValueKey | None] = {}


def value_key(game: object) -> ValueKey | None:
    """``value_key`` of the game's evaluation module, if it has one: the lookahead then
    steps only the first legal command of each key and gives the others its value (a
    First Class seat with six coins may spend any of them for a point, all alike to the
    evaluation; issue 26 profile: a whole-turn listing stepped 404 sub-moves, a quarter
    of them coins).  Ties already go to the first command, so the choices are the same."""
    return _module_table(game, "value_key", _VALUE_KEYS)  # type: ignore[no-any-return]


def _module_table(game: object, attr: str, kept: dict[object, Any]) -> Any:
    """``attr`` of the module of the game's evaluation (None: it has none), looked up once
    per evaluation and kept in ``kept``: keyed by the evaluation function, not the game's
    name, so that an evaluation registered by hand later is followed."""
    evaluation = for_game(game)  # type: ignore[arg-type]
    table = kept.get(evaluation, _UNKNOWN)
    if table is _UNKNOWN:
        table = kept[evaluation] = getattr(inspect.getmodule(evaluation), attr, None)
    return table


_UNKNOWN = object()


#: ``test(state, seat, command) -> bool``: a promise about the position after a listed
#: ``command`` (``BELOW_CONFIRM``: worth less to ``seat`` by the game's evaluation than the
#: position now, by more than the lookahead's tie margin; ``SAME_VALUE``: worth exactly as much).
CommandTest = Callable[[Any, str, Command], bool]
_BELOW_CONFIRM: dict[object, Mapping[str, CommandTest] | None] = {}


def below_confirm(game: object) -> Mapping[str, CommandTest] | None:
    """``BELOW_CONFIRM`` of the game's evaluation module, if it has one: per command type,
    a test (``below(state, seat, command)``).  Where ``ConfirmTurn`` is legal, the lookahead
    neither decides nor values a command its test promises to be worth less than
    confirming (whose value is the position's own): that command cannot be the best, so
    the choices are the same (First Class: leaving out a part that gains something,
    issue 26's tenth round)."""
    return _module_table(game, "BELOW_CONFIRM", _BELOW_CONFIRM)  # type: ignore[return-value]


_SAME_VALUE: dict[object, Mapping[str, CommandTest] | None] = {}


def same_value(game: object) -> Mapping[str, CommandTest] | None:
    """``SAME_VALUE`` of the game's evaluation module, if it has one: per command type, a
    test (``same(state, seat, command)``) that promises the position after a listed command
    valued exactly as the position now.  The lookahead gives such a command that value
    without deciding it, and decides it only where it is chosen (when the table submits
    it): the same scores, so the same choices (First Class: leaving out a part that
    gains nothing, issue 26's tenth round)."""
    return _module_table(game, "SAME_VALUE", _SAME_VALUE)  # type: ignore[return-value]


#: ``made(state, seat, command) -> state or None``: a state the game's evaluation values as
#: the one after the listed ``command``, made without deciding it.
MadeAfter = Callable[[Any, str, Command], Any]
_VALUED_AFTER: dict[object, Mapping[str, MadeAfter] | None] = {}


def valued_after(game: object) -> Mapping[str, MadeAfter] | None:
    """``VALUED_AFTER`` of the game's evaluation module, if it has one: per command type, a
    maker of a state valued as the one after a listed command, which the lookahead values
    instead of deciding the command (decided only where it is played on: the table's
    submit then decides it): the same values, so the same choices (First Class: an action
    card taken, issue 26's tenth round)."""
    return _module_table(game, "VALUED_AFTER", _VALUED_AFTER)  # type: ignore[return-value]


#: Per command type: its ``below_confirm``, ``same_value`` and ``valued_after`` hooks (None where not given).
LookaheadHook = tuple[CommandTest | None, CommandTest | None, MadeAfter | None]
_HOOKS: dict[object, dict[str, LookaheadHook]] = {}


def lookahead_hooks(game: object) -> dict[str, LookaheadHook]:
    """The game's :func:`below_confirm`, :func:`same_value` and :func:`valued_after` tests
    per command type, in one table (one look-up per command the lookahead values)."""
    evaluation = for_game(game)  # type: ignore[arg-type]
    hooks = _HOOKS.get(evaluation)
    if hooks is None:
        below, same, made = below_confirm(game) or {}, same_value(game) or {}, valued_after(game) or {}
        hooks = _HOOKS[evaluation] = {kind: (below.get(kind), same.get(kind), made.get(kind))
                                for kind in (*below, *same, *made)}
    return hooks


_KEY_FIRSTS: dict[object, bool | None] = {}


def first_key(game: object) -> ValueKey | None:
    """:func:`value_key`, unless the game's evaluation module sets ``VALUE_KEY_FIRSTS``
    false: its key then promises equal values one step on but not the same rest of the
    turn (Railroad Dice: a track piece by its kind and payment, wherever it lies; where it
    leads decides what the turn builds next), so that whole turns are still listed for
    every first command and only the lookahead within a turn peeks at one per key."""
    firsts = _module_table(game, "VALUE_KEY_FIRSTS", _KEY_FIRSTS)  # None: not set, so true
    return value_key(game) if firsts is None or firsts else None


def distinct(p: Projection, seat: str, commands: Sequence[Command]) -> list[Command]:
    """``commands`` less those whose :func:`first_key` an earlier one has: as first
    commands of whole turns they would start the same turn again, valued alike."""
    keyed = first_key(p.game)
    return list(commands) if keyed is None else first_per_key(keyed, p, seat, commands)


def first_per_key(keyed: ValueKey, p: Projection, seat: str,
                  commands: Sequence[Command]) -> list[Command]:
    """``commands`` less those whose key (``keyed(state, seat, command)``) an earlier one
    has; a command without a key is kept."""
    seen: set[Hashable] = set()
    out = []
    for command in commands:
        key = keyed(p.live, seat, command)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        out.append(command)
    return out


def choices(p: Projection, seat: str, table: LocalTable | None = None) -> list[Command]:
    """The commands a bot may send from ``p``, listed by ``table`` (a table of ``p``) if
    given: its :meth:`LocalTable.peek` then decides them on the trusted path."""
    return [c for c in (table or LocalTable.from_projection(p)).legal(seat, undo=False) if c.type not in NEVER]


def moving(p: Projection, seat: str) -> bool:
    return p.turn_seat == seat or (p.turn_seat is None and seat in p.whose_turn().to_move)


def step(p: Projection, seat: str, command: Command) -> Projection:
    table = LocalTable.from_projection(p)
    table.submit(seat, command)
    return table.projection


def _advance(p: Projection, seat: str, command: Command, table: LocalTable | None = None) -> tuple[Projection, bool]:
    """The position after ``command`` (on ``table``, a table of ``p``, if given) and whether
    its events reveal information."""
    table = table or LocalTable.from_projection(p)
    envelopes = table.submit(seat, command)
    return table.projection, any_barrier(envelopes)


def complete_greedily(p: Projection, seat: str, value: Value, first: Command | None = None,
                      deadline: float | None = None, hurry: random.Random | None = None,
                      table: LocalTable | None = None) -> Candidate:
    """The rest of ``seat``'s turn from ``p`` (starting with ``first`` if given),
    each sub-move the best by ``value``; confirming wins ties with nothing left to gain.

    Past ``deadline`` the completion raises :class:`OutOfTime`, unless ``hurry``
    is given: then it finishes the turn cheaply instead (confirming as soon as the
    rules allow, else a random sub-move from ``hurry``), because a bot must always
    have one whole turn to play and the lookahead of one sub-move can cost a whole
    budget in games with many sub-moves (a roll of dice, a long build phase).

    ``table``, a table of ``p`` on which ``first`` may have been peeked at, submits it
    (without deciding it again where it was)."""
    commands: list[Command] = []
    keyed = value_key(p.game)
    peeking = isinstance(value, OwnValue)
    hooks = lookahead_hooks(p.game) if peeking else {}  # only the peeking lookahead values by the evaluation
    draws = False
    if first is not None:
        p, drew = _advance(p, seat, first, table)
        draws |= drew
        commands.append(Command(first.type, seat, first.args))
        if first.type == CONFIRM:
            return Candidate(tuple(commands), p, value(p), draws)
    for _ in range(MAX_SUBMOVES):
        if not moving(p, seat):
            break
        table = LocalTable.from_projection(p)
        legal = choices(p, seat, table)  # listed by the table that peeks at them
        if not legal:
            break
        if deadline is not None and CLOCK() > deadline:
            if hurry is None:
                raise OutOfTime
            command = next((c for c in legal if c.type == CONFIRM), None) or hurry.choice(legal)
            try:
                p, drew = _advance(p, seat, command)
            except IllegalMove:
                continue
            draws |= drew
            commands.append(Command(command.type, seat, command.args))
            if command.type == CONFIRM:
                break
            continue
        if peeking and len(legal) == 1 and legal[0].type == CONFIRM:
            # Nothing to choose: the position's value (an evaluation where it was not
            # peeked at, e.g. right after the first command) would decide nothing.  An
            # :class:`OwnValue` only, which computes nothing but the value.
            p, drew = _advance(p, seat, legal[0], table)
            draws |= drew
            commands.append(Command(CONFIRM, seat, {}))
            break
        best: tuple[float, Command, Projection | None] | None = None
        seen: set[Hashable] = set()  # keys stepped: a later command of the same key cannot win the tie
        pruning = False  # confirming is legal: a command ``below_confirm`` promises worse is left out
        if hooks:
            for command in legal:
                if command.type == CONFIRM:
                    pruning = True
                    break
        for command in legal:
            if best is not None and hurry is not None and deadline is not None and CLOCK() > deadline:
                break  # one sub-move's lookahead may list hundreds of commands: take the best so far
            after: Projection | None = None
            if command.type == CONFIRM:
                score = value(p)
            else:
                key = keyed(p.live, seat, command) if keyed is not None else None
                if key is not None and key in seen:
                    continue
                try:
                    if not peeking:
                        after = step(p, seat, command)
                        score = value(after)
                    else:  # only the chosen command's projection is needed: made below
                        hook = hooks.get(command.type)
                        if hook is None:
                            score = value.state(p.game, table.peek(seat, command))  # type: ignore[attr-defined]
                        else:
                            below, same, maker = hook
                            if pruning and below is not None and below(p.live, seat, command):
                                continue  # worse than confirming, which is listed: it cannot be the best
                            if same is not None and same(p.live, seat, command):
                                score = value(p)  # valued as the position now: decided below if chosen
                            else:
                                made = maker(p.live, seat, command) if maker is not None else None
                                score = value.state(p.game, made if made is not None  # type: ignore[attr-defined]
                                                    else table.peek(seat, command))
                except IllegalMove:
                    continue
                if key is not None:
                    seen.add(key)
                # Doing something wins a tie against confirming (a step is rarely worse).
                score += 1e-6
            if best is None or score > best[0]:
                best = (score, command, after)
        if best is None:
            break
        _, command, chosen = best
        if command.type == CONFIRM:
            p, drew = _advance(p, seat, command)
            draws |= drew
            commands.append(Command(CONFIRM, seat, {}))
            break
        if chosen is None:  # peeked at: the table submits the events it decided then (else decides them)
            chosen, drew = _advance(p, seat, command, table)
        else:  # stepped for its value: the draw is in its tail
            drew = any_barrier(chosen.tail[len(p.tail):]) or not chosen.tail
        draws |= drew
        p = chosen
        commands.append(Command(command.type, seat, command.args))
    return Candidate(tuple(commands), p, value(p), draws)


def candidate_turns(p: Projection, seat: str, value: Value, rng: random.Random,
                    limit: int | None = None, deadline: float | None = None,
                    firsts: Sequence[Command] | None = None, table: LocalTable | None = None) -> list[Candidate]:
    """Whole turns of ``seat`` from ``p``, best first: one per first command (a
    random ``limit`` of them when there are more; one per :func:`value_key`).  Stops early at ``deadline``
    with what it has: the first candidate is always finished (cheaply once the
    deadline has passed), the others are dropped when they would overrun.  ``table``, a
    table of ``p`` that peeked at some of ``firsts``, lends each turn a fork of itself, so
    that those are submitted without being decided again."""
    if firsts is None:
        planned = planned_turns(p, seat, value, rng)
        if planned:
            return planned
    firsts = list(firsts) if firsts is not None else distinct(p, seat, choices(p, seat))
    if limit is not None and len(firsts) > limit:
        firsts = rng.sample(firsts, limit)
    result: list[Candidate] = []
    for first in firsts:
        try:
            result.append(complete_greedily(p, seat, value, first, deadline=deadline,
                                            hurry=None if result else rng, table=table and table.fork()))
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
    lister = turns_for(p.game)
    if lister is None or not moving(p, seat):
        return None
    turns = lister(p.live, seat, rng)
    if not turns:
        return None
    result: list[Candidate] = []
    for turn in turns:
        table = LocalTable.from_projection(p)
        plan = play_planned(table, seat, turn)
        if not plan.over:
            continue
        after = table.projection
        result.append(Candidate(tuple(plan.played), after, value(after)))
    result.sort(key=lambda c: -c.value)
    return result or None
