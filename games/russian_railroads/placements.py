"""Placing workers, listed: every action space a seat may use now and every way to pay
for it (coins for workers, the black worker), checked as ``place_workers`` checks
(:mod:`.spaces`); and the interned legal commands every listing hands out.

Shared by the legal-move listings (:mod:`.legal`, the Deutschland and USA tableaus)
and by ``decide`` (a pass is refused while a placement is possible after an income
marker or a coal field was used).
"""

from __future__ import annotations

from typing import Any

from games.contract import Command
from games.kit.bounded import MEMO_ENTRIES, keep

from . import actions, spaces, tracks
from .spaces import available_infos, space_error
from .state import PlayerState, State

#: Legal commands are values: the same command (type, seat, arguments) is built once
#: and handed out again (building a frozen ``Command`` is dear in a listing).  Nothing
#: changes a command's arguments; the memo is bounded.
_COMMANDS: dict[tuple[Any, ...], Command] = {}
#: Entries :data:`_COMMANDS` and :data:`_VARIANTS` hold at most.
_COMMAND_ENTRIES = 20_000


def interned(ctype: str, seat: str, args: dict[str, Any]) -> Command:
    key = (ctype, seat, *args.items())
    command = _COMMANDS.get(key)
    if command is None:
        command = keep(_COMMANDS, key, Command(ctype, seat, args), _COMMAND_ENTRIES)
    return command


def pass_command(seat: str) -> Command:
    """The interned ``Pass`` of ``seat`` (every placement listing hands it out)."""
    command = _PASSES.get(seat)
    if command is None:
        command = _PASSES[seat] = interned("Pass", seat, {})
    return command


_PASSES: dict[str, Command] = {}


#: The placement variants of one space for one payment situation, built once: the
#: commands depend only on the seat, the space and the numbers the loop below compares.
_VARIANTS: dict[tuple[str, str, int, int, bool], tuple[Command, ...]] = {}


def _variants(key: tuple[str, str, int, int, bool], workers: int) -> tuple[Command, ...]:
    """Every way to pay ``workers`` on a space: ``key`` is (seat, space, coins usable
    for workers, free workers, black worker free), :func:`decide.cost_error` unrolled.
    Any number of free workers from ``workers`` up admits the same variants, so the
    key caps it there."""
    found = _VARIANTS.get(key)
    if found is None:
        seat, space, most_coins, free, black_free = key
        result = []
        for coins in range(0, most_coins + 1):
            if workers - coins <= free:
                result.append(Command("PlaceWorkers", seat, {"space": space, "coins": coins, "black": False}))
            if black_free and workers - coins >= 1 and workers - coins - 1 <= free:
                result.append(Command("PlaceWorkers", seat, {"space": space, "coins": coins, "black": True}))
        found = keep(_VARIANTS, key, tuple(result), _COMMAND_ENTRIES)
    return found


def placement_commands(state: State, seat: str) -> list[Command]:
    """Every placement variant (coins for workers, the black worker) the seat can pay
    for on a space that ``check_space`` admits: the same checks ``place_workers`` runs
    (:func:`space_error`, and :func:`cost_error` unrolled over the variants)."""
    p = state.players[seat]
    result: list[Command] = []
    have, free, black_free = p.coins, p.free, p.black_free
    own = p.engineers
    occupied = state.occupied
    memo: dict[Any, Any] = {}  # the seat's track room, industry room ... (effects_feasible)
    base_tracks = state.table.tableau.track_rules is None  # (another tableau: its own track rules)
    infos = available_infos(state, seat)
    pays = _PAYS.get((seat, have, free, black_free))
    if pays is None or len(pays) < len(spaces.PAYMENTS):
        pays = _payments(seat, have, free, black_free)
    rooms = [-1, -1, -1, -1, -1]  # the track room by colour, as asked (read faster than ``memo``)
    for info in infos:
        paid = pays[info.pay]
        if paid is None:
            continue  # the seat cannot pay this space's cost
        space = info.id
        if space in occupied and not info.never_occupied:
            continue  # the first check of space_error, the commonest refusal, made early
        number = info.number
        if info.own_rules:
            if space_error(state, seat, info, not (number and number in own), memo=memo) is not None:
                continue
        elif not (number and number in own):  # competitive: space_error's one remaining check
            colour = info.room_colour
            if colour >= 0 and base_tracks:  # the commonest space: steps of one colour
                room = rooms[colour]
                if room < 0:
                    room = rooms[colour] = memo[colour] = tracks.capacity(p.tr, p.unlocked, colour)
                if room < info.room_n:
                    continue
            elif not info.demands_nothing and not feasible(state, p, info, memo, base_tracks):
                continue
        variants = paid.get(space)
        if variants is None:
            variants = paid[space] = _space_variants(seat, info, have, free, black_free)
        result.extend(variants)
    return result


def _space_variants(seat: str, info: spaces.SpaceInfo, have: int, free: int, black_free: bool
                    ) -> tuple[Command, ...]:
    """The placement variants of one space a seat who can pay its cost may choose."""
    workers, fixed = info.workers, info.coins
    key = (seat, info.id, workers if workers < have - fixed else have - fixed,
           free if free < workers else workers, black_free)
    variants = _VARIANTS.get(key)
    return variants if variants is not None else _variants(key, workers)


#: By (seat, coins, free workers, black worker free): for each cost of
#: ``spaces.PAYMENTS``, None where the seat cannot pay it, else the variants found so
#: far by space (what the listing would build again from the same numbers)
_PAYS: dict[tuple[str, int, int, bool], list[dict[str, tuple[Command, ...]] | None]] = {}


def _payments(seat: str, have: int, free: int, black_free: bool) -> list[dict[str, tuple[Command, ...]] | None]:
    """:data:`_PAYS` of one payment situation, made: the listing's first cost check
    (fixed coins the seat has, workers its coins and workers can cover) per cost."""
    spare = free + (1 if black_free else 0)
    pays: list[dict[str, tuple[Command, ...]] | None] = [
        None if fixed > have or workers - have > spare else {} for workers, fixed in spaces.PAYMENTS]
    return keep(_PAYS, (seat, have, free, black_free), pays, MEMO_ENTRIES)


def feasible(state: State, p: PlayerState, info: spaces.SpaceInfo, memo: dict[Any, Any], base_tracks: bool) -> bool:
    """``actions.effects_feasible`` of a space's effects, the commonest single demands
    of the listing (industry steps, one step of several colours, locos and factories,
    doublers) answered from the listing's room memo as ``effects_feasible`` answers
    them."""
    needs = info.needs
    shape = needs.shape
    if shape == "industry":
        room = memo.get(_INDUSTRY)
        if room is None:
            room = actions.industry_room(memo, p, False, state)
        return room >= needs.industry
    if shape == "one_step" and base_tracks:
        for colour in needs.colours:
            room = memo.get(colour)
            if room is None:
                room = memo[colour] = tracks.capacity(p.tr, p.unlocked, colour)
            if room:
                return True
        return False
    if shape == "tiles":
        return actions.tiles_feasible(state, p, needs, memo)
    if shape == "doublers":
        return actions.doubler_room(state, p) >= needs.doublers
    return actions.effects_feasible(state, p, info.effects, memo=memo, needs=needs)


#: the memo key of ``actions.industry_room`` without an extra factory
_INDUSTRY = ("industry", False)
