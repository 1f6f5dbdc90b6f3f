"""``decide``: validate a command against the state and return its events.

Placing workers (with coins replacing workers, the black worker and the
temporary workers), passing, the start-bonus draft, the relocation after the
turn-order reshuffle and the system work (turn order, round and final scoring)
live here; the sub-moves that spend gained actions are in :mod:`submoves`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.contract import SYSTEM, Command, Event, IllegalMove

from . import actions, engineers, spaces, turn_order
from .builds import build_listed
from .context import Ctx, arg
from .data import RULES
from .evolve import remember_outcome
from .items import Item
from .placements import placement_commands
from .spaces import check_space, cost_error
from .state import State
from .submoves import SUBMOVES
from .track_steps import advance_listed


def place_workers(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    state = ctx.work
    if state.phase != "actions":
        raise IllegalMove("rr.phase.not_actions", "workers are placed only in the action phase")
    if state.placed:
        raise IllegalMove("rr.turn.one_action", "only one action space per turn")
    space = arg(args, "space", str)
    coins = arg(args, "coins", int, 0)
    black = arg(args, "black", bool, False)
    effects, competitive = check_space(state, seat, space)
    workers, fixed_coins = spaces.space_cost(state, space)
    p = ctx.p(seat)
    error = cost_error(p, workers, fixed_coins, coins, black)
    if error:
        raise IllegalMove(*error)
    payload: dict[str, Any] = {"seat": seat, "space": space, "workers": workers - coins,
                               "coins": coins + fixed_coins, "black": black}
    _occupy(ctx, seat, space, "WorkersPlaced", payload, effects, competitive, black)


def was_listed(state: State, command: Command) -> bool:
    """Is ``command`` the very object ``legal_commands`` listed as a placement for this
    state (base game)?  Then every check of :func:`place_workers` has passed already
    (an equal command from elsewhere, the API's, is a different object: checked)."""
    listed = state._placements
    if listed is not None:
        for known in listed:
            if known is command:
                return True
    return False


def listed_step(state: State, command: Command) -> tuple[int, int, Item] | None:
    """(line, colour, pending item) of a track step ``legal_commands`` listed for this
    state as this very command object (base game), else None: see :func:`was_listed`."""
    listed = state._steps
    if listed is not None:
        for known, line, colour, item in listed:
            if known is command:
                return line, colour, item
    return None


def listed_build(state: State, command: Command) -> tuple[int, int, int, Item] | None:
    """(line, replaced loco, number, pending item) of a loco build ``legal_commands``
    listed for this state as this very command object (base game), else None: see
    :func:`was_listed`."""
    listed = state._builds
    if listed is not None:
        for known, line, replace, number, item in listed:
            if known is command:
                return line, replace, number, item
    return None


def place_listed(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """:func:`place_workers` for a placement :func:`was_listed`: only what it emits
    (:func:`_occupy` with what the space's :class:`spaces.SpaceInfo` knows: its engineer
    number, the never-occupied space, the black worker's bonus step)."""
    space, coins, black = args["space"], args["coins"], args["black"]
    info = spaces.space_info(space)
    number = info.number
    payload: dict[str, Any] = {"seat": seat, "space": space, "workers": info.workers - coins,
                               "coins": coins + info.coins, "black": black}
    competitive = True
    if number and number in ctx.work.players[seat].engineers:
        payload["own"] = number
        competitive = False
    if info.never_occupied:
        payload["never_occupied"] = True
    ctx.emit("WorkersPlaced", payload)
    ctx.gain(seat, info.effects, competitive, space)
    if black and info.allows_black:
        ctx.add_item(seat, "steps", 1, False, "black", False, "black_worker")


def _occupy(ctx: Ctx, seat: str, space: str, event: str, payload: dict[str, Any], effects: Any,
            competitive: bool, black: bool) -> None:
    """Placing and relocating end alike: note an own engineer and the never-blocked
    space, then gain the space's actions (and the black worker's bonus step)."""
    number = engineers.number_of(space)
    if number and number in ctx.p(seat).engineers:
        payload["own"] = number
    if RULES.spaces.get(space, {}).get("never_occupied"):
        payload["never_occupied"] = True
    ctx.emit(event, payload)
    ctx.gain(seat, effects, competitive, space)
    if black and spaces.allows_black(effects):
        ctx.add_item(seat, "steps", 1, False, "black", False, "black_worker")


def pass_turn(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    state = ctx.work
    if state.phase != "actions":
        raise IllegalMove("rr.phase.not_actions", "passing is possible only in the action phase")
    if state.placed:
        raise IllegalMove("rr.turn.one_action", "you already acted this turn")
    if state.acted and _can_place(state, seat):
        # An income marker or coal field used before placing: "Du darfst keine ...
        # nutzen, wenn du passt."  Only a seat left with no placement may still pass.
        raise IllegalMove("rr.de.income_no_pass", "you used an income marker or coal field this turn: place workers")
    ctx.emit("Passed", {"seat": seat, "points": turn_order.pass_points(state, seat)})


def _can_place(state: State, seat: str) -> bool:
    return bool(placement_commands(state, seat))


def choose_start_bonus(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    state = ctx.work
    if state.phase != "draft":
        raise IllegalMove("rr.phase.not_draft", "start bonus cards are drafted before round 1")
    if state.placed:
        raise IllegalMove("rr.draft.once", "one start bonus card per player")
    card = arg(args, "card", str)
    if card not in state.draft_cards:
        raise IllegalMove("rr.draft.unavailable", "that start bonus card is not available")
    ctx.emit("StartBonusChosen", {"seat": seat, "card": card})
    ctx.gain(seat, RULES.start_bonus[card], True, f"start_{card}")


def relocate(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    state = ctx.work
    if state.phase != "relocation":
        raise IllegalMove("rr.phase.not_relocation", "workers are relocated after the turn order is resolved")
    if state.placed:
        raise IllegalMove("rr.relocate.once", "the worker has already been relocated")
    space = arg(args, "space", str)
    effects, competitive = check_space(state, seat, space, relocation=True)
    workers, coins = spaces.space_cost(state, space)
    if workers != 1 or coins != 0:
        raise IllegalMove("rr.relocate.one_worker",
                          "a relocated worker may only go to a space needing exactly 1 worker")
    source = state.reloc_from[seat]
    black = bool(state.occupied.get(source, [None, 0, 0, False])[3])
    _occupy(ctx, seat, space, "WorkerRelocated", {"seat": seat, "from": source, "to": space}, effects,
            competitive, black)


def skip_relocation(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    state = ctx.work
    if state.phase != "relocation":
        raise IllegalMove("rr.phase.not_relocation", "nothing to relocate now")
    if state.placed:
        raise IllegalMove("rr.relocate.once", "the worker has already been relocated")
    ctx.emit("RelocationSkipped", {"seat": seat})


TURN_COMMANDS = {
    "PlaceWorkers": place_workers,
    "Pass": pass_turn,
    "ChooseStartBonus": choose_start_bonus,
    "Relocate": relocate,
    "SkipRelocation": skip_relocation,
}


def resolve_turn_order(ctx: Ctx) -> None:
    state = ctx.work
    if state.phase != "reorder":
        raise IllegalMove("rr.system.not_due", "the turn order is resolved after all players passed")
    order = turn_order.new_order(state)
    ctx.emit("TurnOrderResolved", {"order": order, "relocations": turn_order.relocation_queue(state),
                                   "sources": turn_order.relocation_sources(state)})


def score_round(ctx: Ctx) -> None:
    state = ctx.work
    if state.phase != "scoring":
        raise IllegalMove("rr.system.not_due", "the round is scored after all players passed")
    table = state.table
    scores = {seat: table.scoring.tableau_value(state.players[seat]) for seat in state.seats}
    ctx.emit("RoundScored", {"round": state.round, "scores": scores})
    for scored in table.round_scored:  # (Emil gains workers: "Meistens wird dies in der Wertung passieren.")
        scored(ctx)
    if not state.last_round:
        ctx.emit("RoundBegan", {"round": state.round + 1})
        for began in table.round_began:  # (Emil's deck shuffled)
            began(ctx)
        return
    for before in table.before_final:  # (the stock market's end bonus)
        before(ctx)
    players = [ctx.work.players[s] for s in state.seats]
    others = tuple(row for rows in table.majority_rows for row in rows(ctx.work))  # (Emil's engineers)
    majority = engineers.majority(players, others)
    final: dict[str, Any] = {}
    for p in players:
        cards = table.scoring.end_cards_breakdown(p, table.end_card_cap)
        end_total = sum(c["vp"] for c in cards)
        final[p.seat] = {"cards": cards, "end_cards": end_total, "majority": majority[p.seat],
                         "total": p.vp + end_total + majority[p.seat]}
    ranking = sorted(state.seats, key=lambda s: (-final[s]["total"], state.order.index(s)))
    payload: dict[str, Any] = {"final": final, "ranking": ranking}
    for add in table.final_payload:  # (Emil's engineers)
        add(ctx, payload)
    # Everybody's face-down end-game cards are turned up: a reveal (and the end).
    ctx.emit("GameFinished", payload, barrier=True)


SYSTEM_COMMANDS = {"ResolveTurnOrder": resolve_turn_order, "ScoreRound": score_round}
_new_ctx = object.__new__


def _module_handler(state: State, ctype: str) -> Any:
    """The handler a module or the tableau in play has for a seat's command (None: the
    base one); raises where a module adds a rule to a base command."""
    table = state.table
    for handler in table.handlers:  # (DSP, the new engineers)
        found = handler(state, ctype)
        if found is not None:
            return found
    if ctype == "PlaceWorkers" and actions.blocking_item(state.pending) is not None:
        raise IllegalMove("rr.loco.finish_placement", "finish the open choice first")
    own = table.tableau.own_handler
    if own is not None:
        found = own(state, ctype)
        if found is not None:
            return found
    for handler in table.late_handlers:  # (the coal module)
        found = handler(state, ctype)
        if found is not None:
            return found
    return None


def handler_for(state: State, ctype: str) -> Any:
    """The handler ``decide`` runs for a seat's command (for the legal-move probes)."""
    found = None if state.table.plain else _module_handler(state, ctype)
    if found is not None:
        return found
    if ctype in TURN_COMMANDS:
        return TURN_COMMANDS[ctype]
    if ctype in SUBMOVES:
        if not state.placed and not state.pending:
            raise IllegalMove("rr.turn.place_first", "choose an action space (or pass) first")
        return SUBMOVES[ctype]
    raise IllegalMove("rr.command.unknown", f"unknown command {ctype!r}")


def decide(state: State, command: Command, rng: random.Random) -> list[Event]:
    if type(command) is not Command or type(command.type) is not str or type(command.args) is not dict:
        # (the listed commands pass the three exact tests above; anything else the long way)
        if not isinstance(command, Command) or not isinstance(command.type, str):
            raise IllegalMove("rr.command.invalid", "malformed command")
        if not isinstance(command.args, Mapping):
            raise IllegalMove("rr.args.invalid", "command arguments must be an object")
    # (Ctx's __init__, inline: a type call with a keyword and a frame per decision)
    ctx = _new_ctx(Ctx)
    ctx.base = state
    ctx.work = state.clone()
    ctx.probe = False
    events: list[Event] = []
    ctx.events = events
    ctx.states = []
    ctx._rng = rng
    ctx.line_names = state.table.line_names
    if command.seat == SYSTEM:
        handler = SYSTEM_COMMANDS.get(command.type) or state.table.system_commands.get(command.type)
        if handler is None:
            raise IllegalMove("rr.command.unknown", f"unknown system command {command.type!r}")
        handler(ctx)
        remember_outcome(state, events, ctx.states, ctx.work)
        return events
    if state.phase == "over":
        raise IllegalMove("rr.game.over", "the game is over")
    if command.seat not in state.seats:
        raise IllegalMove("rr.seat.unknown", f"unknown seat {command.seat!r}")
    table = state.table
    if command.seat != state.current or table.blocks_seats and table.blocked(state):
        raise IllegalMove("rr.turn.not_yours", "it is not your turn")
    seat = command.seat
    module = None if table.plain else _module_handler(state, command.type)
    if module is not None:
        module(ctx, seat, command.args)
    elif command.type == "PlaceWorkers" and was_listed(state, command):
        place_listed(ctx, seat, command.args)
    elif command.type == "AdvanceTrack" and (step := listed_step(state, command)) is not None:
        advance_listed(ctx, seat, *step)
    elif command.type == "BuildLoco" and (build := listed_build(state, command)) is not None:
        build_listed(ctx, seat, *build)
    elif command.type in TURN_COMMANDS:
        TURN_COMMANDS[command.type](ctx, seat, command.args)
    elif command.type in SUBMOVES:
        # (pending before placing: what an income marker or coal field gave)
        if not state.placed and not state.pending:
            raise IllegalMove("rr.turn.place_first", "choose an action space (or pass) first")
        SUBMOVES[command.type](ctx, seat, command.args)
    else:
        raise IllegalMove("rr.command.unknown", f"unknown command {command.type!r}")
    # (remember_outcome, inline)
    state._after = (tuple(events), (*ctx.states, ctx.work)) if events else None
    return events
