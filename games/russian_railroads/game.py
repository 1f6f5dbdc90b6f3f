"""The ``Game`` object the platform registers: setup, status, views and redaction.

Everything rule-bearing is delegated to the concept modules; this file wires
them to the contract in :mod:`games.contract`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from games.contract import (
    NOBODY,
    REVIEWER,
    SECRET,
    SPECTATOR,
    Command,
    Description,
    Event,
    IllegalMove,
    OpenAction,
    Status,
    redact_secrets,
)

from . import engineers, scoring
from .data import RULES, SPECIAL9
from .decide import decide as _decide
from .evolve import evolve as _evolve
from .legal import legal_commands as _legal
from .legal import open_actions as _open
from .messages import MESSAGES
from .messages import describe as _describe
from .messages import describe_command as _describe_command
from .state import State

PLAYER_PHASES = ("draft", "actions", "relocation")
#: Flags of an action space a board shows (when it may be used, whether it can be reused).
SPACE_FLAGS = ("last_round_only", "not_last_round", "not_reusable", "never_occupied")


@cache
def _board(players: int) -> dict[str, Any]:
    """The printed board for ``players``, for drawing: the action spaces (in board
    order, with cost and effects), each line's length, colours and special spaces
    (one-time bonuses, track unlocks, Kiev stars and medal, Petersburg doubling),
    the industry track, and the effects of every engineer and factory."""
    raw = RULES.raw
    spaces = []
    for space in raw["action_spaces"]:
        if players not in space["players"]:
            continue
        row = {"id": space["id"], "area": space["area"], "workers": space["workers"], "coins": space["coins"],
               "effects": space["effects"]}
        row.update({flag: True for flag in SPACE_FLAGS if space.get(flag)})
        spaces.append(row)
    lines = []
    for line in raw["lines"]:
        name = line["id"]
        specials = [{"key": s["key"], "space": s["space"], "colour": s["colour"], "loco": s["loco"],
                     "effect": s["effect"]} for s in raw["special_spaces"] if s["line"] == name]
        unlocks = [{"space": u["space"], "colour": u["colour"], "steps": u.get("then_steps", 0)}
                   for u in raw["unlocks"] if u["line"] == name]
        entry: dict[str, Any] = {"id": name, "length": line["spaces"], "colours": line["colours"],
                                 "loco_slots": line["loco_slots"], "specials": specials, "unlocks": unlocks}
        if name == raw["kiev_medal"]["line"]:
            entry["stars"] = [{"space": s["space"], "vp": s["vp"]} for s in raw["kiev_stars"]]
            entry["medal"] = {k: raw["kiev_medal"][k] for k in ("space", "colour", "vp")}
        if name == raw["petersburg_doubling"]["line"]:
            entry["doubling"] = {k: raw["petersburg_doubling"][k] for k in ("space", "colour", "factor")}
        lines.append(entry)
    industry = raw["industry"]
    return {
        "spaces": spaces,
        "lines": lines,
        "industry": {"length": industry["length"], "gaps": industry["gaps"],
                     "question_space": industry["question_space"], "scores": industry["scores"]},
        "engineers": {str(n): e["effects"] for n, e in sorted(RULES.engineers.items())},
        "factories": {str(n): effects for n, effects in sorted(RULES.factories.items())},
        "doubler_slots": raw["doublers"]["slots"],
    }


def board_layout(players: int) -> dict[str, Any]:
    """A fresh copy of :func:`_board` (views are handed out and may be changed)."""
    return copy.deepcopy(_board(players))


class RussianRailroads:
    name = "russian_railroads"
    title = "Russian Railroads"
    rules_version = 1
    min_players = 2
    max_players = 4
    option_schema: Mapping[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}
    messages = MESSAGES

    def validate_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise IllegalMove("rr.options.invalid", "options must be an object")
        if options:
            raise IllegalMove("rr.options.unknown", f"unknown options {sorted(options)}")
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove("rr.options.players", "Russian Railroads (base game) is for 2-4 players")
        return {}

    def setup(self, options: Mapping[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        """Deal turn order, engineers and the end-game stack; open the start bonus draft."""
        seats = list(seats)
        opts = self.validate_options(options, len(seats))
        if len(set(seats)) != len(seats):
            raise IllegalMove("rr.options.seats", "seats must be distinct")
        setup = RULES.setup_for(len(seats))
        events = [Event("GameCreated", {"options": opts, "seats": seats, "rules_version": self.rules_version})]
        order = seats[:]
        rng.shuffle(order)
        events.append(Event("TurnOrderDealt", {"order": order}, barrier=True))
        decks: dict[str, list[int]] = {"A": [], "B": []}
        for number, info in sorted(RULES.engineers.items()):
            if info["letter"] in decks:
                decks[info["letter"]].append(number)
        rng.shuffle(decks["A"])
        rng.shuffle(decks["B"])
        strip = decks["A"][: setup["engineers"]["A"]] + decks["B"][: setup["engineers"]["B"]]
        events.append(Event("EngineersDealt", {"strip": strip}, barrier=True))
        cards = [c["id"] for c in RULES.raw["end_game_cards"]]
        rng.shuffle(cards)
        removed_n = RULES.raw["end_game_deck"]["removed_unseen"]
        removed, deck = cards[:removed_n], cards[removed_n:]
        events.append(Event("EndGameDeckPrepared", {"count": len(deck),
                                                    SECRET: {NOBODY: {"deck": deck, "removed": removed}}},
                            barrier=True))
        queue = [order[pos - 1] for pos in setup["start_bonus_positions"]]
        events.append(Event("StartBonusDraftBegan", {"queue": queue}))
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
            return Status("over", state.round, (), (), True, scores, tuple(state.final.get("ranking", ())))
        pending: tuple[str, ...] = ()
        if state.phase == "reorder":
            pending = ("ResolveTurnOrder",)
        elif state.phase == "scoring":
            pending = ("ScoreRound",)
        to_move = (state.current,) if state.phase in PLAYER_PHASES and state.current else ()
        ranking = tuple(sorted(state.seats, key=lambda s: -scores.get(s, 0)))
        return Status(state.phase, state.round or None, to_move, pending, False, scores, ranking)

    def redact(self, event: Event, viewer: str) -> Event:
        return redact_secrets(event, viewer)

    def describe(self, event: Event) -> Description:
        return _describe(event)

    def describe_command(self, command: Command) -> Description:
        """A legal command as a sentence (the optional hook of :mod:`games.contract`)."""
        return _describe_command(command)

    def view(self, state: State, viewer: str) -> dict[str, Any]:
        """What ``viewer`` may see: the board, every tableau with its current value
        (Yucata's "(N)"), own end-game cards; the end-game stack only to a seat
        searching it and to a reviewer."""
        players = {}
        for seat in state.seats:
            p = state.players[seat]
            sees_cards = viewer in (seat, REVIEWER) or state.phase == "over"
            players[seat] = {
                "vp": p.vp, "coins": p.coins, "workers": p.workers, "free_workers": p.free,
                "black_worker": p.black, "black_worker_free": p.black_free,
                "tracks": {line: {RULES.colours[c]: p.tr[li * 5 + c] for c in range(5)
                                  if RULES.allowed[li][c] and p.unlocked[c]}
                           for li, line in enumerate(RULES.lines)},
                "unlocked": [RULES.colours[c] for c in range(5) if p.unlocked[c]],
                "locos": {line: [9 if x == SPECIAL9 else x for x in p.locos[li]]
                          for li, line in enumerate(RULES.lines)},
                "factories": list(p.factories), "industry_markers": [m for m in p.markers if m >= 0],
                "doublers": p.doublers, "engineers": list(p.engineers), "engineers_used": list(p.own_used),
                "question_tokens": list(p.q_used), "special_spaces": list(p.claims),
                "end_cards": list(p.end_cards) if sees_cards else None,
                "end_card_count": len(p.end_cards),
                "tableau_value": scoring.tableau_value(p),
                "passed": seat in state.passed,
            }
        if viewer == REVIEWER:
            end_deck: list[str] | None = sorted(state.end_deck)
        elif viewer == state.current and viewer != SPECTATOR and state.end_seen is not None:
            end_deck = list(state.end_seen)  # what the seat saw looking through the stack
        else:
            end_deck = None
        view: dict[str, Any] = {
            "round": state.round, "rounds": state.rounds, "phase": state.phase, "order": list(state.order),
            "current": state.current, "passed": list(state.passed),
            "occupied": {k: {"seat": v[0], "workers": v[1], "coins": v[2], "black": v[3]}
                         for k, v in state.occupied.items()},
            "rally_users": list(state.rally_users),
            "engineers": {"hire": engineers.hire_candidate(state), "public": engineers.public_engineers(state),
                          "preview": engineers.preview(state)},
            "loco_stacks": {n: state.stacks[n] for n in range(1, 10)},
            "factory_display": {n: state.display[n] for n in range(1, 10) if state.display[n]},
            "question_cards": list(state.q_cards), "doubler_supply": state.doubler_supply,
            "start_bonus_cards": list(state.draft_cards),
            "end_deck_count": len(state.end_deck),
            "end_deck": end_deck,
            "pending": [list(item) for item in state.pending] if viewer in (state.current, REVIEWER) else [],
            "players": players, "last_scoring": state.last_scoring,
            "board": board_layout(len(state.seats)) if state.seats else None,
        }
        if viewer == REVIEWER:
            view["end_removed"] = list(state.end_removed)
        if state.phase == "over":
            view["final"] = state.final
        return view

    def determinize(self, state: State, viewer: str, rng: random.Random) -> State:
        """Resample what ``viewer`` cannot see: the other seats' face-down end-game
        cards, the end-game stack and the 2 cards removed unseen (the stack is known
        to a seat while it searches through it)."""
        if viewer == REVIEWER or not state.players:
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
        return new

    def dump_state(self, state: State) -> Any:
        return state.dump()

    def load_state(self, data: Any) -> State:
        return State.load(data)


GAME = RussianRailroads()
