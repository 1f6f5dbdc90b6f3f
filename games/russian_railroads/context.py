"""The working copy a command is decided on, and the effects every handler shares.

``decide`` folds each event it emits into a private clone at once, so later
checks (a special space reached, a factory entered, a colour unlocked) see the
state the earlier events produced; the event list is the command's outcome.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.contract import Event, IllegalMove

from . import actions, engineers, industry, locomotives, tracks
from .data import RULES, SPECIAL9, printed_number
from .evolve import _APPLY as EVENT_HANDLERS
from .evolve import unfolded
from .items import loco_to_place
from .state import PlayerState, State

MISSING = object()
#: ``EVENT_HANDLERS.get`` bound once: Python 3.11 compiles a method call on an imported
#: name to a plain attribute read, never specialised on a dict (a bound method built at
#: every event emitted); the registry's later folds land in the same dict
_fold_of = EVENT_HANDLERS.get
#: ``Event`` s are built in :meth:`Ctx.emit` by setting their three fields directly (the
#: frozen dataclass's ``__init__`` sets each through ``object.__setattr__``, twice as
#: dear, and every event decided passes there); an Event with slots would need its
#: ``__init__`` again (``test_engine_speedups`` compares the two)
_new_event = object.__new__
assert "__slots__" not in Event.__dict__ and [f for f in Event.__dataclass_fields__] == ["type", "payload", "barrier"]


class Valid(Exception):
    """Raised by a probing :class:`Ctx` at a command's first event: it passed every check."""


class Ctx:
    """``probe=True`` is for ``legal_commands``: every handler raises all its
    ``IllegalMove`` errors before its first event and changes nothing before it, so
    a probe works on the state itself (no clone) and stops at the first ``emit``."""

    __slots__ = ("base", "work", "probe", "events", "states", "_rng", "line_names")

    def __init__(self, state: State, probe: bool = False, rng: random.Random | None = None) -> None:
        # (``decide`` sets these fields itself, inline: keep the two alike)
        #: the state decided on (never changed: the kept states are folded from it)
        self.base = state
        self.work = state if probe else state.clone()
        self.probe = probe
        self.events: list[Event] = []
        #: the states the events before the last lead to, one per event (kept as the
        #: events are emitted: ``evolve`` hands them out instead of folding those
        #: events a second time, see :func:`evolve.remember_outcome`)
        self.states: list[State] = []
        self._rng = rng
        #: a tableau with its own line names (Deutschland): log lines name the line
        self.line_names = state.table.line_names

    @property
    def rng(self) -> random.Random:
        """The command's seeded random source (system work that draws: Emil's cards).
        Made on first use: seeding a fresh ``Random`` for every legality probe cost
        ~5 % of a random playout."""
        if self._rng is None:
            self._rng = random.Random(0)
        return self._rng

    def emit(self, type_: str, payload: dict[str, Any], barrier: bool = False) -> None:
        if self.probe:
            raise Valid
        if self.line_names is not None and isinstance(payload.get("line"), int):
            payload = {**payload, "line_name": self.line_names[payload["line"]]}
        event = _new_event(Event)  # an Event, built without the frozen dataclass's __init__
        fields = event.__dict__
        fields["type"] = type_
        fields["payload"] = payload
        fields["barrier"] = barrier
        if self.events:
            # Keep the state the events so far lead to, built only if read (most are
            # not: :class:`evolve.Unfolded`); the work copy goes on owning its players.
            self.states.append(unfolded(self.base, self.events))
        fn = _fold_of(type_)  # (evolve.apply, inline: every event decided passes here)
        if fn is not None:
            fn(self.work, payload)
        self.events.append(event)

    def p(self, seat: str) -> PlayerState:
        return self.work.players[seat]

    # --- gaining actions ----------------------------------------------------

    def gain(self, seat: str, effects: list[dict[str, Any]], mandatory: bool, source: str) -> None:
        """Resolve immediate effects and add the others as pending items."""
        items: list[list[Any]] = []
        next_id = self.work.next_item
        table = self.work.table
        gain_ops = table.gain_ops
        for op in effects:
            kind = op["op"]
            if kind == "steps":  # (actions.item_for's first case, inline: the commonest effect)
                items.append([next_id + len(items), "steps", op["n"], mandatory, op["colour"], False])
            elif kind in actions.ITEM_OPS:
                k, n, arg = actions.item_for(op)
                items.append([next_id + len(items), k, n, mandatory, arg, False])
            elif kind == "coins":
                self.emit("CoinsTaken", {"seat": seat, "coins": op["n"], "reason": source})
            elif kind == "vp":
                self.emit("PointsScored", {"seat": seat, "points": op["n"], "reason": source})
            elif kind == "temp_workers":
                self.emit("TempWorkersTaken", {"seat": seat, "workers": op["n"]})
            elif kind == "hire_engineer":
                number = engineers.hire_candidate(self.work)
                self.emit("EngineerHired", {"seat": seat, "number": number, "source": "hire"})
            elif kind == "take_engineer":
                self.emit("EngineerHired", {"seat": seat, "number": op["number"], "source": "question_card"})
            elif kind == "vp_engineer_sum":
                points = max(0, sum(printed_number(n) for n in self.p(seat).engineers))
                self.emit("PointsScored", {"seat": seat, "points": points, "reason": source})
            elif kind == "vp_best_locos":
                points = locomotives.best_locos(self.p(seat), op["n"])
                self.emit("PointsScored", {"seat": seat, "points": points, "reason": source})
            elif kind == "black_worker":
                self.emit("WorkerGained", {"seat": seat, "black": True})
            elif kind == "special_loco":
                items.append([next_id + len(items), "place_loco", 1, True, loco_to_place(SPECIAL9), True])
            elif kind == "second_marker":
                self.emit("SecondMarkerPlaced", {"seat": seat})
            elif kind in gain_ops:  # a module's effect (coal, Olga, engineer 5 ...)
                gain_ops[kind](self, seat, op, mandatory, source, items, next_id + len(items))
            # turn_order, kiev_medal, revaluation: recorded by the placement itself
        if items and not table.plain:
            for extra in table.extra_items:  # (DSP industry boom: industry steps may be doubled)
                items += extra(self, seat, source, items, next_id + len(items))
        if items:
            self.emit("ActionsGained", {"seat": seat, "source": source, "items": items})

    def add_item(self, seat: str, kind: str, n: int, mandatory: bool, arg: Any,
                 blocking: bool, source: str) -> None:
        item = [self.work.next_item, kind, n, mandatory, arg, blocking]
        self.emit("ActionsGained", {"seat": seat, "source": source, "items": [item]})

    def check_specials(self, seat: str) -> None:
        """Fire the one-time special spaces whose condition is now met."""
        own = self.work.table.tableau.check_specials
        if own is not None:  # (the Deutschland and USA tableaus' own)
            return own(self, seat)
        for special in tracks.new_specials(self.p(seat)):
            key = special["key"]
            self.emit("SpecialSpaceReached", {"seat": seat, "key": key})
            effect = special["effect"]
            if effect["op"] == "extra_worker":
                if self.p(seat).extra_workers < RULES.raw["max_extra_own_workers"]:
                    self.emit("WorkerGained", {"seat": seat, "black": False})
            elif effect["op"] == "q_token":
                self.add_item(seat, "q_token", 1, False, key, False, key)
            elif effect["op"] == "vp":
                self.emit("PointsScored", {"seat": seat, "points": effect["n"], "reason": effect["reason"]})

    def enter_industry(self, seat: str, pos: int) -> None:
        kind, number = industry.field_kind(self.p(seat), pos)
        if kind == "factory" and number:
            for enter in self.work.table.enter_factory:  # (the DSP ?-factory, coal boilers)
                if enter(self, seat, number):
                    return None
        if kind == "factory" and number:
            self.gain(seat, industry.factory_effects(number), False, f"factory_{number}")
        elif kind == "question" and "industry_q" not in self.p(seat).claims:
            self.emit("SpecialSpaceReached", {"seat": seat, "key": "industry_q"})
            self.add_item(seat, "q_token", 1, False, "industry_q", False, "industry_q")


