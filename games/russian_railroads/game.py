"""The ``Game`` object the platform registers: setup, status, views and redaction.

Everything rule-bearing is delegated to the concept modules; this file wires
them to the contract in :mod:`games.contract`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.contract import (
    NOBODY,
    REVIEWER,
    SECRET,
    Command,
    Description,
    Event,
    IllegalMove,
    OpenAction,
    Status,
    redact_secrets,
)

from . import engineers
from . import options as _options
from .data import RULES, printed_number
from .decide import decide as _decide
from .evolve import evolve as _evolve
from .legal import has_mandatory as _has_mandatory
from .legal import legal_commands as _legal
from .legal import open_actions as _open
from .messages import MESSAGES
from .messages import describe as _describe
from .messages import describe_command as _describe_command
from .plugins import table_for
from .state import State
from .view import board_layout as board_layout  # re-exported: older imports
from .view import view as _view

#: (``freight``: a DSP freight wagon's steps just before the scoring)
PLAYER_PHASES = ("draft", "actions", "relocation", "freight")


def _status(state: State) -> Status:
    known = state._status
    if known is not None:
        # Asked for this very state before (bots ask twice per decision: is it over,
        # who moves).  Kept on the state by the branch below only (the base game's
        # action phase): a clone starts without it and ``State.touch`` forgets it after
        # a hand edit, so the branch's test need not be made again.
        return known
    if state.phase == "actions" and state.table.plain:
        # The base game's action phase, most of the calls (bots ask twice per decision):
        # no system work is due there (no module), so only the current seat moves.  The
        # key is built by appending to a list (cheaper than a comprehension unpacked into
        # a tuple; figures in benchmarks/README.md, issue 17).
        players = state.players
        key = [state.round, state.current, state.seats]
        for p in players.values():
            key.append(p.vp)
        key.append(tuple(players))
        status = _ACTION_STATUSES.get(tuple(key))
        if status is None:
            to_move = (state.current,) if state.current else ()
            status = _ACTION_STATUSES[tuple(key)] = _status_for(state, to_move, ())
        state._status = status
        return status
    return _any_status(state)


def _any_status(state: State) -> Status:
    """:func:`_status` of any position, the long way."""
    phase = state.phase
    if phase == "over":
        scores = {seat: p.vp for seat, p in state.players.items()}
        return Status("over", state.round, (), (), True, scores, tuple(state.final.get("ranking", ())))
    pending: tuple[str, ...] = ()
    table = state.table
    if phase == "reorder":
        pending = ("ResolveTurnOrder",)
    elif phase == "scoring":
        pending = ("ScoreRound",)
        for work in table.scoring_work:  # (DSP: the freight wagons just before the scoring)
            due = work(state)
            if due:
                pending = (due,)
                break
    elif table.system_due:  # (Emil's turn, American Railroads' payouts)
        due = table.system_work(state)
        if due:
            pending = (due,)
    to_move = (state.current,) if phase in PLAYER_PHASES and state.current and not pending else ()
    # Statuses are values: the sub-moves of a turn change no score, so consecutive
    # states mostly share one (building a Status cost more than the rest of it).
    # The key is appended to a list and made a tuple once, as in :func:`_status`.
    players = state.players
    parts = [phase, state.round, to_move, pending, state.seats, tuple(players)]
    for p in players.values():
        parts.append(p.vp)
    key = tuple(parts)
    status = _STATUSES.get(key)
    if status is None:
        status = _STATUSES[key] = _status_for(state, to_move, pending)
    return status


_STATUSES: dict[tuple[Any, ...], Status] = {}
#: How many statuses the memos keep before they start again.  Few: a status is asked
#: for again soon or never, and every status kept outlives the young generation, so a
#: large memo makes the cyclic collector run far more often (measured in
#: benchmarks/README.md, issue 17, change 26).
STATUS_MEMO = 16
#: the base game's action-phase statuses by (round, current seat, seats, points...,
#: the players' seats): :func:`_status`'s first branch
_ACTION_STATUSES: dict[tuple[Any, ...], Status] = {}


def _ranking_with_missing(seats: tuple[str, ...], scores: dict[str, int]) -> tuple[str, ...]:
    """:func:`_status_for`'s ranking where a seat has no player (it counts 0)."""
    return tuple(sorted(seats, key=lambda s: scores.get(s, 0), reverse=True))


