"""The commands a seat may send now, and the actions still open in its turn.

Candidates are built from the position and checked by the same rule functions
``decide`` calls (``connect``, ``station_piece``, ``payment`` splits), or, for a
track piece, by ``place_track``'s checks made once per field (a test compares the
two); the property tests send every listed command through ``decide``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from typing import Any

from games.contract import Command, IllegalMove, OpenAction
from games.kit.memo import Memo, sealed

from .bridge import (
    board_kept,
    bridge_paths,
    build_bridge,
    ends_into_water,
    owes_bridge,
    roll_keeps_bridges,
)
from .connect import first_dies, fitting, new_tile_sides
from .data import COMPANIES, COSTS, FACES, RULES, SIZE, TERRAINS
from .decide import decide
from .dice import splits
from .shares import may_buy_from_directors
from .state import State
from .stations import has_station_on, site
from .terrain import BACK, DELTA, entry_field, has_water, neighbour_pos, terrain
from .track import FIELD_KEYS, Piece, continues, field_key, free_fields, ground, mountains_of, open_sides


def legal_commands(state: State, seat: str) -> list[Command]:
    if seat == "system":
        return [Command("ScoreYear", seat, {})] if state.phase == "year_change" else []
    if state.phase != "play" or seat != state.current or state.end_trigger == "d":
        return []
    return list(_LISTED.own(state))


def _listing(state: State) -> list[Command]:
    """The current seat's commands (memoised per sealed state in ``_LISTED``)."""
    seat = state.current
    assert seat is not None
    out: list[Command] = []
    front = state.front[seat]
    owes = owes_bridge(state)  # a bridge is owed in this turn (rare: :mod:`.bridge`)
    if state.year > 1 and not state.turn["income"]:
        out.append(_command("TakeIncome", seat))
    if not state.turn["rolled"]:
        rolls = _rolls(seat, state.screen[seat], front["question"])
        if owes:
            for c in rolls:
                if roll_keeps_bridges(state, seat, c.args["screen"], c.args["question"]):
                    out.append(c)
        else:
            out += rolls
    if front["question"]:
        for f in ("straight", "curve", "share"):
            out.append(_command("TurnDie", seat, ("face", f)))
    out += _shares(state, seat)
    out += _track(state, seat)
    out += _stations(state, seat)
    if state.front_total(seat) > RULES["front_limit"]:
        for f in FACES:
            if front[f]:
                out.append(_command("ReturnDie", seat, ("face", f)))
    if owes:  # only moves that keep the dice for the bridge
        kept: list[Command] = []
        for c in out:
            if c.type == "Roll" or _accepted(state, c):
                kept.append(c)
        return kept
    return out


# No comprehension in the listing's functions reads their locals: Python 3.11 makes every local
# a comprehension reads a cell of the enclosing function, read and written the slow way at
# every use (the listing's loops over a way's lays among them), and builds a closure per call.

#: Per sealed state (:mod:`games.kit.memo`): the seat's listing is asked for by the bot and
#: again by the platform when the turn is confirmed (the optional actions it forfeits).
_LISTED: Memo[State, list[Command]] = Memo(_listing)


@cache
def _command(type_: str, seat: str, *args: tuple[str, Any]) -> Command:
    """A command made once per type, seat and arguments: the listings of every state offer
    the same few (income, turning a die, a share), and a command is a value nobody changes."""
    return Command(type_, seat, dict(args))


@cache
def _rolls(seat: str, screen: int, question: int) -> tuple[Command, ...]:
    """Every roll of ``seat`` with ``screen`` dice behind its screen and ``question`` '?' in
    front (made once, as :func:`_command`)."""
    return tuple(Command("Roll", seat, {"screen": k, "question": m})
                 for k in range(screen + 1) for m in range(question + 1))


def _accepted(state: State, command: Command) -> bool:
    """Whether ``decide`` takes ``command`` (for the rare moves whose check needs the state
    after them: the bridge a turn owes, :mod:`.bridge`).  Never a roll: no dice are thrown."""
    try:
        decide(state, command, random.Random(0))
    except IllegalMove:
        return False
    return True


