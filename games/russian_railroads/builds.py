"""Locos and factories: building them (``BuildLoco``, ``BuildFactory``), placing a
displaced loco (``PlaceLoco``, ``DiscardLoco``), and the listing of every build a seat
may make now (the item each would use, chosen as ``decide`` chooses it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from games.contract import Event, IllegalMove

from . import actions, locomotives
from .choosing import _guard_blocking, _mandatory_left
from .context import Ctx, arg, line_arg
from .evolve import apply
from .items import Item, loco_to_place, placing
from .state import PlayerState, State


def _choose_tile(ctx: Ctx, seat: str, candidates: list[Item], event_type: str,
                 payload: Callable[[Item], dict[str, Any]], what: str) -> Item:
    """Like :func:`_choose` for a loco or factory build, which also changes the shared
    stacks and display: taking the last tile of a stack may leave the other half of
    the 3-worker space (a mandatory loco or factory) impossible, so the check runs on
    a copy of the whole state with the build applied."""
    if not candidates:
        raise IllegalMove("rr.turn.no_such_action", f"no open {what} allows this")
    for item in candidates:
        if not _mandatory_left(ctx.work.pending, item.id):
            return item
        if _finishable_with(ctx.work, seat, event_type, payload(item)):
            return item
    raise IllegalMove("rr.turn.mandatory_blocked",
                      "this would leave a mandatory action impossible to complete")


def _finishable_with(work: State, seat: str, event_type: str, payload: dict[str, Any]) -> bool:
    """Can the mandatory items still be completed once this build's event is folded?"""
    hypo = work.clone()
    apply(hypo, Event(event_type, payload))
    return actions.pending_feasible(hypo, hypo.players[seat], hypo.pending)


def _tiles_items(work: State, seat: str, kinds: dict[str, Any], event_type: str,
                 payloads: list[Callable[[Item], dict[str, Any]]]) -> list[Item | None]:
    """For each build (its event's payload given the item used), the pending item
    :func:`_choose_tile` would choose for it (None: none).  The items and whether using
    one leaves a mandatory item open are worked out once for all the builds."""
    plan: list[tuple[Item, bool]] = []  # (item, is a mandatory item left open after using it?), _choose_tile's order
    for item in actions.matching(work.pending, kinds):
        if not _mandatory_left(work.pending, item.id):
            if not plan:
                return [item] * len(payloads)  # the first candidate serves every build
            plan.append((item, False))
            break
        plan.append((item, True))
    verdicts: dict[Any, bool] = {}  # the check after a build, by what it depends on
    # (loops, no nested function or generator: those would make six cells at every call)
    result: list[Item | None] = []
    for payload in payloads:
        chosen = None
        for item, open_ in plan:
            if not open_ or _finishable_kept(work, seat, event_type, item, payload(item), verdicts):
                chosen = item
                break
        result.append(chosen)
    return result


def _finishable_kept(work: State, seat: str, event_type: str, item: Item, payload: dict[str, Any],
                     verdicts: dict[Any, bool]) -> bool:
    """:func:`_finishable_with` of a build using ``item``, kept in ``verdicts`` by what
    the check reads (:func:`_what_the_check_reads`)."""
    key = _what_the_check_reads(event_type, actions.needs_after_use(work.pending, item.id), item, payload)
    if key is None:
        return _finishable_with(work, seat, event_type, payload)
    if key not in verdicts:
        verdicts[key] = _finishable_with(work, seat, event_type, payload)
    return verdicts[key]


def _what_the_check_reads(event_type: str, needs: actions._Needs | None, item: Item,
                          payload: dict[str, Any]) -> Any:
    """What the check after a build (:func:`_finishable_with`) depends on, where that is
    less than the whole build (None: all of it).  Every loco build changes the stacks
    alike and only the seat's locos besides, which a demand without locos never reads;
    a factory build changes the stacks or display by its source and the replaced
    factory, and the seat's factories, which only industry, ``repeat_one`` and own
    factory demands read."""
    if needs is None:
        return item.id, None
    if event_type == "LocoBuilt" and not (needs.loco or needs.either or needs.special_loco):
        return item.id, "any loco build"
    if event_type == "FactoryBuilt" and not (needs.industry or needs.repeat or needs.own_factory):
        return item.id, payload["source"], payload["number"], payload["replaced"]
    return None


