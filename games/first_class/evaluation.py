"""A hand-written evaluation of a First Class position.

The number per seat is the points it may expect at the end: points now, plus
what its trains score now (up to the conductors) times the scorings still to
come, plus a discounted share of the cars beyond the conductors, the route's
bonus cities per later scoring, coins (one point each at the end, or an action),
the end-game cards as they would score with the action cards taken so far and
some more of each type to come, open contracts, and the LOK tiles still to win (a
conductor nearing its train's tile is nearing a Constantinople place; a train nearing
its 9th card is nearing a tile).

The train scoring is the engine's (:func:`games.first_class.trains.train_points`,
:func:`~games.first_class.trains.card_points`, :func:`games.first_class.route.bonus_cities`,
:func:`games.first_class.scoring.end_card_points`), folded into one pass over a player
with the rules data looked up once (the bots evaluate every sub-move of every candidate
turn; ``tests/first_class/test_bots.py`` checks the pass against those functions).  It runs on the
bot's determinized state, so other seats' end-game cards are guesses.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from games.contract import Command, Game
from games.first_class import lookahead, route, scoring, trains
from games.first_class.data import RULES
from games.first_class.state import MANDATORY, Pending, Player, State, replace
from games.kit.bounded import keep

#: Share of the cars beyond a conductor counted per later scoring (a conductor step still has to reach them).
BEYOND_CONDUCTOR = 0.45
#: Points per reached bonus city per later scoring (a coin, an upgrade, a car or a conductor step).
BONUS_CITY = 1.5
#: A coin: one point at the end at least; its column action is worth a little more.
COIN = 1.2
#: Action cards of each type a seat may still take per remaining round (three turns, three types).
CARDS_PER_ROUND_PER_TYPE = 0.8
#: An open contract: a reward still to come.
OPEN_CONTRACT = 2.0
#: The search lists a node's whole turns below the root this many at a time
#: (:func:`worker.bots.mcts.lazy_batch`): a First Class position has some 40 first
#: commands, each completed over ten sub-moves, and progressive widening visits two
#: or three of them at a node below the root.
SEARCH_BATCH = 3
#: The search scores its leaves on this many determinizations drawn once per search
#: (:func:`worker.bots.mcts.common_samples`): the other seats' end-game cards, redrawn
#: per leaf, move a margin by more than two candidate turns differ.
SEARCH_SAMPLES = 1
#: A car level not yet reached: cars and upgrades grow future scorings.
LEVEL_SUM = 0.15
#: Share of the next free Constantinople place's points counted for a conductor ``d``
#: steps short of its train's LOK tile: ``CONSTANTINOPLE / d`` (issue 26: greedy
#: attached LOK tiles, but its conductors reached 2 of 25; the points came only with
#: the step onto the tile, which the one-step lookahead never saw coming).
CONSTANTINOPLE = 0.8
#: A train's LOK tile reached by its conductor scores its number at every later
#: scoring; one not reached yet is counted like the cars beyond the conductor
#: (``BEYOND_CONDUCTOR``), and a train growing towards its 9th card gets this share of
#: the next tile's number per card it has beyond the first (the tile comes with the 9th).
#: Counted from the 6th card only (until issue 26's measurement), greedy built no long
#: trains: 20 greedy-vs-greedy games, LOK tiles attached 0.45 -> 0.95 per game, reached
#: 0.05 -> 0.25 (``benchmarks/first_class_lok.py``; 0.15 and 0.2 per card gave fewer:
#: the share then outweighs the tile it stands for, and the 9th card loses value).
LOK_APPROACH = 0.1
#: The cards of a train from which ``LOK_APPROACH`` counts (one: the first car).
LOK_FROM = 1
#: Share of what the best way of doing an open part of the turn gains that the part is
#: worth while it waits (issue 26: queued parts counted nothing, so a coin spent for
#: its column's action looked like a lost coin and greedy never walked a conductor on
#: coins; below 1, so doing a part beats confirming with it open, and leaving it out
#: loses it).
PENDING = 0.8


#: Per round number, the scorings after it (asked per evaluation).
_LATER = tuple(sum(1 for r in RULES.scoring_after if r > n) for n in range(RULES.rounds + 1))


#: :func:`scorings_left` in the play phase, per round number (asked per position valued).
_PLAY_LEFT = tuple(later + (1 if n in RULES.scoring_after else 0) for n, later in enumerate(_LATER))


def scorings_left(state: State, seat: str) -> int:
    """Scoring phases still to come for ``seat`` (the running one if it has not scored yet)."""
    if state.phase == "play" and state.round < len(_PLAY_LEFT):
        return _PLAY_LEFT[state.round]
    later = _LATER[state.round] if state.round < len(_LATER) else 0
    if state.round in RULES.scoring_after:
        if state.phase in ("play", "draft"):
            later += 1
        elif state.phase == "scoring":
            done = state.scoring_order[: state.scoring_index]
            if seat not in done and not (seat == state.current() and state.scored):
                later += 1
    return later


#: Per action card id, its type (lok / schaffner / waggon, or None); per end-game card, (type, points).
_CARD_TYPE = {card.id: card.type for card in RULES.cards.values()}
_END_CARD = {card.id: (card.type, card.points) for card in RULES.end_cards.values()}


@lru_cache(maxsize=4096)
def _bonus_prefix(route_cards: tuple[str, ...]) -> tuple[int, ...]:
    """Per locomotive position k, the bonus cities among the first k cities of the route
    (:func:`route.bonus_cities` counted once per route instead of per evaluation)."""
    out = [0]
    for card in route_cards:
        for city in RULES.routes[card]:
            out.append(out[-1] + (1 if city.bonus else 0))
    return tuple(out)


def _train_terms(p: Player) -> tuple[int, int, int]:
    """(points up to the conductors, points beyond them, sum of car levels): the numbers
    :func:`trains.train_points` and :func:`trains.card_points` give, in one pass."""
    now = beyond = levels = 0
    for train, conductor in zip(p.trains, p.conductors, strict=True):
        for i, (kind, value, celebrity) in enumerate(train):
            if kind == "car":
                points = value * 2 if celebrity else value
                levels += value
            elif kind == "lok":
                points = int(value)
            else:
                continue
            if i <= conductor:
                now += points
            else:
                beyond += points
    return now, beyond, levels


@lru_cache(maxsize=8192)
def _end_terms(taken: tuple[str, ...], end_cards: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """Per end-game card type: (points of the seat's end-game cards of it, action cards of
    it taken), kept per hand (a sub-move rarely changes either)."""
    counts = dict.fromkeys(scoring.TYPES, 0)
    for card in taken:
        kind = _CARD_TYPE[card]
        if kind:
            counts[kind] += 1
    points = dict.fromkeys(scoring.TYPES, 0)
    for card in end_cards:
        kind, n = _END_CARD[card]
        points[kind] += n
    return tuple((points[kind], counts[kind]) for kind in scoring.TYPES)


def _end_cards(p: Player, rounds_left: int) -> float:
    """The end-game cards as :func:`scoring.end_card_points` scores them, with
    ``CARDS_PER_ROUND_PER_TYPE`` more action cards of each type per round left."""
    return _end_value(p.taken, p.end_cards, rounds_left)


@lru_cache(maxsize=8192)
def _end_value(taken: tuple[str, ...], end_cards: tuple[str, ...], rounds_left: int) -> float:
    """:func:`_end_cards` kept per hand and rounds left (issue 26, tenth round: summed for
    every player :func:`_base_value` values afresh, of few hands)."""
    end = 0.0
    for points, count in _end_terms(taken, end_cards):
        end += points * (count + CARDS_PER_ROUND_PER_TYPE * rounds_left)
    return end


#: Per train: the index of its LOK tile (None: none yet), its cards beyond ``LOK_FROM``, its conductor.
_Shape = tuple[tuple[int | None, int, int], ...]
#: :func:`_train_terms` and the trains' :data:`_Shape` per trains tuple, by identity (the
#: tuple held, so its id is not reused; tuples never change): most sub-moves leave a
#: player's trains as they were (issue 26: 60 % of the players :func:`_base_value` valued
#: afresh had the trains and conductors of one valued before).
_TRAINS: dict[int, tuple[tuple[Any, ...], tuple[int, ...], tuple[int, int, int], _Shape]] = {}
#: Entries kept before :data:`_TRAINS` starts afresh: few, because what the memo holds
#: stays alive for the cyclic collector (issue 26, seventh round: with 20,000 entries a
#: search's young collections were driven by the memos' growth, 51 per 4 x 20 search
#: against 34 with 512, for 2 % more players valued afresh; a hit is a player of a
#: position valued a few sub-moves before).
TRAINS_ENTRIES = 512


#: :func:`_train_terms` and the shape per trains and conductors by content, where
#: :data:`_TRAINS` misses: the same train built apart (an upgrade or a car peeked from
#: sibling positions, the same sub-moves in another order) is summed once (issue 26,
#: eighth round: 82 % of the trains :func:`_base_value` met in a listing were equal to
#: ones met before, a third of them by identity).
_TRAINS_CONTENT: dict[tuple[tuple[Any, ...], tuple[int, ...]], tuple[tuple[int, int, int], _Shape]] = {}


def _trains_of(p: Player) -> tuple[tuple[int, int, int], _Shape]:
    """:func:`_train_terms` of ``p`` and its trains' shape, kept per trains tuple."""
    trains, conductors = p.trains, p.conductors
    hit = _TRAINS.get(id(trains))
    if hit is not None and hit[0] is trains and hit[1] == conductors:
        return hit[2], hit[3]
    key = (trains, conductors)
    known = _TRAINS_CONTENT.get(key)
    if known is None:
        terms = _train_terms(p)
        shape = []
        for train, conductor in zip(trains, conductors, strict=True):
            # the 10th card: a train with it grows no more
            shape.append((len(train) - 1 if train[-1][0] == "lok" else None, len(train) - LOK_FROM, conductor))
        known = keep(_TRAINS_CONTENT, key, (terms, tuple(shape)), TRAINS_ENTRIES)
    keep(_TRAINS, id(trains), (trains, conductors, known[0], known[1]), TRAINS_ENTRIES)
    return known