def _shares(state: State, seat: str) -> list[Command]:
    out: list[Command] = []
    front = state.front[seat]
    dice = []
    for d in ("share", "question"):
        if front[d]:
            dice.append(d)
    if not dice:
        return out
    from_directors = may_buy_from_directors(state)  # asked once, not per die and company
    for die in dice:
        for company in COMPANIES:
            if state.bank_shares[company]:
                out.append(_command("BuyShare", seat, ("company", company), ("seller", "bank"), ("die", die)))
            if from_directors:
                director = state.directors.get(company)
                if director and director != seat and state.shares[director][company]:
                    out.append(_command("BuyShare", seat, ("company", company), ("seller", director), ("die", die)))
    return out


#: A track command as the board allows it, before dice and payment: its type, its
#: arguments (a dict; a bridge's as (name, value) pairs), the mountains its pieces cross,
#: whether it leaves the line pointing into a lake, and its straight and curve pieces (a
#: matching face each, else a '?').
_Lay = tuple[str, Any, tuple[str, ...], bool, int, int]
#: A track lay as a way keeps it: the lay without its arguments, a tuple of atoms.
_Facts = tuple[str, tuple[str, ...], bool, int, int]


def _lay(type_: str, args: Any, kinds: tuple[str, ...], ids: Iterable[str], into_water: bool = False) -> _Lay:
    return type_, args, tuple(ids), into_water, kinds.count("straight"), kinds.count("curve")


class _Way:
    """What the board allows from one end towards one direction, whoever holds which dice:
    the track pieces and tile connections (in the listing's order), and the bridges per
    number of dice at most.  It depends only on where the end is, the board of its large
    tile and the map (tiles, small tiles left, mountains), which ``evolve`` shares between
    states until they change (:meth:`State.clone_for`, ``evolve._own_boards``): so one is
    computed per end and board, and serves every roll, share, turned die and income on it
    and every piece laid at the other end of the line on another tile."""

    __slots__ = ("objects", "end", "via", "_lays", "bridges", "sites")

    def __init__(self, end: str, via: int, objects: tuple[object, ...]) -> None:
        self.objects = objects
        self.end, self.via = end, via
        #: the track lays' facts and their arguments apart (:meth:`lays`)
        self._lays: tuple[tuple[_Facts, ...], tuple[dict[str, Any], ...]] | None = None
        #: (the most dice asked, whether their search found every bridge, its bridges): ``_bridge_lays``
        self.bridges: tuple[int, bool, tuple[_Lay, ...]] | None = None
        #: the station of each kind the board allows here (:func:`.stations.site`)
        self.sites: dict[str, Piece | None] = {}

    def lays(self, state: State) -> tuple[tuple[_Facts, ...], tuple[dict[str, Any], ...]]:
        """The track pieces and connections (made on first use: a director without track
        dice asks a way for its station sites alone): their facts, and their arguments in
        the same order.  Kept apart because the ways kept in ``_WAYS`` hold thousands of
        lays: the collector untracks a tuple of atoms, but a tuple that holds a dict (even
        an untracked one) stays tracked and is walked at every older-generation pass."""
        if self._lays is None:
            facts: list[_Facts] = []
            arguments: list[dict[str, Any]] = []
            for type_, args, ids, into_water, straights, curves in _lays(state, self.end, self.via):
                facts.append((type_, ids, into_water, straights, curves))
                arguments.append(args)
            self._lays = (tuple(facts), tuple(arguments))
        return self._lays

    def site(self, state: State, kind: str) -> Piece | None:
        if kind not in self.sites:
            self.sites[kind] = site(state, self.end, self.via, kind)
        return self.sites[kind]


#: Ways by the end, direction and field and the identities of the objects they depend on
#: (held in the entry, so the identities stay theirs); only sealed states
#: (:mod:`games.kit.memo`) are served from here.
_WAYS: dict[tuple[object, ...], _Way] = {}
#: Ways remembered at most (the oldest go first).  An ``mcts-1s`` search makes 230 ways (at
#: most 380 over 25 positions of a greedy game) and hits none older than 375 insertions;
#: the ways of finished games are never hit again, but each holds its board and map objects
#: for the collector to walk until newer ones push it out (4096 held 21 k tracked objects
#: after 40 random games).
_WAYS_KEPT = 1024


