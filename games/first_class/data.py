"""The rules data of First Class, loaded once from ``data/base.json``.

Numbers and the (stand-in) card designs live in the JSON file, not in code
(STYLE.md: rules data as data); this module only builds lookup tables the rules
modules use by id.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

Effect = tuple[str, int]


def _effects(raw: list[list[Any]]) -> tuple[Effect, ...]:
    return tuple((str(kind), int(n)) for kind, n in raw)


@dataclass(frozen=True)
class ActionCard:
    """One action card of stack 1 (green), 2 (blue) or 3 (red).

    ``type`` (lok / schaffner / waggon) counts for the end-game cards; contract
    cards (module A) have none.
    """

    id: str
    stack: int
    module: str
    type: str | None
    effects: tuple[Effect, ...]
    route: str | None = None
    contract: dict[str, Any] | None = None
    celebrity: bool = False
    postcard: bool = False


@dataclass(frozen=True)
class EndCard:
    id: str
    type: str
    points: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class City:
    """A city on the route: ``points`` once when reached, or ``bonus`` at every scoring."""

    points: int
    bonus: tuple[Effect, ...]


@dataclass(frozen=True)
class Rules:
    raw: dict[str, Any]
    levels: tuple[int, ...]
    cards: dict[str, ActionCard]
    end_cards: dict[str, EndCard]
    routes: dict[str, tuple[City, ...]]
    supply: dict[str, int]
    kind_of_level: dict[int, str]
    post_wagons: dict[str, tuple[Effect, ...]]
    lok_tiles: tuple[tuple[int, tuple[Effect, ...]], ...]
    constantinople: tuple[int, ...]
    start_bonus: tuple[tuple[Effect, ...], ...]
    coin_fields: int
    coin_columns: tuple[tuple[int, ...], ...]
    column_action: tuple[str, ...]
    end_card_price: int
    end_display: int
    rounds: int
    turns_per_round: int
    scoring_after: tuple[int, ...]
    round_stack: dict[int, int]
    rows: int
    row_length: int
    post_at_car: int
    lok_at_card: int

    def next_level(self, level: int) -> int | None:
        i = self.levels.index(level)
        return self.levels[i + 1] if i + 1 < len(self.levels) else None

    def column_of(self, field: int) -> int:
        """0-based column of a coin field (1..12)."""
        for column, fields in enumerate(self.coin_columns):
            if field in fields:
                return column
        raise ValueError(field)

    def stack_cards(self, stack: int) -> list[str]:
        return [c.id for c in self.cards.values() if c.stack == stack]


def _load() -> Rules:
    raw = json.loads(resources.files(__package__).joinpath("data/base.json").read_text("utf-8"))
    cards = {}
    for c in raw["action_cards"]["cards"]:
        cards[c["id"]] = ActionCard(c["id"], c["stack"], c["module"], c["type"], _effects(c["effects"]),
                                    c.get("route"), c.get("contract"), bool(c.get("celebrity")),
                                    bool(c.get("postcard")))
    end_cards = {c["id"]: EndCard(c["id"], c["type"], c["points"], _effects(c["effects"]))
                 for c in raw["end_cards"]["cards"]}
    routes = {name: tuple(City(city.get("points", 0), _effects(city.get("bonus", []))) for city in cities)
              for name, cities in raw["routes"]["cards"].items()}
    cars = raw["car_cards"]
    return Rules(
        raw=raw,
        levels=tuple(raw["levels"]),
        cards=cards,
        end_cards=end_cards,
        routes=routes,
        supply=dict(cars["supply"]),
        kind_of_level={int(k): v for k, v in cars["kind_of_level"].items()},
        post_wagons={w["id"]: _effects(w["bonus"]) for w in raw["post_wagons"]["wagons"]},
        lok_tiles=tuple((t["value"], _effects(t["bonus"])) for t in raw["lok_tiles"]["tiles"]),
        constantinople=tuple(raw["constantinople"]["points"]),
        start_bonus=tuple(_effects(b) for b in raw["start_tile"]["bonus_by_position"]),
        coin_fields=raw["coins"]["fields"],
        coin_columns=tuple(tuple(c) for c in raw["coins"]["columns"]),
        column_action=tuple(raw["coins"]["column_action"]),
        end_card_price=raw["coins"]["end_card_price"],
        end_display=raw["end_cards"]["display"],
        rounds=raw["rounds"],
        turns_per_round=raw["turns_per_round"],
        scoring_after=tuple(raw["scoring_after"]),
        round_stack={int(k): v for k, v in raw["round_stack"].items()},
        rows=raw["rows"],
        row_length=raw["row_length"],
        post_at_car=raw["train"]["post_at_car"],
        lok_at_card=raw["train"]["lok_at_card"],
    )


RULES = _load()
