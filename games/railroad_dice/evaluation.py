"""A hand-written evaluation of a Railroad Dice position.

The number per seat is the passengers it may expect at the end: passengers now,
plus the length of each company's longest chain (the engine's :func:`chains`) once for
the company's director now (the coming count pays the directors in office) and, unless
an end is triggered, ``YEARS_AHEAD - 1`` times more for the company's director after the
next year change (the engine's own majority rule,
:func:`games.railroad_dice.shares.new_directors`), plus small weights for what buys future
passengers: dice (a '?' in front most, it can be anything), shares, stations the
company still has, and the track in play (stations need a line to stand on).

It runs on the bot's determinized state: other seats' screens are guesses.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from games.contract import Command, Game
from games.railroad_dice.data import RULES
from games.railroad_dice.dice import director_income
from games.railroad_dice.planning import ending_wins
from games.railroad_dice.shares import new_directors
from games.railroad_dice.state import State
from games.railroad_dice.stations import chains
from games.railroad_dice.year import passengers_won, ranking_key

#: Counts a chain is expected to pay for (the one coming and about one more: when the bank
#: breaks in the next year, exactly one more, the interrupted year's).
YEARS_AHEAD = 2.0
#: A die behind the screen: money for stations and surcharges, or a roll.
SCREEN_DIE = 0.25
#: A '?' in front: any face, any payment.
QUESTION_DIE = 0.45
#: A face in front (straight, curve, share), counted only up to the five a turn may keep.
FACE_DIE = 0.3
#: A share: votes for a directorship.
SHARE = 0.2
#: A directorship with stations left to build.
DIRECTORSHIP = 1.0
#: A track element in play: the line stations are built on.
TRACK = 0.35
#: Counts after the coming one at most, however full the bank (see :func:`later_counts`).
LATER_MAX = 4.0

#: The search (``worker.bots.mcts``) lists a node's turns lazily, this many completed at a
#: time as progressive widening asks, below the root (``lazy_batch``) and, with
#: ``SEARCH_DRAWN_LAZY``, at a draw's outcomes and at a root after a roll too
#: (``drawn_lazy``): a turn completed greedily costs tens of lookaheads over every legal
#: command, and listing them all left the search a handful of iterations a turn (issue 25).
SEARCH_BATCH = 2
SEARCH_DRAWN_LAZY = True
#: :func:`value_key` serves the lookahead within a turn only, not the listing of whole turns
#: by their first command (``worker.bots.candidates.first_key``): two track pieces of one
#: kind are worth the same one step on, not the same turn.
VALUE_KEY_FIRSTS = False
#: The search (``worker.bots.mcts.firsts_by_key``) lists one turn per key of its first command
#: all the same: its widening then reaches different turns sooner.
SEARCH_FIRSTS_BY_KEY = True


def later_counts(state: State, later: Mapping[str, str | None],
                 built: Mapping[str, int] | None = None) -> float:
    """The year counts expected after the coming one: the bank's dice over what it pays a
    year (each seat's income: four dice, or one per station its companies built, rules
    text "Einkommen"), at least ``YEARS_AHEAD - 1`` (when the bank breaks in the next
    year, the interrupted year's count, end d) and at most ``LATER_MAX``.  A full bank
    means years of chains to come, and a directorship is worth the stations it will
    build in them: with a fixed one more year the bots sold the first year's
    directorships for a die's worth (issue 25, greedy took four of five in its first
    turn and won 23-2).  ``built``: the stations per company, if counted already."""
    if built is None:
        built = {c: state.stations_built(c) for c in later}
    drain = 0
    for seat in state.seats:
        mine = 0
        for company, director in later.items():
            if director == seat:
                mine += built.get(company, 0)
        drain += director_income(mine)[1]
    return max(YEARS_AHEAD - 1.0, min(LATER_MAX, state.bank / max(drain, 1)))


class _Last:
    """The last value derived from one object of a state, by the object's identity (and
    its length): ``evolve`` copies only the fields an event changes and shares the rest
    with the state before (:meth:`.state.State.clone_for`), and a state is never changed
    once made, so the lookahead's sibling states share their stations, shares and boards
    with their parent.  One slot per fact, holding the object it was derived from (so
    that its id is not reused): no memo of many states for the collector to walk.
    The evaluation's chains, directors-to-be and dice on the tiles were recomputed for
    every peek of the lookahead (a third of a search's CPU, issue 25 round rd-bot3)."""

    __slots__ = ("key", "size", "extra", "value")

    def __init__(self) -> None:
        self.key: object = None
        self.size = -1
        self.extra: object = None
        self.value: Any = None


_STATIONS = _Last()
_DIRECTORS = _Last()
_TRACK = _Last()


def _station_facts(state: State) -> tuple[dict[str, int], dict[str, int], int]:
    """(each company's longest chain, stations built per company, stations) of ``state``."""
    memo = _STATIONS
    stations = state.stations
    if memo.key is stations and memo.size == len(stations) and memo.extra is state.directors:
        return memo.value  # type: ignore[no-any-return]
    built: dict[str, int] = {}
    for station in stations:
        company = station["company"]
        built[company] = built.get(company, 0) + 1
    value = (chains(state), built, len(stations))
    memo.key, memo.size, memo.extra, memo.value = stations, len(stations), state.directors, value
    return value


def _new_directors(state: State) -> dict[str, str | None]:
    """:func:`.shares.new_directors` of ``state``, the same shares and directors at the same
    start giving the same answer."""
    memo = _DIRECTORS
    shares = state.shares
    if memo.key is shares and memo.extra is state.directors and memo.size == state.start:
        return memo.value  # type: ignore[no-any-return]
    value = new_directors(state)
    memo.key, memo.extra, memo.size, memo.value = shares, state.directors, state.start, value
    return value


def _dice_on_tiles(state: State) -> int:
    memo = _TRACK
    boards = state.boards
    if memo.key is boards and memo.size == len(boards):
        return memo.value  # type: ignore[no-any-return]
    value = state.dice_on_tiles()
    memo.key, memo.size, memo.value = boards, len(boards), value
    return value


def _seat_value(state: State, seat: str, now: Mapping[str, str | None], later: Mapping[str, str | None] | None,
                lengths: Mapping[str, int], counts: float, stations: int, track: int) -> float:
    if state.phase == "over":
        return float(state.passengers.get(seat, 0))
    value = float(state.passengers.get(seat, 0))
    # The coming count pays the directors in office now (rules text, "Jahreswechsel": first
    # „Beförderung von Passagieren“, then „Vergabe der Direktorenposten“), and so does the
    # last count once an end is triggered (the round's under a, b, c, the interrupted
    # year's under d, :func:`.year.score`); the years after it pay the directors the
    # shares will make at the coming change.
    for company, director in now.items():
        if director == seat:
            value += lengths.get(company, 0)
    for company, director in (later if later is not None else now).items():
        if director == seat:
            if later is not None:
                value += lengths.get(company, 0) * counts
            if sum(state.supply[company].values()):
                value += DIRECTORSHIP * (counts if later is not None else 1.0)
    front = state.front[seat]
    faces = front["straight"] + front["curve"] + front["share"]
    kept = min(front["question"] + faces, RULES["front_limit"])
    questions = min(front["question"], kept)
    value += questions * QUESTION_DIE + (kept - questions) * FACE_DIE
    value += state.screen.get(seat, 0) * SCREEN_DIE
    value += sum(state.shares[seat].values()) * SHARE
    value += track * TRACK + stations * TRACK
    return value


def value_key(state: State, seat: str, command: Command) -> Hashable | None:
    """Commands of ``seat`` with equal keys lead to positions :func:`evaluate` values alike
    (:func:`worker.bots.candidates.value_key`: the lookahead peeks at one of them): a
    track piece laid from either end in any direction, by its kind (straight when it
    leaves the way it was entered, rules text "Schienen legen": the die it takes) and its
    payment (the surcharge's dice from behind the screen and '?' in front).  The
    evaluation does not look at the map's geometry, only at the dice on the tiles, so
    where the piece lies does not change its value; the one exception is a piece that
    leaves both ends dead (end c, rare: the first of its key is the one valued).  A
    turn's lookahead after a roll peeked at every end, direction and payment: 29 % of a
    search's CPU went to ``PlaceTrack`` peeks (issue 25, round rd-bot3).  Only the lookahead
    uses it (``VALUE_KEY_FIRSTS``): as the first command of a whole turn, where the piece
    lies decides the rest of the turn (the next pieces, the station sites)."""
    if command.type != "PlaceTrack":
        return None
    args = command.args
    via, exit_ = args.get("via"), args.get("exit")
    pay = args.get("pay")
    if pay is None:
        pay = {}
    if not isinstance(pay, Mapping):
        return None
    return (via == exit_, pay.get("screen", 0), pay.get("question", 0))


def evaluate(game: Game, state: State, seats: Sequence[str] | None = None) -> Mapping[str, float]:
    if not state.seats:
        return {}
    lengths, built, stations = _station_facts(state)
    later = _new_directors(state) if state.phase != "over" and state.end_trigger is None else None
    counts = later_counts(state, later, built) if later is not None else 0.0
    track = _dice_on_tiles(state)
    out = {}
    for seat in (seats or state.seats):
        out[seat] = _seat_value(state, seat, state.directors, later, lengths, counts, stations, track)
    return out


def decided(state: State) -> tuple[str, ...] | None:
    """The seats first at the end the seat to move can bring about now and will: the income
    the bank cannot pay, taken when the count that follows puts it first (end d, the greedy
    bot's plan, :func:`.planning.ending_wins`); None where no such end is at hand.

    The search (``worker.bots.mcts``, its ``decided`` hook) scores such a position as the
    finished game, not by the passengers expected over two more years: greedy ends it there
    for sure, and it is the search's own winning move too.  Without it the search, which
    runs a handful of iterations a turn here, took turns that drained the bank with greedy
    ahead and lost games its evaluation still called even (issue 25)."""
    seat = state.current
    if seat is None or not ending_wins(state, seat):
        return None
    won = passengers_won(state)
    totals = {s: state.passengers[s] + won[s] for s in state.seats}
    keys = {s: ranking_key(state, totals, s) for s in state.seats}
    best = max(keys.values())
    return tuple(s for s in state.seats if keys[s] == best)
