"""Random games for the contract suite, played once per preset and shared by its tests.

Every game goes through the platform's own table (``events.local.LocalTable``: the
real decide/fold path, turn commands included).  A random player picks any listed
move, confirms a turn now and then, and undoes a sub-move once in a while, so that
the logs hold ``Undone`` too.  Railroad Dice picks a kind of command first (it lists
every mix of dice to roll); Steam plays "frugal" (its own test helper): random
builders run out of money in the first round otherwise.

Besides the finished table, a played game keeps what the property tests look at:
every game command seen in any listing (``seen``: the raw material of the "unlisted"
commands) and a sample of positions along the log.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from events import commands as platform
from events.local import LocalTable
from events.projection import Projection, fold_iter
from games import registry
from games.contract import PLATFORM_COMMANDS, SYSTEM, Command

from .presets import Preset

#: Turn commands a random player never sends on its own (they need a second seat's answer).
NEVER = {"RequestUndo", "AcceptUndo", "DeclineUndo", "HandToBot", "TakeBack"}
MAX_STEPS = 30_000
#: Positions per game the expensive checks look at.
POSITIONS = 16


def key(command: Command) -> tuple[str, str]:
    """A command without its seat, comparable: (type, canonical JSON of the args)."""
    return command.type, json.dumps(dict(command.args), sort_keys=True, default=str)


def uniform(table: LocalTable, seat: str, legal: list[Command], rng: random.Random) -> Command:
    """Any listed move alike; a confirm now and then when the turn may end."""
    confirm = [c for c in legal if c.type == "ConfirmTurn"]
    moves = [c for c in legal if c.type not in ("ConfirmTurn", "Undo")]
    if confirm and (not moves or rng.random() < 0.3):
        return confirm[0]
    assert moves, f"{seat} has nothing to do and may not confirm: {table.game.open_actions(table.state, seat)}"
    return rng.choice(moves)


def kind_first(table: LocalTable, seat: str, legal: list[Command], rng: random.Random) -> Command:
    """A kind of move first, then one of it: for games that list very many of one kind
    (Railroad Dice: every mix of dice to roll)."""
    confirm = [c for c in legal if c.type == "ConfirmTurn"]
    moves = [c for c in legal if c.type not in ("ConfirmTurn", "Undo")]
    if confirm and (not moves or rng.random() < 0.2):
        return confirm[0]
    assert moves, f"{seat} has nothing to do and may not confirm: {table.game.open_actions(table.state, seat)}"
    kind = rng.choice(sorted({c.type for c in moves}))
    return rng.choice([c for c in moves if c.type == kind])


def steam_frugal(table: LocalTable, seat: str, legal: list[Command], rng: random.Random) -> Command:
    from tests.steam.helpers import step

    chosen: list[Command] = []

    class Recorder:
        """``tests.steam.helpers.step`` submits itself; keep its choice instead."""

        def __getattr__(self, name: str) -> Any:
            return getattr(table, name)

        def submit(self, _seat: str, command: Command) -> None:
            chosen.append(command)

    step(Recorder(), rng)  # type: ignore[arg-type]
    return chosen[0]


POLICIES: dict[str, Callable[[LocalTable, str, list[Command], random.Random], Command]] = {
    "steam": steam_frugal,
    "railroad_dice": kind_first,
}


@dataclass
class Played:
    preset: Preset
    table: LocalTable
    #: every game command listed for the acting seat somewhere in the game
    seen: dict[tuple[str, str], Command] = field(default_factory=dict)
    _positions: list[Projection] | None = None

    @property
    def game(self) -> Any:
        return self.table.game

    def positions(self) -> list[Projection]:
        """About ``POSITIONS`` projections along the log, evenly spread, the last one included."""
        if self._positions is None:
            log = self.table.log
            every = max(1, len(log) // POSITIONS)
            self._positions = [p for i, p in enumerate(fold_iter(self.game, log))
                               if i % every == every - 1 or i == len(log) - 1]
        return self._positions


def acting_seat(projection: Projection) -> str | None:
    status = projection.status()
    if status.over:
        return None
    if status.pending_system and not projection.tail:
        return SYSTEM
    return projection.turn_seat or (status.to_move[0] if status.to_move else None)


def play(preset: Preset, seed: str | None = None) -> Played:
    seed = seed or preset.seed
    game = registry.get(preset.game)
    table = LocalTable.create(game, preset.options, preset.players, seed=seed)
    rng = random.Random(seed)
    policy = POLICIES.get(preset.game, uniform)
    played = Played(preset, table)
    for _ in range(MAX_STEPS):
        p = table.projection
        seat = acting_seat(p)
        if seat is None:
            assert p.status().over, f"nobody to move at seq {p.seq} but the game is not over: {p.status()}"
            return played
        legal = [c for c in platform.legal_commands(p, seat) if c.type not in NEVER]
        for command in legal:
            if command.type not in PLATFORM_COMMANDS:
                played.seen.setdefault(key(command), command)
        if seat == SYSTEM:
            table.run_system()
            continue
        undo = [c for c in legal if c.type == "Undo"]
        command = rng.choice(undo) if undo and rng.random() < 0.03 else policy(table, seat, legal, rng)
        table.submit(seat, command)
    raise AssertionError(f"{preset}: no end after {MAX_STEPS} commands (seq {table.projection.seq})")


_CACHE: dict[str, Played] = {}


def played(preset: Preset) -> Played:
    """The preset's random game, played once per test session."""
    if preset.id not in _CACHE:
        _CACHE[preset.id] = play(preset)
    return _CACHE[preset.id]
