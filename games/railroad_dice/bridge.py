"""The water rule: a line may point into a lake only if a bridge crosses it in the same turn.

Rules text, "Legeverbote": „Schienen dürfen nicht mit der Streckenrichtung gegen
Wasserfelder gelegt werden, wenn nicht noch im selben Zug eine Brücke (Schienenstrecke
über See) vollständig über den See gebaut wird.“

A ``BuildBridge`` laid from land (one land die, then the dice across) keeps that
promise inside one command.  A ``ConnectTile`` whose first die on a new lake tile
points into the lake cannot: the bridge follows as a second command, from an end
that already points into water (then every die of the bridge lies on water).  Between
the two the turn holds a promise, so:

* the connection is refused when no bridge could ever cross from there (the lake
  leaves no way to free land that goes on);
* while an end points into water, the turn has a mandatory open action
  (``rd.open.bridge``): it cannot be confirmed;
* no move may leave the turn unable to pay for the bridge it owes (its dice across
  and the two dice of the surcharge): the connection itself (``rd.bridge.owed``),
  a share, a station, a '?' turned or given back while the bridge is owed; a roll,
  whose faces are not known before, must leave those dice whatever it shows
  (``rd.roll.bridge``).  So a turn that owes a bridge can always build it, also for
  a player (or a bot) that never takes a move back.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Any

from games.contract import TURN_CONFIRMED, Event, IllegalMove
from games.kit.memo import Memo

from .data import RULES, SIZE
from .evolve import evolve
from .state import State
from .terrain import BACK, DELTA, inside, opposite
from .track import Piece, check_lead, field_key, ground, occupied, walk

#: (ground at (r, c), whether (r, c) is taken) on one large tile
Ground = Callable[[int, int], str]
Taken = Callable[[int, int], bool]


def crossings(ground_at: Ground, taken: Taken, r: int, c: int, step: int,
              max_dice: int | None = None, cut: list[bool] | None = None) -> list[list[int]]:
    """Every way across the water from the water field (r, c), entered moving in
    direction ``step``: the exits of the dice laid on it and the water fields after
    it, the last one leading onto a free land field of the tile.  With ``max_dice``
    only the ways of at most that many dice (in the same order): the lakes' simple
    paths are many, and the legal list needs only those a seat has the dice for.
    ``cut`` gains an item when the bound stopped the search somewhere (then more dice
    may find more ways; else the ways found are all)."""
    found: list[list[int]] = []
    limit = 1_000_000 if max_dice is None else max_dice

    def extend(path: list[int], r: int, c: int, step: int, seen: frozenset[tuple[int, int]]) -> None:
        if len(path) >= limit:
            if cut is not None:
                cut.append(True)
            return
        back = BACK[step]
        for x in range(4):
            if x == back:
                continue
            nr, nc = r + DELTA[x][0], c + DELTA[x][1]
            if not (0 <= nr < SIZE and 0 <= nc < SIZE) or taken(nr, nc) or (nr, nc) in seen:
                continue
            if ground_at(nr, nc) == "water":
                extend(path + [x], nr, nc, x, seen | {(nr, nc)})
            else:
                found.append(path + [x])

    extend([], r, c, step, frozenset({(r, c)}))
    return found


def water_ahead(state: State, end: str) -> tuple[int, int, int] | None:
    """(r, c, via) of the water field the line at ``end`` points into, if it does.

    Only a track die points: a station has no direction (the line may leave it towards
    any side), so a station next to a lake is no promise."""
    e = state.ends[end]
    pos = e["pos"]
    piece = state.boards.get(pos, {}).get(field_key(*e["field"]))
    if piece is None or piece["kind"] == "station" or len(e["dirs"]) != 1:
        return None
    via = e["dirs"][0]
    r, c = e["field"][0] + DELTA[via][0], e["field"][1] + DELTA[via][1]
    if not (0 <= r < SIZE and 0 <= c < SIZE) or occupied(state, pos, r, c) or ground(state, pos, r, c) != "water":
        return None
    return r, c, via


def _ends_into_water(state: State) -> list[str]:
    return [name for name in state.ends if water_ahead(state, name) is not None]


#: The events that change neither the ends nor the boards nor the map (:mod:`.evolve`): the
#: ends into water stay as they were (a laid piece or station, a set-up change them).
BOARD_KEPT = frozenset({"IncomeTaken", "DiceRolled", "DieTurned", "ShareBought", "DieReturned", "BankBroken",
                         "EndTriggered", TURN_CONFIRMED, "YearScored", "GameEnded"})
#: Per sealed state (:class:`games.kit.Memo`): the legal list, the open actions and ``decide``
#: each ask, several times a sub-move.


def board_kept(event: Event) -> bool:
    """Whether ``event`` leaves the ends, the boards and the map as they were: one function for
    every memo handed on over such events (:func:`games.kit.memo.hand_on` asks it once per
    event for the memos declared one after another with it: the ends into water, the ways)."""
    return event.type in BOARD_KEPT


_INTO_WATER: Memo[State, list[str]] = Memo(_ends_into_water, board_kept)


def ends_into_water(state: State) -> list[str]:
    """The ends that point into water: each is a bridge still owed in this turn."""
    return list(_INTO_WATER.own(state))


def owes_bridge(state: State) -> bool:
    """Whether an end points into water (``bool(ends_into_water(state))`` without the copy:
    the listing, the mandatory check and every decision ask)."""
    return bool(_INTO_WATER.own(state))


def _needs(state: State, end: str, max_dice: int) -> set[tuple[int, int]]:
    """Per way across from ``end`` of at most ``max_dice`` dice: (straight dice, curve dice)
    its pieces take.  Each piece takes a die, so a longer way is never affordable, and the
    lakes' simple paths are many (the unbounded search was a full ``decide``'s worth per
    move a turn that owes a bridge checks)."""
    at = water_ahead(state, end)
    if at is None:
        return set()
    r, c, via = at
    pos = state.ends[end]["pos"]
    out = set()
    for exits in crossings(lambda a, b: ground(state, pos, a, b), lambda a, b: occupied(state, pos, a, b),
                           r, c, via, max_dice):
        steps = [via, *exits]
        straights = sum(1 for before, after in zip(steps, steps[1:], strict=False) if before == after)
        out.add((straights, len(exits) - straights))
    return out


def bridges_affordable(state: State, seat: str, screen: int, question: int) -> bool:
    """Could ``seat`` still build every bridge owed with these dice behind the screen and
    '?' dice in front (and its straights and curves in front)?  Each bridge takes its
    pieces (a matching face, else a '?') and two dice of payment (behind the screen or '?')."""
    ends = ends_into_water(state)
    if not ends:
        return True
    front = state.front[seat]
    max_dice = front["straight"] + front["curve"] + question
    owed = [_needs(state, end, max_dice) for end in ends]
    for choice in product(*owed):
        straights = sum(s for s, _ in choice)
        curves = sum(c for _, c in choice)
        q_for_track = max(0, straights - front["straight"]) + max(0, curves - front["curve"])
        pay = RULES["bridge_surcharge"] * len(choice)
        if q_for_track <= question and (question - q_for_track) + screen >= pay:
            return True
    return False


def check_bridges_kept(state: State, seat: str, events: list[Event]) -> None:
    """Refuse a move after which ``seat`` could not pay for a bridge its turn owes."""
    connected = False
    for e in events:  # loops, not ``any`` over generators: once per decision
        if e.type == "BankBroken":
            return
        if e.type == "TrackLaid" and "connect" in e.payload:
            connected = True
    if not (connected or owes_bridge(state)):
        return
    after = state
    for event in events:
        after = evolve(after, event)
    if not bridges_affordable(after, seat, after.screen[seat], after.front[seat]["question"]):
        raise IllegalMove("rd.bridge.owed", "the line points into the lake: keep the dice to build the bridge "
                          "across it in this turn (its dice and two dice of surcharge)")


def roll_keeps_bridges(state: State, seat: str, screen_dice: int, question_dice: int) -> bool:
    """A roll of ``screen_dice`` from behind the screen and ``question_dice`` '?' dice
    leaves the dice for every bridge owed, counting the thrown dice as useless."""
    return bridges_affordable(state, seat, state.screen[seat] - screen_dice,
                              state.front[seat]["question"] - question_dice)


def build_bridge(state: State, end: Any, via: Any, exits: Any) -> list[Piece]:
    """The pieces of a bridge: a land die and then only water, the last one leading
    onto free land; or, from an end whose first field is water (a die pointing into
    the lake, or a station beside it), only water."""
    if not isinstance(exits, list) or not exits:
        raise IllegalMove("rd.bridge.path", "a bridge needs the dice across the water")
    pieces = walk(state, end, via, exits)
    if pieces[0].ground == "water":
        if any(p.ground != "water" for p in pieces):
            raise IllegalMove("rd.bridge.path", "a bridge crosses only water")
    elif len(pieces) < 2 or any(p.ground != "water" for p in pieces[1:]):
        raise IllegalMove("rd.bridge.path", "a bridge starts on land and then crosses only water")
    check_lead(state, pieces)
    return pieces


def bridge_paths(state: State, end: str, via: int, max_dice: int | None = None,
                 cut: list[bool] | None = None) -> list[list[int]]:
    """Every way across a lake from ``end`` in direction ``via`` (for the legal list), of
    at most ``max_dice`` dice if given, a die per exit; those of fewer dice are the same
    ways in the same order.  ``cut`` as in :func:`crossings`."""
    e = state.ends[end]
    pos = e["pos"]
    r, c = e["field"][0] + DELTA[via][0], e["field"][1] + DELTA[via][1]
    if not inside(r, c) or occupied(state, pos, r, c):
        return []

    def ground_at(a: int, b: int) -> str:
        return ground(state, pos, a, b)

    def taken(a: int, b: int) -> bool:
        return occupied(state, pos, a, b)

    if ground_at(r, c) == "water":
        return crossings(ground_at, taken, r, c, via, max_dice, cut)
    found: list[list[int]] = []
    rest_dice = None if max_dice is None else max_dice - 1
    if rest_dice is not None and rest_dice < 1:
        if cut is not None:
            cut.append(True)
        return found
    for x in range(4):
        nr, nc = r + DELTA[x][0], c + DELTA[x][1]
        if x != opposite(via) and inside(nr, nc) and not taken(nr, nc) and ground_at(nr, nc) == "water":
            found += [[x, *rest] for rest in crossings(ground_at, lambda a, b: (a, b) == (r, c) or taken(a, b),
                                                      nr, nc, x, rest_dice, cut)]
    return found