def _way(state: State, end: str, via: int, keyed: bool | None = None) -> _Way:
    """The way from ``end`` towards ``via``: kept for sealed states (``keyed``: whether
    ``state`` is sealed, if the caller knows)."""
    e = state.ends[end]
    pos = e["pos"]
    board, tiles, left, mountains = state.boards.get(pos), state.tiles, state.small_left, state.mountains
    objects = (board, tiles, left, mountains)
    if not (sealed(state) if keyed is None else keyed):
        return _Way(end, via, objects)
    field = e["field"]
    key = (end, via, pos, field[0], field[1], id(board), id(tiles), id(left), id(mountains))
    hit = _WAYS.get(key)
    if hit is None or hit.objects[0] is not board or hit.objects[1] is not tiles or hit.objects[2] is not left \
            or hit.objects[3] is not mountains:
        if len(_WAYS) >= _WAYS_KEPT:
            del _WAYS[next(iter(_WAYS))]
        hit = _WAYS[key] = _Way(end, via, objects)
    return hit


def _ways_of(state: State) -> tuple[tuple[str, int, str, _Way], ...]:
    """(end, direction, the end's position, way) of every way of ``state``, ends and
    directions in order: memoised per sealed state and handed on over the events that
    leave the ends, the boards and the map as they were (``BOARD_KEPT``: a roll, a share,
    income, a turned die, a confirmed turn), which are most of a game's events.  Looking a
    way up in :data:`_WAYS` (its key of nine parts) per end and direction and listing was
    more bytecodes than the rest of :func:`_track` around it."""
    keyed = sealed(state)
    out: list[tuple[str, int, str, _Way]] = []
    for end, e in state.ends.items():
        for via in e["dirs"]:
            out.append((end, via, e["pos"], _way(state, end, via, keyed)))
    return tuple(out)


_WAYS_OF: Memo[State, tuple[tuple[str, int, str, _Way], ...]] = Memo(_ways_of, board_kept)


def _lays(state: State, end: str, via: int) -> list[_Lay]:
    """Track pieces and tile connections from ``end`` towards ``via``, dice aside: the
    pieces :func:`.track.place_track` allows, its checks made here once per field (the
    field entered must be a free land field on the tile, as every connection's edge field
    must be), and per exit only the field it leads to."""
    e = state.ends[end]
    pos = e["pos"]
    r, c = e["field"][0] + DELTA[via][0], e["field"][1] + DELTA[via][1]
    board = state.boards.get(pos, {})
    if not (0 <= r < SIZE and 0 <= c < SIZE) or FIELD_KEYS[r * SIZE + c] in board:  # field_key in line
        return []
    tile = state.tiles[pos]
    at = terrain(tile["type"], tile["rot"], r, c)
    if at == "water":
        return []  # crossed by a bridge only (:func:`_bridge_lays`)
    ids = (state.mountains[pos],) if at == "mountain" else ()
    taken = frozenset({(r, c)})
    out: list[_Lay] = []
    back = BACK[via]
    sides: tuple[int, ...] | None = None  # the tile's open sides: looked up once, not per exit
    free: int | None = None  # and its free fields (the flood fill's): counted once, not per exit
    for x in range(4):
        if x == back:
            continue
        tr, tc = r + DELTA[x][0], c + DELTA[x][1]
        if not (0 <= tr < SIZE and 0 <= tc < SIZE):
            out += _connections(state, end, via, x)
            continue
        if FIELD_KEYS[tr * SIZE + tc] in board or terrain(tile["type"], tile["rot"], tr, tc) == "water":
            continue
        if sides is None:
            sides = open_sides(state, pos)
            free = free_fields(board, taken) if sides else None
        if continues(state, pos, tr, tc, taken, sides, board, free):  # ``_lay``'s tuple written out
            out.append(("PlaceTrack", {"end": end, "via": via, "exit": x}, ids, False, 1, 0) if x == via
                       else ("PlaceTrack", {"end": end, "via": via, "exit": x}, ids, False, 0, 1))
    return out