def _lok_value(state: State, shape: _Shape, left: int) -> float:
    """The LOK tiles still to win, from the trains' shape: the next free Constantinople
    place for a conductor nearing its train's tile, and the next tile for a train nearing
    its 9th card."""
    places = RULES.constantinople
    next_place = places[len(state.constantinople)] if len(state.constantinople) < len(places) else 0
    next_tile = min(state.lok_tiles) if state.lok_tiles else 0
    key = (shape, next_place, next_tile, left)
    value = _LOK_VALUES.get(key)
    if value is not None:
        return value
    value = 0.0
    for lok, grown, conductor in shape:
        if lok is None:
            if next_tile and grown > 0:
                value += LOK_APPROACH * next_tile * grown * left
        elif conductor < lok and next_place:
            value += CONSTANTINOPLE * next_place / (lok - conductor)
    return keep(_LOK_VALUES, key, value, TRAINS_ENTRIES)


#: :func:`_lok_value` per trains' shape, next Constantinople place, next LOK tile and
#: ``left``: the same inputs give the same float (issue 26, tenth round: asked for every
#: player :func:`_base_value` values afresh, some 70 per listing, of few shapes).
_LOK_VALUES: dict[tuple[_Shape, int, int, int], float] = {}


def _conductor_gain(state: State, p: Player, t: int, steps: int, left: int) -> float:
    """What the evaluation gains when train ``t``'s conductor walks ``steps`` (as far as it can):
    the cards it passes count in full instead of ``BEYOND_CONDUCTOR``, and a LOK tile
    reached brings the next Constantinople place instead of its share."""
    train, conductor = p.trains[t], p.conductors[t]
    to = min(len(train) - 1, conductor + steps)
    if to <= conductor:
        return 0.0
    gain = 0.0
    for kind, value, celebrity in train[conductor + 1:to + 1]:
        points = value * 2 if kind == "car" and celebrity else (int(value) if kind != "post" else 0)
        gain += points * (1 - BEYOND_CONDUCTOR) * left
    lok = len(train) - 1 if train[-1][0] == "lok" else None
    places = RULES.constantinople
    if lok is not None and conductor < lok and len(state.constantinople) < len(places):
        place = places[len(state.constantinople)]
        reached = place if to >= lok else CONSTANTINOPLE * place / (lok - to)
        gain += reached - CONSTANTINOPLE * place / (lok - conductor)
    return gain


