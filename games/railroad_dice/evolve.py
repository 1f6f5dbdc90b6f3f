"""``evolve``: fold one event into a new state - set, append, increment, nothing else.

One small function per event type (STYLE.md), dispatched by the event's type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.contract import NOBODY, SECRET, TURN_CONFIRMED, Event
from games.kit.memo import Memo, hand_on, seal

from .data import COMPANIES, FACES, RULES, TILE_TYPES, TILES, station_supply
from .state import State, fresh_turn
from .track import field_key


def evolve(state: State, event: Event) -> State:
    handler = _EVOLVERS.get(event.type)
    if handler is None:
        return state
    folded = _FOLDED.own(state)
    for done, after in folded:
        # the very event or its very payload first: the real table folds the events the bot's
        # table decided (``decide`` hands out the same objects; a projection folds a new
        # ``Envelope.event`` around the same payload), so most repeats are found without
        # comparing payloads (nested dicts) key by key
        if done is event or (done.type == event.type and (done.payload is event.payload
                                                          or done.payload == event.payload)):
            return after
    changes = _COPIED.get(event.type)
    if changes is None:
        new = state.clone()
    else:  # the screens and passengers copied only when the event's totals change them
        payload = event.payload
        totals = payload.get("totals")
        if totals is None:
            new = state.clone_for(changes[3 if SECRET in payload else 0])  # an old log's secrets: both
        else:
            new = state.clone_for(changes[("screens" in totals) + 2 * ("passengers" in totals)])
    _apply_totals(new, event.payload)
    handler(new, event.payload)
    folded.append((event, new))
    seal(new)  # final from here: facts of it may be memoised (track.open_sides)
    hand_on(state, new, event)
    return new


#: The events folded into a sealed state and the states they made (:mod:`games.kit.memo`),
#: so that an equal event folded again returns the same sealed state: ``decide`` folds a
#: command's events to look at the board after it (the end checks, the bridge owed) and the
#: table folds them again, and a bot's table starts from the live state itself (nothing is
#: hidden, :mod:`.game`), so the real table folds what the bot's folded.  Sharing the state
#: shares what is memoised per sealed state too (the legal list, the ends into water).
_FOLDED: Memo[State, list[tuple[Event, State]]] = Memo(lambda state: [])


def _apply_totals(s: State, p: Mapping[str, Any]) -> None:
    """The new screens, bank and passenger totals an event carries (openly, ``totals``)."""
    totals = p.get("totals")
    if totals is None:
        _apply_legacy_secrets(s, p)
        return
    if "bank_dice" in totals:
        s.bank = totals["bank_dice"]
    s.screen.update(totals.get("screens", {}))
    s.passengers.update(totals.get("passengers", {}))


def _apply_legacy_secrets(s: State, p: Mapping[str, Any]) -> None:
    """Events written before the totals were public (rules version 1 logs) kept them under
    ``SECRET``, keyed ``<seat>_screen`` / ``<seat>_passengers`` and the bank for nobody."""
    for owner, data in p.get(SECRET, {}).items():
        if owner == NOBODY:
            if "bank_dice" in data:
                s.bank = data["bank_dice"]
        elif owner in s.screen:
            if f"{owner}_screen" in data:
                s.screen[owner] = data[f"{owner}_screen"]
            if f"{owner}_passengers" in data:
                s.passengers[owner] = data[f"{owner}_passengers"]


def _created(s: State, p: Mapping[str, Any]) -> None:
    seats = list(p["seats"])
    s.seats = seats
    s.screen = {seat: 0 for seat in seats}
    s.front = {seat: {face: 0 for face in FACES} for seat in seats}
    s.passengers = {seat: 0 for seat in seats}
    s.shares = {seat: {c: 0 for c in COMPANIES} for seat in seats}
    s.bank_shares = {c: RULES["shares_per_company"] for c in COMPANIES}
    s.directors = {c: None for c in COMPANIES}
    s.supply = station_supply()
    s.small_left = {t: TILES["types"][t]["small"] for t in TILE_TYPES}


def _set_up(s: State, p: Mapping[str, Any]) -> None:
    """The start tile with a straight on its centre; 4 '?' dice in front of each screen."""
    start = TILES["start"]
    s.tiles = {"0,0": {"type": start["type"], "rot": start["rot"]}}
    s.small_left[start["type"]] -= 1
    r, c = start["field"]
    north, south = start["exits"]
    s.boards = {"0,0": {field_key(r, c): {"kind": "straight", "sides": [north, south]}}}
    s.ends = {"A": {"pos": "0,0", "field": [r, c], "dirs": [north]},
              "B": {"pos": "0,0", "field": [r, c], "dirs": [south]}}
    s.mountains = {"0,0": "0,0"}
    for seat in s.seats:
        s.front[seat]["question"] = RULES["start_dice_in_front"]
    s.start = s.seats.index(p["start"])
    s.year = 1
    s.turn_index = 0
    s.phase = "play"
    s.turn = fresh_turn()


def _income(s: State, p: Mapping[str, Any]) -> None:
    s.turn["income"] = True
    s.turn["acted"] = True
    if p["to"] == "front":
        s.front[p["seat"]]["question"] += p["count"]


def _rolled(s: State, p: Mapping[str, Any]) -> None:
    s.turn["rolled"] = True
    s.turn["acted"] = True
    front = s.front[p["seat"]]
    front["question"] -= p["question"]
    for face, n in p["faces"].items():
        front[face] += n


def _turned(s: State, p: Mapping[str, Any]) -> None:
    s.front[p["seat"]]["question"] -= 1
    s.front[p["seat"]][p["face"]] += 1


def _bought(s: State, p: Mapping[str, Any]) -> None:
    s.turn["acted"] = True
    s.front[p["seat"]][p["die"]] -= 1
    s.shares[p["seat"]][p["company"]] += 1
    if p["seller"] == "bank":
        s.bank_shares[p["company"]] -= 1
    else:
        s.shares[p["seller"]][p["company"]] -= 1


def _spend(s: State, seat: str, dice: Mapping[str, int], pay: Mapping[str, int], mountains: list[str]) -> None:
    s.turn["acted"] = True
    for face, n in dice.items():
        s.front[seat][face] -= n
    s.front[seat]["question"] -= pay["question"]
    s.turn["mountains"] = sorted(set(s.turn["mountains"]) | set(mountains))


def _own_boards(s: State, positions: set[str]) -> None:
    """The large tiles at ``positions`` copied before pieces change on them: ``clone_for``
    copies the map of boards one level only, so the boards nothing changes on stay the
    predecessor's objects (shared, never changed: :mod:`.legal` keys what an end may
    lay by the identity of its board)."""
    for pos in positions:
        board = s.boards.get(pos)
        if board is not None:
            s.boards[pos] = board.copy()


def _laid(s: State, p: Mapping[str, Any]) -> None:
    _spend(s, p["seat"], p["dice"], p["pay"], p["mountains"])
    pieces = p["pieces"]
    end = s.ends[p["end"]]
    _own_boards(s, {end["pos"], *(piece["pos"] for piece in pieces)})
    first = pieces[0]
    _attach(s, end, first)
    connect = p.get("connect")
    if connect:
        # the map's objects replaced, not changed: states of the old map share them (track.open_sides)
        s.tiles, s.small_left, s.mountains = dict(s.tiles), dict(s.small_left), dict(s.mountains)
        pos = connect["pos"]
        s.tiles[pos] = {"type": connect["tile"], "rot": connect["rot"]}
        s.small_left[connect["tile"]] -= 1
        s.mountains[pos] = connect["mountain"]
        s.boards[pos] = {}
        if connect["released"]:
            s.boards.pop(connect["released"], None)
        s.front[p["seat"]]["question"] += connect["reward"]
    for piece in pieces:
        r, c = piece["field"]
        if piece["pos"] in s.boards:
            s.boards[piece["pos"]][field_key(r, c)] = {"kind": piece["kind"], "sides": list(piece["sides"])}
    last = pieces[-1]
    end.update(pos=last["pos"], field=list(last["field"]), dirs=[last["sides"][1]])


def _attach(s: State, end: dict[str, Any], piece: Mapping[str, Any]) -> None:
    """The piece at the end (a station) gains the side the new piece leaves it by."""
    via = (piece["sides"][0] + 2) % 4
    board = s.boards.get(end["pos"], {})
    key = field_key(*end["field"])
    at = board.get(key)
    if at is not None and at["kind"] == "station" and via not in at["sides"]:
        board[key] = {**at, "sides": [*at["sides"], via]}  # replaced: pieces are shared between states


def _station(s: State, p: Mapping[str, Any]) -> None:
    _spend(s, p["seat"], {}, p["pay"], p["mountains"])
    piece = p["piece"]
    end = s.ends[p["end"]]
    _own_boards(s, {end["pos"], piece["pos"]})
    _attach(s, end, piece)
    r, c = piece["field"]
    s.boards[piece["pos"]][field_key(r, c)] = {"kind": "station", "sides": list(piece["sides"]),
                                                "company": p["company"]}
    s.stations.append({"company": p["company"], "pos": piece["pos"], "field": [r, c], "kind": p["kind"],
                       "cost": p["cost"]})
    s.supply[p["company"]][f"{p['kind']}:{p['cost']}"] -= 1
    s.front[p["seat"]]["question"] += p["reward"]
    back = (piece["sides"][0])
    end.update(pos=piece["pos"], field=[r, c], dirs=[d for d in range(4) if d != back])


def _returned(s: State, p: Mapping[str, Any]) -> None:
    s.front[p["seat"]][p["face"]] -= 1


def _broken(s: State, p: Mapping[str, Any]) -> None:
    s.end_trigger = "d"
    s.bank_closed = True


def _triggered(s: State, p: Mapping[str, Any]) -> None:
    s.end_trigger = p["reason"]
    s.bank_closed = True


def _confirmed(s: State, p: Mapping[str, Any]) -> None:
    s.turn_index += 1
    s.turn = fresh_turn()
    if s.turn_index >= len(s.seats) or s.end_trigger == "d":
        s.phase = "year_change"


def _scored(s: State, p: Mapping[str, Any]) -> None:
    if p["final"]:
        s.phase = "over"
        return
    s.directors = dict(p["directors"])
    s.lost_directorship = list(p["lost"])
    s.start = s.seats.index(p["start"])
    s.year += 1
    s.turn_index = 0
    s.phase = "play"
    s.turn = fresh_turn()


def _ended(s: State, p: Mapping[str, Any]) -> None:
    s.phase = "over"
    s.final = {"ranking": list(p["ranking"]), "places": dict(p["places"])}


_EVOLVERS: dict[str, Callable[[State, Mapping[str, Any]], None]] = {
    "GameCreated": _created, "GameSetUp": _set_up, "IncomeTaken": _income, "DiceRolled": _rolled,
    "DieTurned": _turned, "ShareBought": _bought, "TrackLaid": _laid, "StationBuilt": _station,
    "DieReturned": _returned, "BankBroken": _broken, "EndTriggered": _triggered, TURN_CONFIRMED: _confirmed,
    "YearScored": _scored, "GameEnded": _ended,
}
#: The fields each event's evolver changes in place (the totals: screens and passengers;
#: fields it only assigns anew need no copy).  An event not listed gets a whole deep copy.
_TOTALS = frozenset({"screen", "passengers"})
CHANGES: dict[str, frozenset[str]] = {
    "IncomeTaken": _TOTALS | {"turn", "front"},
    "DiceRolled": _TOTALS | {"turn", "front"},
    "DieTurned": _TOTALS | {"front"},
    "ShareBought": _TOTALS | {"turn", "front", "shares", "bank_shares"},
    "TrackLaid": _TOTALS | {"turn", "front", "ends", "boards"},  # the map: in _laid, on a connection
    "StationBuilt": _TOTALS | {"turn", "front", "ends", "boards", "stations", "supply"},
    "DieReturned": _TOTALS | {"front"},
    "BankBroken": _TOTALS,
    "EndTriggered": _TOTALS,
    TURN_CONFIRMED: _TOTALS,
    "YearScored": _TOTALS,
    "GameEnded": _TOTALS,
}
#: ``CHANGES`` per type by which of the totals an event carries (screens 1, passengers 2):
#: ``_apply_totals`` changes the screens and the passengers in place only when its totals
#: name them, and most events name neither or the screens only (a copy of each saved per
#: state made).
_COPIED: dict[str, tuple[frozenset[str], ...]] = {
    type_: (fields - _TOTALS, fields - {"passengers"}, fields - {"screen"}, fields)
    for type_, fields in CHANGES.items()
}
