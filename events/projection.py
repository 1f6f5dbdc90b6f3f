"""Folding a game's log into its projections: the turn model of DESIGN.md section 4.

A :class:`Projection` holds the state at the last confirmed boundary
(``confirmed``), the open turn's sub-moves still in effect (``tail``) and the live
state folded from both.  Platform events shape the tail:

* ``TurnConfirmed`` makes the tail final (the game's ``evolve`` sees it too);
* ``Undone(to_seq)`` drops the tail's sub-moves after ``to_seq``;
* ``UndoRequested`` / ``UndoAccepted`` / ``UndoDeclined`` track a request to undo
  across confirmed turns, and ``Reverted(to_seq)`` carries it out by rebuilding
  the projection at ``to_seq``.

Projections are values: :meth:`Projection.apply` returns a new one, so a cached
projection can be shared between requests and threads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from events.envelope import Envelope, any_barrier
from games.contract import NOBODY, REVIEWER, SECRET, SYSTEM, TURN_CONFIRMED, Game, Status, Turn
from games.kit import hooks

GAME_CREATED = "GameCreated"
UNDONE = "Undone"
UNDO_REQUESTED = "UndoRequested"
UNDO_ACCEPTED = "UndoAccepted"
UNDO_DECLINED = "UndoDeclined"
REVERTED = "Reverted"
SEAT_HANDED_TO_BOT = "SeatHandedToBot"
SEAT_TAKEN_BACK = "SeatTakenBack"
#: Events the platform folds itself; the game's ``evolve`` never sees them.
PLATFORM_ONLY_EVENTS = frozenset({UNDONE, UNDO_REQUESTED, UNDO_ACCEPTED, UNDO_DECLINED, REVERTED,
                                  SEAT_HANDED_TO_BOT, SEAT_TAKEN_BACK})
#: Platform events that happen between turns, even while a turn is open: they are
#: public at once and never part of anybody's draft.
BETWEEN_TURN_EVENTS = frozenset({UNDO_REQUESTED, UNDO_ACCEPTED, UNDO_DECLINED, REVERTED,
                                 SEAT_HANDED_TO_BOT, SEAT_TAKEN_BACK})


@dataclass(frozen=True)
class UndoRequest:
    """A pending request to undo back to ``to_seq`` across confirmed turns."""

    to_seq: int
    by: str
    waiting_for: tuple[str, ...]


@dataclass(frozen=True)
class Projection:
    game: Game
    seq: int = 0
    #: State after the last confirmed boundary, and that boundary's seq.
    confirmed: Any = None
    confirmed_seq: int = 0
    #: The open turn: its seat and its sub-moves still in effect (undone ones dropped).
    turn_seat: str | None = None
    tail: tuple[Envelope, ...] = ()
    live: Any = None
    #: Number of the current turn (1 for the first turn after setup).
    turn: int = 1
    #: Positions an undo request may return to: ends of confirmed turns and of
    #: system work where somebody is to move and no system work is pending (a
    #: position a player could have confirmed, never the middle of set-up or
    #: scoring), and only those after the last barrier, since undoing past
    #: revealed information would let a player draw again.
    revert_points: tuple[int, ...] = ()
    #: ``(seq, seat)`` of each turn confirmed since the last barrier: who is
    #: affected by an undo back to a revert point.
    confirmed_turns: tuple[tuple[int, str], ...] = ()
    undo_request: UndoRequest | None = None
    #: From ``GameCreated``: the seats, the options and the secret seed.
    seats: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    seed: str = ""
    #: Seats played by a bot, with its level: from ``GameCreated``, changed by
    #: ``SeatHandedToBot`` / ``SeatTakenBack``.
    bots: Mapping[str, str] = field(default_factory=dict)
    #: Seats handed to a bot by the other players (their owner may take them back).
    handed_over: frozenset[str] = frozenset()
    #: The seq at which each of those seats was handed over: moves before it are the
    #: person's own, and their bot may not agree to take them back (issue 28 B).
    handed_over_at: Mapping[str, int] = field(default_factory=dict)
    #: Timestamp (ms) of the last event: how long the game has waited.
    last_ts: int = 0
    #: The last seq and timestamp everybody may see: an open turn's draft (its
    #: sub-moves and the ``Undone`` events withdrawing some) moves neither, so
    #: nothing tells the others how many sub-moves a seat has drafted, or when.
    public_seq: int = 0
    public_ts: int = 0
    #: The seat whose draft lies after ``public_seq`` (its sub-moves and ``Undone``
    #: events, even when it withdrew them all), or None.
    draft_owner: str | None = None
    #: The command id of the last event: events of one command are appended
    #: together, so only the last of them can be a position to return to.
    last_command_id: str = ""
    #: Seq of the last system event (set-up, scoring) since the last barrier:
    #: undoing across it changes every seat's game, so every seat must agree.
    last_system_seq: int = 0

    def __post_init__(self) -> None:
        # Its fields as a combined dict (as :func:`_replace` gives its copies): the generated
        # ``__init__`` leaves them in a split dict sharing the class's keys, whose attribute
        # reads Python 3.11 does not specialise, and ``_replace``'s ``.copy()`` would hand
        # such a dict on to every projection folded from this one.
        object.__setattr__(self, "__dict__", dict(self.__dict__))

    @classmethod
    def empty(cls, game: Game) -> Projection:
        state = game.initial_state()
        return cls(game=game, confirmed=state, live=state)

    # ----------------------------------------------------------------- queries
    def status(self) -> Status:
        """The game's status of the live state, computed once per projection
        (projections are values, so it cannot go stale)."""
        fields = self.__dict__  # kept there as ``_status`` (see :meth:`whose_turn`)
        status = fields.get("_status")
        if status is None:
            status = fields["_status"] = self.game.status(self.live)
        return status

    def whose_turn(self) -> Turn:
        """Who may act now: the part of :meth:`status` the turn machinery reads for every
        command and listing, once per projection, from the game's quick answer
        (:func:`games.kit.hooks.turn`) unless the status is computed already (issue 26: a
        full status per listed position, scores and ranking, was some 5 % of a search).
        Kept in the projection's ``__dict__`` as ``_turn`` by hand, not by a
        ``cached_property``: Python 3.11's takes a lock at each first read, once per
        projection the bots make."""
        fields = self.__dict__
        turn = fields.get("_turn")
        if turn is None:
            status = fields.get("_status")
            if status is not None:
                turn = Turn(status.to_move, status.pending_system, status.over)
            else:
                turn = hooks.turn(self.game, self.live)
            fields["_turn"] = turn
        return turn

    def state_for(self, viewer: str) -> Any:
        """The moving seat sees its live state; everybody else the confirmed one."""
        if viewer == REVIEWER or (self.turn_seat is not None and viewer == self.turn_seat):
            return self.live
        return self.confirmed

    def visible_seq(self, viewer: str) -> int:
        """The last seq ``viewer`` may see: others do not see an open turn's draft."""
        if viewer == REVIEWER or self.draft_owner is None or viewer == self.draft_owner:
            return self.seq
        return self.public_seq

    def visible_ts(self, viewer: str) -> int:
        """When the game last changed as far as ``viewer`` can tell (ms)."""
        return self.last_ts if self.visible_seq(viewer) == self.seq else self.public_ts

    def is_draft(self, env: Envelope, viewer: str) -> bool:
        """Whether ``env`` belongs to the open turn's draft, which only its seat sees."""
        return (self.turn_seat is not None and viewer not in (self.turn_seat, REVIEWER)
                and env.seq > self.confirmed_seq and env.actor == self.turn_seat
                and env.type not in BETWEEN_TURN_EVENTS)

    def seats_after(self, seq: int) -> set[str]:
        """Seats whose game an undo back to ``seq`` changes: those that confirmed a
        turn after it or have one open, and every seat if system work (set-up,
        scoring) happened after it."""
        if self.last_system_seq > seq:
            return set(self.seats)
        seats = {seat for s, seat in self.confirmed_turns if s > seq}
        if self.turn_seat is not None:
            seats.add(self.turn_seat)
        return seats

    def quiescent(self) -> bool:
        """Whether this is a position a player could have confirmed: no open
        turn, no system work pending, somebody to move, the game not over."""
        turn = self.whose_turn()
        return not self.tail and not turn.pending_system and bool(turn.to_move) and not turn.over

    def last_barrier_in_tail(self) -> int:
        return max((e.seq for e in self.tail if e.barrier), default=0)

    # ---------------------------------------------------------------- folding
    def apply(self, env: Envelope, rebuild: Callable[[int], Projection] | None = None) -> Projection:
        """The projection after ``env``.  ``rebuild(seq)`` returns the projection
        at an earlier seq; it is needed only for ``Reverted``."""
        if env.seq != self.seq + 1:
            raise ValueError(f"gap in log: expected seq {self.seq + 1}, got {env.seq}")
        before = self
        if (env.command_id and env.command_id == self.last_command_id and self.revert_points
                and self.revert_points[-1] == self.seq):
            # The previous event was not the end of its command's events.
            before = _replace(self, revert_points=self.revert_points[:-1])
        handler = _HANDLERS.get(env.type)
        if handler is None and env.actor != SYSTEM:
            return before._fold_submove(env)
        after = handler(before, env, rebuild) if handler is not None else before._fold_confirmed(env)
        public = env.type in BETWEEN_TURN_EVENTS or (after.turn_seat is None and env.type != UNDONE)
        if public:
            return _replace(after, last_command_id=env.command_id, public_seq=env.seq, public_ts=env.ts,
                           draft_owner=None)
        return _replace(after, last_command_id=env.command_id, draft_owner=env.actor)

    def apply_submoves(self, envelopes: Sequence[Envelope], live: Any) -> Projection | None:
        """The projection after one command's ``envelopes`` whose events the game has folded
        already into ``live`` (its decision folds them event by event, and
        :meth:`events.local.LocalTable.peek` keeps the result): what :meth:`apply` gives
        envelope by envelope, without folding each event again nor copying the projection
        per event (the bots' lookahead submits the sub-move it chose after valuing it).
        None unless all are sub-moves of one seat (no platform event, no system work),
        numbered on from :attr:`seq`: the caller then applies them one by one."""
        seq = self.seq
        for env in envelopes:
            seq += 1
            if env.seq != seq or env.actor == SYSTEM or env.type in _HANDLERS or env.actor != envelopes[0].actor:
                return None
        if not envelopes:
            return None
        before, first, last = self, envelopes[0], envelopes[-1]
        if (first.command_id and first.command_id == self.last_command_id and self.revert_points
                and self.revert_points[-1] == self.seq):
            before = _replace(self, revert_points=self.revert_points[:-1])  # as :meth:`apply` does
        return _submoves_folded(before, last, live, self.tail + tuple(envelopes))

    def _fold_confirmed(self, env: Envelope) -> Projection:
        """System events (setup, scoring) are final at once: no one can undo them."""
        state = self.game.evolve(self.live, env.event)
        points = () if env.barrier else self.revert_points
        turns = () if env.barrier else self.confirmed_turns
        created: dict[str, Any] = {}
        if env.type == GAME_CREATED:
            payload = env.payload
            created = dict(
                seats=tuple(payload.get("seats", ())),
                options=dict(payload.get("options", {})),
                seed=str(payload.get(SECRET, {}).get(NOBODY, {}).get("seed", "")),
                bots=dict(payload.get("bots", {})),
            )
        after = _replace(self, seq=env.seq, last_ts=env.ts, confirmed=state, live=state, confirmed_seq=env.seq,
                        tail=(), turn_seat=None, revert_points=points, confirmed_turns=turns,
                        last_system_seq=0 if env.barrier else env.seq, **created)
        return _with_revert_point(after, env.seq)

    def _fold_submove(self, env: Envelope) -> Projection:
        """A sub-move, the commonest event: the turn stays open, so the event is the
        mover's draft.  One copy of the projection (the bots fold thousands per search)."""
        live = self.game.evolve(self.live, env.event)
        return _submoves_folded(self, env, live, self.tail + (env,))



