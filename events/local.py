"""A game table in memory: the turn machinery without Redis.

Used by ``stellwerk selfplay``, the benchmarks, the bots' search and the rules
tests, so that all of them exercise exactly the platform's decide/fold path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from events import commands as platform
from events.creation import creation_events, new_seed, seat_ids
from events.envelope import Envelope
from events.projection import Projection, fold
from games.contract import SYSTEM, Command, Game, Status
from games.rng import LazyRandom


@dataclass
class LocalTable:
    game: Game
    projection: Projection
    log: list[Envelope] = field(default_factory=list)
    _commands: int = 0

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

    def legal(self, seat: str) -> list[Command]:
        return platform.legal_commands(self.projection, seat)

    def submit(self, seat: str, command: Command | str, args: Mapping[str, Any] | None = None) -> list[Envelope]:
        """Decide and append one command; raises ``IllegalMove`` and appends nothing."""
        if isinstance(command, str):
            command = Command(command, seat, dict(args or {}))
        elif command.seat != seat:
            command = Command(command.type, seat, command.args)
        rng = LazyRandom(self.projection.seed, self.projection.seq)
        events = platform.decide(self.projection, command, rng)
        self._commands += 1
        envelopes = platform.to_envelopes(self.projection, events, seat, f"local-{self._commands}", ts=0)
        self._append(envelopes)
        return envelopes

    def run_system(self) -> bool:
        """Run one piece of pending system work; False when there is none."""
        pending = self.status().pending_system
        if not pending or self.projection.tail:
            return False
        self.submit(SYSTEM, Command(pending[0], SYSTEM, {}))
        return True

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