# --- argument parsing --------------------------------------------------------


def accepts(lookup: Any, state: State, seat: str, ctype: str, args: Mapping[str, Any]) -> bool:
    """Would ``decide`` accept the command?  Runs the handler ``lookup(state, ctype)``
    finds on a probe up to its first event: the legal lists are checked by the very
    handlers ``decide`` dispatches to.  The lookup may refuse too (a module's rule that
    allows no command of that type now)."""
    try:
        lookup(state, ctype)(Ctx(state, probe=True), seat, args)
    except Valid:
        return True
    except IllegalMove:
        return False
    return True


def arg(args: Mapping[str, Any], key: str, kind: type, default: Any = MISSING) -> Any:
    if type(args) is not dict and not isinstance(args, Mapping):
        raise IllegalMove("rr.args.invalid", "command arguments must be an object")
    if key not in args or args[key] is None:
        if default is MISSING:
            raise IllegalMove("rr.args.missing", f"argument {key!r} is required")
        return default
    value = args[key]
    if type(value) is kind:
        return value
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise IllegalMove("rr.args.invalid", f"argument {key!r} must be an integer")
    if kind is not int and not isinstance(value, kind):
        raise IllegalMove("rr.args.invalid", f"argument {key!r} must be {kind.__name__}")
    return value


def _line_names(state: State) -> tuple[str, ...] | None:
    """The line names of a tableau other than the Russian one (None: the base game's)."""
    return state.table.line_names


def line_arg(args: Mapping[str, Any], state: State | None = None) -> int:
    name = arg(args, "line", str)
    lines = (_line_names(state) if state is not None else None) or RULES.lines
    if name not in lines:
        raise IllegalMove("rr.args.invalid", f"unknown line {name!r}")
    return lines.index(name)


def colour_arg(args: Mapping[str, Any]) -> int:
    name = arg(args, "colour", str)
    if name not in RULES.colours:
        raise IllegalMove("rr.args.invalid", f"unknown colour {name!r}")
    return RULES.colours.index(name)
