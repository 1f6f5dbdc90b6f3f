"""The contract every game implements (DESIGN.md section 2).

A game is a *decider*: ``decide`` validates a command against a state and returns
the events it causes; ``evolve`` folds one event into a state.  Everything the
platform knows about a game goes through the :class:`Game` protocol below, so the
event store, the HTTP API, the worker and the bots work for every game alike.

Values crossing the boundary are frozen dataclasses holding only JSON-friendly
data (str, int, float, bool, None, lists and dicts), because events are written to
Redis as JSON and commands arrive as JSON.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

from games.messageformat import format_message

#: The actor of events that no seat caused (setup, round scoring, timers).
SYSTEM = "system"
#: A viewer who holds no seat.  Sees only what is public.
SPECTATOR = "spectator"
#: A viewer of a finished game: sees everything, hidden information included.
REVIEWER = "reviewer"

#: Payload key under which an event keeps what only some viewers may see.
#: ``payload[SECRET] = {owner: {...fields...}}`` where owner is a seat, or
#: :data:`NOBODY` for information no player may see while the game runs
#: (deck order, the seed).  :func:`redact_secrets` strips it per viewer.
SECRET = "_secret"
NOBODY = "_nobody"


class IllegalMove(Exception):
    """A command that breaks a rule.

    ``code`` is a stable machine-readable name of the rule (``"rr.track.overtake"``),
    ``message`` a human sentence naming it; the API answers with HTTP 422 and both.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


_set_fields = object.__setattr__