#: :func:`_upgrade_gain` per trains tuple, by identity: (the trains, the conductors, the
#: supply, ``left``, the gain), the tuple and the supply held (so their ids are not
#: reused; a supply is never changed, ``evolve`` copies it): an open upgrade is valued
#: for every sub-move of a turn, most of which leave the trains and the supply as they
#: were (issue 26, seventh round: 288 different of 695 asked in a 4 x 20 search).
_UPGRADES: dict[int, tuple[tuple[Any, ...], tuple[int, ...], dict[str, int], int, float]] = {}


def _upgrade_gain(state: State, p: Player, left: int) -> float:
    """The best single upgrade: its levels where it stands (up to the conductor or beyond)
    and in ``LEVEL_SUM``; kept per trains tuple (:data:`_UPGRADES`)."""
    p_trains, supply = p.trains, state.supply
    hit = _UPGRADES.get(id(p_trains))
    if hit is not None and hit[0] is p_trains and hit[2] is supply and hit[3] == left \
            and hit[1] == p.conductors:
        return hit[4]
    best = _best_upgrade(state, p, left)
    keep(_UPGRADES, id(p_trains), (p_trains, p.conductors, supply, left, best), TRAINS_ENTRIES)
    return best


def _best_upgrade(state: State, p: Player, left: int) -> float:
    """:func:`_upgrade_gain` computed."""
    best = 0.0
    for train, conductor in zip(p.trains, p.conductors, strict=True):
        for i in trains.upgradable(train, state.supply):
            _, level, celebrity = train[i]
            diff = trains.NEXT_LEVEL[level] - level  # type: ignore[operator]
            share = 1.0 if i <= conductor else BEYOND_CONDUCTOR
            best = max(best, diff * (2 if celebrity else 1) * share * left + LEVEL_SUM * diff * left)
    return best


