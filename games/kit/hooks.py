"""What the platform asks a game beyond the core rules: one place, no ``getattr`` elsewhere.

The platform reads a game's declared capabilities, state version and optional
hooks through these functions.  A game on :class:`~games.kit.base.GameBase`
declares all of them; a game not on the kit yet (Russian Railroads, until its
restructuring adopts the base) gets the kit's defaults, and its own
``describe_command``/``has_mandatory`` where it defines them: the one place where
they are still looked up, to go when every game is on the kit.
"""

from __future__ import annotations

import random
from typing import Any

from games.contract import Command, Description, Event, Game, Turn

from .base import GameBase
from .capabilities import DEFAULT, Capabilities


def capabilities(game: Game) -> Capabilities:
    if isinstance(game, GameBase):
        return game.capabilities
    declared = getattr(game, "capabilities", DEFAULT)  # a game not on the kit yet
    return declared if isinstance(declared, Capabilities) else DEFAULT


def state_version(game: Game) -> int:
    if isinstance(game, GameBase):
        return game.state_version
    # a game not on the kit yet: its ``rules_version`` served as the version
    return int(getattr(game, "state_version", getattr(game, "rules_version", 1)))


def describe_command(game: Game, command: Command) -> Description | None:
    """The command as a sentence, or None where the game has none."""
    hook = game.describe_command if isinstance(game, GameBase) else getattr(game, "describe_command", None)
    if hook is None:
        return None
    description = hook(command)
    return description if isinstance(description, Description) else None


def decide_folded(game: Game, state: Any, command: Command, rng: random.Random,
                  listed: bool = False) -> tuple[list[Event], Any]:
    """``decide``'s events and the state after them where the game's decision folded them
    already (:meth:`GameBase.decide_folded`), else None; ``listed`` as there."""
    if isinstance(game, GameBase):
        return game.decide_folded(state, command, rng, listed)
    return list(game.decide(state, command, rng)), None


def turn(game: Game, state: Any) -> Turn:
    """Who may act now: the game's quick answer (:meth:`GameBase.turn`), else its status's."""
    if isinstance(game, GameBase):
        return game.turn(state)
    status = game.status(state)  # a game not on the kit yet
    return Turn(status.to_move, status.pending_system, status.over)


def has_mandatory(game: Game, state: Any, seat: str) -> bool:
    """Whether ``seat`` still has a mandatory action open (the game's quick answer)."""
    if isinstance(game, GameBase):
        return bool(game.has_mandatory(state, seat))
    quick = getattr(game, "has_mandatory", None)  # a game not on the kit yet
    if quick is not None:
        return bool(quick(state, seat))
    return any(a.mandatory for a in game.open_actions(state, seat))