@dataclass(frozen=True, init=False)
class Command:
    """An imperative request by a seat (or the system): ``PlaceWorkers``, ``ConfirmTurn``.

    Its ``__init__`` is written out like :class:`Event`'s: a listing builds one per legal
    command, and the bots list every sub-move of every turn they look at (issue 26: a
    First Class turn's start lists some forty)."""

    type: str
    seat: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, type: str, seat: str, args: Mapping[str, Any] | None = None) -> None:
        # its fields' dict given at once (a frozen dataclass refuses attribute assignment):
        # filling ``self.__dict__`` left a split dict sharing the class's keys, and Python
        # 3.11 deoptimises every attribute read of an object with one (~3x dearer per read)
        _set_fields(self, "__dict__", {"type": type, "seat": seat, "args": {} if args is None else args})

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "args": dict(self.args)}


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, in the past tense: ``WorkersPlaced``.

    ``barrier`` marks an event that reveals information (a die roll, a card drawn):
    the open turn cannot be undone to before it.

    Its ``__init__`` is written out: the frozen dataclass's generated one sets each
    field through ``object.__setattr__``, about twice as dear, and an event is built
    for every confirmed turn the worker and the bots fold (``TurnConfirmed``).
    """

    type: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    barrier: bool = False

    def __init__(self, type: str, payload: Mapping[str, Any] | None = None, barrier: bool = False) -> None:
        # its fields' dict at once, as :class:`Command`'s
        _set_fields(self, "__dict__", {"type": type, "payload": {} if payload is None else payload,
                                       "barrier": barrier})


class Turn(NamedTuple):
    """Who may act now: the part of :class:`Status` the platform's turn machinery reads
    for every command it decides and every listing (a game may answer it without
    counting scores and ranking seats: :meth:`games.kit.base.GameBase.turn`)."""

    to_move: tuple[str, ...]
    pending_system: tuple[str, ...] = ()
    over: bool = False


@dataclass(frozen=True, init=False)
class Status:
    """Where a game stands, derived from its state.

    ``to_move`` are the seats that may act now; ``pending_system`` names system
    commands the worker must run (e.g. ``("ScoreRound",)``) before anyone moves.
    ``scores`` are the current points; ``ranking`` is final only when ``over``.

    Its ``__init__`` is written out, as :class:`Command`'s: the generated one sets the eight
    fields through ``object.__setattr__`` one by one (1.40 against 0.71 us), and a status is
    made for every position a table settles on (Railroad Dice: every new state's turn).
    """

    phase: str
    round: int | None
    to_move: tuple[str, ...]
    pending_system: tuple[str, ...] = ()
    over: bool = False
    scores: Mapping[str, int] = field(default_factory=dict)
    ranking: tuple[str, ...] = ()
    #: 1-based places when a game breaks ties its own way; empty means "equal
    #: scores share a place" (see :meth:`final_places`).
    places: Mapping[str, int] = field(default_factory=dict)

    def __init__(self, phase: str, round: int | None, to_move: tuple[str, ...],
                 pending_system: tuple[str, ...] = (), over: bool = False,
                 scores: Mapping[str, int] | None = None, ranking: tuple[str, ...] = (),
                 places: Mapping[str, int] | None = None) -> None:
        # its fields' dict at once (a frozen dataclass refuses attribute assignment); a new
        # dict for scores and places not given, as the fields' default factories made
        _set_fields(self, "__dict__", {"phase": phase, "round": round, "to_move": to_move,
                                       "pending_system": pending_system, "over": over,
                                       "scores": {} if scores is None else scores, "ranking": ranking,
                                       "places": {} if places is None else places})

    def final_places(self) -> dict[str, int]:
        """Each seat's place.  ``ranking`` is a strict order for display, but seats
        whose tie the rules do not break share a place (Russian Railroads: "bei
        Gleichstand teilen sich alle Beteiligten die Platzierung")."""
        if self.places:
            return dict(self.places)
        out: dict[str, int] = {}
        for i, seat in enumerate(self.ranking):
            previous = self.ranking[i - 1] if i else None
            tied = previous is not None and self.scores.get(seat) == self.scores.get(previous)
            out[seat] = out[previous] if tied and previous is not None else i + 1
        return out


@dataclass(frozen=True)
class OpenAction:
    """An action still open in the current turn, for the move window.

    ``key`` names it for i18n (with ``params``); ``mandatory`` actions must be done
    before the turn may be confirmed (shown with "!"); ``commands`` are the command
    types that would carry it out.
    """

    key: str
    mandatory: bool
    params: Mapping[str, Any] = field(default_factory=dict)
    commands: tuple[str, ...] = ()


@dataclass(frozen=True)
class Description:
    """An i18n key and its parameters, rendered with the game's message catalogue."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


@runtime_checkable
class Game(Protocol):
    """What a game package exposes (one object, registered by name).

    ``option_schema`` is a JSON-schema-like dict of the options a table may choose;
    ``validate_options`` normalises them or raises ``IllegalMove``.
    ``messages`` maps a language (``"de"``, ``"en"``) to ``{key: template}``, ICU
    MessageFormat templates filled from :class:`Description` params (:func:`render`).

    Games build on :class:`games.kit.GameBase`, which holds every default and
    declares what the platform asks beyond these members: ``state_version`` (what
    a folded state holds and means: a rules change that changes it bumps the
    number, and snapshots of another version are not loaded), the game's
    :class:`games.kit.Capabilities`, ``describe_command`` and ``has_mandatory``.
    The platform reads those through :mod:`games.kit.hooks`, which gives a game not
    on the kit yet (Russian Railroads) the kit's defaults; they join this protocol
    when every game is on the kit.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    option_schema: Mapping[str, Any]
    messages: Mapping[str, Mapping[str, str]]

    def validate_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]: ...

    def setup(self, options: Mapping[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        """The events that create the game: ``GameCreated`` first, then every
        shuffle and draw of the setup resolved and recorded."""
        ...

    def initial_state(self) -> Any:
        """The empty state that ``GameCreated`` is folded into."""
        ...

    def decide(self, state: Any, command: Command, rng: random.Random) -> list[Event]: ...

    def evolve(self, state: Any, event: Event) -> Any:
        """Pure: must not mutate ``state``; returns the next state."""
        ...

    def legal_commands(self, state: Any, seat: str) -> list[Command]: ...

    def status(self, state: Any) -> Status: ...

    def view(self, state: Any, viewer: str) -> dict[str, Any]: ...

    def redact(self, event: Event, viewer: str) -> Event: ...

    def describe(self, event: Event) -> Description: ...

    def open_actions(self, state: Any, seat: str) -> list[OpenAction]: ...

    def dump_state(self, state: Any) -> Any:
        """JSON-friendly form of a state, for snapshots."""
        ...

    def determinize(self, state: Any, viewer: str, rng: random.Random) -> Any:
        """A state ``viewer`` cannot tell from ``state``: everything hidden from
        them (other seats' face-down cards, deck order) resampled from ``rng``.

        Bots search on such states only, so they never see what their seat may
        not.  A game without hidden information returns ``state``.
        """
        ...

    def load_state(self, data: Any) -> Any: ...


def redact_secrets(event: Event, viewer: str) -> Event:
    """Strip the parts of ``payload[SECRET]`` that ``viewer`` may not see.

    Games whose secrets sit under :data:`SECRET` use this as their ``redact``.
    A reviewer of a finished game sees everything; a seat sees its own entry; the
    entry of :data:`NOBODY` is seen by no player.  Hidden entries are replaced by
    ``{"hidden": True}`` so a viewer knows something was there.
    """
    secrets = event.payload.get(SECRET)
    if not secrets or viewer == REVIEWER:
        return event
    kept = {
        owner: (data if owner == viewer else {"hidden": True})
        for owner, data in secrets.items()
    }
    payload = dict(event.payload)
    payload[SECRET] = kept
    return Event(event.type, payload, event.barrier)


def render(game: Game, description: Description, lang: str) -> str:
    """One log line in ``lang``, falling back to English and then to the key.

    Templates are ICU MessageFormat (:mod:`games.messageformat`): real plural
    forms, ``select`` by a word; a parameter may itself be translated,
    ``{"de": "Kiew", "en": "Kiev"}``.
    """
    catalogue = game.messages.get(lang) or game.messages.get("en") or {}
    template = catalogue.get(description.key) or game.messages.get("en", {}).get(description.key)
    if template is None:
        return description.key
    return format_message(template, description.params, lang)


# --- The turn model the platform wraps around every game (DESIGN.md section 4) ---
#
# The platform, not the game, handles these commands; a game never sees them and
# must not list them in ``legal_commands``:
#
#   ConfirmTurn            closes the open turn of the seat.  Allowed when the seat
#                          has appended at least one sub-move since its last
#                          confirmation and ``open_actions`` flags nothing mandatory.
#   Undo {to_seq}          drops the open turn's sub-moves after ``to_seq`` (not past
#                          a barrier event).
#   RequestUndo {to_seq}, AcceptUndo, DeclineUndo
#                          undo across confirmed turns, agreed by all affected seats.
#   HandToBot {seat, level}, TakeBack
#                          another player hands an idle seat to a bot; its owner takes it back.
#
# The game's ``evolve`` receives one platform event:
#
#   TurnConfirmed {seat}   the seat's sub-moves are final: advance to the next seat.
#
# Between a seat's first sub-move and its TurnConfirmed, the game must keep that
# seat in ``status().to_move``; once the seat has nothing left to do it returns no
# legal commands for it and no mandatory open actions, and waits for the confirm.
TURN_CONFIRMED = "TurnConfirmed"
PLATFORM_COMMANDS = ("ConfirmTurn", "Undo", "RequestUndo", "AcceptUndo", "DeclineUndo", "HandToBot", "TakeBack")
