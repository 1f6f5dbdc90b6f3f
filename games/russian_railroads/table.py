"""The hook points through which the tableaus and the modules plug into the base game.

A game's *table* is fixed at set-up from its options (``GameCreated.options``) by the
registry (:mod:`.plugins`, the only file that imports the expansions): one
:class:`Tableau` (the Russian one is the base game's; Deutschland and USA replace it,
like a title's subclass in 18xx) and the active :class:`Module` s (coal, the new
engineers, the German ?-items, DSP, Emil; combined freely, like boardgame.io's
plugins).  The base code asks ``state.table`` and calls the hooks of the active modules
only; a base game's table has no module, so its hot path runs no hook at all (the
base code tests :attr:`Table.plain` once and takes its own way).

Every hook is named for what the base game asks; a module leaves unused ones at their
defaults (``None`` or empty), and :class:`Table` gathers, per hook, only the modules that
have it, so the base code loops over exactly those.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.contract import Command, Event, OpenAction

    from .context import Ctx
    from .state import PlayerState, State


class Module:
    """A plug-in: a named set of hooks (all optional)."""

    name = ""
    #: fold functions of the module's own events (registered by the registry)
    events: Mapping[str, Callable[[State, Mapping[str, Any]], None]] = {}
    #: system commands the module adds (``decide``'s handlers, by command type)
    system_commands: Mapping[str, Callable[[Ctx], None]] = {}
    #: effects of a space or card the module gives meaning to: op -> gain(ctx, seat,
    #: op, mandatory, source, items, next id) (items of the effect appended to ``items``)
    gain_ops: Mapping[str, Callable[..., None]] = {}
    #: extra checks of an action space before it may be used: space id -> error(state,
    #: seat, relocation) giving (code, message) or None
    space_checks: Mapping[str, Callable[[State, str, bool], tuple[str, str] | None]] = {}
    #: engineer sets (``data`` ``"set"``) the module brings into play
    engineer_sets: tuple[str, ...] = ()
    #: where the module's hook runs among the others' (hook name -> rank, default 50;
    #: equal ranks in the registry's order)
    ranks: Mapping[str, int] = {}

    # --- set-up -----------------------------------------------------------------
    def deals_engineer(self, info: Mapping[str, Any], players: int) -> bool:
        """May an engineer of this module's set be dealt at this table?"""
        return True

    def engineer_counts(self, counts: dict[str, int]) -> None:
        """Change how many A and B engineers are dealt (in place)."""

    def setup_events(self, opts: Mapping[str, Any], seats: Sequence[str], setup: Mapping[str, Any],
                     rng: random.Random) -> list[Event]:
        """Set-up events after the end-game deck (draws from ``rng`` in registry order)."""
        return []

    def last_setup_events(self, opts: Mapping[str, Any]) -> list[Event]:
        """Set-up events after the start-bonus draft opened."""
        return []

    def determinize(self, state: State, rng: random.Random) -> None:
        """Resample what the module hides (``state`` is the viewer's fresh copy)."""

    # --- turns ------------------------------------------------------------------
    #: system work due now: (state) -> command type or None (seats wait meanwhile)
    system_due: Callable[[State], str | None] | None = None
    #: the system work listed for ``SYSTEM`` when due (defaults to ``system_due``)
    system_listed: Callable[[State], str | None] | None = None
    #: (state) -> system work due in the scoring phase before the round is scored, or None
    scoring_work: Callable[[State], str | None] | None = None
    #: (state) -> no seat may move now (Emil's turn is due)
    blocks_seats: Callable[[State], bool] | None = None
    #: the seat waits for others (DSP: Ludmilla's round): no open action of its own
    waiting: Callable[[State, str], bool] | None = None
    extra_spaces: Callable[[State], list[str]] | None = None
    #: (state, ctype) -> handler or None, before the tableau's
    handler: Callable[[State, str], Any] | None = None
    #: (state, ctype) -> handler or None, after the tableau's
    late_handler: Callable[[State, str], Any] | None = None
    #: (state, seat, listed) -> the seat's legal commands with the module's
    commands: Callable[[State, str, list[Command]], list[Command]] | None = None
    #: (state, seat) -> open actions the module adds
    open_actions: Callable[[State, str], list[OpenAction]] | None = None
    #: (ctx, seat, source, items, next id) -> more items to gain with a space's items
    extra_items: Callable[..., list[list[Any]]] | None = None
    #: (ctx, seat, number) -> True if the module handles entering that factory
    enter_factory: Callable[[Ctx, str, int], bool] | None = None
    #: (state, seat) -> the seat whose turn ends then, or None: the confirm is handled
    turn_confirmed: Callable[[State, str], str | None] | None = None
    #: (state) -> after the turn passed to the next seat in the action phase
    next_seat: Callable[[State], None] | None = None

    # --- scoring ----------------------------------------------------------------
    #: (ctx) -> after a round's scoring was emitted (before the next round begins)
    round_scored: Callable[[Ctx], None] | None = None
    #: (ctx) -> after the next round began
    round_began: Callable[[Ctx], None] | None = None
    #: (ctx) -> before the final scoring
    before_final: Callable[[Ctx], None] | None = None
    #: (state) -> rows that count in the engineer majority besides the players'
    majority_rows: Callable[[State], tuple[Any, ...]] | None = None
    #: (ctx, payload) -> what the module adds to ``GameFinished``
    final_payload: Callable[[Ctx, dict[str, Any]], None] | None = None

    # --- view -------------------------------------------------------------------
    view: Callable[[dict[str, Any], State], None] | None = None