def _loco_gain(p: Player, steps: int, left: int) -> float:
    """The points cities the locomotive reaches and its bonus cities at every later scoring."""
    to, points = route.move(p, steps)
    prefix = _bonus_prefix(p.route)
    return points + BONUS_CITY * (prefix[to] - prefix[p.loco]) * left


def _end_card_gain(state: State, p: Player) -> float:
    """The best end-game card on display, as :func:`_end_cards` would count it."""
    rounds_left = max(0, RULES.rounds - state.round)
    if not state.end_display:
        return 0.0
    best = max(_end_cards(replace(p, end_cards=p.end_cards + (card,)), rounds_left) for card in state.end_display)
    return best - _end_cards(p, rounds_left)


def _part_gain(state: State, p: Player, part: Pending, left: int) -> float:
    """What the best way of doing one open part gains by this evaluation."""
    kind, n, train, _ = part
    if kind in MANDATORY:
        return 0.0  # done in every turn that goes on
    if kind == "coins":
        return COIN * min(n, RULES.coin_fields - sum(p.coins))
    if kind == "vp":
        return float(n)
    if kind == "own_conductor":
        return _conductor_gain(state, p, train, n, left)
    if kind == "conductor":
        return max(_conductor_gain(state, p, 0, n, left), _conductor_gain(state, p, 1, n, left))
    if kind == "loco":
        return _loco_gain(p, n, left)
    if kind == "loco_or_conductor":
        return max(_loco_gain(p, 1, left), _conductor_gain(state, p, 0, 1, left), _conductor_gain(state, p, 1, 1, left))
    if kind in ("upgrade", "upgrade_or_car"):
        return n * _upgrade_gain(state, p, left)
    if kind == "end_card":
        return _end_card_gain(state, p)
    return 0.0  # a new 0-car: worth what its later upgrades are, counted when they happen


