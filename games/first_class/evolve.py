"""Folding events into the state: one small function per event type.

``evolve`` only sets, appends and counts; every choice and consequence (which
fields coins fill, which tile a train gets, the points of a city) was worked out
by ``decide`` and is written in the event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.contract import NOBODY, SECRET, TURN_CONFIRMED, Event

from . import coins
from .data import RULES
from .state import Pending, Player, State, replace

Handler = Callable[[State, dict[str, Any]], State]
HANDLERS: dict[str, Handler] = {}


def on(event_type: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[event_type] = fn
        return fn
    return register


def evolve(state: State, event: Event) -> State:
    """The state after ``event``.  Not sealed (:func:`games.kit.memo.seal`): First Class
    keeps no :class:`~games.kit.memo.Memo` of its states, and its evaluation's memos are
    keyed by players, which nobody changes (issue 26, seventh round: the weak reference
    per state was one more object for the cyclic collector, and the registry of them grew
    to 50,000 entries the collector walked).

    Each command's events are folded once on the bots' path: by ``decide``'s builder (each
    consequence is decided on the state the earlier events made), whose state a lookahead
    keeps and :meth:`events.local.LocalTable.submit` takes (a cache of the last eight
    transitions served the projection's second fold until then; issue 26, with that
    fold gone, it hit for 4 % of the folds and was scanned for every one)."""
    handler = HANDLERS.get(event.type)
    # the payload as it is: handlers only read it (a copy per event was some 2 % of a search)
    return handler(state, event.payload) if handler else state  # type: ignore[arg-type]


def _find(state: State, p: dict[str, Any]) -> int:
    """The pending part an event works on: the one its ``step`` names (``[kind,
    train]``; the first of that kind without a train), else the first (older logs)."""
    step = p.get("step")
    if not step:
        return 0
    kind, train = step[0], step[1] if len(step) > 1 else None
    for i, (k, _, t, _) in enumerate(state.pending):
        if k == kind and (train is None or t == train):
            return i
    return 0


def _consumed(state: State, p: dict[str, Any]) -> tuple[Pending, ...]:
    """The pending parts after the event carried out ``consumes`` units of one (the
    handlers make their changes in one copy of the state: a copy per change was a
    good part of ``evolve``)."""
    used = int(p.get("consumes") or 0)
    if not used or not state.pending:
        return state.pending
    i = _find(state, p)
    kind, n, train, frame = state.pending[i]
    rest = state.pending[:i] + state.pending[i + 1:]
    if n > used:
        rest = rest[:i] + ((kind, n - used, train, frame),) + rest[i:]
    return rest


def _without(items: tuple[Any, ...], item: object) -> tuple[Any, ...]:
    """``items`` without ``item``: a loop, not a generator (a generator over the handler's
    payload made it a cell at every call; Python 3.11)."""
    out = []
    for x in items:
        if x != item:
            out.append(x)
    return tuple(out)


def _player_step(state: State, p: dict[str, Any], **changes: Any) -> State:
    """The event's seat's player changed and the part it carried out consumed, in one copy."""
    return replace(state, players=state.players_with(p["seat"], **changes), pending=_consumed(state, p))


@on("GameCreated")
def _created(state: State, p: dict[str, Any]) -> State:
    seats = tuple(p["seats"])
    posts = tuple(RULES.post_wagons)
    player = Player(coins=coins.set_fields(coins.empty_grid(), [1], True), posts_left=posts)
    return replace(state, seats=seats, options=dict(p["options"]), players={s: player for s in seats},
                   supply=dict(p["supply"]), lok_tiles=tuple(p["lok_tiles"]), start=0)


@on("StacksShuffled")
def _shuffled(state: State, p: dict[str, Any]) -> State:
    secret = p[SECRET][NOBODY]
    return replace(state, stacks={k: tuple(v) for k, v in secret["stacks"].items()},
                   end_deck=tuple(secret["end_deck"]))


@on("RoundDealt")
def _dealt(state: State, p: dict[str, Any]) -> State:
    rows = tuple(tuple(r) for r in p["rows"])
    stack = str(p["stack"])
    dealt = sum(len(r) for r in rows)
    stacks = dict(state.stacks)
    stacks[stack] = stacks[stack][dealt:]
    return replace(state, phase="play", round=p["round"], rows=rows, row_taken=(0,) * len(rows), stacks=stacks,
                   discarded=state.discarded + tuple(p["cleared"]), tile_holder=None, turn=0, took=False,
                   scored=False, pending=())


@on("EndCardsDealt")
def _end_dealt(state: State, p: dict[str, Any]) -> State:
    n = p["count"]
    return replace(state, phase="draft", drafters=tuple(p["drafters"]), draft_index=0,
                   draft_hand=state.end_deck[:n], end_deck=state.end_deck[n:], pending=(("draft", 1, -1, 0),))


@on("EndCardDrafted")
def _drafted(state: State, p: dict[str, Any]) -> State:
    card = p[SECRET][p["seat"]]["card"]
    player = state.player(p["seat"])
    hand = tuple(c for c in state.draft_hand if c != card)
    return replace(state, players=state.players_with(p["seat"], end_cards=player.end_cards + (card,)),
                   draft_hand=hand, pending=())


@on("EndDeckReshuffled")
def _end_reshuffled(state: State, p: dict[str, Any]) -> State:
    return replace(state, end_deck=tuple(p[SECRET][NOBODY]["deck"]), draft_hand=())


@on("EndCardsDisplayed")
def _end_displayed(state: State, p: dict[str, Any]) -> State:
    n = len(p["cards"])
    return replace(state, end_display=state.end_display + state.end_deck[:n], end_deck=state.end_deck[n:])


@on("EndCardRevealed")
def _end_revealed(state: State, p: dict[str, Any]) -> State:
    return replace(state, end_display=state.end_display + state.end_deck[:1], end_deck=state.end_deck[1:],
                   refill=max(0, state.refill - 1))


@on("CardTaken")
def _taken(state: State, p: dict[str, Any]) -> State:
    row = p["row"]
    rows = list(state.rows)
    rows[row] = _without(rows[row], p["card"])
    taken = list(state.row_taken)
    taken[row] += 1
    player = state.player(p["seat"])
    return replace(state, players=state.players_with(p["seat"], taken=player.taken + (p["card"],)),
                   rows=tuple(rows), row_taken=tuple(taken), took=True)


@on("RowCleared")
def _row_cleared(state: State, p: dict[str, Any]) -> State:
    rows = list(state.rows)
    rows[p["row"]] = ()
    return replace(state, rows=tuple(rows), discarded=state.discarded + tuple(p["cards"]))


@on("StartTileTaken")
def _tile(state: State, p: dict[str, Any]) -> State:
    rows = list(state.rows)
    discarded = state.discarded
    if p["removed"] is not None:
        rows[p["row"]] = _without(rows[p["row"]], p["removed"])
        discarded += (p["removed"],)
    return replace(state, rows=tuple(rows), discarded=discarded, tile_holder=p["seat"], took=True)


@on("EffectsQueued")
def _queued(state: State, p: dict[str, Any]) -> State:
    """A new frame of parts (on top; at the bottom in older logs)."""
    frame = 0
    for part in state.pending:  # loops: generators over ``frame`` made it a cell at every call (Python 3.11)
        if part[3] > frame:
            frame = part[3]
    frame += 1
    queued: list[Pending] = []
    for k, n, t in p["items"]:
        queued.append((k, n, t, frame))
    items = tuple(queued)
    return replace(state, pending=items + state.pending if p["front"] else state.pending + items)


@on("EffectSkipped")
def _skipped(state: State, p: dict[str, Any]) -> State:
    if not state.pending:
        return state
    step = [p["kind"], p["train"]] if "train" in p else [p.get("kind")]
    i = _find(state, {"step": step if step[0] else None})
    return replace(state, pending=state.pending[:i] + state.pending[i + 1:])


@on("CoinsGained")
def _coins(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return _player_step(state, p, coins=coins.set_fields(player.coins, p["fields"], True))


@on("CoinSpent")
def _coin_spent(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return state.with_player(p["seat"], coins=coins.set_fields(player.coins, [p["field"]], False))


@on("PointsScored")
def _points(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return _player_step(state, p, vp=player.vp + p["vp"])


@on("LocoMoved")
def _loco(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return _player_step(state, p, loco=p["to"], vp=player.vp + p["points"])


@on("RouteExtended")
def _route(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return state.with_player(p["seat"], route=player.route + (p["route"],))


def _trains(state: State, seat: str, t: int, train: tuple) -> tuple:
    """``seat``'s trains with train ``t`` replaced."""
    trains = list(state.player(seat).trains)
    trains[t] = train
    return tuple(trains)


