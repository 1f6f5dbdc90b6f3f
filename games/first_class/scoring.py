"""Final scoring after the third scoring phase: each coin 1 point; per type (Lok,
Schaffner, Waggon) the points on one's end-game cards of that type times the
number of action cards of that type taken during the game.  Unfulfilled contracts
leave the game (they score nothing)."""

from __future__ import annotations

from typing import Any

from games.contract import Event

from . import coins
from .data import RULES
from .state import Player, State

TYPES = ("lok", "schaffner", "waggon")


def type_counts(player: Player) -> dict[str, int]:
    counts = dict.fromkeys(TYPES, 0)
    for card in player.taken:
        kind = RULES.cards[card].type
        if kind:
            counts[kind] += 1
    return counts


def end_card_points(player: Player) -> dict[str, dict[str, int]]:
    """Per type: action cards taken, points on the end-game cards, their product."""
    counts = type_counts(player)
    out: dict[str, dict[str, int]] = {}
    for kind in TYPES:
        points = sum(RULES.end_cards[c].points for c in player.end_cards if RULES.end_cards[c].type == kind)
        out[kind] = {"cards": counts[kind], "points": points, "total": counts[kind] * points}
    return out


def final_scoring(state: State) -> Event:
    scores: dict[str, int] = {}
    detail: dict[str, Any] = {}
    for seat in state.seats:
        player = state.player(seat)
        by_type = end_card_points(player)
        coin_vp = coins.count(player.coins)
        scores[seat] = player.vp + coin_vp + sum(v["total"] for v in by_type.values())
        detail[seat] = {"before": player.vp, "coins": coin_vp, "end_cards": by_type,
                        "end_card_ids": list(player.end_cards), "removed_contracts": list(player.contracts)}
    ranking = sorted(state.seats, key=lambda s: (-scores[s], state.seats.index(s)))
    return Event("GameFinished", {"scores": scores, "detail": detail, "ranking": ranking}, barrier=True)
