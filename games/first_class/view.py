"""What a viewer sees of a First Class game.

Hidden: the order (and, for stacks, the identity) of the undealt cards, the
end-game deck, other seats' end-game cards (face down: only their number) and the
draft hand (only its holder).  A reviewer of a finished game sees everything.

Clickable things and the commands on them (``P`` = ``players[seat]``):
``TakeCard {card}`` -> ``rows[][].id``; ``TakeStartTile`` -> ``start_tile``;
``AttachCar/UpgradeCar/PlaceCelebrity/MoveConductor {train[, index]}`` ->
``P.trains[train].cards[index]``; ``AttachPost {post}`` -> ``P.posts_left[]``;
``MoveLoco``/``ClaimRouteBonus {city}`` -> ``P.route.cities[city]``;
``PlacePostcard {route}`` -> ``P.route.cards[]``; ``SpendCoin {field}`` ->
``P.coins[field-1]``; ``BuyEndCard/TakeEndCard {card}`` -> ``end_display[]``;
``DraftEndCard {card}`` -> ``draft_hand[]``; ``FulfilContract {card}`` -> ``P.contracts[]``.
"""

from __future__ import annotations

from typing import Any

from games.contract import REVIEWER

from . import route, scoring, trains
from .data import RULES
from .state import State


def _card(card_id: str) -> dict[str, Any]:
    card = RULES.cards[card_id]
    out: dict[str, Any] = {"id": card.id, "stack": card.stack, "module": card.module, "type": card.type,
                           "effects": [list(e) for e in card.effects]}
    if card.route:
        out["route"] = card.route
        out["cities"] = _cities(card.route)
    if card.contract:
        out["contract"] = card.contract
    if card.celebrity:
        out["celebrity"] = True
    if card.postcard:
        out["postcard"] = True
    return out


def _cities(card: str) -> list[dict[str, Any]]:
    return [{"points": c.points, "bonus": [list(e) for e in c.bonus]} for c in RULES.routes[card]]


def _end_card(card_id: str) -> dict[str, Any]:
    card = RULES.end_cards[card_id]
    return {"id": card.id, "type": card.type, "points": card.points, "effects": [list(e) for e in card.effects]}


def _player(state: State, seat: str, viewer: str, over: bool) -> dict[str, Any]:
    p = state.player(seat)
    sees = viewer in (seat, REVIEWER) or over
    cities = []
    for i, (card, city) in enumerate(route.cities(p)):
        cities.append({"index": i, "route": card, "points": city.points, "bonus": [list(e) for e in city.bonus],
                       "reached": i < p.loco, "claimed": i in p.claimed,
                       "postcard": card in p.postcards})
    out: dict[str, Any] = {
        "vp": p.vp,
        "trains": [{"index": t, "conductor": p.conductors[t],
                    "points": trains.train_points(p)[t],
                    "cards": [{"index": i, "kind": k, "value": v, "celebrity": c} for i, (k, v, c) in enumerate(train)]}
                   for t, train in enumerate(p.trains)],
        "coins": list(p.coins),
        "route": {"loco": p.loco, "cards": list(p.route), "cities": cities, "postcards": list(p.postcards)},
        "taken": len(p.taken),
        "taken_by_type": scoring.type_counts(p),
        "contracts": [_card(c) for c in p.contracts],
        "fulfilled": list(p.fulfilled),
        "posts_left": list(p.posts_left),
        "end_card_count": len(p.end_cards),
        "end_cards": [_end_card(c) for c in p.end_cards] if sees else None,
    }
    return out


def view(state: State, viewer: str) -> dict[str, Any]:
    over = state.phase == "over"
    out: dict[str, Any] = {
        "game": "first_class",
        "phase": state.phase,
        "round": state.round,
        "turn": state.turn,
        "current": state.current(),
        "start_player": state.seats[state.start] if state.seats else None,
        "order": list(state.order()) if state.seats else [],
        "start_tile": {"holder": state.tile_holder, "free": state.tile_holder is None},
        "rows": [[_card(c) for c in row] for row in state.rows],
        "row_taken": list(state.row_taken),
        "stacks": {k: len(v) for k, v in state.stacks.items()},
        "discarded": len(state.discarded),
        "end_display": [_end_card(c) for c in state.end_display],
        "end_deck_count": len(state.end_deck),
        "supply": dict(state.supply),
        "lok_tiles": list(state.lok_tiles),
        "constantinople": list(state.constantinople),
        "scoring_order": list(state.scoring_order),
        "players": {seat: _player(state, seat, viewer, over) for seat in state.seats},
        "pending": [list(p) for p in state.pending] if viewer == state.current() or viewer == REVIEWER else [],
        "final": dict(state.final) if over else None,
    }
    current = state.current()
    if state.phase == "draft" and viewer in (current, REVIEWER):
        out["draft_hand"] = [_end_card(c) for c in state.draft_hand]
    if viewer == REVIEWER:
        out["deck"] = {"stacks": {k: list(v) for k, v in state.stacks.items()}, "end_deck": list(state.end_deck)}
    return out
