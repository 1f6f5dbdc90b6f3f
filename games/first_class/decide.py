"""``decide``: check a command against the rules and return its events.

Every refusal is an ``IllegalMove`` whose code names the rule (``fc.*``).  All
randomness (the deal of a round, the reshuffle after the end-card draft) is drawn
here from the ``rng`` the platform passes in and written into the events; the
end-game display is refilled from the already shuffled deck by system work after
the turn's confirm (a barrier: nobody undoes into the new card).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from games.contract import NOBODY, SECRET, SYSTEM, Command, Event, IllegalMove
from games.kit import Args
from games.kit.args import ListedArgs

from . import coins, contracts, route, trains
from .data import RULES
from .effects import Builder, Folding, after_growth, apply, attach_car, gain_coins, move_conductor, move_loco
from .state import MANDATORY, Pending, State

Decider = Callable[[Builder, str, Args], None]
DECIDERS: dict[str, Decider] = {}


def command(name: str) -> Callable[[Decider], Decider]:
    def register(fn: Decider) -> Decider:
        DECIDERS[name] = fn
        return fn
    return register


def decide(state: State, command: Command, rng: random.Random) -> list[Event]:
    return decide_folded(state, command, rng)[0]


def decide_folded(state: State, command: Command, rng: random.Random,
                  listed: bool = False) -> tuple[list[Event], State | None]:
    """The events of ``command`` and the state the builder folded them into (the same
    ``evolve``, event by event), so that a lookahead does not fold them again; system
    work returns no state.  A ``listed`` command (one :func:`legal.legal_commands` gave
    for this very state) skips what the listing checked: the phase, whose turn, the
    arguments' types and ranges; the rules of the command itself run as always."""
    if command.seat == SYSTEM:
        return _system(state, command, rng), None
    if listed:
        b = Folding(state, rng)
        DECIDERS[command.type](b, command.seat, ListedArgs(command.args, "fc.args", per_field=True))
        return b.events, b.finish()
    if state.phase == "over":
        raise IllegalMove("fc.turn.over", "the game is over")
    if state.refill:
        raise IllegalMove("fc.system.refill", "the end-game display is being refilled")
    if command.seat != state.current():
        raise IllegalMove("fc.turn.not_yours", "it is not your turn")
    fn = DECIDERS.get(command.type)
    if fn is None:
        raise IllegalMove("fc.command.unknown", f"unknown command {command.type!r}")
    args = Args(command.args, "fc.args", per_field=True)
    if state.scored:
        raise IllegalMove("fc.scoring.done", "your trains are scored: confirm the turn")
    b = Folding(state, rng)
    fn(b, command.seat, args)
    return b.events, b.finish()


# --- step helpers ------------------------------------------------------------------


def _part(b: Builder, kinds: tuple[str, ...], fits: Callable[[Pending], bool] = lambda part: True,
          too_much: str = "fc.step.too_much") -> Pending:
    """The part of the top frame a command carries out: the first of ``kinds`` (in
    that order of preference) that ``fits`` the command."""
    top = b.state.top()
    for kind in kinds:
        for part in top:
            if part[0] == kind and fits(part):
                return part
    for part in top:  # a loop: a generator over ``kinds`` made it a cell at every call (Python 3.11)
        if part[0] in kinds:
            raise IllegalMove(too_much, "more than the open part allows")
    raise IllegalMove("fc.step.not_open", f"no open part for this: {' / '.join(kinds)}")


def _step(part: Pending) -> list[Any]:
    """How an event names the part it works on (``evolve`` consumes that one)."""
    return [part[0], part[2]]


def _no_mandatory(b: Builder) -> None:
    """Nothing else while a part to be done at once is open (post wagon, postcard)."""
    if b.state.blocked():
        kind = next(p[0] for p in b.state.top() if p[0] in MANDATORY)
        raise IllegalMove("fc.step.mandatory", "first finish the open step: " + kind)


def _in_turn(b: Builder) -> None:
    if b.state.phase not in ("play", "scoring"):
        raise IllegalMove("fc.phase", "not possible in this phase")


# --- draft ---------------------------------------------------------------------------


