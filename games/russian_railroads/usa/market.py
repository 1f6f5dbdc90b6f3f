"""The stock market of American Railroads: share markers, dividend tiles, payouts.

Rules text, "Aktienmarkt":

- "Jedes Mal, wenn du ... die Bedingung für ein Feld mit Aktienschritt erfüllst,
  rückst du mit deinem Kursmarker ... um eine Ebene nach oben."  The first to reach a
  level chooses one of the open dividend tiles for its star (a choice that blocks the
  turn until made) and may take its benefit; later arrivals lie to the right and may
  take the tile's benefit.  At the top: a personal payout instead.
- "Persönliche Ausschüttung": the benefits of the marker's level and all below, in any
  order, each optional (gained as optional items, coins and points at once).
- The general payout after a turn in which a steel mill was taken: the taker first,
  then the others in turn order (see :mod:`.payout`).
- Game end: the highest marker 20, the second 10; "Bei Gleichstand bekommt der
  Spieler, der weiter links steht, die Punkte" (the earlier arrival on that level).

``state.usa`` (:class:`.shape.Market`) holds ``level`` (seat -> 0..LEVELS), ``arrived`` (seat -> arrival number
on its level, lower = further left), ``counter``, ``tiles`` (level as str -> tile id),
``mills`` (stacks still with a steel mill), ``taker`` (who took a mill this turn),
``queue`` and ``resume`` (a general payout under way).
"""

from __future__ import annotations

from typing import Any

from ..context import Ctx
from ..state import State
from .board import DATA, LEVELS, TILES, market_of
from .shape import Market


def dividend_arg(level: int, payout_after: bool) -> int:
    """A ``dividend`` item's ``arg``: the level reached and whether a general payout
    follows the tile, one int as the events carry it."""
    return level * 10 + (1 if payout_after else 0)


def dividend_of(arg: int) -> tuple[int, bool]:
    """(level, payout after) of a ``dividend`` item's ``arg``."""
    return arg // 10, arg % 10 == 1


def initial(seats: list[str]) -> Market:
    return {"level": {s: 0 for s in seats}, "arrived": {s: i for i, s in enumerate(seats)},
            "counter": len(seats), "tiles": {}, "mills": list(DATA["steel_mills"]["stacks"]),
            "taker": None, "queue": [], "resume": None}


def open_tiles(state: State) -> list[str]:
    laid = set(state.usa["tiles"].values()) if state.usa else set()
    return [t for t in TILES if t not in laid]


def level_of(state: State, seat: str) -> int:
    return int(state.usa["level"][seat]) if state.usa else 0


def payout_effects(state: State, seat: str) -> list[dict[str, Any]]:
    """"Du nutzt die Vorteile der Ebene auf der sich dein Kursmarker befindet und aller
    Ebenen darunter."""
    tiles = market_of(state)["tiles"]
    out: list[dict[str, Any]] = []
    for level in range(1, level_of(state, seat) + 1):
        tile = tiles.get(str(level))
        if tile:
            out.extend(TILES[tile])
    return out


def personal_payout(ctx: Ctx, seat: str) -> None:
    effects = payout_effects(ctx.work, seat)
    ctx.emit("PersonalPayout", {"seat": seat, "level": level_of(ctx.work, seat)})
    if effects:
        ctx.gain(seat, effects, False, "personal_payout")


def stock_step(ctx: Ctx, seat: str, payout_after: bool = False) -> None:
    """One share step (a stock-step space, the ?-stock tile)."""
    level = level_of(ctx.work, seat)
    if level >= LEVELS:
        # "Bist du bereits auf der obersten Ebene ... bekommst jedoch sofort eine
        # persönliche Ausschüttung."
        personal_payout(ctx, seat)
        if payout_after:
            personal_payout(ctx, seat)
        return
    new = level + 1
    tile = market_of(ctx.work)["tiles"].get(str(new))
    ctx.emit("SharesRose", {"seat": seat, "level": new, "first": tile is None})
    if tile is None and open_tiles(ctx.work):
        ctx.add_item(seat, "dividend", 1, True, dividend_arg(new, payout_after), True, "stock_market")
        return
    if tile is not None:
        ctx.gain(seat, TILES[tile], False, f"dividend_{tile}")
    if payout_after:
        personal_payout(ctx, seat)


def ranking(state: State) -> list[str]:
    """Share markers from the top, the one further left first on a level."""
    u = market_of(state)
    return sorted(state.seats, key=lambda s: (-u["level"][s], u["arrived"][s]))


def end_bonus(ctx: Ctx) -> None:
    """"Der Spieler, dessen Kursmarker ... am weitesten oben steht, erhält 20 Punkte.
    Derjenige auf der zweiten Position erhält 10 Punkte.\""""
    for place, (seat, points) in enumerate(zip(ranking(ctx.work), DATA["stock_end_bonus"], strict=False), start=1):
        ctx.emit("StockBonusScored", {"seat": seat, "points": points, "place": place})
