"""Legal commands and open actions, from the same rules ``decide`` checks.

The parts of the top pending frame may be done or left out in any order; lower
frames wait for it.  Coins may be spent, end-game cards bought and contracts
fulfilled around them unless a part to be done at once is open (post wagon,
postcard).
"""

from __future__ import annotations

from games.contract import SYSTEM, Command, OpenAction

from . import coins, contracts, route, trains
from .data import RULES
from .state import BLOCKING, MANDATORY, Pending, State


def legal_commands(state: State, seat: str) -> list[Command]:
    if seat == SYSTEM:
        if state.refill:
            return [Command("RefillEndDisplay", SYSTEM, {})]
        if state.phase == "deal":
            return [Command("DealRound", SYSTEM, {})]
        if state.phase == "final":
            return [Command("FinishGame", SYSTEM, {})]
        return []
    if state.phase == "over" or seat != state.current() or state.scored or state.refill:
        return []
    if state.phase == "draft":
        if not state.pending:
            return []
        drafts = []
        for card in state.draft_hand:
            drafts.append(Command("DraftEndCard", seat, {"card": card}))
        return drafts
    # loops, not generators, below: a generator over ``seat`` or ``player`` made them cells
    # at every call (Python 3.11; the bots list every position they step to)
    out: list[Command] = []
    top = state.top()
    blocked = False
    for part in top:
        if part[0] in BLOCKING:
            blocked = True
            break
    if state.phase == "play" and not state.took and not blocked:
        for row in state.rows:
            for card in row:
                out.append(Command("TakeCard", seat, {"card": card, "mode": "actions"}))
                out.append(Command("TakeCard", seat, {"card": card, "mode": "upgrade"}))
        if state.tile_holder is None:
            out.append(Command("TakeStartTile", seat, {}))
    out.extend(step_commands(state, seat, top))
    if not blocked:
        player = state.player(seat)
        if state.phase == "scoring" and not state.pending:  # each bonus whole, one after the other
            for city in route.bonus_cities(player):
                if city not in player.claimed:
                    out.append(Command("ClaimRouteBonus", seat, {"city": city}))
        for field in coins.occupied_fields(player.coins):
            out.append(Command("SpendCoin", seat, {"field": field, "use": "action"}))
            out.append(Command("SpendCoin", seat, {"field": field, "use": "vp"}))
        payments = coins.payment_options(player.coins, RULES.end_card_price)  # (kept per grid)
        for card in state.end_display:
            for columns in payments:
                out.append(Command("BuyEndCard", seat, {"card": card, "columns": list(columns)}))
        for c in contracts.fulfillable(player):
            out.append(Command("FulfilContract", seat, {"card": c}))
        for part in top:
            if part[0] not in MANDATORY:
                out.append(Command("SkipEffect", seat, skip_args(part)))
        if state.phase == "scoring" and not state.mandatory_open():
            out.append(Command("ScoreTrains", seat, {}))
    return out


def skip_commands(state: State, seat: str) -> list[Command]:
    """Leaving out a part of the top frame ("ganz / teilweise"; mandatory ones excepted)."""
    return [Command("SkipEffect", seat, skip_args(part)) for part in state.top() if part[0] not in MANDATORY]


def skip_args(part: Pending) -> dict[str, object]:
    kind, _, train, _ = part
    return {"kind": kind, "train": train} if kind == "own_conductor" else {"kind": kind}


def step_commands(state: State, seat: str, top: tuple[Pending, ...] | None = None) -> list[Command]:
    """The commands that carry out a part of the top frame (each command once)."""
    top = state.top() if top is None else top
    if len(top) == 1:  # one part lists each command once
        return part_commands(state, seat, top[0])
    out: list[Command] = []
    seen: set[tuple[str, tuple]] = set()
    for part in top:
        for command in part_commands(state, seat, part):
            key = (command.type, tuple(sorted(command.args.items())))
            if key not in seen:
                seen.add(key)
                out.append(command)
    return out


def part_commands(state: State, seat: str, part: Pending) -> list[Command]:
    """The commands that carry out (some of) one pending part (loops, not generators: see
    :func:`legal_commands`)."""
    kind, n, train, _ = part
    player = state.player(seat)
    out: list[Command] = []
    if kind in ("car", "upgrade_or_car"):
        for t in (0, 1):
            if trains.can_attach(player.trains[t], state.supply):
                out.append(Command("AttachCar", seat, {"train": t}))
    if kind in ("upgrade", "upgrade_or_car"):
        for t in (0, 1):
            for i in trains.upgradable(player.trains[t], state.supply):
                out.append(Command("UpgradeCar", seat, {"train": t, "index": i}))
    if kind in ("conductor", "loco_or_conductor", "own_conductor"):
        limit = 1 if kind == "loco_or_conductor" else n
        for t in ((train,) if kind == "own_conductor" else (0, 1)):
            for steps in range(1, min(limit, trains.conductor_room(player, t)) + 1):
                out.append(Command("MoveConductor", seat, {"train": t, "steps": steps}))
    if kind in ("loco", "loco_or_conductor"):
        limit = 1 if kind == "loco_or_conductor" else n
        room = route.move(player, limit)[0] - player.loco
        for steps in range(room, 0, -1):
            out.append(Command("MoveLoco", seat, {"steps": steps}))
    if kind == "coins":
        out.append(Command("TakeCoins", seat, {}))
    if kind == "vp":
        out.append(Command("TakePoints", seat, {}))
    if kind == "end_card":
        for c in state.end_display:
            out.append(Command("TakeEndCard", seat, {"card": c}))
    if kind == "post":
        for post in player.posts_left:
            out.append(Command("AttachPost", seat, {"post": post}))
    if kind == "celebrity":
        free = False
        for t in (0, 1):
            if trains.first_free_car(player.trains[t]) is not None:
                out.append(Command("PlaceCelebrity", seat, {"train": t}))
                free = True
        if not free:
            out.append(Command("DeclineCard", seat, {}))
    if kind == "postcard":
        free_routes = route.free_route_cards(player)
        for r in free_routes:
            out.append(Command("PlacePostcard", seat, {"route": r}))
        if not free_routes:
            out.append(Command("DeclineCard", seat, {}))
    return out


def open_actions(state: State, seat: str) -> list[OpenAction]:
    if state.phase in ("over", "deal", "final", "setup") or seat != state.current() or state.refill:
        return []
    out: list[OpenAction] = []
    if state.phase == "draft":
        if state.pending:
            out.append(OpenAction("fc.open.draft", True, {"cards": len(state.draft_hand)}, ("DraftEndCard",)))
        return out
    top = state.top()
    for part in state.pending:
        kind, n, train, _ = part
        types = {c.type for c in part_commands(state, seat, part)} if part in top else set()
        if kind not in MANDATORY:
            types.add("SkipEffect")
        out.append(OpenAction(f"fc.open.{kind}", kind in MANDATORY, {"n": n, "train": train + 1},
                              tuple(sorted(types))))
    if state.phase == "play" and not state.took:
        out.append(OpenAction("fc.open.take", True, {}, ("TakeCard", "TakeStartTile")))
    if state.phase == "scoring" and not state.scored:
        player = state.player(seat)
        left = [c for c in route.bonus_cities(player) if c not in player.claimed]
        if left:
            out.append(OpenAction("fc.open.route_bonus", False, {"n": len(left)}, ("ClaimRouteBonus",)))
        out.append(OpenAction("fc.open.score_trains", True, {}, ("ScoreTrains",)))
    return out