def _pending_value(state: State, p: Player, left: int) -> float:
    """The open parts of the turn, ``PENDING`` of what doing each gains (each alone)."""
    total = 0.0
    for part in state.pending:  # a loop: a generator over the locals made them cells at every call (Python 3.11)
        total += _part_gain(state, p, part, left)
    return PENDING * total


def _player_value(state: State, seat: str, p: Player) -> float:
    left = scorings_left(state, seat)
    value = _base_value(state, p, left)
    if state.pending and seat == state.current():
        value += _pending_value(state, p, left)
    return value


#: A :data:`_BASE` entry: the player, what :func:`_base_value` read of the state besides
#: it (``left``, the round, the Constantinople places taken, the LOK tiles), the value;
#: one flat tuple (a key tuple inside was built per call, and one more object for the
#: cyclic collector per entry).
_BaseEntry = tuple[Player, int, int, int, tuple[int, ...], float]
#: :func:`_base_value` per player, by identity (the player held, so its id is not
#: reused), with what it read of the state besides the player (:data:`_BaseEntry`): a
#: sub-move that changes only the open parts (leaving one out) or another seat keeps the
#: player, and the bots value every sub-move of every candidate turn (issue 26: a
#: player's value was asked again for 28 % of them).  A player is never changed (only
#: the state a decision folds into is changed in place, :func:`~games.first_class.state.set_working`,
#: and its players are new ones), so any state's player may be kept, not only a sealed one's.
_BASE: dict[int, _BaseEntry] = {}
#: Entries kept before :data:`_BASE` starts afresh (a search makes some 10,000 players; a
#: hit is almost always a player of a position valued a few sub-moves before, and every
#: entry held is one more object for the cyclic collector: see :data:`TRAINS_ENTRIES`).
BASE_ENTRIES = 512


#: :func:`_base_value` per what it reads of the player and the state (the player's trains,
#: conductors, coins, locomotive, route, points, action cards taken, contracts and end-game
#: cards; ``left``, the round, the Constantinople places taken, the LOK tiles): players
#: made apart alike, most often the same sub-move peeked from different positions or
#: in another order, are valued once (issue 26, eighth round: of the players
#: :data:`_BASE` missed, 17 % in a listing and 48 % in a 4 x 20 search had the content
#: of one valued before).  The same inputs give the same float: the values are equal.
_BASE_CONTENT: dict[tuple[Any, ...], float] = {}


def _base_value(state: State, p: Player, left: int) -> float:
    """The player's value without the open parts of the turn, kept per player (see
    :data:`_BASE`) and per what it reads (see :data:`_BASE_CONTENT`)."""
    hit = _BASE.get(id(p))
    if hit is not None and hit[0] is p and hit[1] == left and hit[2] == state.round \
            and hit[3] == len(state.constantinople) and hit[4] == state.lok_tiles:
        return hit[5]
    key = (p.trains, p.conductors, p.coins, p.loco, p.route, p.vp, p.taken, p.contracts, p.end_cards,
           left, state.round, len(state.constantinople), state.lok_tiles)
    value = _BASE_CONTENT.get(key)
    if value is None:
        (now, beyond, levels), shape = _trains_of(p)
        rounds_left = max(0, RULES.rounds - state.round)
        end = _end_value(p.taken, p.end_cards, rounds_left)
        bonus = _bonus_prefix(p.route)[p.loco]
        value = (p.vp + left * (now + BEYOND_CONDUCTOR * beyond) + LEVEL_SUM * levels * left
                 + BONUS_CITY * bonus * left + COIN * sum(p.coins) + end
                 + OPEN_CONTRACT * len(p.contracts) * (1 if state.round < RULES.rounds else 0)
                 + _lok_value(state, shape, left))
        keep(_BASE_CONTENT, key, value, BASE_ENTRIES)
    keep(_BASE, id(p), (p, left, state.round, len(state.constantinople), state.lok_tiles, value), BASE_ENTRIES)
    return value