_FIELDS = frozenset(f.name for f in fields(Projection))


def _replace(p: Projection, **changes: Any) -> Projection:
    """``dataclasses.replace`` for projections, several times cheaper: folding calls
    it two or three times per event, and the bots fold thousands of events per
    search (a fifth of a table playout's time went to ``replace``).  The status
    computed for ``p`` stays with the copy unless the live state changes (the
    status is a function of the live state alone)."""
    # the fields a combined dict given at once: filling new.__dict__ left a split dict
    # sharing the class's keys, and Python 3.11 deoptimises every attribute read of an
    # object with one (p.live, p.seq, p.tail: ~3x dearer per read).  Copied by ``.copy()``,
    # which clones a combined dict's table in one block (``dict(...)`` inserts entry by
    # entry: 0.42 against 0.13 µs for a projection's 24 fields)
    state = p.__dict__.copy()
    fields = len(state)
    state.update(changes)
    # Only fields change: a projection's dict holds every field, so anything else is a key
    # more (counted: a quarter of the time the subset test ``changes.keys() <= _FIELDS`` took)
    if len(state) != fields:
        raise TypeError(f"not fields of a projection: {sorted(changes.keys() - _FIELDS)}")
    if "live" in changes or "game" in changes:
        state.pop("_status", None)
        state.pop("_turn", None)
    new = _new_projection(Projection)
    _set_fields(new, "__dict__", state)
    return new