def _status_for(state: State, to_move: tuple[str, ...], pending: tuple[str, ...]) -> Status:
    """Build the status of a position not seen yet (the caller keeps it)."""
    if len(_STATUSES) > STATUS_MEMO or len(_ACTION_STATUSES) > STATUS_MEMO:
        _STATUSES.clear()
        _ACTION_STATUSES.clear()
    scores = {}  # (a loop: a comprehension is a frame of its own)
    for seat, p in state.players.items():
        scores[seat] = p.vp
    # Highest first, ties in seat order (a stable sort, reversed, keeps equal keys in order).
    # The key a bound method, not a lambda (a frame per seat); a seat without a player
    # (none in practice) counts 0.
    try:
        ranking = tuple(sorted(state.seats, key=scores.__getitem__, reverse=True))
    except KeyError:  # (apart: a lambda over ``scores`` here would make it a cell at every call)
        ranking = _ranking_with_missing(state.seats, scores)
    status = _new_status(Status)  # a Status, built without the frozen dataclass's __init__
    _set_fields(status, "__dict__", {"phase": state.phase, "round": state.round or None, "to_move": to_move,
                                     "pending_system": pending, "over": False, "scores": scores,
                                     "ranking": ranking, "places": {}})
    return status


#: statuses are built by giving them their fields' dict at once (the frozen dataclass's
#: ``__init__`` sets each of its eight through ``object.__setattr__``): a dict of its own,
#: whose fields Python 3.11 reads specialised, where filling the dict ``status.__dict__``
#: makes (shared keys) had every read of ``over`` or ``to_move`` take the long way (the
#: bots read them at every step).  A Status with slots or other fields would need its
#: ``__init__`` again (``test_engine_speedups`` compares the two).
_new_status = object.__new__
_set_fields = object.__setattr__
assert "__slots__" not in Status.__dict__ and list(Status.__dataclass_fields__) == [
    "phase", "round", "to_move", "pending_system", "over", "scores", "ranking", "places"]


