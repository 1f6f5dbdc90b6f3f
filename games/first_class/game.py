"""The ``Game`` object the platform registers: setup, status, views, redaction,
determinization.  The rules live in the concept modules; this file wires them to
:mod:`games.contract`."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import NOBODY, SECRET, Command, Description, Event, IllegalMove, OpenAction, Status, redact_secrets

from . import state as _state
from .data import RULES
from .decide import deal_event
from .decide import decide as _decide
from .evolve import evolve as _evolve
from .legal import legal_commands as _legal
from .legal import open_actions as _open
from .messages import MESSAGES
from .messages import describe as _describe
from .messages import describe_command as _describe_command
from .state import State, replace
from .view import view as _view

PLAYER_PHASES = ("draft", "play", "scoring")


class FirstClass:
    name = "first_class"
    title = "First Class"
    rules_version = 1
    min_players = 2
    max_players = 4
    #: the base game with modules A (contracts) and B (celebrities, postcards): no choices yet
    option_schema: Mapping[str, Any] = {}
    messages = MESSAGES

    def validate_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        if options:
            raise IllegalMove("fc.options.unknown", f"First Class has no options: {sorted(options)}")
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove("fc.options.players", "First Class is for 2 to 4 players")
        return {}

    def setup(self, options: Mapping[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        """Shuffle the stacks and the end-game cards, deal round 1 and start the
        end-card draft: the player right of the start player draws players + 1,
        keeps one and passes the rest counter-clockwise."""
        seats = list(seats)
        opts = self.validate_options(options, len(seats))
        if len(set(seats)) != len(seats):
            raise IllegalMove("fc.options.seats", "seats must be distinct")
        stacks = {}
        for stack in (1, 2, 3):
            cards = RULES.stack_cards(stack)
            rng.shuffle(cards)
            stacks[str(stack)] = cards
        end_deck = sorted(RULES.end_cards)
        rng.shuffle(end_deck)
        events = [
            Event("GameCreated", {"options": opts, "seats": seats, "rules_version": self.rules_version,
                                  "supply": dict(RULES.supply), "lok_tiles": [v for v, _ in RULES.lok_tiles]}),
            Event("StacksShuffled", {"counts": {k: len(v) for k, v in stacks.items()}, "end_cards": len(end_deck),
                                     SECRET: {NOBODY: {"stacks": stacks, "end_deck": end_deck}}}, barrier=True),
        ]
        state = self.initial_state()
        for event in events:
            state = self.evolve(state, event)
        events.append(deal_event(state, 1))
        drafters = seats[::-1]
        n = len(seats) + 1
        events.append(Event("EndCardsDealt", {"seat": drafters[0], "count": n, "drafters": drafters,
                                              SECRET: {drafters[0]: {"hand": end_deck[:n]}}}, barrier=True))
        return events

    def initial_state(self) -> State:
        return State()

    def decide(self, state: State, command: Command, rng: random.Random) -> list[Event]:
        return _decide(state, command, rng)

    def evolve(self, state: State, event: Event) -> State:
        return _evolve(state, event)

    def legal_commands(self, state: State, seat: str) -> list[Command]:
        return _legal(state, seat)

    def open_actions(self, state: State, seat: str) -> list[OpenAction]:
        return _open(state, seat)

    def status(self, state: State) -> Status:
        scores = {seat: p.vp for seat, p in state.players.items()}
        if state.phase == "over":
            ranking = tuple(state.final.get("ranking", ()))
            return Status("over", state.round, (), (), True, scores, ranking)
        if not state.seats:
            return Status("setup", None, ())
        pending: tuple[str, ...] = ()
        if state.phase == "deal":
            pending = ("DealRound",)
        elif state.phase == "final":
            pending = ("FinishGame",)
        current = state.current()
        to_move = (current,) if state.phase in PLAYER_PHASES and current else ()
        ranking = tuple(sorted(state.seats, key=lambda s: (-scores.get(s, 0), state.seats.index(s))))
        return Status(state.phase, state.round or None, to_move, pending, False, scores, ranking)

    def view(self, state: State, viewer: str) -> dict[str, Any]:
        return _view(state, viewer)

    def redact(self, event: Event, viewer: str) -> Event:
        return redact_secrets(event, viewer)

    def describe(self, event: Event) -> Description:
        return _describe(event)

    def describe_command(self, command: Command) -> Description:
        return _describe_command(command)

    def determinize(self, state: State, viewer: str, rng: random.Random) -> State:
        """Resample what ``viewer`` cannot know: the order of each undealt stack,
        and the end-game cards of the deck, of the other seats and of a draft hand
        held by someone else (all from one pool, each holder keeping its count)."""
        stacks = {}
        for key, cards in state.stacks.items():
            shuffled = list(cards)
            rng.shuffle(shuffled)
            stacks[key] = tuple(shuffled)
        others = [s for s in state.seats if s != viewer]
        hand_hidden = state.phase == "draft" and state.current() != viewer
        pool = list(state.end_deck) + [c for s in others for c in state.player(s).end_cards]
        if hand_hidden:
            pool += list(state.draft_hand)
        rng.shuffle(pool)
        players = dict(state.players)
        for s in others:
            k = len(players[s].end_cards)
            players[s], pool = replace(players[s], end_cards=tuple(pool[:k])), pool[k:]
        hand = state.draft_hand
        if hand_hidden:
            hand, pool = tuple(pool[:len(hand)]), pool[len(hand):]
        return replace(state, stacks=stacks, players=players, draft_hand=hand, end_deck=tuple(pool))

    def dump_state(self, state: State) -> Any:
        return _state.dump(state)

    def load_state(self, data: Any) -> State:
        return _state.load(data)


GAME = FirstClass()
