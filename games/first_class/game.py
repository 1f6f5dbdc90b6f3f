"""The ``Game`` object the platform registers: First Class's identity, set-up, status and
determinization on the shared kit (:class:`games.kit.GameBase`); the rules are bound from
their modules."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from operator import itemgetter
from typing import Any

from games.contract import NOBODY, SECRET, Event, IllegalMove, Status, Turn
from games.kit import GameBase, ranked, setting_up
from games.kit.bounded import keep

from .data import RULES
from .decide import deal_event, decide, decide_folded
from .evolve import evolve
from .legal import legal_commands, open_actions
from .messages import MESSAGES, describe, describe_command
from .state import Player, State, replace
from .view import view

PLAYER_PHASES = ("draft", "play", "scoring")
_OVER, _NOBODY = Turn((), (), True), Turn(())
_REFILL, _DEAL, _FINISH = Turn((), ("RefillEndDisplay",)), Turn((), ("DealRound",)), Turn((), ("FinishGame",))
#: The turn of a seat in the play phase, per seat (a turn is a value: one made per seat, not per position).
_PLAYING: dict[str, Turn] = {}


def _engine_texts() -> dict[str, dict[str, str]]:
    """The sentences of the rules engine's newer commands and open actions (the
    ``fc.*`` keys of ``web/texts.json``), over the catalogue of ``messages``."""
    raw = json.loads(resources.files(__package__).joinpath("web/texts.json").read_text("utf-8"))
    texts = {lang: {k: v for k, v in entries.items() if k.startswith("fc.")} for lang, entries in raw.items()}
    return {lang: {**MESSAGES.get(lang, {}), **texts.get(lang, {})} for lang in MESSAGES}


class FirstClass(GameBase[State]):
    name = "first_class"
    title = "First Class"
    code = "fc"
    min_players = 2
    max_players = 4
    #: the base game with modules A (contracts) and B (celebrities, postcards): no choices yet
    messages = _engine_texts()
    state_type = State
    #: Bump with a rules change that changes what a state holds or means: older snapshots are then refolded.
    #: 2: pending parts in frames, the end-game display refilled after the turn.
    state_version = 2

    open_actions = staticmethod(open_actions)
    view = staticmethod(view)
    describe = staticmethod(describe)
    describe_command = staticmethod(describe_command)

    def __init__(self) -> None:
        # The entry points the platform and the bots call per command, event and listing
        # are the module functions on the instance, not staticmethods of the class: Python
        # 3.11 specialises ``GAME.decide_folded(...)`` for an instance attribute and looks a
        # class's staticmethod up the long way at every call (Russian Railroads' 6e171ed).
        self.decide = decide  # type: ignore[method-assign]
        self.decide_folded = decide_folded  # type: ignore[method-assign]
        self.evolve = evolve  # type: ignore[method-assign]
        self.legal_commands = legal_commands  # type: ignore[method-assign]

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
        # the two starting 0-cars of each player come out of the supply (94 car cards in all)
        supply = dict(RULES.supply)
        supply[RULES.kind_of_level[0]] -= sum(len(train) for train in Player().trains) * len(seats)
        events = [
            Event("GameCreated", {"options": opts, "seats": seats, "rules_version": self.state_version,
                                  "supply": supply, "lok_tiles": [v for v, _ in RULES.lok_tiles]}),
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

    def has_mandatory(self, state: State, seat: str) -> bool:
        """``open_actions`` has a mandatory one, without building them (bots ask per listing)."""
        if state.phase not in PLAYER_PHASES or seat != state.current() or state.refill:
            return False
        if state.phase == "draft":
            return bool(state.pending)
        return (state.mandatory_open() or (state.phase == "play" and not state.took)
                or (state.phase == "scoring" and not state.scored))

    def status(self, state: State) -> Status:
        scores = {seat: p.vp for seat, p in state.players.items()}
        if state.phase == "over":
            ranking = tuple(state.final.get("ranking", ()))
            return Status("over", state.round, (), (), True, scores, ranking)
        if not state.seats:
            return setting_up()
        turn = self.turn(state)
        return Status(state.phase, state.round or None, turn.to_move, turn.pending_system, False, scores,
                      ranked(scores, state.seats))

    def turn(self, state: State) -> Turn:
        """Who may act now, as :meth:`status` says it without the scores and the ranking
        (the platform asks per listing and per command)."""
        if state.phase == "play" and state.seats and not state.refill:  # the commonest answer first
            mover: str = state.current()  # type: ignore[assignment]  # (a seat in the play phase)
            turn = _PLAYING.get(mover)
            if turn is None:
                turn = _PLAYING[mover] = Turn((mover,))
            return turn
        if state.phase == "over":
            return _OVER
        if not state.seats:
            return _NOBODY
        if state.refill:  # system work after the confirm: nobody moves meanwhile
            return _REFILL
        if state.phase == "deal":
            return _DEAL
        if state.phase == "final":
            return _FINISH
        current = state.current()
        return Turn((current,)) if state.phase in PLAYER_PHASES and current else _NOBODY

    def determinize(self, state: State, viewer: str, rng: random.Random) -> State:
        """Resample what ``viewer`` cannot know: the order of each undealt stack,
        and the end-game cards of the deck, of the other seats and of a draft hand
        held by someone else (all from one pool, each holder keeping its count).
        A finished game shows every seat's end-game cards, so nothing of it is
        redrawn."""
        if self.status(state).over:
            return state
        stacks = {}
        for key, cards in state.stacks.items():
            shuffled = list(cards)
            shuffle(rng, shuffled)
            stacks[key] = tuple(shuffled)
        others = [s for s in state.seats if s != viewer]
        hand_hidden = state.phase == "draft" and state.current() != viewer
        pool = list(state.end_deck) + [c for s in others for c in state.player(s).end_cards]
        if hand_hidden:
            pool += list(state.draft_hand)
        shuffle(rng, pool)
        players = dict(state.players)
        for s in others:
            k = len(players[s].end_cards)
            players[s], pool = replace(players[s], end_cards=tuple(pool[:k])), pool[k:]
        hand = state.draft_hand
        if hand_hidden:
            hand, pool = tuple(pool[:len(hand)]), pool[len(hand):]
        return replace(state, stacks=stacks, players=players, draft_hand=hand, end_deck=tuple(pool))

    def determinize_seeded(self, state: State, viewer: str, seed: float) -> State:
        """``determinize(state, viewer, random.Random(seed))``: the same state, from the
        permutations that generator draws kept per seed and per what they permute (the
        stacks' names and sizes, the pool's parts).  What ``shuffle`` draws does not depend
        on the cards, only on their number, and the search scores every leaf on the same
        seed (``SEARCH_SAMPLES`` = 1; :meth:`worker.bots.mcts.Search.outcome`): it drew
        the same permutations at every leaf, the stacks' too, which nothing it values reads
        (issue 26, ninth round: the shuffles were 4.4 % of a node's bytecodes)."""
        if self.status(state).over:
            return state
        hand_hidden = state.phase == "draft" and state.current() != viewer
        players = state.players
        others = []
        shape: list[Any] = [seed, hand_hidden, len(state.end_deck), len(state.draft_hand)]
        for s in state.seats:  # loops, not comprehensions: ``viewer`` and ``players`` made cells per call
            if s != viewer:
                others.append(s)
                shape.append(len(players[s].end_cards))
        for name, cards in state.stacks.items():
            shape.append(name)
            shape.append(len(cards))
        key = tuple(shape)
        drawn = _DRAWN.get(key)
        if drawn is None:
            drawn = keep(_DRAWN, key, _draw(state, others, hand_hidden, seed), DRAWN_ENTRIES)
        stack_getters, pool_getter = drawn
        stacks = {}
        i = 0
        for name, cards in state.stacks.items():
            getter = stack_getters[i]
            stacks[name] = getter(cards) if getter is not None else tuple(cards)
            i += 1
        pool = list(state.end_deck)
        for s in others:
            pool += players[s].end_cards
        if hand_hidden:
            pool += state.draft_hand
        shuffled = pool_getter(pool) if pool_getter is not None else tuple(pool)
        players = dict(players)
        start = 0
        for s in others:
            k = len(players[s].end_cards)
            players[s] = replace(players[s], end_cards=shuffled[start:start + k])
            start += k
        hand = state.draft_hand
        if hand_hidden:
            hand = shuffled[start:start + len(hand)]
            start += len(hand)
        return replace(state, stacks=stacks, players=players, draft_hand=hand, end_deck=shuffled[start:])


#: A permutation as a getter of the permuted tuple, None for fewer than two items.
_Getter = Callable[[Sequence[Any]], tuple[Any, ...]] | None
#: :meth:`FirstClass.determinize_seeded`'s permutations: per seed and shape, the stacks' getters
#: in the stacks' order and the pool's.
_DRAWN: dict[tuple[Any, ...], tuple[tuple[_Getter, ...], _Getter]] = {}
#: Entries kept before :data:`_DRAWN` starts afresh (a search uses one seed; the shape
#: changes when a round is dealt or an end-game card is bought or drawn).
DRAWN_ENTRIES = 64


def _getter(perm: list[int]) -> _Getter:
    return itemgetter(*perm) if len(perm) >= 2 else None


def _draw(state: State, others: list[str], hand_hidden: bool, seed: float) -> tuple[tuple[_Getter, ...], _Getter]:
    """The permutations ``determinize`` draws from ``random.Random(seed)`` on ``state``'s shape."""
    rng = random.Random(seed)
    getters = []
    for cards in state.stacks.values():
        perm = list(range(len(cards)))
        shuffle(rng, perm)
        getters.append(_getter(perm))
    size = len(state.end_deck) + sum(len(state.players[s].end_cards) for s in others)
    if hand_hidden:
        size += len(state.draft_hand)
    perm = list(range(size))
    shuffle(rng, perm)
    return tuple(getters), _getter(perm)



def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``, the same permutation from the same draws, without a call of
    ``_randbelow`` per card: the search determinizes every leaf, and shuffling the
    stacks and the end-game cards was 6 % of its bytecodes.  A generator whose
    ``_randbelow`` is not the one drawing from ``getrandbits`` (a subclass with its own
    ``random``) shuffles as it would itself; ``tests/first_class/test_bots.py`` checks
    the two agree."""
    if type(rng)._randbelow is not _RANDBELOW:  # type: ignore[attr-defined]
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    n = len(items)
    if n > len(_DOWN) + 1:
        steps: Any = [(i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1)]
    else:
        steps = _DOWN[len(_DOWN) + 1 - n:]
    for i, n, k in steps:  # the index, the count it draws below and its bits, precomputed
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


#: What ``random.Random.shuffle`` draws with (Python 3.11: ``_randbelow_with_getrandbits``).
_RANDBELOW = random.Random._randbelow  # type: ignore[attr-defined]
#: The steps ``shuffle`` walks down, as a constant tuple (no ``range`` per shuffle): the index
#: i from 127 to 1, with i + 1 and its bit length (not computed per card: a determinization
#: shuffles some 80 cards).
_DOWN = tuple((i, i + 1, (i + 1).bit_length()) for i in range(127, 0, -1))


GAME = FirstClass()
