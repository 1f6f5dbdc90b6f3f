"""The action spaces: what never changes about each (:class:`SpaceInfo`), which a seat
may use now (the board side, the engineers, a module's extra spaces), whether it may
use one (occupied, turn order, executable in full) and whether it can pay (workers,
coins, the black worker).

``decide`` raises these checks' errors; the listings (:mod:`.placements`,
:mod:`.legal`) ask them without raising.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.contract import IllegalMove
from games.kit.bounded import MEMO_ENTRIES, keep

from . import actions, engineers, tracks, turn_order
from .data import BLACK, RULES, engineer_cost, space_on_board
from .state import PlayerState, State


class SpaceInfo:
    """What never changes about one action space (board space or engineer), looked up
    once instead of parsed from its id and the rules tables on every check: the
    legal-move listing checks every space of the board in every position."""

    __slots__ = ("id", "number", "workers", "coins", "effects", "needs", "never_occupied",
                 "not_reusable", "turn_order", "has_reuse", "allows_black", "own_check", "own_rules",
                 "demands_nothing", "pay", "room_colour", "room_n")

    def __init__(self, space: str, number: int, workers: int, coins: int, effects: list[dict[str, Any]],
                 info: dict[str, Any]) -> None:
        self.id = space
        self.number = number
        self.workers = workers
        self.coins = coins
        self.effects = effects
        self.needs = actions._needs(effects)
        self.never_occupied = bool(info.get("never_occupied"))
        self.not_reusable = bool(info.get("not_reusable"))
        self.turn_order = space in ("turn_order_1", "turn_order_2")
        self.has_reuse = any(op["op"] == "reuse" for op in effects)
        self.allows_black = allows_black(effects)
        #: an effect ``decide.space_error`` checks by itself (DSP's Olga needs a target),
        #: so the listing may not skip it even when the space demands nothing else
        self.own_check = any(op["op"] == "olga" for op in effects)
        #: ``space_error`` has checks of its own for this space (turn order, Olga)
        self.own_rules = self.turn_order or self.own_check
        #: the effects ask nothing of the tableau (``effects_feasible`` is True)
        self.demands_nothing = self.needs.shape == "trivial"
        #: the one colour whose steps are all the space asks for and how many
        #: (``needs.plain_colour``), else -1 and 0: the commonest check of the listing
        self.room_colour, self.room_n = self.needs.plain_colour or (-1, 0)
        #: its cost's index in :data:`PAYMENTS` (the placement listing settles whether and
        #: how a seat can pay once per cost, not once per space)
        self.pay = payment_index(workers, coins)


#: The distinct costs (workers, coins) printed on the spaces known so far.
PAYMENTS: list[tuple[int, int]] = []
_PAYMENT_INDEX: dict[tuple[int, int], int] = {}


def payment_index(workers: int, coins: int) -> int:
    """The index of the cost (``workers``, ``coins``) in :data:`PAYMENTS`, added if new."""
    index = _PAYMENT_INDEX.get((workers, coins))
    if index is None:
        index = _PAYMENT_INDEX[(workers, coins)] = len(PAYMENTS)
        PAYMENTS.append((workers, coins))
    return index


def _space_table() -> dict[str, SpaceInfo]:
    table = {sid: SpaceInfo(sid, 0, info["workers"], info["coins"], info["effects"], info)
             for sid, info in RULES.spaces.items()}
    for number in RULES.engineers:
        sid = engineers.space_id(number)
        table[sid] = SpaceInfo(sid, number, *engineer_cost(number), engineers.effects(number), {})
    return table


_SPACES: dict[str, SpaceInfo] = {}


def space_info(space: str) -> SpaceInfo:
    """The :class:`SpaceInfo` of a known space id (KeyError for an unknown one)."""
    info = _SPACES.get(space)
    if info is None:
        # Built on first use, and again if a module added a space to the rules since.
        _SPACES.update(_space_table())
        info = _SPACES[space]
    return info


_ENGINEER_SPACES: dict[int, SpaceInfo] = {}


def engineer_info(number: int) -> SpaceInfo:
    """:func:`space_info` of engineer ``number``'s space, without building its id."""
    info = _ENGINEER_SPACES.get(number)
    if info is None:
        info = _ENGINEER_SPACES[number] = space_info(engineers.space_id(number))
    return info


def space_cost(state: State, space: str) -> tuple[int, int]:
    """(workers, mandatory coins) printed on a space."""
    if engineers.number_of(space):
        return engineer_cost(engineers.number_of(space))
    info = RULES.spaces[space]
    return info["workers"], info["coins"]


def allows_black(effects: Iterable[dict[str, Any]]) -> bool:
    """A space that allows at least one black step (the black worker's bonus)."""
    for op in effects:
        if op["op"] == "steps" and BLACK in tracks.colour_set(op["colour"]):
            return True
    return False


_BOARD_CACHE: dict[tuple[int, bool], list[str]] = {}


def board_spaces(players: int, last_round: bool) -> list[str]:
    """The printed action spaces of the board side for ``players`` in a round."""
    key = (players, last_round)
    if key not in _BOARD_CACHE:
        result = []
        for sid in RULES.space_order:
            info = RULES.spaces[sid]
            if not space_on_board(info, players):
                continue
            if info.get("last_round_only") and not last_round:
                continue
            if info.get("not_last_round") and last_round:
                continue
            result.append(sid)
        _BOARD_CACHE[key] = result
    return _BOARD_CACHE[key]


def available_spaces(state: State, seat: str) -> list[str]:
    """Every action space id the seat could in principle use this round."""
    result = list(board_spaces(len(state.seats), state.last_round))
    for extra in state.table.extra_spaces:  # (the coal mine)
        result += extra(state)
    result.extend(engineers.space_id(e) for e in engineers.public_engineers(state))
    p = state.players[seat]
    result.extend(engineers.space_id(e) for e in p.engineers if e not in p.own_used)
    return result


