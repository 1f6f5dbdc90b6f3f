"""The game state: plain JSON-friendly fields, copied before every change.

``evolve`` clones the state and then only sets, appends and increments; the
rules that decide *what* changes live in ``decide`` and the concept modules.
Secrets sit in ``screen`` (dice behind each screen) and ``passengers``; the
views decide who sees them (:mod:`.view`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from games.kit.memo import Memo


def _copy(value: Any) -> Any:
    """A deep copy of JSON-like data, several times faster than ``copy.deepcopy``."""
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) for v in value]
    return value


def fresh_turn() -> dict[str, Any]:
    return {"income": False, "rolled": False, "mountains": [], "acted": False}


@dataclass
class State:
    seats: list[str] = field(default_factory=list)
    year: int = 0
    start: int = 0                      #: index of the start player in ``seats``
    turn_index: int = 0                 #: how many seats have confirmed this year
    phase: str = "setup"                #: setup, play, year_change, over
    bank: int = 0                       #: railroad dice in the bank
    screen: dict[str, int] = field(default_factory=dict)
    front: dict[str, dict[str, int]] = field(default_factory=dict)
    passengers: dict[str, int] = field(default_factory=dict)
    shares: dict[str, dict[str, int]] = field(default_factory=dict)
    bank_shares: dict[str, int] = field(default_factory=dict)
    directors: dict[str, str | None] = field(default_factory=dict)
    #: seats that lost a directorship at the last year change and hold none (income case c)
    lost_directorship: list[str] = field(default_factory=list)
    supply: dict[str, dict[str, int]] = field(default_factory=dict)
    stations: list[dict[str, Any]] = field(default_factory=list)
    tiles: dict[str, dict[str, Any]] = field(default_factory=dict)      #: the small-tile map
    small_left: dict[str, int] = field(default_factory=dict)
    #: the active large tiles: map position -> {"r,c": piece}
    boards: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    ends: dict[str, dict[str, Any]] = field(default_factory=dict)
    mountains: dict[str, str] = field(default_factory=dict)            #: map position -> mountain id
    turn: dict[str, Any] = field(default_factory=dict)
    end_trigger: str | None = None
    bank_closed: bool = False
    final: dict[str, Any] = field(default_factory=dict)
    #: What was derived from this state once ``evolve`` sealed it (:class:`games.kit.Memo`
    #: keeps its values here), by memo; None while it is a working copy.  A cache, not state
    #: (:mod:`games.kit.memo`, rule 2): never copied, dumped, loaded, pickled nor compared.
    memos: dict[Memo[Any, Any], Any] | None = field(default=None, compare=False, repr=False, metadata={"cache": True})

    @property
    def current(self) -> str | None:
        if self.phase != "play" or not self.seats:
            return None
        return self.seats[(self.start + self.turn_index) % len(self.seats)]

    def clone(self) -> State:
        return State(**{name: _copy(getattr(self, name)) for name in _FIELDS})

    def clone_for(self, changed: frozenset[str]) -> State:
        """A copy whose ``changed`` fields are deep copies and whose other fields are shared
        with ``self``: ``evolve`` changes only the fields its event names
        (``evolve.CHANGES``) and a state is never changed once made, so sharing the rest is
        safe, and copying the whole map for every die laid was a fifth of a game's time.

        The copy gets its fields as one dict (a copy of ``self``'s, the changed fields then
        copied): a ``getattr`` and a ``setattr`` per field were the most bytecodes of any
        function in a random game; a dict given at once is a combined one, whose attribute
        reads Python 3.11 specialises, and copying it is one block copy."""
        # ``dict()``, not ``.copy()``: a state made by ``State(...)`` (a game's first) holds its
        # fields in a split dict, which ``.copy()`` would hand on to every state after it
        values = dict(self.__dict__)
        for name in changed:
            values[name] = _COPIERS.get(name, _copy)(values[name])
        values["memos"] = None
        copy = _new(State)
        _set(copy, "__dict__", values)
        return copy

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (and deep-copied) without its memos: the copy is a working copy."""
        return {**self.__dict__, "memos": None}

    # -- facts several modules need
    def dice_on_tiles(self) -> int:
        return sum(1 for board in self.boards.values() for piece in board.values() if piece["kind"] != "station")

    def front_total(self, seat: str) -> int:
        return sum(self.front[seat].values())

    def stations_built(self, company: str) -> int:
        return sum(1 for s in self.stations if s["company"] == company)

    def companies_of(self, seat: str) -> list[str]:
        # a loop, not a comprehension (Python 3.11 makes a function and a frame per call): asked
        # for every director's listing
        out = []
        for company, director in self.directors.items():
            if director == seat:
                out.append(company)
        return out


_new = object.__new__
_set = object.__setattr__
#: The fields that are state (the memos are not).
_FIELDS = tuple(f.name for f in fields(State) if not f.metadata.get("cache"))


# ``.copy()``, not ``type(value)(value)`` / ``dict(v)``: the same shallow copy of a dict or
# list, a dict's table cloned in one block where ``dict()`` inserts entry by entry (some 40 %
# less per field, several fields and seats per state ``evolve`` makes)
def _one_level(value: Any) -> Any:
    return value.copy()


def _two_levels(value: dict[str, Any]) -> dict[str, Any]:
    return {k: v.copy() for k, v in value.items()}


#: How deep ``clone_for`` copies a changed field: as deep as ``evolve`` changes it in place
#: (a board's pieces, a tile's type, an end's lists and a station are replaced, never
#: changed; a board is copied by ``evolve`` only where pieces change); fields not listed
#: are copied whole.
_COPIERS = {
    "screen": _one_level, "passengers": _one_level, "bank_shares": _one_level, "small_left": _one_level,
    "mountains": _one_level, "tiles": _one_level, "stations": _one_level, "turn": _one_level,
    "boards": _one_level,  # the boards pieces change on are copied by evolve (``_own_boards``)
    "front": _two_levels, "shares": _two_levels, "supply": _two_levels, "ends": _two_levels,
}
