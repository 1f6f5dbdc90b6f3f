"""The state of a First Class game: frozen values, replaced (never mutated) by ``evolve``.

A train is a tuple of cards, left to right; each card is ``(kind, value, celebrity)``
with kind ``car`` (value = level), ``post`` (value = post wagon id) or ``lok``
(value = the tile's number).  A conductor stands on a card index of its train.
Pending effects are the ordered steps still open in the current turn; only the
first can be carried out (18xx's "open steps"), which keeps the legal list short.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

T = TypeVar("T")

Card = tuple[str, Any, bool]
Train = tuple[Card, ...]
#: (kind, remaining count, train index or -1)
Pending = tuple[str, int, int]

#: pending kinds that must be resolved before the turn may be confirmed
MANDATORY = ("post", "celebrity", "postcard", "draft")


def replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` without running ``__init__`` again: the unchanged
    fields are valid already, and ``evolve`` runs this a dozen times per event
    (the bots' playouts spend most of their time here otherwise)."""
    names = _FIELDS.get(type(obj))
    if names is None:
        names = _FIELDS[type(obj)] = frozenset(f.name for f in fields(obj))  # type: ignore[arg-type]
    unknown = set(changes) - names
    if unknown:
        raise TypeError(f"unknown fields {sorted(unknown)}")
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


_FIELDS: dict[type, frozenset[str]] = {}


@dataclass(frozen=True)
class Player:
    trains: tuple[Train, Train] = ((("car", 0, False),), (("car", 0, False),))
    conductors: tuple[int, int] = (0, 0)
    coins: tuple[bool, ...] = ()
    loco: int = 0
    route: tuple[str, ...] = ("printed",)
    postcards: tuple[str, ...] = ()
    vp: int = 0
    taken: tuple[str, ...] = ()
    contracts: tuple[str, ...] = ()
    fulfilled: tuple[str, ...] = ()
    end_cards: tuple[str, ...] = ()
    posts_left: tuple[str, ...] = ()
    claimed: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    phase: str = "setup"
    round: int = 0
    start: int = 0
    tile_holder: str | None = None
    turn: int = 0
    stacks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rows: tuple[tuple[str, ...], ...] = ()
    row_taken: tuple[int, ...] = ()
    discarded: tuple[str, ...] = ()
    end_deck: tuple[str, ...] = ()
    end_display: tuple[str, ...] = ()
    drafters: tuple[str, ...] = ()
    draft_index: int = 0
    draft_hand: tuple[str, ...] = ()
    supply: dict[str, int] = field(default_factory=dict)
    lok_tiles: tuple[int, ...] = ()
    constantinople: tuple[str, ...] = ()
    scoring_order: tuple[str, ...] = ()
    scoring_index: int = 0
    players: dict[str, Player] = field(default_factory=dict)
    # the open turn
    took: bool = False
    scored: bool = False
    pending: tuple[Pending, ...] = ()
    final: dict[str, Any] = field(default_factory=dict)

    def order(self) -> tuple[str, ...]:
        """This round's turn order: clockwise from the start player."""
        return self.seats[self.start:] + self.seats[:self.start]

    def current(self) -> str | None:
        if self.phase == "draft" and self.draft_index < len(self.drafters):
            return self.drafters[self.draft_index]
        if self.phase == "play":
            return self.order()[self.turn % len(self.seats)]
        if self.phase == "scoring" and self.scoring_index < len(self.scoring_order):
            return self.scoring_order[self.scoring_index]
        return None

    def player(self, seat: str) -> Player:
        return self.players[seat]

    def with_player(self, seat: str, **changes: Any) -> State:
        players = dict(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=players)


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


def dump(state: State) -> dict[str, Any]:
    out = {f.name: _jsonable(getattr(state, f.name)) for f in fields(State) if f.name != "players"}
    out["players"] = {seat: {f.name: _jsonable(getattr(p, f.name)) for f in fields(Player)}
                      for seat, p in state.players.items()}
    return out


def _train(raw: list[list[Any]]) -> Train:
    return tuple((str(k), v, bool(c)) for k, v, c in raw)


def load(data: dict[str, Any]) -> State:
    players = {}
    for seat, p in data["players"].items():
        players[seat] = Player(
            trains=(_train(p["trains"][0]), _train(p["trains"][1])),
            conductors=(p["conductors"][0], p["conductors"][1]),
            coins=tuple(p["coins"]), loco=p["loco"], route=tuple(p["route"]), postcards=tuple(p["postcards"]),
            vp=p["vp"], taken=tuple(p["taken"]), contracts=tuple(p["contracts"]), fulfilled=tuple(p["fulfilled"]),
            end_cards=tuple(p["end_cards"]), posts_left=tuple(p["posts_left"]), claimed=tuple(p["claimed"]),
        )
    return State(
        seats=tuple(data["seats"]), options=dict(data["options"]), phase=data["phase"], round=data["round"],
        start=data["start"], tile_holder=data["tile_holder"], turn=data["turn"],
        stacks={k: tuple(v) for k, v in data["stacks"].items()},
        rows=tuple(tuple(r) for r in data["rows"]), row_taken=tuple(data["row_taken"]),
        discarded=tuple(data["discarded"]), end_deck=tuple(data["end_deck"]),
        end_display=tuple(data["end_display"]), drafters=tuple(data["drafters"]),
        draft_index=data["draft_index"], draft_hand=tuple(data["draft_hand"]), supply=dict(data["supply"]),
        lok_tiles=tuple(data["lok_tiles"]), constantinople=tuple(data["constantinople"]),
        scoring_order=tuple(data["scoring_order"]), scoring_index=data["scoring_index"], players=players,
        took=data["took"], scored=data["scored"], pending=tuple((k, n, t) for k, n, t in data["pending"]),
        final=dict(data["final"]),
    )
