"""A base for the game contract: every default in one place.

Steam, Railroad Dice and First Class each had a ``game.py`` of a dozen methods
passing calls on to their rules modules, plus the same defaults three times
(``redact`` by the ``_secret`` convention, option checks, ``dump``/``load``).  A game
built on :class:`GameBase` declares what it is (name, players, options schema,
messages, :class:`~games.kit.capabilities.Capabilities`, ``state_version``) and
binds its rules functions directly (``decide = staticmethod(decide)``: no wrapper
call on the bots' hot path); what is left in its ``game.py`` is what is its own:
the set-up, the status and the determinization.

Defaults, each overridable:

- ``validate_options``: the options checked against ``option_schema`` by a JSON
  Schema validator, defaults filled in (:mod:`games.kit.options`);
- ``redact``: :func:`games.contract.redact_secrets` (secrets under ``_secret``);
- ``determinize``: the state itself (a game without hidden information);
- ``describe_command``: None (the platform falls back to its own labels);
- ``has_mandatory``: from ``open_actions`` (a game may answer faster);
- ``turn``: who may act now, from ``status`` (a game may answer faster);
- ``initial_state``, ``dump_state``, ``load_state``: from ``state_type`` by
  :mod:`games.kit.codec`.

``state_version`` versions the shape and meaning of the state: bump it with any
rules change that changes what a folded state holds, and snapshots taken before
are not loaded (the platform folds the log again, which replays through the new
rules).  Engine caches follow :mod:`games.kit.memo`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from games.contract import Command, Description, Event, OpenAction, Status, Turn, redact_secrets

from . import codec, options
from .capabilities import DEFAULT, Capabilities
from .memo import seal

S = TypeVar("S")


class GameBase(Generic[S]):
    """The contract's defaults.  Subclasses set the class attributes and bind the rules."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    messages: ClassVar[Mapping[str, Mapping[str, str]]]
    #: Prefix of the game's rule codes (``"steam"``: ``steam.options.map``).
    code: ClassVar[str]
    #: The state's dataclass: ``initial_state`` is ``state_type()``; snapshots go by it.
    state_type: ClassVar[type]
    option_schema: ClassVar[Mapping[str, Any]] = options.NO_OPTIONS
    capabilities: ClassVar[Capabilities] = DEFAULT
    #: Bump when a rules change changes what a state holds or means (see the module doc).
    state_version: ClassVar[int] = 1

    # -- the rules: bound by each game to its own modules
    def setup(self, options: Mapping[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        raise NotImplementedError

    def decide(self, state: S, command: Command, rng: random.Random) -> list[Event]:
        raise NotImplementedError

    def evolve(self, state: S, event: Event) -> S:
        raise NotImplementedError

    def legal_commands(self, state: S, seat: str) -> list[Command]:
        raise NotImplementedError

    def open_actions(self, state: S, seat: str) -> list[OpenAction]:
        raise NotImplementedError

    def status(self, state: S) -> Status:
        raise NotImplementedError

    def view(self, state: S, viewer: str) -> dict[str, Any]:
        raise NotImplementedError

    def describe(self, event: Event) -> Description:
        raise NotImplementedError

    # -- defaults
    def validate_options(self, options_: Mapping[str, Any], players: int) -> dict[str, Any]:
        out = options.validate(self.option_schema, options_, self.code, self.title)
        options.check_players(players, self.min_players, self.max_players, self.code, self.title)
        return out

    def initial_state(self) -> S:
        state: S = self.state_type()
        return state

    def redact(self, event: Event, viewer: str) -> Event:
        return redact_secrets(event, viewer)

    def determinize(self, state: S, viewer: str, rng: random.Random) -> S:
        """Nothing hidden: the state itself."""
        return state

    def determinize_seeded(self, state: S, viewer: str, seed: float) -> S:
        """``determinize(state, viewer, random.Random(seed))``: the search scores its leaves
        on a few fixed seeds, so a game may keep what a seed draws (First Class does)."""
        return self.determinize(state, viewer, random.Random(seed))

    def describe_command(self, command: Command) -> Description | None:
        return None

    def decide_folded(self, state: S, command: Command, rng: random.Random,
                      listed: bool = False) -> tuple[list[Event], S | None]:
        """``decide``'s events and the state they fold to, where the decision folded them
        anyway (a builder that decides each consequence on the state the earlier events
        made), else None: a lookahead that wants the state after a command then need not
        fold the events a second time.  ``listed``: the command is one ``legal_commands``
        returned for this very state, so a game may skip what its listing checked already
        (whose turn, the arguments' types); the default checks everything."""
        return list(self.decide(state, command, rng)), None

    def has_mandatory(self, state: S, seat: str) -> bool:
        return any(action.mandatory for action in self.open_actions(state, seat))

    def turn(self, state: S) -> Turn:
        """Who may act now, as ``status`` says it (a game may answer without the scores)."""
        status = self.status(state)
        return Turn(status.to_move, status.pending_system, status.over)

    def dump_state(self, state: S) -> Any:
        return codec.dump(state)

    def load_state(self, data: Any) -> S:
        """The snapshot's state, sealed: nobody changes it, like a state ``evolve`` made."""
        state: S = codec.load(self.state_type, data)
        return seal(state)


# -- status helpers ------------------------------------------------------------------


def ranked(scores: Mapping[str, int], seats: Sequence[str]) -> tuple[str, ...]:
    """Seats by score, highest first; equal scores in seat order."""
    order = list(seats)
    return tuple(sorted(order, key=lambda s: (-scores.get(s, 0), order.index(s))))


def setting_up() -> Status:
    """Before the seats are known: nobody moves."""
    return Status("setup", None, ())