class Tableau(Module):
    """The player boards a table plays on: their lines, track rules, scoring and view.

    The Russian tableau (``plugins.RUSSIAN``, no hook of its own) is the base game's;
    an expansion's tableau overrides what differs, and may have any module hook too (it
    runs first)."""

    name = "russian"
    #: the lines' names where they are not the Russian ones (log lines name the line)
    line_names: tuple[str, ...] | None = None

    def __init__(self) -> None:
        # Python 3.11 reads a class attribute through an instance the long way (it
        # specialises only instance attributes; 3.12 does both): the rule hooks the
        # listing and the checks read at almost every step (``state.table.tableau.x``,
        # ~900 times a random game) are kept on the instance, as the class or subclass
        # defines them (a method: bound once).
        for hook in RULE_HOOKS:
            setattr(self, hook, getattr(self, hook))

    # set-up
    def prepared(self, seats: Sequence[str]) -> list[Event]:
        """Events laying the tableau out, before the turn order is dealt."""
        return []

    #: the module with ``tableau_value`` and ``end_cards_breakdown`` (None: :mod:`.scoring`)
    scoring: Any = None
    # The rules that differ from the Russian tableau's (None: the base game's way).
    #: (player) -> the track rules of a seat's tableau (``tracks``' functions as methods)
    track_rules: Callable[[PlayerState], Any] | None = None
    #: (player, marker) -> the industry field the marker would enter with one step, or -1
    industry_step_target: Callable[[PlayerState, int], int] | None = None
    #: (player, extra factory) -> the industry steps that can be made in total
    industry_capacity: Callable[[PlayerState, bool], int] | None = None
    #: (player) -> the gaps a new factory may go into
    factory_slots: Callable[[PlayerState], list[int]] | None = None
    #: (player) -> the seat's room for doublers (before the supply's limit)
    doubler_room: Callable[[PlayerState], int] | None = None
    #: (ctx, seat) -> fire the one-time special spaces now reached
    check_specials: Callable[[Ctx, str], None] | None = None
    #: (state, ctype) -> the tableau's own handler of a seat's command, or None
    own_handler: Callable[[State, str], Any] | None = None
    #: (state, seat) -> the seat's commands before it placed
    before_placing: Callable[[State, str], list[Command]] | None = None
    #: (state, seat) -> the seat's sub-moves after it placed
    submoves: Callable[[State, str], list[Command]] | None = None
    #: (state, seat, open actions) -> the action phase's open actions with the tableau's own
    with_open_actions: Callable[[State, str, list[OpenAction]], list[OpenAction]] | None = None


