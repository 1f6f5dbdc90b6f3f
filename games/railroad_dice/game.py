"""The ``Game`` object the platform registers: Railroad Dice's identity, set-up, status
and determinization on the shared kit (:class:`games.kit.GameBase`); the rules are bound
from their modules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import REVIEWER, Event, IllegalMove, Status
from games.kit import Capabilities, GameBase, seal

from .data import RULES
from .decide import decide
from .evolve import evolve
from .legal import legal_commands
from .messages import MESSAGES, describe, describe_command
from .optional import all_open_actions, has_mandatory
from .state import State
from .view import view


class RailroadDice(GameBase[State]):
    name = "railroad_dice"
    title = "Railroad Dice"
    code = "rd"
    min_players = 2
    max_players = 4
    messages = MESSAGES
    state_type = State
    #: Bump with a rules change that changes what a state holds or means: older snapshots are then refolded.
    state_version = 1
    #: Passengers are secret until the end; its MCTS takes 2.6 to 24 s a position at only
    #: 10 iterations (greedy: 0.5 s), too slow to analyse a whole game.
    capabilities = Capabilities(analysis_bot="greedy", scores_secret_while_running=True)

    decide = staticmethod(decide)
    evolve = staticmethod(evolve)
    legal_commands = staticmethod(legal_commands)
    open_actions = staticmethod(all_open_actions)
    has_mandatory = staticmethod(has_mandatory)
    view = staticmethod(view)
    describe = staticmethod(describe)
    describe_command = staticmethod(describe_command)

    def setup(self, options: Mapping[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        """The start player is drawn (the text: whoever played most railroad games); the bank
        holds every die not in front of a screen or on the start tile."""
        seats = list(seats)
        if len(set(seats)) != len(seats):
            raise IllegalMove("rd.options.seats", "seats must be distinct")
        bank = RULES["dice"] - RULES["start_dice_in_front"] * len(seats) - 1
        return [Event("GameCreated", {"options": dict(options), "seats": seats}),
                Event("GameSetUp", {"start": rng.choice(seats), "_secret": {"_nobody": {"bank_dice": bank}}},
                      barrier=True)]

    def status(self, state: State) -> Status:
        """Passengers are secret while the game runs: scores are empty until the end."""
        if state.phase == "over":
            ranking = tuple(state.final.get("ranking", ()))
            return Status("over", state.year, (), (), True, dict(state.passengers), ranking,
                          dict(state.final.get("places", {})))
        if state.phase == "year_change":
            return Status("year_change", state.year, (), ("ScoreYear",), False, {}, tuple(state.seats))
        if state.phase == "play":
            current = state.current
            return Status("play", state.year, (current,) if current else (), (), False, {}, tuple(state.seats))
        return Status(state.phase, None, ())

    def determinize(self, state: State, viewer: str, rng: random.Random) -> State:
        """Resample what ``viewer`` cannot see, keeping what is public: the dice behind the
        other screens and in the bank keep their sum (40 minus the dice in sight and the
        viewer's own) and are dealt out again at random; the other seats' passenger
        totals are unknown and set to the viewer's own (a neutral guess)."""
        if viewer == REVIEWER or state.phase in ("setup", "over"):
            return state
        new = state.clone()
        others = [s for s in state.seats if s != viewer]
        pool = state.bank + sum(state.screen[s] for s in others)
        slots = others + ["bank"]
        counts = {slot: 0 for slot in slots}
        for _ in range(pool):
            counts[rng.choice(slots)] += 1
        for s in others:
            new.screen[s] = counts[s]
            new.passengers[s] = state.passengers.get(viewer, 0)
        new.bank = counts["bank"]
        return seal(new)  # final from here, like a state evolve made


GAME = RailroadDice()
