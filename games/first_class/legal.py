"""Legal commands and open actions, from the same rules ``decide`` checks.

The first pending step blocks the rest (an ordered list of steps, as in 18xx);
coins may be spent, end-game cards bought and contracts fulfilled around it
unless that step is mandatory (post wagon, celebrity, postcard).
"""

from __future__ import annotations

from games.contract import SYSTEM, Command, OpenAction

from . import coins, contracts, route, trains
from .data import RULES
from .state import MANDATORY, State


def legal_commands(state: State, seat: str) -> list[Command]:
    if seat == SYSTEM:
        if state.phase == "deal":
            return [Command("DealRound", SYSTEM, {})]
        if state.phase == "final":
            return [Command("FinishGame", SYSTEM, {})]
        return []
    if state.phase == "over" or seat != state.current() or state.scored:
        return []
    if state.phase == "draft":
        if not state.pending:
            return []
        return [Command("DraftEndCard", seat, {"card": c}) for c in state.draft_hand]
    out: list[Command] = []
    if state.phase == "play" and not state.took and not _mandatory_first(state):
        for row in state.rows:
            for card in row:
                out.append(Command("TakeCard", seat, {"card": card, "mode": "actions"}))
                out.append(Command("TakeCard", seat, {"card": card, "mode": "upgrade"}))
        if state.tile_holder is None:
            out.append(Command("TakeStartTile", seat, {}))
    out.extend(step_commands(state, seat))
    if not _mandatory_first(state):
        player = state.player(seat)
        if state.phase == "scoring":
            out.extend(Command("ClaimRouteBonus", seat, {"city": c})
                       for c in route.bonus_cities(player) if c not in player.claimed)
        for field in coins.occupied(player.coins):
            out.append(Command("SpendCoin", seat, {"field": field, "use": "action"}))
            out.append(Command("SpendCoin", seat, {"field": field, "use": "vp"}))
        if coins.count(player.coins) >= RULES.end_card_price:
            out.extend(Command("BuyEndCard", seat, {"card": c}) for c in state.end_display)
        out.extend(Command("FulfilContract", seat, {"card": c}) for c in contracts.fulfillable(player))
        if state.pending:
            out.append(Command("SkipEffect", seat, {}))
        if state.phase == "scoring":
            out.append(Command("ScoreTrains", seat, {}))
    return out


def _mandatory_first(state: State) -> bool:
    return bool(state.pending) and state.pending[0][0] in MANDATORY


def step_commands(state: State, seat: str) -> list[Command]:
    """The commands that carry out the first pending step."""
    if not state.pending:
        return []
    kind, n, train = state.pending[0]
    player = state.player(seat)
    out: list[Command] = []
    if kind in ("car", "upgrade_or_car"):
        out.extend(Command("AttachCar", seat, {"train": t}) for t in (0, 1)
                   if trains.can_attach(player.trains[t], state.supply))
    if kind in ("upgrade", "upgrade_or_car"):
        for t in (0, 1):
            out.extend(Command("UpgradeCar", seat, {"train": t, "index": i})
                       for i in trains.upgradable(player.trains[t], state.supply))
    if kind in ("conductor", "loco_or_conductor"):
        limit = 1 if kind == "loco_or_conductor" else n
        for t in (0, 1):
            for steps in range(1, min(limit, trains.conductor_room(player, t)) + 1):
                out.append(Command("MoveConductor", seat, {"train": t, "steps": steps}))
    if kind == "loco_or_conductor" and route.move(player, 1)[0] != player.loco:
        out.append(Command("MoveLoco", seat, {}))
    if kind == "end_card":
        out.extend(Command("TakeEndCard", seat, {"card": c}) for c in state.end_display)
    if kind == "post":
        out.extend(Command("AttachPost", seat, {"post": p}) for p in player.posts_left)
    if kind == "celebrity":
        free = [t for t in (0, 1) if trains.first_free_car(player.trains[t]) is not None]
        out.extend(Command("PlaceCelebrity", seat, {"train": t}) for t in free)
        if not free:
            out.append(Command("DeclineCard", seat, {}))
    if kind == "postcard":
        free_routes = route.free_route_cards(player)
        out.extend(Command("PlacePostcard", seat, {"route": r}) for r in free_routes)
        if not free_routes:
            out.append(Command("DeclineCard", seat, {}))
    return out


def open_actions(state: State, seat: str) -> list[OpenAction]:
    if state.phase in ("over", "deal", "final", "setup") or seat != state.current():
        return []
    out: list[OpenAction] = []
    if state.phase == "draft":
        if state.pending:
            out.append(OpenAction("fc.open.draft", True, {"cards": len(state.draft_hand)}, ("DraftEndCard",)))
        return out
    if state.pending:
        kind, n, train = state.pending[0]
        commands = tuple(sorted({c.type for c in step_commands(state, seat)}))
        out.append(OpenAction(f"fc.open.{kind}", kind in MANDATORY, {"n": n, "train": train + 1},
                              commands or ("SkipEffect",)))
    if state.phase == "play" and not state.took:
        out.append(OpenAction("fc.open.take", True, {}, ("TakeCard", "TakeStartTile")))
    if state.phase == "scoring" and not state.scored:
        player = state.player(seat)
        left = [c for c in route.bonus_cities(player) if c not in player.claimed]
        if left:
            out.append(OpenAction("fc.open.route_bonus", False, {"n": len(left)}, ("ClaimRouteBonus",)))
        out.append(OpenAction("fc.open.score_trains", True, {}, ("ScoreTrains",)))
    return out