def _bridge_lays(state: State, way: _Way, end: str, via: int, max_dice: int) -> tuple[_Lay, ...]:
    """The bridges of at most ``max_dice`` dice: a way keeps those of the most dice asked so
    far and whether that search was cut by its bound.  Fewer dice take the same bridges in
    the same order, less the longer ones (a die per exit: :func:`.bridge.bridge_paths`);
    more dice take the same when nothing was cut (most ways have no lake ahead at all).
    The dice a seat holds change with nearly every command, so a bound per number of dice
    searched most ways several times."""
    if way.bridges is not None:
        most, complete, lays = way.bridges
        if max_dice == most or (max_dice > most and complete):
            return lays
        if max_dice < most:
            fewer: list[_Lay] = []
            for lay in lays:
                if len(lay[1][2][1]) <= max_dice:  # the lay's ("exits", exits)
                    fewer.append(lay)
            return tuple(fewer)
    if not has_water(state.tiles[state.ends[end]["pos"]]["type"]):
        way.bridges = (max_dice, True, ())  # most tiles have no lake: no bridge with any dice
        return ()
    found: list[_Lay] = []
    cut: list[bool] = []
    for exits in bridge_paths(state, end, via, max_dice, cut):
        try:
            pieces = build_bridge(state, end, via, exits)
        except IllegalMove:
            continue
        found.append(_lay("BuildBridge", (("end", end), ("via", via), ("exits", tuple(exits))),
                          tuple(p.kind for p in pieces), mountains_of(state, pieces)))
    way.bridges = (max_dice, not cut, tuple(found))
    return way.bridges[2]


def _track(state: State, seat: str) -> list[Command]:
    front = state.front[seat]
    if not (front["straight"] or front["curve"] or front["question"]):
        return []
    out: list[Command] = []
    # A bridge takes a die per field and the surcharge: count the dice before the lakes' ways.
    bridge_dice = front["straight"] + front["curve"] + front["question"] \
        if state.screen[seat] + front["question"] >= RULES["bridge_surcharge"] else 0
    for end, via, _, way in _WAYS_OF.own(state):
        _way_commands(state, seat, way, end, via, bridge_dice, out)
    return out


def _way_commands(state: State, seat: str, way: _Way, end: str, via: int, bridge_dice: int,
                  out: list[Command]) -> None:
    """The commands of one way the seat has the dice and payment for, appended to ``out``:
    the dice as :func:`.dice.track_dice` takes them (the matching face, else a '?') and
    every payment as :func:`.dice.splits` lists them, counted here from the lay's pieces."""
    front = state.front[seat]
    straight, curve, question = front["straight"], front["curve"], front["question"]
    screen = state.screen[seat]
    paid = state.turn["mountains"]  # the turn's few paid mountains: asked as they are, no set per way
    surcharge = RULES["mountain_surcharge"]
    facts, arguments = way.lays(state)
    # The '?' dice a lay takes counted by comparisons, not ``max`` calls, and a lay without a
    # surcharge (most) made at once, not through the loop over payments: per lay of every
    # listing, the commonest lines of the listing.
    for (type_, ids, into_water, straights, curves), lay_args in zip(facts, arguments, strict=True):
        used = straights - straight if straights > straight else 0
        if curves > curve:
            used += curves - curve
        if used > question:
            continue
        cost = 0
        for mountain in ids:  # none or one (the mountains of a lay: no set made per lay)
            if mountain not in paid:
                cost += surcharge
        if not cost:
            # the lay's own arguments (a dict nobody changes, as the arguments of the commands
            # :func:`_command` shares between listings), not a copy per listing: a way of many
            # tile connections lists dozens of lays
            command = Command(type_, seat, lay_args)
            if not into_water or _accepted(state, command):
                out.append(command)
            continue
        for k in range(min(cost, screen) + 1):
            if cost - k > question - used:
                continue
            command = Command(type_, seat, {**lay_args, "pay": {"screen": k, "question": cost - k}})
            if not into_water or _accepted(state, command):
                out.append(command)
    if bridge_dice:
        for _, lay_args, ids, _, straights, curves in _bridge_lays(state, way, end, via, bridge_dice):
            used = max(0, straights - straight) + max(0, curves - curve)
            if used > question or screen + question - used < RULES["bridge_surcharge"]:
                continue  # too few dice for its pieces and surcharge (as ``_affordable``)
            cost = len(set(ids).difference(paid)) * surcharge + RULES["bridge_surcharge"]
            for k in range(min(cost, screen) + 1):
                if cost - k <= question - used:
                    args = dict(lay_args)
                    args["exits"] = list(args["exits"])
                    args["pay"] = {"screen": k, "question": cost - k}
                    out.append(Command("BuildBridge", seat, args))


