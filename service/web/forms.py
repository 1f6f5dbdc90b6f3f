"""The "new game" form: the games on offer with their options, and turning a
posted form into the arguments of :meth:`GameRepository.create`.

Options are drawn from each game's ``option_schema`` (a JSON Schema object, or
its properties alone; those marked ``"x-lobby": false`` are not offered);
integers, numbers, booleans and strings with an ``enum`` get a field, anything
else is left to the game's defaults.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games import registry
from games.kit.options import offered
from service.accounts.store import NAME_RE

SEAT_KINDS = ("none", "me", "user", "open", "bot")


class CreateGameError(ValueError):
    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


#: Turn deadlines a table may choose (hours): none, 1, 3 or 7 days.
DEADLINES = (0, 24, 72, 168)


@dataclass
class GameSpec:
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    #: seat id -> the account that gets its token
    holders: dict[str, str] = field(default_factory=dict)
    #: Table settings: turn deadline and hints (see ``GameRepository.create(table=...)``).
    table: dict[str, Any] = field(default_factory=dict)


def table_settings(form: Mapping[str, str]) -> dict[str, Any]:
    """The deadline (a missed one lets the others hand the seat to a bot) and hints."""
    try:
        hours = int(form.get("deadline_hours", "0") or 0)
    except ValueError:
        raise CreateGameError("create.error.deadline") from None
    if hours not in DEADLINES:
        raise CreateGameError("create.error.deadline")
    deadline_s = hours * 3600 or None
    return {"deadline_s": deadline_s, "takeover_after": deadline_s,
            "hints": form.get("hints") not in (None, "", "0", "off")}


def option_fields(schema: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    for key, spec in offered(schema).items():
        if not isinstance(spec, Mapping):
            continue
        kind = spec.get("type")
        if "enum" in spec:
            kind = "enum"
        if kind not in ("integer", "number", "boolean", "enum"):
            continue
        out.append({"key": key, "kind": kind, "label": spec.get("title") or key.replace("_", " "),
                    "default": spec.get("default"), "min": spec.get("minimum"), "max": spec.get("maximum"),
                    "enum": list(spec.get("enum", []))})
    return out


def game_choices() -> list[dict[str, Any]]:
    games = []
    for name in registry.names():
        try:
            game = registry.get(name)
        except Exception:  # a game that fails to import is not offered  # noqa: BLE001
            continue
        games.append({"name": name, "title": game.title, "min_players": game.min_players,
                      "max_players": game.max_players, "options": option_fields(game.option_schema),
                      "featured": name == registry.FEATURED})
    return games


def _option_value(spec: dict[str, Any], raw: str | None) -> Any:
    if spec["kind"] == "boolean":
        return raw is not None and raw not in ("", "0", "false", "off")
    if raw is None or raw == "":
        return spec["default"]
    if spec["kind"] == "integer":
        try:
            return int(raw)
        except ValueError:
            raise CreateGameError("create.error.option", option=spec["label"]) from None
    if spec["kind"] == "number":
        try:
            return float(raw)
        except ValueError:
            raise CreateGameError("create.error.option", option=spec["label"]) from None
    if raw not in [str(v) for v in spec["enum"]]:
        raise CreateGameError("create.error.option", option=spec["label"])
    return next(v for v in spec["enum"] if str(v) == raw)


def parse_create_form(form: Mapping[str, str], me: str, account: Callable[[str], str | None],
                      games: list[dict[str, Any]]) -> GameSpec:
    from events.bot_levels import bot_levels

    chosen = next((g for g in games if g["name"] == form.get("game")), None)
    if chosen is None:
        raise CreateGameError("create.error.game")
    options = {}
    for spec in chosen["options"]:
        value = _option_value(spec, form.get(f"opt-{chosen['name']}-{spec['key']}"))
        if value is not None:
            options[spec["key"]] = value
    seats: list[dict[str, Any]] = []
    holders: dict[int, str] = {}
    named: list[str] = []
    levels = bot_levels()
    row = 0
    while f"seat-{row}-kind" in form:
        kind = form.get(f"seat-{row}-kind", "none")
        row += 1
        if kind == "me":
            name = me
        elif kind == "user":
            typed = form.get(f"seat-{row - 1}-name", "").strip()
            found = account(typed) if NAME_RE.fullmatch(typed) else None
            if found is None:
                raise CreateGameError("create.error.user", name=typed)
            name = found
        elif kind == "open":
            seats.append({})
            continue
        elif kind == "bot":
            level = form.get(f"seat-{row - 1}-bot", "")
            if level not in levels:
                raise CreateGameError("create.error.bot")
            seats.append({"bot": level})
            continue
        elif kind == "none":
            continue
        else:
            raise CreateGameError("create.error.seat")
        if name.lower() in (h.lower() for h in named):
            raise CreateGameError("create.error.twice", name=name)
        named.append(name)
        if kind == "me":
            holders[len(seats)] = name
            seats.append({"name": name})
        else:
            # Nobody is put into a game without asking: the user accepts or declines.
            seats.append({"invited": name})
    if not chosen["min_players"] <= len(seats) <= chosen["max_players"]:
        raise CreateGameError("create.error.players", min=chosen["min_players"], max=chosen["max_players"])
    from events.creation import seat_ids

    ids = seat_ids(len(seats))
    mine = next((ids[i] for i, name in holders.items() if name == me), None)
    return GameSpec(chosen["name"], options, seats, {ids[i]: name for i, name in holders.items()},
                    {**table_settings(form), "creator": mine, "creator_account": me})