def _submoves_folded(p: Projection, last: Envelope, live: Any, tail: tuple[Envelope, ...]) -> Projection:
    """``_replace(p, seq=last.seq, last_ts=last.ts, live=live, turn_seat=last.actor, tail=tail,
    last_command_id=last.command_id, draft_owner=last.actor)`` written out: the copy of every
    sub-move a table appends (the bots' and the real one's), without the keywords' dict,
    their check and the update (half of ``_replace``'s time)."""
    state = p.__dict__.copy()
    state.pop("_status", None)  # the live state changes (see :func:`_replace`)
    state.pop("_turn", None)
    state["seq"] = last.seq
    state["last_ts"] = last.ts
    state["live"] = live
    state["turn_seat"] = last.actor
    state["tail"] = tail
    state["last_command_id"] = last.command_id
    state["draft_owner"] = last.actor
    new = _new_projection(Projection)
    _set_fields(new, "__dict__", state)
    return new


_new_projection = object.__new__
_set_fields = object.__setattr__

def _turn_confirmed(p: Projection, env: Envelope, _rebuild: Any) -> Projection:
    state = p.game.evolve(p.live, env.event)
    barrier = env.barrier or any_barrier(p.tail)
    points = () if barrier else p.revert_points
    turns = () if barrier else p.confirmed_turns + ((env.seq, env.actor),)
    after = _replace(p, seq=env.seq, last_ts=env.ts, confirmed=state, live=state, confirmed_seq=env.seq,
                    tail=(), turn_seat=None, turn=p.turn + 1, revert_points=points,
                    confirmed_turns=turns, last_system_seq=0 if barrier else p.last_system_seq)
    return _with_revert_point(after, env.seq)