def loco_builds(work: State, seat: str) -> list[tuple[int, int, int, Item]]:
    """(line, replaced loco, number, the pending item it uses) of every loco build
    :func:`build_loco` admits now, in ``locomotives.placements`` order: its checks for
    the builds the placements offer (the legal-move listing; ``decide`` takes the
    item from there for the very command listed, :func:`build_listed`)."""
    number = locomotives.lowest_stack(work.stacks)
    if not number or actions.blocking_item(work.pending) is not None:
        return []
    places = locomotives.placements(work.players[seat], number)
    # (loops and partials: comprehensions and closures over the arguments would make
    # cells at every call, and most listings use none of the payloads)
    payloads: list[Callable[[Item], dict[str, Any]]] = []
    for line, replace in places:
        payloads.append(partial(_loco_payload, seat, number, line, replace))
    items = _tiles_items(work, seat, _LOCO_ITEMS, "LocoBuilt", payloads)
    builds = []
    for (line, replace), item in zip(places, items, strict=True):
        if item is not None:
            builds.append((line, replace, number, item))
    return builds


def factory_builds(work: State, seat: str) -> list[tuple[str, int, int]]:
    """(source, number, slot) of every factory build :func:`build_factory` admits now,
    sources in ``locomotives.factory_sources`` order, then slots (the listing)."""
    if actions.blocking_item(work.pending) is not None:
        return []
    p = work.players[seat]
    builds = []  # (loops and partials, as in loco_builds)
    payloads: list[Callable[[Item], dict[str, Any]]] = []
    for source, number in locomotives.factory_sources(work.stacks, work.display):
        for slot in locomotives.factory_slots_at(work, p):
            builds.append((source, number, slot))
            payloads.append(partial(_factory_payload, seat, p, source, number, slot))
    items = _tiles_items(work, seat, _FACTORY_ITEMS, "FactoryBuilt", payloads)
    return [build for build, item in zip(builds, items, strict=True) if item is not None]


#: the pending items a loco build, a factory build may use (``actions.matching`` kinds)
_LOCO_ITEMS: dict[str, Any] = {"loco": None, "loco_or_factory": None}
_FACTORY_ITEMS: dict[str, Any] = {"factory": None, "loco_or_factory": None}


def _loco_payload(seat: str, number: int, line: int, replace: int, item: Item) -> dict[str, Any]:
    """The ``LocoBuilt`` payload of a build using ``item`` (bound to a build by a partial)."""
    return {"seat": seat, "number": number, "line": line, "replaced": replace, "use": item.id}


def _factory_payload(seat: str, p: PlayerState, source: str, number: int, slot: int, item: Item) -> dict[str, Any]:
    """The ``FactoryBuilt`` payload of a build using ``item`` (bound to a build by a partial)."""
    return {"seat": seat, "number": number, "source": source, "slot": slot,
            "replaced": p.factories[slot], "use": item.id}


