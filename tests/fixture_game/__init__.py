"""Tally: a tiny game for the platform's own tests (not a real game).

It has everything the platform must handle, in a few lines: turns of several
sub-moves with a mandatory one (``Add`` at least once, at most twice), a hidden
draw that is an undo barrier (``Draw``: the card is seen by its owner only, the
deck order by nobody), round scoring as system work, and a game end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
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
)
from games.kit import GameBase, ranked, setting_up


@dataclass(frozen=True)
class TallyState:
    seats: tuple[str, ...] = ()
    rounds: int = 2
    round: int = 1
    current: int = 0  # index into seats
    moved_this_round: int = 0
    counters: Mapping[str, int] = field(default_factory=dict)
    hands: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    deck: tuple[int, ...] = ()
    adds: int = 0
    drew: bool = False
    points: Mapping[str, int] = field(default_factory=dict)
    over: bool = False


class Tally(GameBase[TallyState]):
    """On the kit: redaction, options, snapshots and ``has_mandatory`` are its defaults."""

    name = "tally"
    title = "Tally"
    code = "tally"
    min_players = 2
    max_players = 4
    state_type = TallyState
    #: Bump with a rules change that changes what a state holds or means: older snapshots are then refolded.
    state_version = 1
    option_schema = {"type": "object", "additionalProperties": False,
                     "properties": {"rounds": {"type": "integer", "minimum": 1, "maximum": 5, "default": 2}}}
    messages = {
        "en": {"GameCreated": "Game created", "DeckShuffled": "The deck was shuffled",
               "Added": "{seat} adds {n}", "CardDrawn": "{seat} draws a card",
               "TurnConfirmed": "{seat} confirms the turn", "RoundScored": "Round {round} scored",
               "add": "Add 1 to 3", "draw": "Draw a card"},
        "de": {"GameCreated": "Spiel erstellt", "DeckShuffled": "Der Stapel wurde gemischt",
               "Added": "{seat} zählt {n} dazu", "CardDrawn": "{seat} zieht eine Karte",
               "TurnConfirmed": "{seat} bestätigt den Zug", "RoundScored": "Runde {round} gewertet",
               "add": "1 bis 3 dazuzählen", "draw": "Eine Karte ziehen"},
    }

    def setup(self, options: Mapping[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        deck = list(range(1, 21))
        rng.shuffle(deck)
        return [
            Event("GameCreated", {"options": dict(options), "seats": list(seats)}),
            Event("DeckShuffled", {SECRET: {NOBODY: {"deck": deck}}}),
        ]

    # -- decide
    def decide(self, state: TallyState, command: Command, rng: random.Random) -> list[Event]:
        if command.type == "ScoreRound":
            if not self._round_done(state):
                raise IllegalMove("tally.score.early", "the round is not over")
            scores = {s: state.counters[s] + sum(state.hands[s]) for s in state.seats}
            return [Event("RoundScored", {"round": state.round, "scores": scores,
                                          "final": state.round >= state.rounds})]
        seat = command.seat
        if state.over or seat != state.seats[state.current]:
            raise IllegalMove("tally.turn", "not your turn")
        if command.type == "Add":
            n = command.args.get("n")
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 3:
                raise IllegalMove("tally.add.range", "n must be 1, 2 or 3")
            if state.adds >= 2:
                raise IllegalMove("tally.add.twice", "at most two adds per turn")
            return [Event("Added", {"seat": seat, "n": n})]
        if command.type == "Draw":
            if state.drew:
                raise IllegalMove("tally.draw.once", "one draw per turn")
            if not state.deck:
                raise IllegalMove("tally.draw.empty", "the deck is empty")
            return [Event("CardDrawn", {"seat": seat, SECRET: {seat: {"card": state.deck[0]}}}, barrier=True)]
        raise IllegalMove("tally.unknown", f"unknown command {command.type!r}")

    # -- evolve
    def evolve(self, state: TallyState, event: Event) -> TallyState:
        p = event.payload
        if event.type == "GameCreated":
            seats = tuple(p["seats"])
            return replace(state, seats=seats, rounds=p["options"]["rounds"],
                           counters={s: 0 for s in seats}, hands={s: () for s in seats},
                           points={s: 0 for s in seats})
        if event.type == "DeckShuffled":
            return replace(state, deck=tuple(p[SECRET][NOBODY]["deck"]))
        if event.type == "Added":
            counters = dict(state.counters)
            counters[p["seat"]] += p["n"]
            return replace(state, counters=counters, adds=state.adds + 1)
        if event.type == "CardDrawn":
            hands = dict(state.hands)
            hands[p["seat"]] = hands[p["seat"]] + (state.deck[0],)
            return replace(state, hands=hands, deck=state.deck[1:], drew=True)
        if event.type == "TurnConfirmed":
            return replace(state, current=(state.current + 1) % len(state.seats), adds=0, drew=False,
                           moved_this_round=state.moved_this_round + 1)
        if event.type == "RoundScored":
            points = {s: state.points[s] + v for s, v in p["scores"].items()}
            return replace(state, points=points, round=state.round + 1, moved_this_round=0,
                           over=bool(p["final"]))
        return state

    def _round_done(self, state: TallyState) -> bool:
        return not state.over and state.moved_this_round >= len(state.seats)

    def legal_commands(self, state: TallyState, seat: str) -> list[Command]:
        if seat == "system":
            return [Command("ScoreRound", seat, {})] if self._round_done(state) else []
        if state.over or self._round_done(state) or seat != state.seats[state.current]:
            return []
        commands = [Command("Add", seat, {"n": n}) for n in (1, 2, 3)] if state.adds < 2 else []
        if not state.drew and state.deck:
            commands.append(Command("Draw", seat, {}))
        return commands

    def status(self, state: TallyState) -> Status:
        if not state.seats:
            return setting_up()
        ranking = ranked(state.points, state.seats)
        if state.over:
            return Status("over", state.rounds, (), (), True, dict(state.points), ranking)
        if self._round_done(state):
            return Status("scoring", state.round, (), ("ScoreRound",), False, dict(state.points), ranking)
        return Status("play", state.round, (state.seats[state.current],), (), False, dict(state.points), ranking)

    def view(self, state: TallyState, viewer: str) -> dict[str, Any]:
        return {
            "round": state.round,
            "counters": dict(state.counters),
            "points": dict(state.points),
            "deck_size": len(state.deck),
            "hands": {s: (list(h) if viewer in (s, REVIEWER) else len(h)) for s, h in state.hands.items()},
            **({"deck": list(state.deck)} if viewer == REVIEWER else {}),
        }

    def describe(self, event: Event) -> Description:
        return Description(event.type, {k: v for k, v in event.payload.items() if k != SECRET})

    def open_actions(self, state: TallyState, seat: str) -> list[OpenAction]:
        if state.over or not state.seats or seat != state.seats[state.current] or self._round_done(state):
            return []
        actions = []
        if state.adds < 2:
            actions.append(OpenAction("add", mandatory=state.adds == 0, commands=("Add",)))
        if not state.drew:
            actions.append(OpenAction("draw", mandatory=False, commands=("Draw",)))
        return actions

    def determinize(self, state: TallyState, viewer: str, rng: random.Random) -> TallyState:
        """Other seats' cards and the deck order are unknown to ``viewer``: shuffle them together."""
        unknown = list(state.deck) + [c for s, h in state.hands.items() if s != viewer for c in h]
        rng.shuffle(unknown)
        hands = {}
        for s, h in state.hands.items():
            if s == viewer:
                hands[s] = h
            else:
                hands[s], unknown = tuple(unknown[: len(h)]), unknown[len(h):]
        return replace(state, hands=hands, deck=tuple(unknown))


GAME = Tally()