@command("DraftEndCard")
def _draft(b: Builder, seat: str, args: Args) -> None:
    state = b.state
    if state.phase != "draft" or not state.pending:
        raise IllegalMove("fc.draft.done", "you have kept your end-game card")
    card = args.text("card")
    if card not in state.draft_hand:
        raise IllegalMove("fc.draft.not_in_hand", "that card is not in your hand")
    rest = [c for c in state.draft_hand if c != card]
    nxt = state.draft_index + 1
    secret: dict[str, Any] = {seat: {"card": card}}
    if nxt < len(state.drafters):
        secret[state.drafters[nxt]] = {"hand": rest}
        b.emit("EndCardDrafted", {"seat": seat, "next": state.drafters[nxt], SECRET: secret}, barrier=True)
        return
    b.emit("EndCardDrafted", {"seat": seat, "next": None, SECRET: secret}, barrier=True)
    b.emit("EndDeckReshuffled", {"count": len(rest) + len(state.end_deck),
                                 SECRET: {NOBODY: {"deck": _reshuffled(state, rest, b)}}}, barrier=True)
    b.emit("EndCardsDisplayed", {"cards": list(b.state.end_deck[:RULES.end_display])}, barrier=True)


def _reshuffled(state: State, rest: list[str], b: Builder) -> list[str]:
    deck = list(state.end_deck) + rest
    b.rng.shuffle(deck)
    return deck


# --- taking a card or the start-player tile -------------------------------------------


def _row_of(state: State, card: str) -> int:
    for i, row in enumerate(state.rows):
        if card in row:
            return i
    raise IllegalMove("fc.card.not_displayed", "that card is not in the display")


@command("TakeCard")
def _take(b: Builder, seat: str, args: Args) -> None:
    state = b.state
    if state.phase != "play":
        raise IllegalMove("fc.phase", "cards are taken in the play phase")
    if state.took:
        raise IllegalMove("fc.take.once", "one card or the start-player tile per turn")
    _no_mandatory(b)
    card_id = args.text("card")
    mode = args.text("mode", ("actions", "upgrade"))
    row = _row_of(state, card_id)
    b.emit("CardTaken", {"seat": seat, "card": card_id, "row": row, "mode": mode})
    if b.state.row_taken[row] >= len(state.seats):
        # as many cards taken from the row as there are players: the rest leave the game
        b.emit("RowCleared", {"row": row, "cards": list(b.state.rows[row])})
    card = RULES.cards[card_id]
    if mode == "upgrade":
        b.emit("EffectsQueued", {"seat": seat, "items": [["upgrade_or_car", 1, -1]], "front": True})
        return
    if card.route:
        b.emit("RouteExtended", {"seat": seat, "route": card.route})
    if card.contract:
        b.emit("ContractOpened", {"seat": seat, "card": card_id})
    # the card's parts in any order; its celebrity among them (it may wait for the
    # card's own new car), its postcard "sofort" on top
    apply(b, seat, card.effects, extra=[["celebrity", 1, -1]] if card.celebrity else [])
    if card.postcard:
        b.emit("EffectsQueued", {"seat": seat, "items": [["postcard", 1, -1]], "front": True})


@command("TakeStartTile")
def _tile(b: Builder, seat: str, args: Args) -> None:
    state = b.state
    if state.phase != "play":
        raise IllegalMove("fc.phase", "the tile is taken in the play phase")
    if state.took:
        raise IllegalMove("fc.take.once", "one card or the start-player tile per turn")
    if state.tile_holder is not None:
        raise IllegalMove("fc.tile.taken", "the start-player tile was taken this round")
    _no_mandatory(b)
    position = state.turn % len(state.seats) + 1
    top = next((i for i, r in enumerate(state.rows) if r), None)
    removed = state.rows[top][0] if top is not None else None
    b.emit("StartTileTaken", {"seat": seat, "position": position, "row": top, "removed": removed})
    apply(b, seat, RULES.start_bonus[position - 1])


# --- pending steps -------------------------------------------------------------------


@command("AttachCar")
def _attach(b: Builder, seat: str, args: Args) -> None:
    part = _part(b, ("car", "upgrade_or_car"))
    t = args.integer("train", 0, 1)
    if not trains.can_attach(b.state.player(seat).trains[t], b.state.supply):
        raise IllegalMove("fc.train.full", "this train takes no more cars (LOK attached or no 0-car left)")
    attach_car(b, seat, t, _step(part))


