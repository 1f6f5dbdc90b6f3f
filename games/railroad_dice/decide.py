"""``decide``: validate a command against the state and return its events.

Every rule check happens here (or in the concept module it calls); ``evolve``
only applies what the events say.  Randomness comes only from the ``rng`` passed
in (the roll), and the roll is an undo barrier.
"""

from __future__ import annotations

import random
from typing import Any

from games.contract import Command, Event, IllegalMove
from games.kit import Args
from games.kit.memo import Memo

from . import year
from .bridge import build_bridge, check_bridges_kept, roll_keeps_bridges
from .connect import connect
from .data import COMPANIES, COSTS, FACES, RULES, TERRAINS
from .dice import income_case, ledger, payment, payout, roll_faces, track_dice
from .evolve import evolve
from .shares import check_purchase
from .state import State
from .stations import station_piece, supply_left
from .track import Piece, end_can_continue, mountains_of, open_sides, place_track

PLAYER_COMMANDS = ("TakeIncome", "Roll", "TurnDie", "BuyShare", "PlaceTrack", "BuildBridge", "ConnectTile",
                   "BuildStation", "ReturnDie")


def decide(state: State, command: Command, rng: random.Random) -> list[Event]:
    if command.type == "Roll":  # the one command that draws: decided afresh
        return _decide(state, command, rng)
    decided = _DECIDED.own(state)
    for done, events in decided:
        # the same arguments object first: the real table submits the bot's command anew
        # (same type, seat and arguments), a bot its listing's very command
        if done.type == command.type and done.seat == command.seat and (done.args is command.args
                                                                         or done.args == command.args):
            return list(events)
    events = _decide(state, command, rng)
    decided.append((command, events))
    return list(events)


def decide_folded(state: State, command: Command, rng: random.Random,
                  listed: bool = False) -> tuple[list[Event], State]:
    """``decide``'s events and the state they fold into (:meth:`games.kit.GameBase.decide_folded`):
    ``evolve`` remembers what it folded (most of a building command's events are folded
    by its end checks already), so the table takes the state at once and copies its
    projection once per command, not once per event through ``Projection.apply``."""
    events = decide(state, command, rng)
    after = state
    for event in events:
        after = evolve(after, event)
    return events, after


#: The commands decided on a sealed state and their events (:mod:`games.kit.memo`): every
#: command but a roll is a function of the state alone, and a bot's table starts from the
#: live state itself (:mod:`.game`), so the real table decides again what the bot's decided.
_DECIDED: Memo[State, list[tuple[Command, list[Event]]]] = Memo(lambda state: [])


def _decide(state: State, command: Command, rng: random.Random) -> list[Event]:
    if command.type == "ScoreYear":
        if state.phase != "year_change":
            raise IllegalMove("rd.year.early", "the year is not over")
        return year.score(state)
    if state.phase != "play" or command.seat != state.current:
        raise IllegalMove("rd.turn", "it is not your turn")
    if state.end_trigger == "d":
        raise IllegalMove("rd.bank.broken", "the bank is broken: no more actions, the game ends")
    handler = _HANDLERS.get(command.type)
    if handler is None:
        raise IllegalMove("rd.unknown", f"unknown command {command.type!r}")
    events = handler(state, command.seat, Args(command.args, "rd.args"), rng)
    if command.type != "Roll":  # a roll is checked before it is thrown
        check_bridges_kept(state, command.seat, events)
    return events + _end_checks(state, events)


def _income(state: State, seat: str, args: Args, rng: random.Random) -> list[Event]:
    if state.year <= 1:
        raise IllegalMove("rd.income.first_year", "no income in the first year")
    if state.turn["income"]:
        raise IllegalMove("rd.income.once", "income is taken once per turn")
    case, n, where = income_case(state, seat)
    given, broken = payout(state, n)
    screens = {seat: given} if where == "screen" else {}
    payload = {"seat": seat, "case": case, "count": given, "to": where,
               "totals": ledger(state, screens, -given)}
    return [Event("IncomeTaken", payload)] + _broken(broken)