def _connections(state: State, end: str, via: int, x: int) -> list[_Lay]:
    """Tile connections at the edge in direction ``x``, as :func:`.connect.connect` allows
    them: the edge field and the map checked once, each tile and rotation once, and the
    first die on the new tile by :func:`.connect.first_dies` (a function of the tile and its
    open sides alone)."""
    e = state.ends[end]
    pos = e["pos"]
    r, c = e["field"][0] + DELTA[via][0], e["field"][1] + DELTA[via][1]
    target = neighbour_pos(pos, x)
    board = state.boards.get(pos, {})
    if target in state.tiles or len(board) + 1 < RULES["min_elements_to_connect"] or field_key(r, c) in board:
        return []
    crossing = ground(state, pos, r, c)
    if crossing == "water":
        return []
    er, ec = entry_field(r, c, x)
    # The new tile's mountain is the old one when the track crosses on a mountain: paid once.
    ids = (state.mountains[pos],) if crossing == "mountain" else ()
    out: list[_Lay] = []
    edge_straight = 1 if x == via else 0
    for tile, rot in fitting(state, target):
        if terrain(tile, rot, er, ec) == crossing:
            onward = -1
            for into_water in first_dies(tile, rot, er, ec, x, new_tile_sides(state, target, tile, rot)):
                onward += 1
                if into_water is None:
                    continue
                # ``_lay``'s tuple written out: the edge's piece and the first on the new tile
                # (a straight where it goes on in the same direction), per tile, rotation and way on
                straights = edge_straight + (1 if onward == x else 0)
                out.append(("ConnectTile", {"end": end, "via": via, "exit": x, "tile": tile, "rot": rot,
                                            "onward": onward}, ids, into_water, straights, 2 - straights))
    return out


def _stations(state: State, seat: str) -> list[Command]:
    out: list[Command] = []
    companies = state.companies_of(seat)
    if not companies:
        return out
    question = state.front[seat]["question"]
    dice = state.screen[seat] + question
    paid = state.turn["mountains"]
    for company in companies:
        # A site does not depend on the price nor on the company: checked once per kind and
        # board (``_Way.site``), and only when affordable.  The ends the company may still
        # build at (one station per tile) and their ways: looked up once, not per price.
        ways: list[tuple[str, int, _Way]] | None = None
        for key, left in state.supply[company].items():
            if not left:
                continue
            kind, cost = _KIND_COST[key]
            if cost > dice:
                continue
            if ways is None:
                ways = []
                built: dict[str, bool] = {}  # per end's position: asked once, as before per end
                for end, via, pos, way in _WAYS_OF.own(state):
                    if pos not in built:
                        built[pos] = has_station_on(state, company, pos)
                    if not built[pos]:
                        ways.append((end, via, way))
            for end, via, way in ways:
                piece = way.site(state, kind)
                if piece is None:
                    continue
                total = cost + len(mountains_of(state, [piece]).difference(paid))
                for pay in splits(state, seat, total, question):
                    out.append(Command("BuildStation", seat, {"company": company, "kind": kind, "cost": cost,
                                                              "end": end, "via": via, "pay": pay}))
    return out


#: A supply key ``"<terrain>:<cost>"`` (:func:`.data.station_supply`) as (kind, cost): read
#: per company and price at every listing of a director, parsed once here.
_KIND_COST = {f"{kind}:{cost}": (kind, cost) for kind in TERRAINS for cost in COSTS}


def open_actions(state: State, seat: str) -> list[OpenAction]:
    if state.phase != "play" or seat != state.current or state.end_trigger == "d":
        return []
    out = [OpenAction("rd.open.bridge", True, {"end": end}, ("BuildBridge",)) for end in ends_into_water(state)]
    if state.front_total(seat) > RULES["front_limit"]:
        out.append(OpenAction("rd.open.reduce", True, {"n": state.front_total(seat) - RULES["front_limit"]},
                              ("ReturnDie",)))
    if state.year > 1 and not state.turn["income"]:
        out.append(OpenAction("rd.open.income", False, {}, ("TakeIncome",)))
    if not state.turn["rolled"]:
        out.append(OpenAction("rd.open.roll", False, {}, ("Roll",)))
    return out
