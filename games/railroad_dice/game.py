"""The ``Game`` object the platform registers: Railroad Dice's identity, set-up, status
and determinization on the shared kit (:class:`games.kit.GameBase`); the rules are bound
from their modules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import SECRET, Event, IllegalMove, Status, Turn
from games.kit import Capabilities, GameBase, codec, ranked
from games.kit.memo import Memo, seal

from .data import RULES
from .decide import decide, decide_folded
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
    #: Passengers are public (data/visibility.json).  The analysis searches with MCTS, its dice
    #: drawn as chance (worker.bots.mcts): 25 iterations took 0.7 s of CPU a position on average
    #: over the positions of a random game (100: 2.9 s), where 10 took 2.6 to 24 s before the engine
    #: and the search were made faster.
    capabilities = Capabilities(analysis_bot="mcts")

    open_actions = staticmethod(all_open_actions)
    view = staticmethod(view)
    describe = staticmethod(describe)
    describe_command = staticmethod(describe_command)

    def __init__(self) -> None:
        # The entry points the platform calls per command, event and listing are the module
        # functions on the instance, not staticmethods of the class: Python 3.11 specialises
        # ``GAME.evolve(...)`` for an instance attribute and looks a class's staticmethod up
        # the long way at every call (Russian Railroads' 6e171ed, First Class's fc-speed6).
        self.decide = decide  # type: ignore[method-assign]
        self.decide_folded = decide_folded  # type: ignore[method-assign]
        self.evolve = evolve  # type: ignore[method-assign]
        self.legal_commands = legal_commands  # type: ignore[method-assign]
        self.has_mandatory = has_mandatory  # type: ignore[method-assign]
        # Who may act now, as the kit's default reads it from the status, memoised per state
        # (the platform asks once per projection, and a turn's sub-moves keep it): not a new
        # ``Turn`` made from the status at every ask.
        self.turn = _TURN.own  # type: ignore[method-assign]

    def setup(self, options: Mapping[str, Any], seats: Sequence[str], rng: random.Random) -> list[Event]:
        """The start player is drawn (the text: whoever played most railroad games); the bank
        holds every die not in front of a screen or on the start tile."""
        seats = list(seats)
        if len(set(seats)) != len(seats):
            raise IllegalMove("rd.options.seats", "seats must be distinct")
        bank = RULES["dice"] - RULES["start_dice_in_front"] * len(seats) - 1
        return [Event("GameCreated", {"options": dict(options), "seats": seats}),
                Event("GameSetUp", {"start": rng.choice(seats), "totals": {"bank_dice": bank}},
                      barrier=True)]

    def load_state(self, data: Any) -> State:
        """The snapshot's state, sealed as ``evolve`` seals its states (:func:`games.kit.seal`)."""
        return seal(codec.load(State, data))

    def status(self, state: State) -> Status:
        """The scores are the passengers carried so far, public while the game runs too
        (memoised per sealed state: the table asks once per projection, and the bot's table
        and the real one fold into the same states, :mod:`.evolve`)."""
        return _STATUS.own(state)

    # ``determinize``: the kit's, the state itself.  Nothing in a state is hidden from a
    # player at the table (data/visibility.json); the rolls to come are chance, drawn from
    # the seed the platform replaces for bots and forks.


def _status(state: State) -> Status:
    if state.phase == "over":
        ranking = tuple(state.final.get("ranking", ()))
        return Status("over", state.year, (), (), True, dict(state.passengers), ranking,
                      dict(state.final.get("places", {})))
    if state.phase == "year_change":
        return Status("year_change", state.year, (), ("ScoreYear",), False, dict(state.passengers),
                      ranked(state.passengers, state.seats))
    if state.phase == "play":
        current = state.current
        return Status("play", state.year, (current,) if current else (), (), False, dict(state.passengers),
                      ranked(state.passengers, state.seats))
    return Status(state.phase, None, ())


def _status_kept(event: Event) -> bool:
    """Whether ``event`` leaves the status as it was: a sub-move of a turn changes neither
    the phase, the year, whose turn it is nor the passengers (unless its totals or, in an
    old log, its secrets carry passengers)."""
    payload = event.payload
    return event.type in _SUB_MOVES and SECRET not in payload and "passengers" not in (payload.get("totals") or {})


_SUB_MOVES = frozenset({"IncomeTaken", "DiceRolled", "DieTurned", "ShareBought", "TrackLaid", "StationBuilt",
                        "DieReturned", "BankBroken", "EndTriggered"})
_STATUS: Memo[State, Status] = Memo(_status, _status_kept)


def _turn(state: State) -> Turn:
    """:meth:`games.kit.GameBase.turn`: the part of the status the turn machinery reads."""
    status = _STATUS.own(state)
    return Turn(status.to_move, status.pending_system, status.over)


_TURN: Memo[State, Turn] = Memo(_turn, _status_kept)

GAME = RailroadDice()