@on("CarAttached")
def _car(state: State, p: dict[str, Any]) -> State:
    train = state.player(p["seat"]).trains[p["train"]] + (("car", 0, False),)
    supply = dict(state.supply)
    supply[RULES.kind_of_level[0]] -= 1
    return replace(state, players=state.players_with(p["seat"], trains=_trains(state, p["seat"], p["train"], train)),
                   supply=supply, pending=_consumed(state, p))


@on("CarUpgraded")
def _upgraded(state: State, p: dict[str, Any]) -> State:
    train = list(state.player(p["seat"]).trains[p["train"]])
    kind, level, celebrity = train[p["index"]]
    train[p["index"]] = (kind, p["to"], celebrity)
    supply = dict(state.supply)
    old, new = RULES.kind_of_level[p["from"]], RULES.kind_of_level[p["to"]]
    if old != new:
        supply[old] += 1
        supply[new] -= 1
    return replace(state, players=state.players_with(p["seat"], trains=_trains(state, p["seat"], p["train"],
                                                                               tuple(train))),
                   supply=supply, pending=_consumed(state, p))


@on("PostAttached")
def _post(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    train = player.trains[p["train"]] + (("post", p["post"], False),)
    return _player_step(state, p, trains=_trains(state, p["seat"], p["train"], train),
                        posts_left=_without(player.posts_left, p["post"]))


@on("LokAttached")
def _lok(state: State, p: dict[str, Any]) -> State:
    train = state.player(p["seat"]).trains[p["train"]] + (("lok", p["value"], False),)
    tiles = list(state.lok_tiles)
    tiles.remove(p["value"])
    return replace(state, players=state.players_with(p["seat"], trains=_trains(state, p["seat"], p["train"], train)),
                   lok_tiles=tuple(tiles))


@on("ConductorMoved")
def _conductor(state: State, p: dict[str, Any]) -> State:
    conductors = list(state.player(p["seat"]).conductors)
    conductors[p["train"]] = p["to"]
    return _player_step(state, p, conductors=tuple(conductors))


@on("ConstantinopleReached")
def _constantinople(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return replace(state, players=state.players_with(p["seat"], vp=player.vp + p["vp"]),
                   constantinople=state.constantinople + (p["seat"],))


@on("CelebrityPlaced")
def _celebrity(state: State, p: dict[str, Any]) -> State:
    train = list(state.player(p["seat"]).trains[p["train"]])
    kind, level, _ = train[p["index"]]
    train[p["index"]] = (kind, level, True)
    return _player_step(state, p, trains=_trains(state, p["seat"], p["train"], tuple(train)))


@on("PostcardPlaced")
def _postcard(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return _player_step(state, p, postcards=player.postcards + (p["route"],))


@on("EndCardBought")
def _bought(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    players = state.players_with(p["seat"], coins=coins.set_fields(player.coins, p["fields"], False),
                                 end_cards=player.end_cards + (p["card"],))
    return replace(state, players=players, end_display=_without(state.end_display, p["card"]))


@on("EndCardTaken")
def _end_taken(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return replace(state, players=state.players_with(p["seat"], end_cards=player.end_cards + (p["card"],)),
                   end_display=_without(state.end_display, p["card"]), pending=_consumed(state, p))


@on("ContractOpened")
def _contract(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return state.with_player(p["seat"], contracts=player.contracts + (p["card"],))


@on("ContractFulfilled")
def _fulfilled(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return state.with_player(p["seat"], contracts=_without(player.contracts, p["card"]),
                             fulfilled=player.fulfilled + (p["card"],))


@on("RouteBonusClaimed")
def _claimed(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return state.with_player(p["seat"], claimed=player.claimed + (p["city"],))


@on("TrainsScored")
def _trains_scored(state: State, p: dict[str, Any]) -> State:
    player = state.player(p["seat"])
    return replace(state, players=state.players_with(p["seat"], vp=player.vp + p["vp"]), scored=True, pending=())


@on("GameFinished")
def _finished(state: State, p: dict[str, Any]) -> State:
    players = dict(state.players)
    for seat, vp in p["scores"].items():
        players[seat] = replace(players[seat], vp=vp, contracts=())
    return replace(state, players=players, phase="over", final=dict(p))


@on(TURN_CONFIRMED)
def _confirmed(state: State, p: dict[str, Any]) -> State:
    """Next seat; at the end of a round the tile's holder becomes start player
    (before any scoring), then a scoring phase or the next deal."""
    if state.phase in ("play", "scoring"):
        missing = RULES.end_display - len(state.end_display)
        state = replace(state, refill=max(0, min(missing, len(state.end_deck))))
    state = replace(state, took=False, scored=False, pending=())
    n = len(state.seats)
    if state.phase == "draft":
        index = state.draft_index + 1
        if index < len(state.drafters):
            return replace(state, draft_index=index, pending=(("draft", 1, -1, 0),))
        return replace(state, draft_index=index, phase="play")
    if state.phase == "play":
        turn = state.turn + 1
        if turn < RULES.turns_per_round * n:
            return replace(state, turn=turn)
        start = state.seats.index(state.tile_holder) if state.tile_holder else state.start
        state = replace(state, turn=turn, start=start)
        if state.round in RULES.scoring_after:
            players = {s: replace(pl, claimed=()) for s, pl in state.players.items()}
            return replace(state, phase="scoring", scoring_order=state.order(), scoring_index=0, players=players)
        return replace(state, phase="deal")
    if state.phase == "scoring":
        index = state.scoring_index + 1
        if index < n:
            return replace(state, scoring_index=index)
        if state.round >= RULES.rounds:
            return replace(state, scoring_index=index, phase="final", refill=0)  # nothing is bought any more
        return replace(state, scoring_index=index, phase="deal")
    return state