#: The :class:`Tableau` hooks the base code reads on its hot path
RULE_HOOKS = ("line_names", "scoring", "track_rules", "industry_step_target", "industry_capacity", "factory_slots",
              "doubler_room", "check_specials", "own_handler", "before_placing", "submoves", "with_open_actions")


def _having(modules: Sequence[Module], hook: str) -> tuple[Any, ...]:
    ranked = sorted(modules, key=lambda m: m.ranks.get(hook, 50))
    return tuple(getattr(m, hook) for m in ranked if getattr(m, hook) is not None)


class Table:
    """The tableau and the active modules of one game, and per hook the modules that
    have it (a value: shared by every state of the game)."""

    def __init__(self, tableau: Tableau, modules: Sequence[Module], q_tokens: Mapping[str, Any],
                 end_card_cap: str = "max", plain: bool | None = None) -> None:
        self.tableau = tableau
        self.modules = tuple(modules)
        #: the base game: the Russian tableau and no module (the base code's fast ways)
        self.plain = (not self.modules and tableau.name == "russian") if plain is None else plain
        self.names = frozenset(m.name for m in self.modules)
        self.scoring = tableau.scoring
        self.line_names = tableau.line_names
        #: the ?-tokens laid out at this table: id -> effects
        self.q_tokens = q_tokens
        #: the ?-token end card's cap at this table (its rule's key: ``max``,
        #: ``max_german_railroads``, ``max_dsp``)
        self.end_card_cap = end_card_cap
        self.system_commands: dict[str, Any] = {}
        self.gain_ops: dict[str, Any] = {}
        self.space_checks: dict[str, Any] = {}
        self.engineer_sets: dict[str, Module] = {}
        hooked = (tableau, *self.modules)  # the tableau's hooks first
        for m in hooked:
            self.system_commands.update(m.system_commands)
            self.gain_ops.update(m.gain_ops)
            self.space_checks.update(m.space_checks)
            for name in m.engineer_sets:
                self.engineer_sets[name] = m
        self.system_due = _having(hooked, "system_due")
        self.system_listed: tuple[Callable[[State], str | None], ...] = tuple(
            hook for m in hooked if (hook := m.system_listed or m.system_due) is not None)
        self.scoring_work = _having(hooked, "scoring_work")
        self.blocks_seats = _having(hooked, "blocks_seats")
        self.waiting = _having(hooked, "waiting")
        self.extra_spaces = _having(hooked, "extra_spaces")
        self.handlers = _having(hooked, "handler")
        self.late_handlers = _having(hooked, "late_handler")
        self.commands = _having(hooked, "commands")
        self.open_actions = _having(hooked, "open_actions")
        self.extra_items = _having(hooked, "extra_items")
        self.enter_factory = _having(hooked, "enter_factory")
        self.turn_confirmed = _having(hooked, "turn_confirmed")
        self.next_seat = _having(hooked, "next_seat")
        self.round_scored = _having(hooked, "round_scored")
        self.round_began = _having(hooked, "round_began")
        self.before_final = _having(hooked, "before_final")
        self.majority_rows = _having(hooked, "majority_rows")
        self.final_payload = _having(hooked, "final_payload")
        self.views = _having(hooked, "view")

    def has(self, name: str) -> bool:
        """Is the module ``name`` in play (for rules of one module that ask after another)?"""
        return name in self.names

    def blocked(self, state: State) -> bool:
        """May no seat move now (a module's system work comes first)?"""
        for blocks in self.blocks_seats:
            if blocks(state):
                return True
        return False

    def system_work(self, state: State) -> str | None:
        """The modules' system work due now, or None."""
        for due in self.system_due:
            found = due(state)
            if found:
                return found
        return None


#: (options) -> Table: installed by the registry (:func:`install`)
_FACTORY: list[Callable[[Mapping[str, Any]], Table]] = []


def install(factory: Callable[[Mapping[str, Any]], Table]) -> None:
    """The registry's table factory (one, installed when the registry is imported)."""
    _FACTORY[:] = [factory]


def for_options(options: Mapping[str, Any]) -> Table:
    """The table of a game with these normalised options."""
    return _FACTORY[0](options)