def build_loco(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    line = line_arg(args, ctx.work)
    replace = arg(args, "replace", int, 0)
    number = locomotives.lowest_stack(ctx.work.stacks)
    if not number:
        raise IllegalMove("rr.loco.none_left", "no locomotive left in the stacks")
    _check_number(args, number, "rr.loco.lowest_only", "locomotives come from the lowest-numbered stack")
    _check_placement(ctx.p(seat), number, line, replace, -1)

    payload = partial(_loco_payload, seat, number, line, replace)
    item = _choose_tile(ctx, seat, actions.matching(ctx.work.pending, _LOCO_ITEMS), "LocoBuilt", payload,
                        "locomotive build")
    build_listed(ctx, seat, line, replace, number, item)


def build_listed(ctx: Ctx, seat: str, line: int, replace: int, number: int, item: Item) -> None:
    """:func:`build_loco` once checked (by itself, or by the listing of this very state:
    ``decide.listed_build`` with the item :func:`loco_builds` found): only what it emits."""
    ctx.emit("LocoBuilt", _loco_payload(seat, number, line, replace, item))
    if replace:
        ctx.add_item(seat, "place_loco", 1, True, loco_to_place(replace, line), True, "loco_exchange")
    ctx.check_specials(seat)


def _check_number(args: Mapping[str, Any], number: int, code: str, message: str) -> None:
    """The optional ``number`` a legal command carries (so that its sentence can name
    the locomotive) must be the one the rules give now."""
    given = arg(args, "number", int, 0)
    if given and given != number:
        raise IllegalMove(code, message)


def _check_placement(p: PlayerState, number: int, line: int, replace: int, exclude: int) -> None:
    if line == exclude:
        raise IllegalMove("rr.loco.same_line", "the exchanged locomotive must go to one of the other lines")
    if (line, replace) not in locomotives.placements(p, number, exclude):
        if replace:
            raise IllegalMove("rr.loco.not_higher",
                              "a locomotive may only replace a lower one lying on that line")
        raise IllegalMove("rr.loco.slot_taken", "no free locomotive slot on that line")


def may_discard(p: PlayerState, exclude: int) -> bool:
    """:func:`discard_loco`'s own check: a loco displaced by an exchange (``exclude``
    its old line) may always become a factory; the ?-card's #9 only with no free slot."""
    return not (exclude < 0 and locomotives.has_free_slot(p, exclude))


def place_loco(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    item = actions.blocking_item(ctx.work.pending)
    if item is None or item.kind != "place_loco":
        raise IllegalMove("rr.turn.no_such_action", "no locomotive waits to be placed")
    line = line_arg(args, ctx.work)
    replace = arg(args, "replace", int, 0)
    number, exclude = placing(item.arg)
    _check_number(args, number, "rr.loco.other_number", f"the locomotive to place is number {number}")
    _check_placement(ctx.p(seat), number, line, replace, exclude)
    ctx.emit("LocoPlaced", {"seat": seat, "number": number, "line": line, "replaced": replace, "use": item.id})
    if replace:
        ctx.add_item(seat, "place_loco", 1, True, loco_to_place(replace, line), True, "loco_exchange")
    ctx.check_specials(seat)


def discard_loco(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    item = actions.blocking_item(ctx.work.pending)
    if item is None or item.kind != "place_loco":
        raise IllegalMove("rr.turn.no_such_action", "no locomotive waits to be placed")
    number, exclude = placing(item.arg)
    _check_number(args, number, "rr.loco.other_number", f"the locomotive to place is number {number}")
    # A locomotive displaced by an exchange (exclude >= 0) may go to one of the two other
    # lines or become a factory, as the player chooses (issue 10, rules audit).  The #9
    # of the ?-card (exclude < 0) is a competitive action: placed if at all possible.
    if not may_discard(ctx.p(seat), exclude):
        raise IllegalMove("rr.loco.must_place", "this locomotive must be placed while a slot is free")
    ctx.emit("LocoDiscarded", {"seat": seat, "number": number, "use": item.id})


def build_factory(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    source = arg(args, "source", str, "stack")
    number = arg(args, "number", int, 0)
    work = ctx.work
    if source == "stack":
        lowest = locomotives.lowest_stack(work.stacks)
        if not lowest:
            raise IllegalMove("rr.factory.none_left", "no locomotive left in the stacks")
        if number and number != lowest:
            raise IllegalMove("rr.factory.lowest_only", "factories come from the lowest-numbered stack")
        number = lowest
    elif source == "display":
        if not (1 <= number <= 9) or work.display[number] <= 0:
            raise IllegalMove("rr.factory.not_in_display", "that factory is not in the display")
    else:
        raise IllegalMove("rr.args.invalid", "source must be 'stack' or 'display'")
    p = ctx.p(seat)
    slots = locomotives.factory_slots_at(ctx.work, p)
    slot = arg(args, "slot", int, slots[0] if len(slots) == 1 else -1)
    if slot not in slots:
        raise IllegalMove("rr.factory.slot", "factories fill the gaps left to right; a replacement needs all 5 filled")

    payload = partial(_factory_payload, seat, p, source, number, slot)
    item = _choose_tile(ctx, seat, actions.matching(work.pending, _FACTORY_ITEMS), "FactoryBuilt", payload,
                        "factory build")
    ctx.emit("FactoryBuilt", payload(item))
