"""The game state: plain lists of ints in slotted classes, cheap to clone.

``evolve`` must never mutate its input, and bots fold thousands of events per
second, so a deepcopy per event is out.  :meth:`State.clone` shares the players
and the lists of the table (stacks, display, strip, queues ...: :data:`SHARED`),
which are replaced, never changed in place (:func:`added_at`, :func:`set_at`,
:func:`without`); :meth:`State.mut` copies a player the first time it is changed
in that clone (copy on write).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar

from .data import RULES, SPECIAL9, loco_value
from .items import Item, item_of
from .table import Table, for_options

#: The metadata of a cache field (:mod:`games.kit.memo`): not state, never dumped
CACHE = {"cache": True}

if TYPE_CHECKING:  # (the modules' own shapes; the base game imports no module)
    from .coal.shape import CoalState
    from .dsp.shape import DspState
    from .emil.shape import EmilState
    from .usa.shape import Market


#: The lists of :class:`State` that clones share: replaced, never changed in place
#: (a clone used to copy each of them, for every event folded).
SHARED = ("queue", "passed", "stacks", "display", "strip", "q_cards", "end_deck", "draft_cards", "rally_users",
          "coin_only", "occupied")


#: The lists of :class:`PlayerState` that clones share likewise: all of them.  A fold or
#: a feasibility check's hypothetical move replaces the list it changes (``set_at``,
#: ``+ [x]``, :meth:`PlayerState.claim`), so copying a player (once per event that
#: changes it) copies no list.
PLAYER_SHARED = ("tr", "unlocked", "locos", "factories", "markers", "engineers", "own_used", "q_used", "claims",
                 "end_cards")


#: ``object.__new__`` as a global: ``State.__new__(State)`` is looked up on the class at
#: every clone the long way (Python 3.11 does not specialise that lookup), a global is not
_new = object.__new__


def added_at(values: list[int], index: int, delta: int) -> list[int]:
    """A copy of ``values`` with ``delta`` added at ``index`` (for a :data:`SHARED` list)."""
    copy = values[:]
    copy[index] += delta
    return copy


def set_at(values: list[Any], index: int, value: Any) -> list[Any]:
    """A copy of ``values`` with ``value`` at ``index`` (for a :data:`SHARED` list)."""
    copy = values[:]
    copy[index] = value
    return copy


def without(values: list[Any], value: Any) -> list[Any]:
    """A copy of ``values`` without the first ``value`` (``list.remove``, for a
    :data:`SHARED` list; ValueError if it is not there, as ``remove``)."""
    copy = values[:]
    copy.remove(value)
    return copy


class PlayerState:
    __slots__ = (
        "seat", "vp", "coins", "workers", "extra_workers", "black", "free", "black_free",
        "tr", "unlocked", "locos", "factories", "markers", "doublers", "engineers",
        "own_used", "q_used", "claims", "end_cards",
    )

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self.vp = 0
        self.coins = 0
        #: permanent own-colour workers (start + extra ones gained)
        self.workers = 0
        self.extra_workers = 0
        self.black = False
        #: own + temporary workers still in the personal supply this round
        self.free = 0
        self.black_free = False
        #: track positions, index line * 5 + colour; 0 = not on the line yet
        self.tr = [0] * 15
        self.unlocked = [True, False, False, False, False]
        self.locos: list[list[int]] = [[], [], []]
        self.factories = [0, 0, 0, 0, 0]
        #: industry markers; the second is -1 until its ?-token is taken
        self.markers = [0, -1]
        self.doublers = 0
        self.engineers: list[int] = []
        self.own_used: list[int] = []
        self.q_used: list[str] = []
        #: one-time special spaces already used ("transsib_13", "industry_q", ...)
        self.claims: list[str] = []
        self.end_cards: list[str] = []

    def clone(self) -> PlayerState:
        p = _new(PlayerState)
        p.seat = self.seat
        p.vp = self.vp
        p.coins = self.coins
        p.workers = self.workers
        p.extra_workers = self.extra_workers
        p.black = self.black
        p.free = self.free
        p.black_free = self.black_free
        p.tr = self.tr  # (PLAYER_SHARED: the lists are replaced, never changed in place)
        p.unlocked = self.unlocked
        p.locos = self.locos
        p.factories = self.factories
        p.markers = self.markers
        p.doublers = self.doublers
        p.engineers = self.engineers
        p.own_used = self.own_used
        p.q_used = self.q_used
        p.claims = self.claims
        p.end_cards = self.end_cards
        return p

    def claim(self, key: str) -> None:
        """Note a one-time space or tile as used (``claims`` is shared between clones:
        replaced, never appended to)."""
        self.claims = self.claims + [key]

    @property
    def revaluation(self) -> bool:
        return "revaluation" in self.q_used

    @property
    def medal(self) -> bool:
        return "kiev_medal" in self.q_used

    def reach(self, line: int) -> int:
        """The line's locos' total value (``loco_value``; the plain numbers below the
        special #9 are their own value: a loop, as a generator with a call per loco cost
        twice as much, and every track step's special-space check asks)."""
        total = 0
        for loco in self.locos[line]:
            total += loco if loco < SPECIAL9 else loco_value(loco)
        return total

    def dump(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in PlayerState.__slots__}

    @classmethod
    def load(cls, data: dict[str, Any]) -> PlayerState:
        p = cls(data["seat"])
        for name in PlayerState.__slots__:
            value = data[name]
            if name == "locos":
                value = [list(x) for x in value]
            elif isinstance(value, list):
                value = list(value)
            setattr(p, name, value)
        return p


@dataclass(slots=True, eq=False, repr=False)
class State:
    """A position.  Its fields are the state, but for the players' copy-on-write
    bookkeeping (``_owned``) and the caches (``metadata=CACHE``, see
    :mod:`games.kit.memo`): facts the listing, ``decide`` and the status derived from
    this very position, kept on it because the bots ask for them again at once.  A
    clone starts without them, :meth:`dump` never writes them, and :meth:`touch`
    forgets them after a hand edit (a test, a determinization) of a state whose facts
    were asked for; ``evolve`` never changes a state it returned.  A dataclass for its
    declared fields only: :meth:`clone` copies them by hand (a generated copy would
    cost a ``__init__`` per event folded)."""

    #: Slots added after games were stored: snapshots without them load with these.
    LATE_DEFAULTS: ClassVar[dict[str, Any]] = {"end_seen": None, "coin_only": [], "options": {}, "emil": None,
                                               "coal": None, "usa": None, "dsp": None}

    seats: tuple[str, ...] = ()
    players: dict[str, PlayerState] = field(default_factory=dict)
    round: int = 0
    rounds: int = 0
    #: setup, draft, actions, reorder, relocation, scoring, over
    phase: str = "setup"
    order: list[str] = field(default_factory=list)
    current: str | None = None
    #: seats still to act in the draft or the relocation, in order
    queue: list[str] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)
    #: space id -> [seat, workers, coins, black] (:data:`SHARED`: the dict is replaced, never
    #: changed in place; nor are its entries)
    occupied: dict[str, list[Any]] = field(default_factory=dict)
    pending: tuple[Item, ...] = ()
    next_item: int = 1
    #: the current seat has made a sub-move this turn
    acted: bool = False
    #: the current seat has placed (or passed / relocated) this turn
    placed: bool = False
    #: loco stacks: count per number, index = number
    stacks: list[int] = field(default_factory=lambda: [0] * 10)
    #: discarded factories by number
    display: list[int] = field(default_factory=lambda: [0] * 10)
    #: engineers by initial label (rounds left); None once hired
    strip: list[int | None] = field(default_factory=list)
    public_engineers: int = 2
    q_cards: list[str] = field(default_factory=list)
    doubler_supply: int = 0
    end_deck: list[str] = field(default_factory=list)
    end_removed: list[str] = field(default_factory=list)
    draft_cards: list[str] = field(default_factory=list)
    #: seat -> turn-order space its worker relocates from
    reloc_from: dict[str, str] = field(default_factory=dict)
    last_scoring: dict[str, Any] = field(default_factory=dict)
    final: dict[str, Any] = field(default_factory=dict)
    #: seats with a worker on the never-occupied rally space this round
    rally_users: list[str] = field(default_factory=list)
    #: the end-game cards the current seat saw when it looked through the stack
    #: this turn (sorted, so they tell nothing of the stack's order); None when it
    #: has not looked.  Only this reaches the seat's view, never ``end_deck``.
    end_seen: list[str] | None = None
    #: "seat:space" of own engineers and the rally space taken this round with
    #: coins and no worker (the board's ``occupied`` records that for the rest):
    #: engineer 8 / factory 3 re-use only a space the seat stands on with a worker.
    coin_only: list[str] = field(default_factory=list)
    #: the normalised table options (``GameCreated.options``; {} = the base game) and
    #: the table they make (:mod:`.table`: the tableau and the modules in play)
    _options: dict[str, Any] = field(default_factory=dict)
    table: Table = field(default_factory=lambda: for_options({}))
    #: The modules' own parts of the state, each a typed dict declared by its module
    #: (``<module>/shape.py``; dumped as it is) and None at a table without it.
    #: Each is replaced, never changed in place, so clones share it.
    #: The solo game's Emil: his workers, this round's deck and discards, the tiles
    #: and engineers he took.
    emil: EmilState | None = None
    #: The coal module: coal, foundries, coal fields.
    coal: CoalState | None = None
    #: American Railroads: the stock market and the steel mills.
    usa: Market | None = None
    #: The DSP mini expansion (None until used): ?-tokens, freight wagons, Ludmilla's
    #: card round.
    dsp: DspState | None = None
    #: the seats whose players this state copied already (:meth:`mut`; none: the dict of
    #: players is still the one it was cloned from): a tuple, replaced when it grows, so
    #: a clone starts from the shared empty one instead of a new set (a set per clone
    #: was ~a tenth of ``clone``)
    _owned: tuple[str, ...] = ()
    #: (events, states): the events ``decide`` just returned for this state and the
    #: state each of them folds into, which ``decide`` built anyway; ``evolve`` hands
    #: those out instead of folding the events a second time.
    _after: tuple[tuple[Any, ...], tuple[State, ...]] | None = field(default=None, metadata=CACHE)
    #: the placements ``legal_commands`` listed for this state (base game): ``decide``
    #: need not check those very command objects again (:func:`decide.was_listed`)
    _placements: list[Any] | None = field(default=None, metadata=CACHE)
    #: (command, line, colour, pending item) of the track steps listed likewise
    _steps: list[tuple[Any, int, int, Item]] | None = field(default=None, metadata=CACHE)
    #: (command, line, replaced loco, number, pending item) of the loco builds listed likewise
    _builds: list[tuple[Any, int, int, int, Item]] | None = field(default=None, metadata=CACHE)
    #: the base game's action-phase ``Status`` of this state once asked for (set by
    #: ``game._status``; a clone starts without it, :meth:`touch` forgets it)
    _status: Any = field(default=None, metadata=CACHE)

    def touch(self) -> None:
        """Forget what was derived from this state (after changing it by hand between
        ``decide`` and folding its events, or between listing and deciding)."""
        self._after = None
        self._placements = None
        self._steps = None
        self._builds = None
        self._status = None

    def clone(self) -> State:
        s = _new(State)
        s.seats = self.seats
        s.players = self.players  # (copied by the first mut)
        s.round = self.round
        s.rounds = self.rounds
        s.phase = self.phase
        s.order = self.order  # replaced, never changed in place
        s.current = self.current
        s.queue = self.queue
        s.passed = self.passed
        s.occupied = self.occupied
        s.pending = self.pending
        s.next_item = self.next_item
        s.acted = self.acted
        s.placed = self.placed
        s.stacks = self.stacks
        s.display = self.display
        s.strip = self.strip
        s.public_engineers = self.public_engineers
        s.q_cards = self.q_cards
        s.doubler_supply = self.doubler_supply
        s.end_deck = self.end_deck
        s.end_removed = self.end_removed
        s.draft_cards = self.draft_cards
        s.reloc_from = self.reloc_from  # replaced, never changed in place
        s.last_scoring = self.last_scoring
        s.final = self.final
        s.rally_users = self.rally_users
        s.end_seen = self.end_seen  # replaced, never changed in place
        s.coin_only = self.coin_only
        s._options = self._options
        s.table = self.table
        s.emil = self.emil
        s.coal = self.coal
        s.usa = self.usa
        s.dsp = self.dsp
        s._owned = ()
        s._after = None
        s._placements = None
        s._steps = None
        s._builds = None
        s._status = None
        return s

    @property
    def options(self) -> dict[str, Any]:
        """The normalised table options (setting them sets the table they make)."""
        return self._options

    @options.setter
    def options(self, value: dict[str, Any]) -> None:
        self._options = value
        self.table = for_options(value)

    def mut(self, seat: str) -> PlayerState:
        """The player of ``seat``, copied once per clone before it is changed (and the
        dict of players with the first one: a clone shares it until then)."""
        owned = self._owned
        if seat in owned:
            return self.players[seat]
        if not owned:
            self.players = dict(self.players)
        p = self.players[seat] = self.players[seat].clone()
        self._owned = owned + (seat,)
        return p

    @property
    def last_round(self) -> bool:
        return self.round == self.rounds

    def dump(self) -> dict[str, Any]:
        data = {_DUMPED_AS.get(name, name): getattr(self, name) for name in _DUMPED}
        data["seats"] = list(self.seats)
        data["pending"] = [item.fields() for item in self.pending]
        data["players"] = {seat: p.dump() for seat, p in self.players.items()}
        return data

    @classmethod
    def load(cls, data: dict[str, Any]) -> State:
        s = cls()
        for name in _DUMPED:
            name = _DUMPED_AS.get(name, name)
            value = data[name] if name in data or name not in cls.LATE_DEFAULTS else cls.LATE_DEFAULTS[name]
            if isinstance(value, list):
                value = list(value)
            elif isinstance(value, dict):
                value = copy.deepcopy(value) if name in ("emil", "coal", "usa", "dsp") else dict(value)
            setattr(s, name, value)
        s.seats = tuple(data["seats"])
        s.pending = tuple(map(item_of, data["pending"]))
        s.occupied = {k: list(v) for k, v in data["occupied"].items()}
        s.players = {seat: PlayerState.load(p) for seat, p in data["players"].items()}
        return s


#: Fields that are not the position: the players (dumped apart), the table (made by the
#: options), copy-on-write bookkeeping and the caches (what was derived from the state)
_NOT_DUMPED = ("players", "table", "_owned") + tuple(f.name for f in fields(State) if f.metadata.get("cache"))
#: The fields a dump writes, in order
_DUMPED = tuple(f.name for f in fields(State) if f.name not in _NOT_DUMPED)
#: Slots dumped under another name (the options' property sets the table on load)
_DUMPED_AS = {"_options": "options"}


def industry_gap_index(pos: int) -> int:
    """Index of the factory gap at industry position ``pos``, or -1."""
    return _GAP_INDEX.get(pos, -1)


_GAP_INDEX = {pos: index for index, pos in enumerate(RULES.industry_gaps)}