#: Per coin field, its column (0-based).
_COLUMN = {f: c for c, fields in enumerate(RULES.coin_columns) for f in fields}
#: Per action card id, what of it this evaluation reads when it is taken for its actions:
#: its type, its parts, its route card, its celebrity and postcard (cards of one design
#: alike); a contract card is its own (the contract is opened by id).
_DESIGN = {card.id: (card.type, card.effects, card.route, card.celebrity, card.postcard)
           if not card.contract else card.id for card in RULES.cards.values()}


def value_key(state: State, seat: str, command: Command) -> Hashable | None:
    """Commands of ``seat`` with equal keys lead to positions :func:`evaluate` values alike
    for ``seat`` (:func:`worker.bots.candidates.value_key`: the lookahead steps one of
    them): a coin spent for a point from any field (the coins count by number), a coin
    spent for its action from any field of its column, an end-game card bought with
    any columns, an action card taken for an upgrade by its type alone (the end-game
    cards count types), one taken for its actions by its design.  Checked against the
    evaluation in ``tests/first_class/test_bots.py``."""
    kind, args = command.type, command.args
    if kind == "SpendCoin":
        use = args.get("use")
        if use == "vp":
            return ("coin", "vp")
        column = _COLUMN.get(args.get("field"))  # type: ignore[arg-type]
        return ("coin", use, column) if column is not None else None
    if kind == "BuyEndCard":
        return ("buy", args.get("card"))
    if kind == "TakeCard":
        card = args.get("card")
        if card not in _DESIGN:
            return None
        if args.get("mode") == "upgrade":
            return ("take", "upgrade", _CARD_TYPE[card])
        return ("take", args.get("mode"), _DESIGN[card])
    return None


#: What a command must lose at least for :data:`BELOW_CONFIRM` to promise that
#: confirming beats it: the lookahead's tie margin (1e-6) with room for the rounding of
#: sums of some hundred points (~1e-11).
BELOW_CONFIRM_MARGIN = 1e-3


def _skip_gains(state: State, seat: str, command: Command) -> tuple[float, float]:
    """The least and the greatest gain of the open parts of the kind a ``SkipEffect`` leaves
    out (-1.0, -1.0: none, or not a skip this evaluation can tell about); the last answer is
    kept (:func:`_skip_same` asks for the skip :func:`_skip_below` just did)."""
    global _last_skip
    last = _last_skip
    if last[0] is state and last[1] is command and last[2] == seat:
        return last[3]
    gains = (-1.0, -1.0)
    kind = command.args.get("kind")
    if kind and state.phase != "over" and seat == state.current():
        p = state.players[seat]
        left = scorings_left(state, seat)
        least = most = -1.0
        for part in state.pending:
            if part[0] == kind:
                gain = _part_gain(state, p, part, left)
                if least < 0.0 or gain < least:
                    least = gain
                if gain > most:
                    most = gain
        gains = (least, most)
    _last_skip = (state, command, seat, gains)  # one assignment: a thread reads a tuple that belongs together
    return gains


#: :func:`_skip_gains`'s last answer: (state, command, seat, gains), the state and the command held.
_last_skip: tuple[Any, Any, str, tuple[float, float]] = (None, None, "", (-1.0, -1.0))


def _skip_below(state: State, seat: str, command: Command) -> bool:
    """``SkipEffect``: leaving out a part changes nothing but the open parts (``evolve``'s
    ``EffectSkipped``), so the value after it is the one now less ``PENDING`` times that
    part's gain (every gain is >= 0, so the sum over the parts left, in the same order, is
    not more in floating point either).  Which part of the kind the rules leave out is not
    re-derived: the least gain among the parts of that kind is what is lost at least."""
    return PENDING * _skip_gains(state, seat, command)[0] > BELOW_CONFIRM_MARGIN