_BOARD_INFOS: dict[tuple[int, bool], tuple[SpaceInfo, ...]] = {}


def available_infos(state: State, seat: str) -> Sequence[SpaceInfo]:
    """:func:`available_spaces` as :class:`SpaceInfo`, in the same order (the
    legal-move listing walks every one of them in every placement decision).  In the
    base game the sequence depends only on the board, the public engineers and the
    seat's unused own engineers, so it is kept per combination (a shared tuple: the
    callers only walk it).  Figures: ``benchmarks/README.md``, issue 17."""
    key = (len(state.seats), state.round == state.rounds)
    board = _BOARD_INFOS.get(key)
    if board is None:
        board = _BOARD_INFOS[key] = tuple(space_info(sid) for sid in board_spaces(*key))
    if not state.table.plain:
        return _available_infos(state, seat, board)
    # the public engineers lie on the strip from the round on (the raw slice, hired ones
    # as None, is a finer key than ``engineers.public_engineers`` and cheaper to take)
    first = state.round
    public = state.strip[first:first + state.public_engineers]
    p = state.players[seat]
    memo_key = (key, *public) if not p.engineers else (key, *public, -1, tuple(p.engineers), tuple(p.own_used))
    found = _AVAILABLE_INFOS.get(memo_key)
    if found is None:
        found = keep(_AVAILABLE_INFOS, memo_key, tuple(_available_infos(state, seat, board)), MEMO_ENTRIES)
    return found


#: :func:`available_infos` of the base game by (board, public engineers, own engineers)
_AVAILABLE_INFOS: dict[tuple[Any, ...], tuple[SpaceInfo, ...]] = {}


def _available_infos(state: State, seat: str, board: tuple[SpaceInfo, ...]) -> list[SpaceInfo]:
    """:func:`available_infos` built the long way."""
    result = list(board)
    if not state.table.plain:
        for extra in state.table.extra_spaces:  # (the coal mine)
            result.extend(space_info(space) for space in extra(state))
    result.extend(engineer_info(e) for e in engineers.public_engineers(state))
    p = state.players[seat]
    if p.engineers:
        used = p.own_used
        result.extend(engineer_info(e) for e in p.engineers if e not in used)
    return result


def space_available(state: State, seat: str, space: str) -> bool:
    """``space in available_spaces(state, seat)``, without building the list."""
    number = engineers.number_of(space)
    if not number:
        if space in board_spaces(len(state.seats), state.last_round):
            return True
        return any(space in extra(state) for extra in state.table.extra_spaces)
    p = state.players[seat]
    if number in p.engineers:
        # (DSP: Olga may have put another player's worker on it: "damit besetzt")
        return number not in p.own_used and space not in state.occupied
    return number in engineers.public_engineers(state)


def check_space(state: State, seat: str, space: str, relocation: bool = False) -> tuple[list[dict], bool]:
    """Raise unless ``space`` may be used now; return (effects, competitive)."""
    if not isinstance(space, str) or not space_available(state, seat, space):
        raise IllegalMove("rr.space.unavailable", f"action space {space!r} is not available")
    return check_available_space(state, seat, space, relocation)


def check_available_space(state: State, seat: str, space: str, relocation: bool = False,
                          memo: dict[Any, Any] | None = None) -> tuple[list[dict], bool]:
    """:func:`check_space` for a space known to be in ``available_spaces`` (the
    legal-move listing walks exactly those, sharing one feasibility ``memo``)."""
    info = space_info(space)
    competitive = not (info.number and info.number in state.players[seat].engineers)
    error = space_error(state, seat, info, competitive, relocation, memo)
    if error:
        raise IllegalMove(*error)
    return info.effects, competitive


def space_error(state: State, seat: str, info: SpaceInfo, competitive: bool, relocation: bool = False,
                memo: dict[Any, Any] | None = None) -> tuple[str, str] | None:
    """Why the available space ``info`` may not be used now, or None: the checks of
    :func:`check_available_space` without raising (the listing tries every space)."""
    space = info.id
    if not info.never_occupied and space in state.occupied:
        return "rr.space.occupied", "this action space is already occupied this round"
    if info.turn_order:
        if relocation:
            return "rr.relocate.turn_order", "a relocated worker may not go to a turn-order space"
        if not turn_order.may_take(state, seat, space):
            return "rr.turn_order.own_position", "you may not take the space below your own position"
        if turn_order.claimed_by(state, seat):
            return "rr.turn_order.twice", "you already claimed a turn-order position"
    effects = info.effects
    checks = state.table.space_checks
    if checks and space in checks:  # a module's own rule for its space (DSP: Olga)
        error = checks[space](state, seat, relocation)
        if error:
            return error
    if competitive and not info.demands_nothing \
            and not actions.effects_feasible(state, state.players[seat], effects, memo=memo, needs=info.needs):
        return "rr.action.not_executable", "a board action (or public engineer) must be executable in full"
    return None


def cost_error(p: PlayerState, workers: int, fixed_coins: int, coins: int, black: bool) -> tuple[str, str] | None:
    """Why the seat cannot pay ``workers`` (``coins`` of them as coins) plus fixed coins."""
    if not 0 <= coins <= workers:
        return "rr.cost.coins", "coins may replace only the workers the space requires"
    if black and (not p.black_free or workers - coins < 1):
        return "rr.cost.black_worker", "the black worker is not available for this placement"
    if workers - coins - (1 if black else 0) > p.free:
        return "rr.cost.workers", "not enough workers (coins may replace workers)"
    if coins + fixed_coins > p.coins:
        return "rr.cost.coins", "not enough coins"
    return None