def _roll(state: State, seat: str, args: Args, rng: random.Random) -> list[Event]:
    if state.turn["rolled"]:
        raise IllegalMove("rd.roll.once", "you roll once per turn")
    k = args.integer("screen", default=0)
    m = args.integer("question", default=0)
    if k > state.screen[seat]:
        raise IllegalMove("rd.roll.screen", "not that many dice behind your screen")
    if m > state.front[seat]["question"]:
        raise IllegalMove("rd.roll.question", "not that many '?' dice in front of your screen")
    if not roll_keeps_bridges(state, seat, k, m):
        raise IllegalMove("rd.roll.bridge", "the line points into the lake: keep the dice for the bridge out of "
                          "the roll (a roll cannot be taken back)")
    extra, broken = payout(state, m)
    faces = roll_faces(rng, k + m + extra)
    payload = {"seat": seat, "screen": k, "question": m, "bank": extra, "faces": faces,
               "totals": ledger(state, {seat: -k}, -extra)}
    return [Event("DiceRolled", payload, barrier=True)] + _broken(broken)


def _turn_die(state: State, seat: str, args: Args, rng: random.Random) -> list[Event]:
    """Turn a '?' die in front to another face; offered in its owner's turn only.

    The rules text lets '?' dice be turned "at any time".  The platform lets a seat
    act in its own turn, and that is rule-equivalent: a die in front is used only in
    its owner's turn (track, a share, a payment, a roll), where it can be turned, or
    stand in for any face, right before it is used; nothing in another seat's turn or
    at the year change reads the face of someone else's die (legal moves, events,
    passengers, directors, end triggers); the final tie-break counts '?' dice in
    front, so turning one there could only lose it.  Any turn outside one's own turn
    can therefore wait for the start of the owner's next turn without changing the
    game (tests/railroad_dice/test_question_turning.py checks these claims)."""
    face = args.get("face")
    if not isinstance(face, str) or face not in FACES or face == "question":
        raise IllegalMove("rd.turn_die.face", "face must be straight, curve or share")
    if state.front[seat]["question"] <= 0:
        raise IllegalMove("rd.turn_die.none", "only a '?' die in front may be turned")
    return [Event("DieTurned", {"seat": seat, "face": face})]


def _buy(state: State, seat: str, args: Args, rng: random.Random) -> list[Event]:
    company, seller, die = args.get("company"), args.get("seller", "bank"), args.get("die", "share")
    if not isinstance(die, str) or die not in ("share", "question"):
        raise IllegalMove("rd.share.die", "a share is paid with a share or '?' die in front")
    if state.front[seat][die] <= 0:
        raise IllegalMove("rd.share.die", f"you have no {die} die in front of your screen")
    check_purchase(state, seat, company, seller)
    if seller in (None, "bank"):
        totals = ledger(state, {}, 1)
        seller = "bank"
    else:
        totals = ledger(state, {seller: 1}, 0)
    return [Event("ShareBought", {"seat": seat, "company": company, "seller": seller, "die": die,
                                  "totals": totals})]


def _surcharge(state: State, seat: str, ids: set[str], bridge: bool, used_question: int,
               pay: Any) -> tuple[list[str], int, int]:
    """Once per mountain per turn (also across tiles), two dice per bridge."""
    mountains = sorted(ids - set(state.turn["mountains"]))
    cost = len(mountains) * RULES["mountain_surcharge"] + (RULES["bridge_surcharge"] if bridge else 0)
    k, m = payment(state, seat, pay, cost, state.front[seat]["question"] - used_question)
    return mountains, k, m


def _lay(state: State, seat: str, pieces: list[Piece], args: Args, bridge: bool,
         connection: Any = None, ids: set[str] | None = None) -> list[Event]:
    used = track_dice(state, seat, [p.kind for p in pieces])
    if ids is None:
        ids = mountains_of(state, pieces)
    mountains, k, m = _surcharge(state, seat, ids, bridge, used["question"], args.get("pay"))
    returned = connection.returned if connection is not None else 0
    # The old tile's dice and the surcharge reach the bank before it pays the reward.
    reward, broken = (payout(state, RULES["reward_question_dice"], k + m + returned) if connection is not None
                      else (0, False))
    bank = k + m + returned - reward
    payload: dict[str, Any] = {
        "seat": seat, "end": args.get("end"), "pieces": [p.to_json() for p in pieces], "dice": used,
        "pay": {"screen": k, "question": m}, "mountains": mountains, "bridge": bridge,
        "totals": ledger(state, {seat: -k} if k else {}, bank),
    }
    if connection is not None:
        payload["connect"] = {"pos": connection.pos, "tile": connection.tile, "rot": connection.rot,
                              "mountain": connection.mountain, "released": connection.released,
                              "returned": returned, "reward": reward}
    return [Event("TrackLaid", payload)] + _broken(broken)


def _place(state: State, seat: str, args: Args, rng: random.Random) -> list[Event]:
    return _lay(state, seat, place_track(state, args.get("end"), args.get("via"), args.get("exit")), args, False)