@command("UpgradeCar")
def _upgrade(b: Builder, seat: str, args: Args) -> None:
    part = _part(b, ("upgrade", "upgrade_or_car"))
    t = args.integer("train", 0, 1)
    train = b.state.player(seat).trains[t]
    i = args.integer("index", 0, 9)
    if i >= len(train) or train[i][0] != "car":
        raise IllegalMove("fc.upgrade.not_a_car", "only cars can be upgraded (not post wagons or LOK tiles)")
    new = trains.upgrade_target(train, i, b.state.supply)
    if new is None:
        if train[i][1] == RULES.levels[-1]:
            raise IllegalMove("fc.upgrade.max", "the car is at the top level")
        left = []
        for j, lvl in trains.cars(train):  # a loop: a comprehension over ``i`` made it a cell at every call
            if j < i:
                left.append(lvl)
        if left and left[-1] <= train[i][1]:
            raise IllegalMove("fc.upgrade.leftmost", "among equal cars the leftmost is upgraded first")
        if left:
            raise IllegalMove("fc.upgrade.order", "the car to the left must be at least the new level")
        raise IllegalMove("fc.upgrade.supply", "no car card of that level is left in the supply")
    b.emit("CarUpgraded", {"seat": seat, "train": t, "index": i, "from": train[i][1], "to": new, "consumes": 1,
                           "step": _step(part)})


@command("MoveConductor")
def _conductor(b: Builder, seat: str, args: Args) -> None:
    """Steps of one train's conductor: a part for this train (both conductors'
    steps), else the steps to split, else a coin's single step."""
    t = args.integer("train", 0, 1)
    steps = args.integer("steps", 1, 9)
    part = _part(b, ("own_conductor", "conductor", "loco_or_conductor"), partial(_conductor_fits, t, steps),
                 "fc.conductor.steps")
    if steps > trains.conductor_room(b.state.player(seat), t):
        raise IllegalMove("fc.conductor.steps", "that many steps are not possible (open steps or end of the train)")
    move_conductor(b, seat, t, steps, 1 if part[0] == "loco_or_conductor" else steps, _step(part))


def _conductor_fits(t: int, steps: int, p: Pending) -> bool:
    """Whether a part carries ``steps`` of train ``t``'s conductor (a ``partial``, not a
    closure: a lambda made the decider's variables cells at every call; Python 3.11)."""
    return (p[0] != "own_conductor" or p[2] == t) and steps <= (1 if p[0] == "loco_or_conductor" else p[1])


def _loco_fits(steps: int, p: Pending) -> bool:
    """Whether a part carries ``steps`` of the locomotive (see :func:`_conductor_fits`)."""
    return steps <= (1 if p[0] == "loco_or_conductor" else p[1])


def _on_train(train: int | None, p: Pending) -> bool:
    """Whether a part is for ``train`` (None: any; see :func:`_conductor_fits`)."""
    return train is None or p[2] == train


@command("MoveLoco")
def _loco(b: Builder, seat: str, args: Args) -> None:
    steps = args.integer("steps", 1, 9, default=1)
    part = _part(b, ("loco", "loco_or_conductor"), partial(_loco_fits, steps), "fc.loco.steps")
    player = b.state.player(seat)
    if route.move(player, steps)[0] - player.loco < steps:
        raise IllegalMove("fc.loco.end", "the locomotive is at the end of its route")
    move_loco(b, seat, steps, 1 if part[0] == "loco_or_conductor" else steps, _step(part))


@command("TakeCoins")
def _coins(b: Builder, seat: str, args: Args) -> None:
    part = _part(b, ("coins",))
    gain_coins(b, seat, part[1], _step(part))


@command("TakePoints")
def _points(b: Builder, seat: str, args: Args) -> None:
    part = _part(b, ("vp",))
    b.emit("PointsScored", {"seat": seat, "vp": part[1], "reason": "effect", "consumes": part[1],
                            "step": _step(part)})


@command("AttachPost")
def _post(b: Builder, seat: str, args: Args) -> None:
    part = _part(b, ("post",))
    t = part[2]
    post = args.text("post")
    if post not in b.state.player(seat).posts_left:
        raise IllegalMove("fc.post.unknown", "choose one of your remaining post wagons")
    b.emit("PostAttached", {"seat": seat, "train": t, "post": post, "consumes": 1, "step": _step(part)})
    apply(b, seat, RULES.post_wagons[post], train=t)
    after_growth(b, seat, t)


