"""A game table in memory: the turn machinery without Redis.

Used by ``stellwerk selfplay``, the benchmarks, the bots' search and the rules
tests, so that all of them exercise exactly the platform's decide/fold path.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from events import commands as platform
from events.creation import creation_events, new_seed, seat_ids
from events.envelope import Envelope
from events.projection import PLATFORM_ONLY_EVENTS, Projection, fold
from games.contract import SYSTEM, Command, Event, Game, Status
from games.rng import LazyRandom


@dataclass
class LocalTable:
    game: Game
    projection: Projection
    log: list[Envelope] = field(default_factory=list)
    _commands: int = 0
    #: The events :meth:`peek` decided, by command (held, so its id is not reused), with
    #: the projection they were decided on and the live state they fold into (None: the
    #: projection's own rules fold them): ``submit`` of the same command takes both.
    _peeked: dict[int, tuple[Projection, Command, list[Event], Any]] = field(default_factory=dict)
    #: The commands :meth:`legal` listed last, with the projection they were listed on:
    #: :meth:`peek` decides those without the checks the listing applied.  Kept as a tuple
    #: and indexed by identity at the first peek (a random player lists every sub-move and
    #: never peeks: the index was 1.5 % of a random game's bytecodes).
    _listed: tuple[Projection | None, tuple[Command, ...] | dict[int, Command]] = (None, {})
    #: The rng :meth:`peek` decided with last, with the projection it is for: while no
    #: decision has drawn from it, the next peek there reuses it (a generator's state is
    #: 2.5 kB allocated per instance; most commands draw nothing).
    _peek_rng: tuple[Projection | None, LazyRandom | None] = (None, None)
    #: The rng :meth:`submit` decided with last, re-armed for the next command while
    #: nothing was drawn from it (:meth:`games.rng.LazyRandom.rearm`).
    _submit_rng: LazyRandom | None = None

    @classmethod
    def create(cls, game: Game, options: Mapping[str, Any] | None = None,
               seats: Sequence[str] | int = 2, seed: str | None = None) -> LocalTable:
        seat_list = seat_ids(seats) if isinstance(seats, int) else list(seats)
        table = cls(game, Projection.empty(game))
        events = creation_events(game, options or {}, seat_list, seed or new_seed())
        table._append(platform.to_envelopes(table.projection, events, SYSTEM, "create", ts=0))
        return table

    @property
    def state(self) -> Any:
        return self.projection.live

    def status(self) -> Status:
        return self.projection.status()

    def legal(self, seat: str, undo: bool = True) -> list[Command]:
        """What ``seat`` may send now (without ``Undo`` commands if not ``undo``)."""
        commands = platform.legal_commands(self.projection, seat, undo)
        # held (so no id is reused): peek decides these on the trusted path
        self._listed = (self.projection, tuple(commands))  # (a copy: the caller may change its list)
        return commands

    def submit(self, seat: str, command: Command | str, args: Mapping[str, Any] | None = None) -> list[Envelope]:
        """Decide and append one command; raises ``IllegalMove`` and appends nothing."""
        if isinstance(command, str):
            command = Command(command, seat, dict(args or {}))
        elif command.seat != seat:
            command = Command(command.type, seat, command.args)
        peeked = self._peeked.get(id(command))
        live = None
        if peeked is not None and peeked[0] is self.projection and peeked[1] is command:
            events, live = peeked[2], peeked[3]  # decided on this very projection with the same rng
        else:  # checked in full; the state where the game's decision folded the events anyway
            rng = self._submit_rng
            rng = self._submit_rng = (LazyRandom(self.projection.seed, self.projection.seq) if rng is None
                                      else rng.rearm(self.projection.seed, self.projection.seq))
            events, live = platform.decide_folded(self.projection, command, rng)
        self._peeked.clear()
        self._commands += 1
        envelopes = platform.to_envelopes(self.projection, events, seat, f"local-{self._commands}", 0)
        after = self.projection.apply_submoves(envelopes, live) if live is not None else None
        if after is None:
            self._append(envelopes)
        else:  # the decision (or the peek) folded them already
            self.log.extend(envelopes)
            self.projection = after
        return envelopes

    def peek(self, seat: str, command: Command) -> Any:
        """The live state after ``command``, appending nothing: decided as :meth:`submit`
        decides it (the platform's guards, the game's rules, the same rng) and folded by
        the game's ``evolve`` as the projection folds a turn's events.  For a lookahead
        that only values the position after each of many commands (the bots step some
        twenty sub-moves to keep one): numbering the events and copying the projection
        per event were a third of such a step.  Raises ``IllegalMove`` like ``submit``.

        A command this table's :meth:`legal` listed on this very projection (the very
        object) is decided on the trusted path (:func:`events.commands.decide_folded`
        with ``listed``: the guards and argument checks the listing applied are not run
        again); any other command is checked in full."""
        if command.seat != seat:
            command = Command(command.type, seat, command.args)
        on, listed = self._listed
        if isinstance(listed, tuple):  # indexed by identity once per listing
            listed = {id(c): c for c in listed}
            self._listed = (on, listed)
        rng_on, rng = self._peek_rng
        if rng is None or rng_on is not self.projection or rng.drawn:
            rng = LazyRandom(self.projection.seed, self.projection.seq)
            self._peek_rng = (self.projection, rng)
        events, after = platform.decide_folded(self.projection, command, rng,
                                               listed=on is self.projection and listed.get(id(command)) is command)
        platform_only = seat == SYSTEM
        for event in events:  # a loop, not a generator: a frame and a function per peek
            if event.type in PLATFORM_ONLY_EVENTS:
                platform_only = True
                break
        if platform_only:
            self._peeked[id(command)] = (self.projection, command, events, None)
            table = LocalTable.from_projection(self.projection)  # folded by the projection's own rules
            table.submit(seat, command)
            return table.state
        if after is None:  # else the game's decision folded them already, by the same evolve
            after = self.projection.live
            for event in events:
                after = self.game.evolve(after, event)
        self._peeked[id(command)] = (self.projection, command, events, after)
        return after

    def run_system(self) -> bool:
        """Run one piece of pending system work; False when there is none."""
        pending = self.projection.whose_turn().pending_system
        if not pending or self.projection.tail:
            return False
        self.submit(SYSTEM, Command(pending[0], SYSTEM, {}))
        return True

    def decision_points(self, limit: int) -> Iterator[tuple[Projection, str]]:
        """Each position where a seat decides, with that seat, until the game is over or
        ``limit`` steps have passed, pending system work run on the way: the loop of a
        script or test that plays a table through (the caller submits the seat's commands
        before asking for the next position)."""
        for _ in range(limit):
            if self.projection.whose_turn().over:
                return
            if self.run_system():
                continue
            p = self.projection
            yield p, p.turn_seat or next(iter(p.whose_turn().to_move))

    def fork(self) -> LocalTable:
        """A table continuing from this one's projection that submits what this one
        peeked there without deciding it again, and peeks at what it listed there on the
        trusted path: one listing's lookahead serves several turns that start with its
        commands (the search values a node's first commands, then completes some of them
        later, each on a table of its own)."""
        table = LocalTable(self.game, self.projection, list(self.log), self._commands)
        table._peeked = dict(self._peeked)
        table._listed = self._listed
        return table

    def keep_peeks(self, commands: Sequence[Command]) -> None:
        """Forget what :meth:`peek` decided but for ``commands`` (a search node keeps its
        table for the first commands it completes later: the peeks of all the others
        stayed alive, states and events, for the cyclic collector to walk)."""
        peeked = self._peeked
        kept = {}
        for command in commands:
            entry = peeked.get(id(command))
            if entry is not None:
                kept[id(command)] = entry
        self._peeked = kept

    @classmethod
    def from_projection(cls, projection: Projection) -> LocalTable:
        """A table continuing from ``projection`` (e.g. a bot's determinized view);
        its log starts empty, so it cannot revert across turns."""
        return cls(projection.game, projection)

    def _append(self, envelopes: Sequence[Envelope]) -> None:
        for env in envelopes:
            self.log.append(env)
            self.projection = self.projection.apply(env, self._rebuild)

    def _rebuild(self, seq: int) -> Projection:
        if not self.log or self.log[0].seq != 1:
            raise LookupError("this table has no full log to revert with")
        return fold(self.game, self.log[:seq])