def _coin_below(state: State, seat: str, command: Command) -> bool:
    """``SpendCoin``: the coin's ``COIN`` leaves the player's value (nothing else of it reads
    the coins while no part of kind ``coins`` is open: that part's gain is the room on the
    grid); for a point that is ``COIN - 1`` lost, for the column's action a new open part
    whose ``PENDING`` share of its gain (the same player's, as no gain but the coins part's
    reads the coins) comes back.  The other open parts keep their gains."""
    if state.phase == "over" or seat != state.current():
        return False
    for part in state.pending:
        if part[0] == "coins":
            return False
    args = command.args
    if args.get("use") == "vp":
        return COIN - 1 > BELOW_CONFIRM_MARGIN
    column = _COLUMN.get(args.get("field"))  # type: ignore[arg-type]
    if column is None:
        return False
    kind = RULES.column_action[column]
    if kind == "coins":
        return False
    gain = _part_gain(state, state.players[seat], (kind, 1, -1, 0), scorings_left(state, seat))
    return COIN - PENDING * gain > BELOW_CONFIRM_MARGIN


def _skip_same(state: State, seat: str, command: Command) -> bool:
    """``SkipEffect`` of a kind whose open parts all gain nothing: the sum of the gains
    left is the same float (adding 0.0 changes no sum), and so is the value; a listed
    skip is always legal (its part is open in the top frame)."""
    least, most = _skip_gains(state, seat, command)
    return least == 0.0 and most == 0.0


#: Tells :data:`BELOW_CONFIRM` which commands to answer for (registered below).
_BelowTest = Callable[[State, str, Command], bool]
#: Per command type, a test that promises (True) that the position after the command is
#: worth less to the seat by :func:`evaluate` than the position now by more than the
#: lookahead's tie margin, known without deciding it: where ``ConfirmTurn`` is legal,
#: confirming then beats it, so the lookahead neither decides nor values it
#: (:func:`worker.bots.candidates.below_confirm`; issue 26, tenth round: 5.2 of 25.5
#: sub-moves peeked per search node were skips, 0.17 of them chosen).
BELOW_CONFIRM: dict[str, _BelowTest] = {"SkipEffect": _skip_below, "SpendCoin": _coin_below}


#: Per command type of a listed command, a test that promises (True) that the position
#: after it is valued by :func:`evaluate` exactly as the position now, known without
#: deciding it: the lookahead gives it that value and decides it only if it is chosen
#: (:func:`worker.bots.candidates.same_value`; issue 26, tenth round: the skips not
#: below confirming, 1.4 peeked per search node, 0.17 chosen).
SAME_VALUE: dict[str, _BelowTest] = {"SkipEffect": _skip_same}


#: Per command type of a listed command, a maker of a state :func:`evaluate` values as
#: the state after it, without deciding it (None where it makes none): the lookahead
#: values the command on that state and decides it only if it is played on
#: (:func:`worker.bots.candidates.valued_after`; issue 26, tenth round).
VALUED_AFTER: dict[str, Callable[[State, str, Command], State | None]] = {"TakeCard": lookahead.take_card,
                                                                          "AttachCar": lookahead.attach_car}


def evaluate(game: Game, state: State, seats: Sequence[str] | None = None) -> Mapping[str, float]:
    if state.phase == "over":
        return {seat: float(v) for seat, v in game.status(state).scores.items()}
    values = {}
    players = state.players
    for seat in seats or state.seats:  # a loop: a comprehension over ``state`` made it a cell at every call
        values[seat] = _player_value(state, seat, players[seat])
    return values


def seat_value(game: Game, state: State, seat: str) -> float:
    """``evaluate(game, state, (seat,))[seat]`` without the dict around it: what the bots'
    lookahead asks of every position it values (:class:`worker.bots.candidates.OwnValue`)."""
    if state.phase == "over":
        return float(game.status(state).scores.get(seat, 0.0))
    return _player_value(state, seat, state.players[seat])