def _bridge(state: State, seat: str, args: Args, rng: random.Random) -> list[Event]:
    exits = args.get("exits")
    return _lay(state, seat, build_bridge(state, args.get("end"), args.get("via"), exits), args, True)


def _connect(state: State, seat: str, args: Args, rng: random.Random) -> list[Event]:
    c = connect(state, args.get("end"), args.get("via"), args.get("exit"), args.get("tile"), args.get("rot"),
                args.get("onward"))
    # The new tile's mountain is the old one when the track crosses on a mountain: paid once.
    ids = {state.mountains[c.pieces[0].pos]} if c.pieces[0].ground == "mountain" else set()
    if c.pieces[1].ground == "mountain":
        ids.add(c.mountain)
    return _lay(state, seat, c.pieces, args, False, c, ids)


def _station(state: State, seat: str, args: Args, rng: random.Random) -> list[Event]:
    company, kind, cost = args.get("company"), args.get("kind"), args.get("cost")
    if not isinstance(company, str) or company not in COMPANIES or not isinstance(kind, str) \
            or kind not in TERRAINS or not isinstance(cost, int) or isinstance(cost, bool) or cost not in COSTS:
        raise IllegalMove("rd.station.args", f"company in {list(COMPANIES)}, kind in {list(TERRAINS)}, cost in {COSTS}")
    if state.supply[company].get(f"{kind}:{cost}", 0) <= 0:
        raise IllegalMove("rd.station.supply", f"the company has no {kind} station costing {cost} left")
    piece = station_piece(state, seat, company, args.get("end"), args.get("via"), kind)
    mountains = sorted(mountains_of(state, [piece]) - set(state.turn["mountains"]))
    total = cost + len(mountains) * RULES["mountain_surcharge"]
    k, m = payment(state, seat, args.get("pay"), total, state.front[seat]["question"])
    reward, broken = payout(state, RULES["reward_question_dice"], k + m)  # paid first, then the reward
    payload = {"seat": seat, "company": company, "kind": kind, "cost": cost, "end": args.get("end"),
               "piece": piece.to_json(), "pay": {"screen": k, "question": m}, "mountains": mountains,
               "reward": reward, "totals": ledger(state, {seat: -k} if k else {}, k + m - reward)}
    return [Event("StationBuilt", payload)] + _broken(broken)


def _return(state: State, seat: str, args: Args, rng: random.Random) -> list[Event]:
    face = args.get("face")
    if not isinstance(face, str) or face not in FACES or state.front[seat][face] <= 0:
        raise IllegalMove("rd.reduce.face", "return a die you have in front of your screen")
    if state.front_total(seat) <= RULES["front_limit"]:
        raise IllegalMove("rd.reduce.not_needed", "dice are returned only down to five in front")
    return [Event("DieReturned", {"seat": seat, "face": face, "totals": ledger(state, {}, 1)})]


def _broken(broken: bool) -> list[Event]:
    return [Event("BankBroken", {})] if broken else []


def _end_checks(state: State, events: list[Event]) -> list[Event]:
    """Game-end conditions a, b, c, triggered by what this command built."""
    if state.end_trigger is not None:
        return []
    built: list[Event] = []
    for e in events:  # a loop, not ``any`` over a generator and a comprehension: once per decision
        if e.type == "BankBroken":
            return []
        if e.type == "TrackLaid" or e.type == "StationBuilt":
            built.append(e)
    if not built:
        return []
    after = state  # the state after the command, to look at the board as it will be
    for event in events:
        after = evolve(after, event)
    for e in built:
        if e.type == "StationBuilt" and supply_left(after, e.payload["company"]) == 0:
            return [Event("EndTriggered", {"reason": "a", "company": e.payload["company"]})]
    # (b) is triggered by a connection only: the open sides are looked at only then.  Loops,
    # not ``any()`` over generators (a generator made and resumed per decision that builds).
    for e in built:
        if "connect" in e.payload:
            if sum(after.small_left.values()) == 0:
                return [Event("EndTriggered", {"reason": "b"})]
            for end in after.ends.values():
                if open_sides(after, end["pos"]):
                    break
            else:
                return [Event("EndTriggered", {"reason": "b"})]
            break
    for name in after.ends:
        if end_can_continue(after, name):
            return []
    return [Event("EndTriggered", {"reason": "c"})]


_HANDLERS = {
    "TakeIncome": _income, "Roll": _roll, "TurnDie": _turn_die, "BuyShare": _buy, "PlaceTrack": _place,
    "BuildBridge": _bridge, "ConnectTile": _connect, "BuildStation": _station, "ReturnDie": _return,
}