def _with_revert_point(p: Projection, seq: int) -> Projection:
    """``p`` with ``seq`` as a revert point if it is quiescent (whose turn it is, asked
    once: the copy keeps it, the state is the same)."""
    if not p.quiescent():
        return p
    return _replace(p, revert_points=p.revert_points + (seq,))


def _undone(p: Projection, env: Envelope, _rebuild: Any) -> Projection:
    to_seq = int(env.payload["to_seq"])
    kept = tuple(e for e in p.tail if e.seq <= to_seq)
    live = p.confirmed
    for e in kept:
        live = p.game.evolve(live, e.event)
    return _replace(p, seq=env.seq, last_ts=env.ts, tail=kept, live=live, turn_seat=p.turn_seat if kept else None)


def _undo_requested(p: Projection, env: Envelope, _rebuild: Any) -> Projection:
    request = UndoRequest(int(env.payload["to_seq"]), env.actor, tuple(env.payload["waiting_for"]))
    return _replace(_between_turns(p, env), undo_request=request)


def _undo_accepted(p: Projection, env: Envelope, _rebuild: Any) -> Projection:
    request = p.undo_request
    if request is None:
        return _replace(p, seq=env.seq, last_ts=env.ts)
    waiting = tuple(s for s in request.waiting_for if s != env.actor)
    return _replace(_between_turns(p, env), undo_request=replace(request, waiting_for=waiting))


