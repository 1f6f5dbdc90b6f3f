"""States the evaluation values as a decision's, made without deciding it (the bots' lookahead).

The search's lookahead values the position after each first command of a turn and
decides only the few it completes (issue 26, tenth round: 7.6 action cards peeked per
search node, one in five of them played on).  For a listed ``TakeCard`` the fields
:func:`games.first_class.evaluation.evaluate` reads change in a way simple enough to
make directly: the mover's player (the card taken, the route card, the contract) and the
open parts (the card's frame on top); what it does not read (the rows, the row counts)
is left as it was, so such a state is for valuing only, never to play on.
``tests/first_class/test_bots.py`` checks the values against the decided states'.
"""

from __future__ import annotations

from typing import Any

from games.contract import Command

from . import trains
from .data import RULES
from .effects import parts
from .evolve import _consumed
from .state import Pending, State, replace

#: Per action card: its route card, whether it is a contract, its parts and celebrity as
#: ``(kind, n, train)`` (what ``effects.apply`` queues as one frame), its postcard: looked
#: up once, not per card valued.
_Plan = tuple[str | None, bool, tuple[tuple[str, int, int], ...], bool]


def _plans() -> dict[str, _Plan]:
    out: dict[str, _Plan] = {}
    for card in RULES.cards.values():
        items = [(kind, n, train) for kind, n, train in parts(card.effects)]
        if card.celebrity:
            items.append(("celebrity", 1, -1))
        out[card.id] = (card.route, bool(card.contract), tuple(items), bool(card.postcard))
    return out


_ACTIONS = _plans()


def take_card(state: State, seat: str, command: Command) -> State | None:
    """A state valued as the one after a listed ``TakeCard`` of ``seat`` (None: not made;
    decide it).  The events it stands for: ``CardTaken`` (the card to the player's taken
    cards), in the actions mode ``RouteExtended`` and ``ContractOpened`` where the card
    has them, its parts and celebrity as one frame on top, its postcard as one more; in
    the upgrade mode one frame of ``upgrade_or_car``.  The frames are numbered as
    ``evolve``'s ``EffectsQueued`` numbers them (the highest open one plus one)."""
    args = command.args
    card_id = args.get("card")
    plan = _ACTIONS.get(card_id)  # type: ignore[arg-type]
    if plan is None or state.phase != "play" or state.took or seat != state.current():
        return None
    mode = args.get("mode")
    p = state.players[seat]
    pending: tuple[Pending, ...] = state.pending
    frame = 0
    for part in pending:  # a loop: see ``evolve``'s ``EffectsQueued``
        if part[3] > frame:
            frame = part[3]
    if mode == "upgrade":
        player = replace(p, taken=p.taken + (card_id,))
        pending = (("upgrade_or_car", 1, -1, frame + 1),) + pending
    elif mode == "actions":
        route, contract, items, postcard = plan
        changes: dict[str, Any] = {"taken": p.taken + (card_id,)}
        if route:
            changes["route"] = p.route + (route,)
        if contract:
            changes["contracts"] = p.contracts + (card_id,)
        player = replace(p, **changes)
        if items:
            frame += 1
            queued: list[Pending] = []
            for kind, n, train in items:
                queued.append((kind, n, train, frame))
            pending = tuple(queued) + pending
        if postcard:
            frame += 1
            pending = (("postcard", 1, -1, frame),) + pending
    else:
        return None
    players = dict(state.players)
    players[seat] = player
    return replace(state, players=players, pending=pending, took=True)


#: The supply kind a new 0-car is taken from.
_ZERO_KIND = RULES.kind_of_level[0]
#: The fewest cards of a train that may call for a post wagon or a LOK tile.
_GROWTH = min(RULES.post_at_car, RULES.lok_at_card)


def attach_car(state: State, seat: str, command: Command) -> State | None:
    """A state valued as the one after a listed ``AttachCar`` of ``seat`` (None: not made;
    decide it): ``CarAttached`` (a 0-car on the right of the train, one card of its kind
    from the supply, one unit of the part it carries out consumed, the part chosen as the
    rules choose it: a ``car`` part first, else ``upgrade_or_car``).  Not made where the
    new car calls for a post wagon or a LOK tile (more events follow)."""
    t = command.args.get("train")
    if t != 0 and t != 1:
        return None
    chosen = None
    top = state.top()
    for kind in ("car", "upgrade_or_car"):  # ``decide``'s ``_part`` order
        for part in top:
            if part[0] == kind:
                chosen = part
                break
        if chosen is not None:
            break
    if chosen is None:
        return None
    p = state.players[seat]
    train = p.trains[t]
    if not trains.can_attach(train, state.supply):
        return None
    grown = train + (("car", 0, False),)
    if len(grown) >= _GROWTH and (trains.needs_post(grown) or trains.needs_lok(grown)):
        return None  # (a shorter train has fewer cars than a post wagon and cards than a LOK tile asks)
    supply = dict(state.supply)
    supply[_ZERO_KIND] -= 1
    pending = _consumed(state, {"consumes": 1, "step": [chosen[0], chosen[2]]})
    players = dict(state.players)
    players[seat] = replace(p, trains=(grown, p.trains[1]) if t == 0 else (p.trains[0], grown))
    return replace(state, players=players, supply=supply, pending=pending)