@command("TakeEndCard")
def _end_take(b: Builder, seat: str, args: Args) -> None:
    part = _part(b, ("end_card",))
    card = args.text("card")
    if card not in b.state.end_display:
        raise IllegalMove("fc.endcard.not_displayed", "that end-game card is not face up")
    b.emit("EndCardTaken", {"seat": seat, "card": card, "consumes": 1, "step": _step(part)})
    # "Sofort erhältst Du die auf der Karte abgebildete Aktion"; the display is refilled after the turn
    apply(b, seat, RULES.end_cards[card].effects)


@command("PlaceCelebrity")
def _celebrity(b: Builder, seat: str, args: Args) -> None:
    part = _part(b, ("celebrity",))
    t = args.integer("train", 0, 1)
    i = trains.first_free_car(b.state.player(seat).trains[t])
    if i is None:
        raise IllegalMove("fc.celebrity.no_free_car", "this train has no car without a card under it")
    b.emit("CelebrityPlaced", {"seat": seat, "train": t, "index": i, "consumes": 1, "step": _step(part)})


@command("PlacePostcard")
def _postcard(b: Builder, seat: str, args: Args) -> None:
    part = _part(b, ("postcard",))
    card = args.text("route")
    if card not in route.free_route_cards(b.state.player(seat)):
        raise IllegalMove("fc.postcard.no_free_route", "postcards go under your route cards without one")
    b.emit("PostcardPlaced", {"seat": seat, "route": card, "consumes": 1, "step": _step(part)})


@command("DeclineCard")
def _decline(b: Builder, seat: str, args: Args) -> None:
    """No free car (celebrity) or route card (postcard): an upgrade instead."""
    kind, _, _, _ = _part(b, ("celebrity", "postcard"))
    player = b.state.player(seat)
    if kind == "celebrity" and any(trains.first_free_car(t) is not None for t in player.trains):
        raise IllegalMove("fc.celebrity.must_place", "a free car exists: the celebrity must be placed")
    if kind == "postcard" and route.free_route_cards(player):
        raise IllegalMove("fc.postcard.must_place", "a free route card exists: the postcard must be placed")
    b.emit("EffectSkipped", {"seat": seat, "kind": kind, "done": False})
    b.emit("EffectsQueued", {"seat": seat, "items": [["upgrade", 1, -1]], "front": True})


@command("SkipEffect")
def _skip(b: Builder, seat: str, args: Args) -> None:
    """Leave out a part of the top frame ("ganz / teilweise"; "Man darf auf Bonus-Teile verzichten")."""
    if not b.state.pending:
        raise IllegalMove("fc.step.none", "nothing to skip")
    optional = [p for p in b.state.top() if p[0] not in MANDATORY]
    kind = args.text("kind") if "kind" in args else (optional[0][0] if optional else "")
    train = args.integer("train", 0, 1) if "train" in args else None
    if not kind or kind in MANDATORY:
        raise IllegalMove("fc.step.mandatory", f"the {kind or 'open step'} cannot be left out")
    part = _part(b, (kind,), partial(_on_train, train))
    payload: dict[str, Any] = {"seat": seat, "kind": kind, "done": False}
    if part[2] >= 0:
        payload["train"] = part[2]
    b.emit("EffectSkipped", payload)


# --- coins, end-game cards, contracts -----------------------------------------------


@command("SpendCoin")
def _spend(b: Builder, seat: str, args: Args) -> None:
    _in_turn(b)
    _no_mandatory(b)
    field = args.integer("field", 1, RULES.coin_fields)
    use = args.text("use", ("action", "vp"))
    if not b.state.player(seat).coins[field - 1]:
        raise IllegalMove("fc.coin.empty", "there is no coin on that field")
    column = RULES.column_of(field)
    b.emit("CoinSpent", {"seat": seat, "field": field, "use": use, "column": column + 1})
    if use == "vp":
        b.emit("PointsScored", {"seat": seat, "vp": 1, "reason": "coin"})
    else:
        b.emit("EffectsQueued", {"seat": seat, "items": [[RULES.column_action[column], 1, -1]], "front": True})


