"""Deciding a command on a projection: the platform's turn commands and the game's.

The platform owns the turn model (confirm, undo, undo requests) and the guards
every game shares (game over, whose turn, an open turn of another seat); all
other commands go to the game's ``decide`` on the live state.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from events.envelope import SCHEMA_VERSION, Envelope
from events.projection import (
    REVERTED,
    SEAT_HANDED_TO_BOT,
    SEAT_TAKEN_BACK,
    UNDO_ACCEPTED,
    UNDO_DECLINED,
    UNDO_REQUESTED,
    UNDONE,
    Projection,
)
from games.contract import SYSTEM, TURN_CONFIRMED, Command, Description, Event, IllegalMove, Turn, render
from games.kit import hooks

log = logging.getLogger(__name__)
T = TypeVar("T")


def decide(projection: Projection, command: Command, rng: random.Random) -> list[Event]:
    """The events ``command`` causes, or ``IllegalMove`` naming the rule it breaks."""
    if projection.seq == 0:
        raise IllegalMove("platform.no_game", "the game has not been created")
    if projection.whose_turn().over:
        # Nothing is appended to a finished game: no moves, no undo, no seat changes.
        raise IllegalMove("platform.game_over", "the game is over")
    handler = _PLATFORM.get(command.type)
    if handler is not None:
        if command.seat == SYSTEM:
            raise IllegalMove("platform.system_turn", "the system takes no turns")
        return handler(projection, command)
    return _decide_game(projection, command, rng)


def decide_folded(projection: Projection, command: Command, rng: random.Random,
                  listed: bool = False) -> tuple[list[Event], Any]:
    """:func:`decide`, with the live state after the events where the game's decision
    folded them already (:func:`games.kit.hooks.decide_folded`), else None (the
    platform's own commands, games whose decision folds nothing).  ``listed``: the
    command is one :func:`legal_commands` returned for this very projection (the bots'
    lookahead), so the platform's guards, which the listing applied, are not run again
    and the game may skip what its listing checked; anything else is checked in full."""
    turn = None  # asked once for both checks below (per command the tables decide)
    if command.type in _PLATFORM or (not listed and (projection.seq == 0
                                                     or (turn := projection.whose_turn()).over)):
        return decide(projection, command, rng), None
    if turn is not None:  # not listed: the platform's guards, which a listing applied
        _game_guards(projection, command, turn)
    try:  # _run_game's guard written out: its lambda made four cells and a function per command (Python 3.11)
        return hooks.decide_folded(projection.game, projection.live, command, rng, listed)
    except IllegalMove:
        raise
    except Exception as exc:
        raise _refusal(projection, command, exc) from exc


def _decide_game(p: Projection, command: Command, rng: random.Random) -> list[Event]:
    _game_guards(p, command, p.whose_turn())
    return _run_game(p, command, lambda: list(p.game.decide(p.live, command, rng)))


def _game_guards(p: Projection, command: Command, turn: Turn) -> None:
    """The platform's turn rules for a game command: system work only when pending and
    no turn or undo request is open; a seat only when it is to move and no other
    seat's turn, undo request or system work is open (``turn``: ``p.whose_turn()``)."""
    if command.seat == SYSTEM:
        if command.type not in turn.pending_system:
            raise IllegalMove("platform.no_system_work", f"no pending system work {command.type!r}")
        if p.undo_request is not None:
            raise IllegalMove("platform.undo_pending", "system work waits until the undo request is answered")
        if p.tail:
            raise IllegalMove("platform.turn_open", "system work waits until the open turn is confirmed")
    else:
        if p.undo_request is not None:
            raise IllegalMove("platform.undo_pending", "an undo request must be answered first")
        if p.turn_seat is not None and p.turn_seat != command.seat:
            raise IllegalMove("platform.turn_open", f"seat {p.turn_seat} has not confirmed its turn yet")
        if turn.pending_system:
            raise IllegalMove("platform.system_pending", "the round is being scored")
        if command.seat not in turn.to_move:
            raise IllegalMove("platform.not_your_turn", f"it is not seat {command.seat}'s turn")


def _run_game(p: Projection, command: Command, call: Callable[[], T]) -> T:
    """The game's decision, a game bug turned into a refusal (not a 500 or a lost move)."""
    try:
        return call()
    except IllegalMove:
        raise
    except Exception as exc:
        raise _refusal(p, command, exc) from exc


def _refusal(p: Projection, command: Command, exc: Exception) -> IllegalMove:
    """A game's failure to decide, logged, as the refusal the player gets."""
    log.exception("game %s failed to decide %s", p.game.name, command)
    return IllegalMove("platform.invalid_command", f"the command could not be applied ({type(exc).__name__})")


def mandatory_open(p: Projection, seat: str) -> list[str]:
    return [a.key for a in p.game.open_actions(p.live, seat) if a.mandatory]


def has_mandatory_open(p: Projection, seat: str) -> bool:
    """Whether ``seat`` still has a mandatory action open.  A game may answer this
    itself (its ``has_mandatory(state, seat)``, :mod:`games.kit.hooks`) without building
    the open actions' descriptions: the turn commands ask it for every listing, and
    bots list thousands of times per search."""
    return hooks.has_mandatory(p.game, p.live, seat)


class OpenActionsRefusal(IllegalMove):
    """A refusal that names open actions (``descriptions``, the game's texts), so that
    whoever shows it can say them in the reader's language with the players' names
    (the API's 422 carries ``text`` in German and English); ``message`` says them
    in English for any other caller."""

    def __init__(self, code: str, message: str, descriptions: Sequence[Description]) -> None:
        super().__init__(code, message)
        self.descriptions = tuple(descriptions)


def _confirm(p: Projection, command: Command) -> list[Event]:
    if p.turn_seat != command.seat or not p.tail:
        raise IllegalMove("platform.nothing_to_confirm", "you have no open turn to confirm")
    if not has_mandatory_open(p, command.seat):  # the game's quick answer: no actions built per confirm
        return [Event(TURN_CONFIRMED, {"seat": command.seat})]
    missing = [Description(a.key, a.params) for a in p.game.open_actions(p.live, command.seat) if a.mandatory]
    if missing:
        # In words, not keys: "still open: rr.open.steps" told a person nothing.
        texts = [render(p.game, d, "en") for d in missing]
        raise OpenActionsRefusal("platform.mandatory_open",
                                 "mandatory actions are still open: " + "; ".join(texts), missing)
    return [Event(TURN_CONFIRMED, {"seat": command.seat})]


def undo_points(p: Projection) -> list[int]:
    """The seqs the open turn can be undone to: its start and each kept sub-move
    except the last, never before a barrier."""
    barrier = p.last_barrier_in_tail()
    points = [p.confirmed_seq] + [e.seq for e in p.tail[:-1]]
    return [s for s in points if s >= barrier]


def _undo(p: Projection, command: Command) -> list[Event]:
    if p.turn_seat != command.seat or not p.tail:
        raise IllegalMove("platform.nothing_to_undo", "you have no open turn to undo")
    if p.undo_request is not None:
        raise IllegalMove("platform.undo_pending", "an undo request must be answered first")
    points = undo_points(p)
    if not points:
        raise IllegalMove("platform.undo_barrier", "the last sub-move revealed information and cannot be undone")
    to_seq = command.args.get("to_seq", points[-1])
    if not isinstance(to_seq, int) or isinstance(to_seq, bool):
        raise IllegalMove("platform.bad_args", "to_seq must be an integer")
    if to_seq not in points:
        if p.confirmed_seq <= to_seq < p.last_barrier_in_tail():
            raise IllegalMove("platform.undo_barrier", "cannot undo past a move that revealed information")
        raise IllegalMove("platform.undo_range", f"to_seq must be one of {points}")
    return [Event(UNDONE, {"to_seq": to_seq})]


def _request_undo(p: Projection, command: Command) -> list[Event]:
    seat = command.seat
    if seat not in p.seats:
        raise IllegalMove("platform.not_a_seat", "only seated players may ask for an undo")
    if p.undo_request is not None:
        raise IllegalMove("platform.undo_pending", "an undo request is already open")
    to_seq = command.args.get("to_seq")
    if not isinstance(to_seq, int) or isinstance(to_seq, bool):
        raise IllegalMove("platform.bad_args", "to_seq must be an integer")
    points = request_points(p)
    if to_seq not in points:
        raise IllegalMove("platform.undo_range",
                          "an undo across turns returns to the end of a confirmed turn (never into set-up or "
                          f"scoring) after the last revealed information: one of {points[-10:]}")
    waiting = tuple(sorted(s for s in p.seats_after(to_seq) if s != seat))
    if not waiting:
        return [Event(REVERTED, {"to_seq": to_seq, "by": seat})]
    return [Event(UNDO_REQUESTED, {"to_seq": to_seq, "waiting_for": list(waiting)})]


def request_points(p: Projection) -> list[int]:
    """The positions an undo request may return to now: earlier revert points
    (ends of confirmed turns or of system work, with somebody to move), none of
    them before information the open turn revealed."""
    barrier = p.last_barrier_in_tail()
    return [s for s in p.revert_points if barrier <= s < p.seq]


def _accept_undo(p: Projection, command: Command) -> list[Event]:
    request = p.undo_request
    if request is None or command.seat not in request.waiting_for:
        raise IllegalMove("platform.no_undo_request", "there is no undo request waiting for you")
    events = [Event(UNDO_ACCEPTED, {})]
    if request.waiting_for == (command.seat,):
        events.append(Event(REVERTED, {"to_seq": request.to_seq, "by": request.by}))
    return events


def _decline_undo(p: Projection, command: Command) -> list[Event]:
    request = p.undo_request
    if request is None or (command.seat not in request.waiting_for and command.seat != request.by):
        raise IllegalMove("platform.no_undo_request", "there is no undo request waiting for you")
    return [Event(UNDO_DECLINED, {})]


def _hand_to_bot(p: Projection, command: Command) -> list[Event]:
    """Another player hands a seat the game is waiting on to a bot.  How long the
    seat must have been idle is checked by the caller, which knows the clock."""
    seat, level = command.args.get("seat"), command.args.get("level")
    if command.seat not in p.seats or command.seat in p.bots:
        raise IllegalMove("platform.not_a_seat", "only seated players may hand a seat to a bot")
    if not isinstance(seat, str) or seat not in p.seats or seat == command.seat:
        raise IllegalMove("platform.bad_args", "seat must be another seat of this game")
    if not isinstance(level, str) or not level:
        raise IllegalMove("platform.bad_args", "level must name a bot level")
    if seat in p.bots:
        raise IllegalMove("platform.already_bot", f"seat {seat} is already played by a bot")
    status = p.status()
    if status.over or (seat not in status.to_move and p.turn_seat != seat):
        raise IllegalMove("platform.not_waiting", f"the game is not waiting for seat {seat}")
    return [Event(SEAT_HANDED_TO_BOT, {"seat": seat, "level": level, "by": command.seat})]


def _take_back(p: Projection, command: Command) -> list[Event]:
    if command.seat not in p.handed_over:
        raise IllegalMove("platform.not_handed_over", "your seat is not played by a bot")
    return [Event(SEAT_TAKEN_BACK, {"seat": command.seat})]


_PLATFORM = {
    "ConfirmTurn": _confirm,
    "Undo": _undo,
    "RequestUndo": _request_undo,
    "AcceptUndo": _accept_undo,
    "DeclineUndo": _decline_undo,
    "HandToBot": _hand_to_bot,
    "TakeBack": _take_back,
}


def platform_commands(p: Projection, seat: str, undo: bool = True) -> list[Command]:
    """The turn commands ``seat`` may send now (added to the game's legal commands);
    without the ``Undo`` commands for a caller that never undoes (the bots)."""
    commands: list[Command] = []
    if p.turn_seat == seat and p.tail and p.undo_request is None:
        if not has_mandatory_open(p, seat):
            commands.append(Command("ConfirmTurn", seat, {}))
        for to_seq in undo_points(p) if undo else ():
            commands.append(Command("Undo", seat, {"to_seq": to_seq}))
    request = p.undo_request
    if request is not None and seat in request.waiting_for:
        commands.append(Command("AcceptUndo", seat, {}))
    if request is not None and (seat in request.waiting_for or seat == request.by):
        commands.append(Command("DeclineUndo", seat, {}))
    if seat in p.handed_over:
        commands.append(Command("TakeBack", seat, {}))
    return commands


def legal_commands(p: Projection, seat: str, undo: bool = True) -> list[Command]:
    """Everything ``seat`` may send now: the game's commands (when the platform's
    guards allow them) and the turn commands (``undo`` False: without ``Undo``, which
    the bots never send; a listing per sub-move built one per sub-move so far)."""
    turn = p.whose_turn()
    if turn.over:
        return []
    game_commands: list[Command] = []
    allowed = (
        not turn.over
        and p.undo_request is None
        and (p.turn_seat is None or p.turn_seat == seat)
        and (seat == SYSTEM or not turn.pending_system)
        and (seat in turn.to_move or (seat == SYSTEM and not p.tail))
    )
    if allowed:
        game_commands = list(p.game.legal_commands(p.live, seat))
    if seat != SYSTEM:  # extended in place: the list is this call's own (no second copy per listing)
        game_commands += platform_commands(p, seat, undo)
    return game_commands


def to_envelopes(p: Projection, events: Sequence[Event], actor: str, command_id: str,
                 ts: int | None = None) -> list[Envelope]:
    """Number the events after ``p.seq`` and wrap them for the log."""
    ts = int(time.time() * 1000) if ts is None else ts
    out = []
    seq, turn = p.seq, p.turn
    for e in events:  # a loop: a comprehension over the arguments made them cells at every call (Python 3.11)
        seq += 1
        # the arguments by position, in Envelope's order (nine keywords matched by name made
        # the call a third of this function's time: 1.13 -> 0.81 us per one-event command)
        out.append(Envelope(seq, e.type, actor, dict(e.payload), turn, ts, command_id, SCHEMA_VERSION, e.barrier))
    return out
