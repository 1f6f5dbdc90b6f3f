"""The game state: plain JSON-friendly fields, copied before every change.

``evolve`` clones the state and then sets, appends and increments; the rules that
decide *what* changes live in ``decide`` and the concept modules.  Steam has no
hidden information once the cubes are drawn: every field is public.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .data import RULES, HexMap, hex_map


def _copy(value: Any) -> Any:
    """A deep copy of JSON-like data, several times faster than ``copy.deepcopy``."""
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) for v in value]
    return value


def fresh_turn() -> dict[str, Any]:
    return {"moves": 0, "built": 0, "city_done": False}


@dataclass
class State:
    seats: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    phase: str = "setup"        #: auction_setup, capital, auction, actions, build, build_end, move, income, over
    round: int = 0
    last_round: int = 0
    order: list[str] = field(default_factory=list)          #: turn order of the seats still in the game
    queue: list[str] = field(default_factory=list)          #: who still acts in this phase, first = current
    current: str | None = None
    money: dict[str, int] = field(default_factory=dict)
    income: dict[str, int] = field(default_factory=dict)
    vp: dict[str, int] = field(default_factory=dict)
    loco: dict[str, int] = field(default_factory=dict)
    bank: int = 0
    tiles: dict[str, int] = field(default_factory=dict)      #: action tile taken this round
    passed_tile: dict[str, bool] = field(default_factory=dict)
    last_tiles: dict[str, int] = field(default_factory=dict)
    loco_raised: list[str] = field(default_factory=list)     #: raised in the move phase this round
    #: hex -> {"face", "rot", "pair", "segs": [{"e": [edges], "owner", "built"}]}
    track: dict[str, dict[str, Any]] = field(default_factory=dict)
    stock: dict[str, int] = field(default_factory=dict)
    new_cities: dict[str, str] = field(default_factory=dict)  #: town hex -> colour of its New City tile
    new_cities_left: list[str] = field(default_factory=list)
    growth: list[str] = field(default_factory=list)           #: cities with a City Growth marker
    growth_left: int = 0
    cubes: dict[str, dict[str, int]] = field(default_factory=dict)   #: city hex -> colour -> count
    supply: list[dict[str, int]] = field(default_factory=list)       #: the supply spaces' groups
    bag: dict[str, int] = field(default_factory=dict)
    auction: dict[str, Any] = field(default_factory=dict)
    rewards: list[dict[str, Any]] = field(default_factory=list)      #: delivery points still to place
    #: a cube on its way, hop by hop: {"from", "colour", "links": [...]} (empty when none)
    transit: dict[str, Any] = field(default_factory=dict)
    bankrupt: list[str] = field(default_factory=list)
    bankrupt_round: dict[str, int] = field(default_factory=dict)   #: seat -> round it went bankrupt in
    turn: dict[str, Any] = field(default_factory=fresh_turn)
    final: dict[str, Any] = field(default_factory=dict)

    @property
    def map(self) -> HexMap:
        return hex_map(self.options["map"])

    @property
    def expert(self) -> bool:
        return self.options.get("mode") == "expert"

    def clone(self) -> State:
        return State(**{f.name: _copy(getattr(self, f.name)) for f in fields(self)})

    def fork(self) -> State:
        """The copy ``evolve`` changes: like :meth:`clone`, except that the board's tiles and
        the cities' cube counts stay shared with this state (the two largest fields; an event
        changes a few of them at most).  Whoever changes one of those inner dicts in place
        must first take its own copy (``own_tile``, ``own_cubes``).  The options, the auction and
        the final result are shared too: events replace them whole, never change them in place."""
        d = self.__dict__.copy()
        for f in _FLAT_DICTS:
            d[f] = d[f].copy()
        for f in _FLAT_LISTS:
            d[f] = d[f][:]
        d["track"], d["cubes"] = self.track.copy(), self.cubes.copy()
        d["supply"] = [g.copy() for g in self.supply]
        d["rewards"], d["transit"] = _copy(self.rewards), _copy(self.transit)
        new = object.__new__(State)
        new.__dict__.update(d)
        return new

    def own_tile(self, hex_key: str) -> dict[str, Any]:
        """This state's own copy of the tile on ``hex_key`` (after :meth:`fork`), to change in place."""
        tile = self.track[hex_key] = _copy(self.track[hex_key])
        return tile

    def own_cubes(self, hex_key: str) -> dict[str, int]:
        """This state's own copy of a city's cube counts (after :meth:`fork`), to change in place."""
        counts = self.cubes[hex_key] = dict(self.cubes.get(hex_key, {}))
        return counts

    # -- facts several modules need
    def is_city(self, hex_key: str) -> bool:
        return hex_key in self.map.cities or hex_key in self.new_cities

    def is_town(self, hex_key: str) -> bool:
        return hex_key in self.map.towns and hex_key not in self.new_cities

    def city_colour(self, hex_key: str) -> str:
        if hex_key in self.new_cities:
            return self.new_cities[hex_key]
        return str(self.map.cities[hex_key]["colour"])

    def holder(self, tile: int, tiles: dict[str, int] | None = None) -> str | None:
        for seat, t in (self.tiles if tiles is None else tiles).items():
            if t == tile and seat in self.order:
                return seat
        return None

    def tile_limit(self, seat: str) -> int:
        return RULES["tiles_per_turn_engineer"] if self.tiles.get(seat) == 3 else RULES["tiles_per_turn"]


#: Fields :meth:`State.fork` copies one level deep: their values are numbers, text or None.
_FLAT_DICTS = ("money", "income", "vp", "loco", "tiles", "passed_tile", "last_tiles", "stock", "new_cities", "bag",
               "turn", "bankrupt_round")
_FLAT_LISTS = ("order", "queue", "seats", "loco_raised", "new_cities_left", "growth", "bankrupt")
#: The fields :meth:`State.fork` shares: plain values, or replaced whole by the events.
_SHARED = ("phase", "round", "last_round", "current", "bank", "growth_left", "options", "auction", "final")
assert {f.name for f in fields(State)} == set(_FLAT_DICTS + _FLAT_LISTS + _SHARED) | {
    "track", "cubes", "supply", "rewards", "transit"}, "State.fork must know every field"