@command("BuyEndCard")
def _buy(b: Builder, seat: str, args: Args) -> None:
    _in_turn(b)
    _no_mandatory(b)
    card = args.text("card")
    if card not in b.state.end_display:
        raise IllegalMove("fc.endcard.not_displayed", "that end-game card is not face up")
    grid = b.state.player(seat).coins
    if coins.count(grid) < RULES.end_card_price:
        raise IllegalMove("fc.endcard.coins", f"an end-game card costs {RULES.end_card_price} coins")
    options = coins.payments(grid, RULES.end_card_price)
    raw = args.get("columns", list(options[0]))
    if not isinstance(raw, list) or not all(isinstance(c, int) and not isinstance(c, bool) for c in raw) \
            or len(raw) != RULES.end_card_price:
        raise args.bad("columns", f"columns must list the columns of {RULES.end_card_price} coins")
    fields = coins.payment(grid, tuple(raw))
    if fields is None:
        raise IllegalMove("fc.endcard.columns", "those columns do not hold enough coins")
    b.emit("EndCardBought", {"seat": seat, "card": card, "fields": fields, "columns": sorted(raw)})
    # "Sofort erhältst Du die auf der Karte abgebildete Aktion"; the display is refilled after the turn
    apply(b, seat, RULES.end_cards[card].effects)


@command("FulfilContract")
def _fulfil(b: Builder, seat: str, args: Args) -> None:
    _in_turn(b)
    _no_mandatory(b)
    card = args.text("card")
    player = b.state.player(seat)
    if card not in player.contracts:
        raise IllegalMove("fc.contract.not_open", "that is not one of your open contracts")
    if card not in contracts.fulfillable(player):
        raise IllegalMove("fc.contract.unmet", "the contract's requirement is not met")
    b.emit("ContractFulfilled", {"seat": seat, "card": card})
    apply(b, seat, RULES.cards[card].contract["reward"])  # type: ignore[index]


# --- scoring phase ---------------------------------------------------------------------


@command("ClaimRouteBonus")
def _claim(b: Builder, seat: str, args: Args) -> None:
    if b.state.phase != "scoring":
        raise IllegalMove("fc.phase", "route bonuses are taken in a scoring phase")
    if b.state.pending:
        # "jeder Bonus bei Auswahl einer Stadt direkt zu nehmen und nicht häppchenweise"
        raise IllegalMove("fc.route.one_at_a_time", "first take or leave out the open parts of the last bonus")
    player = b.state.player(seat)
    city = args.integer("city", 0, 99)
    if city not in route.bonus_cities(player):
        raise IllegalMove("fc.route.not_reached", "the locomotive has not reached that bonus city")
    if city in player.claimed:
        raise IllegalMove("fc.route.claimed", "that bonus was taken in this scoring")
    card, info = route.cities(player)[city]
    times = 2 if card in player.postcards else 1
    b.emit("RouteBonusClaimed", {"seat": seat, "city": city, "route": card, "times": times})
    apply(b, seat, info.bonus * times)


@command("ScoreTrains")
def _score(b: Builder, seat: str, args: Args) -> None:
    if b.state.phase != "scoring":
        raise IllegalMove("fc.phase", "trains are scored in a scoring phase")
    if b.state.mandatory_open():
        raise IllegalMove("fc.step.mandatory", "first finish the open steps that must be done")
    points = trains.train_points(b.state.player(seat))
    b.emit("TrainsScored", {"seat": seat, "vp": sum(points), "trains": list(points)})


# --- system work ---------------------------------------------------------------------


def _system(state: State, cmd: Command, rng: random.Random) -> list[Event]:
    if cmd.type == "RefillEndDisplay":
        if not state.refill:
            raise IllegalMove("fc.system.refill", "the end-game display is full")
        return [Event("EndCardRevealed", {"card": card}, barrier=True) for card in state.end_deck[:state.refill]]
    if cmd.type == "DealRound":
        if state.phase != "deal":
            raise IllegalMove("fc.system.deal", "no round to deal now")
        return [deal_event(state, state.round + 1)]
    if cmd.type == "FinishGame":
        if state.phase != "final":
            raise IllegalMove("fc.system.finish", "the game is not at its end")
        from .scoring import final_scoring
        return [final_scoring(state)]
    raise IllegalMove("fc.system.unknown", f"unknown system command {cmd.type!r}")


def deal_event(state: State, round_: int) -> Event:
    """18 cards of the round's stack face up in 3 rows; what the last round left leaves the game."""
    stack = RULES.round_stack[round_]
    cards = list(state.stacks[str(stack)][: RULES.rows * RULES.row_length])
    rows = [cards[i * RULES.row_length:(i + 1) * RULES.row_length] for i in range(RULES.rows)]
    cleared = [c for row in state.rows for c in row]
    return Event("RoundDealt", {"round": round_, "stack": stack, "rows": rows, "cleared": cleared}, barrier=True)