class RussianRailroads:
    name = "russian_railroads"
    title = "Russian Railroads"
    rules_version = 1
    #: 1 = the solo game against Emil (German Railroads)
    min_players = 1
    max_players = 4
    option_schema: Mapping[str, Any] = _options.OFFERED_SCHEMA
    messages = MESSAGES

    # The entry points bots call at every decision are the module functions themselves
    # (a method that only passes its arguments on cost one more call each time), kept
    # on the instance, not the class: Python 3.11 specialises ``GAME.decide`` for an
    # instance attribute, while a class's staticmethod is looked up the long way at
    # every call (~2,300 times a random game).
    decide: Callable[[State, Command, random.Random], list[Event]]
    evolve: Callable[[State, Event], State]
    legal_commands: Callable[[State, str], list[Command]]
    status: Callable[[State], Status]

    def __init__(self) -> None:
        self.decide = _decide
        self.evolve = _evolve
        self.legal_commands = _legal
        self.status = _status

    def validate_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        """The normalised options (:mod:`.options`): only what differs from the base
        game, so a base game stays ``{}``; a combination the rules text does not
        allow is refused with its rule code."""
        return _options.normalised(options, players, self.min_players, self.max_players)

    def setup(self, options: Mapping[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        """Deal turn order, engineers and the end-game stack; open the start bonus draft."""
        return self.deal(self.validate_options(options, len(seats)), seats, rng)

    def deal(self, opts: dict[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        """:meth:`setup` for options already normalised - also those the lobby does not
        offer yet (``rr.options.not_built``), so their rules can be tested as they grow."""
        seats = list(seats)
        if len(set(seats)) != len(seats):
            raise IllegalMove("rr.options.seats", "seats must be distinct")
        setup = RULES.setup_for(len(seats))
        table = table_for(opts)
        events = [Event("GameCreated", {"options": opts, "seats": seats, "rules_version": self.rules_version})]
        events += table.tableau.prepared(seats)
        order = seats[:]
        rng.shuffle(order)
        events.append(Event("TurnOrderDealt", {"order": order}, barrier=True))
        decks: dict[str, list[int]] = {"A": [], "B": []}
        for number, info in sorted(RULES.engineers.items()):
            if info["letter"] in decks and engineers.in_play(info, table, len(seats)):
                decks[info["letter"]].append(number)
        rng.shuffle(decks["A"])
        rng.shuffle(decks["B"])
        counts = dict(setup["engineers"])
        for module in table.modules:
            module.engineer_counts(counts)
        strip = deal_strip(decks, counts)
        events.append(Event("EngineersDealt", {"strip": strip}, barrier=True))
        cards = [c["id"] for c in RULES.raw["end_game_cards"]]
        rng.shuffle(cards)
        removed_n = RULES.raw["end_game_deck"]["removed_unseen"]
        removed, deck = cards[:removed_n], cards[removed_n:]
        events.append(Event("EndGameDeckPrepared", {"count": len(deck),
                                                    SECRET: {NOBODY: {"deck": deck, "removed": removed}}},
                            barrier=True))
        for module in table.modules:
            events += module.setup_events(opts, seats, setup, rng)
        queue = [order[pos - 1] for pos in setup["start_bonus_positions"]]
        events.append(Event("StartBonusDraftBegan", {"queue": queue}))
        for module in table.modules:
            events += module.last_setup_events(opts)
        return events

    def initial_state(self) -> State:
        return State()

    def open_actions(self, state: State, seat: str) -> list[OpenAction]:
        return _open(state, seat)

    def has_mandatory(self, state: State, seat: str) -> bool:
        """``any(a.mandatory for a in self.open_actions(state, seat))``, cheaper (the
        platform asks it for every listing of the turn commands)."""
        return _has_mandatory(state, seat)

    def redact(self, event: Event, viewer: str) -> Event:
        return redact_secrets(event, viewer)

    def describe(self, event: Event) -> Description:
        return _describe(event)

    def describe_command(self, command: Command) -> Description:
        """A legal command as a sentence (the optional hook of :mod:`games.contract`)."""
        return _describe_command(command)

    def view(self, state: State, viewer: str) -> dict[str, Any]:
        """What ``viewer`` may see, with ids for every clickable thing (:mod:`.view`)."""
        return _view(state, viewer)

    def determinize(self, state: State, viewer: str, rng: random.Random) -> State:
        """Resample what ``viewer`` cannot see: the other seats' face-down end-game
        cards, the end-game stack and the 2 cards removed unseen (the stack is known
        to a seat while it searches through it).  A finished game shows every
        seat's end-game cards, so nothing of it is redrawn."""
        if viewer == REVIEWER or not state.players or self.status(state).over:
            return state
        searching = viewer == state.current and state.end_seen is not None
        others = [seat for seat in state.seats if seat != viewer and state.players[seat].end_cards]
        pool = list(state.end_removed) + [c for seat in others for c in state.players[seat].end_cards]
        if not searching:
            pool += state.end_deck
        rng.shuffle(pool)
        new = state.clone()
        for seat in others:
            p = new.mut(seat)
            count = len(p.end_cards)
            p.end_cards, pool = pool[:count], pool[count:]
        if searching:
            new.end_deck = list(state.end_deck)
            rng.shuffle(new.end_deck)  # the seat saw which cards, never their order
        else:
            count = len(state.end_deck)
            new.end_deck, pool = pool[:count], pool[count:]
        new.end_removed = pool
        for module in state.table.modules:
            module.determinize(new, rng)
        return new

    def dump_state(self, state: State) -> Any:
        return state.dump()

    def load_state(self, data: Any) -> State:
        return State.load(data)


def deal_strip(decks: Mapping[str, list[int]], counts: Mapping[str, int]) -> list[int]:
    """The first A and B engineers of the shuffled decks, never two with the same
    printed number ("keine 2 Ingenieure mit der gleichen Ordnungszahl"): a card whose
    number is already out is skipped.  Without expansion engineers every number is
    unique, so this is the first ``counts`` cards of each deck, as before."""
    seen: set[int] = set()
    strip: list[int] = []
    for letter in ("A", "B"):
        taken = 0
        for number in decks[letter]:
            if taken == counts[letter]:
                break
            if printed_number(number) in seen:
                continue
            seen.add(printed_number(number))
            strip.append(number)
            taken += 1
    return strip


GAME = RussianRailroads()