def _undo_declined(p: Projection, env: Envelope, _rebuild: Any) -> Projection:
    return _replace(_between_turns(p, env), undo_request=None)


def _reverted(p: Projection, env: Envelope, rebuild: Callable[[int], Projection] | None) -> Projection:
    if rebuild is None:
        raise ValueError("Reverted needs the earlier projection: pass rebuild")
    earlier = rebuild(int(env.payload["to_seq"]))
    # The log goes on: keep counting seqs and turns, but every later event is void.
    # Its target was a revert point, hence quiescent: the restored position is one too.
    return _replace(earlier, seq=env.seq, last_ts=env.ts, confirmed_seq=env.seq, turn=p.turn + 1,
                   revert_points=(env.seq,), confirmed_turns=(), undo_request=None, last_system_seq=0)


def _between_turns(p: Projection, env: Envelope) -> Projection:
    """An event outside any turn: final at once when no turn is open."""
    return _replace(p, seq=env.seq, last_ts=env.ts, confirmed_seq=p.confirmed_seq if p.tail else env.seq)


def _handed_to_bot(p: Projection, env: Envelope, _rebuild: Any) -> Projection:
    seat = env.payload["seat"]
    return _replace(_between_turns(p, env), bots={**p.bots, seat: env.payload["level"]},
                   handed_over=p.handed_over | {seat}, handed_over_at={**p.handed_over_at, seat: env.seq})


def _taken_back(p: Projection, env: Envelope, _rebuild: Any) -> Projection:
    seat = env.payload["seat"]
    return _replace(_between_turns(p, env), bots={s: b for s, b in p.bots.items() if s != seat},
                   handed_over=p.handed_over - {seat},
                   handed_over_at={s: q for s, q in p.handed_over_at.items() if s != seat})


_HANDLERS: dict[str, Callable[[Projection, Envelope, Any], Projection]] = {
    TURN_CONFIRMED: _turn_confirmed,
    UNDONE: _undone,
    UNDO_REQUESTED: _undo_requested,
    UNDO_ACCEPTED: _undo_accepted,
    UNDO_DECLINED: _undo_declined,
    REVERTED: _reverted,
    SEAT_HANDED_TO_BOT: _handed_to_bot,
    SEAT_TAKEN_BACK: _taken_back,
}


def fold(
    game: Game,
    envelopes: Sequence[Envelope],
    start: Projection | None = None,
    rebuild: Callable[[int], Projection] | None = None,
) -> Projection:
    """Fold ``envelopes`` onto ``start`` (default: an empty game).

    A log folded from its beginning rebuilds itself for ``Reverted``; a fold that
    starts from a snapshot needs ``rebuild`` from its caller.
    """
    projection = start or Projection.empty(game)
    if start is None and rebuild is None:
        rebuild = lambda seq: fold(game, envelopes[:seq])  # noqa: E731 - seq n is at index n-1
    for env in envelopes:
        if env.seq > projection.seq:
            projection = projection.apply(env, rebuild)
    return projection


def fold_iter(game: Game, envelopes: Iterable[Envelope]) -> Iterable[Projection]:
    """Every projection along a log, one per event (for replay and checks)."""
    seen: list[Envelope] = []
    projection = Projection.empty(game)
    for env in envelopes:
        seen.append(env)
        projection = projection.apply(env, lambda seq: fold(game, seen[:seq]))
        yield projection
