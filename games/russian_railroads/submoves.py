"""Sub-moves that spend the actions gained in a turn, one choice per command.

Like Yucata's move window: after placing workers the seat makes each choice
(which line gets a step, where a loco goes, which factory, which ?-token) as its
own command.  A sub-move uses the most specific pending item that allows it, but
never one whose use would leave a mandatory item impossible to finish.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.contract import SECRET, Event, IllegalMove

from . import actions, industry, locomotives, tracks
from .context import Ctx, arg, colour_arg, line_arg
from .data import BLACK, RULES, TRANSSIB, q_card_effects, q_tokens_for
from .evolve import apply
from .state import Item, PlayerState, State

Handler = Callable[[Ctx, str, Mapping[str, Any]], None]


def _choose(ctx: Ctx, seat: str, candidates: list[Item], hypo: Callable[[PlayerState], None] | None,
            supply: int | None = None, what: str = "action") -> Item:
    return _choose_in(ctx.work, seat, candidates, hypo, supply, what)


def _choose_in(work: State, seat: str, candidates: list[Item], hypo: Callable[[PlayerState], None] | None,
               supply: int | None = None, what: str = "action") -> Item:
    if not candidates:
        raise IllegalMove("rr.turn.no_such_action", f"no open {what} allows this")
    for item in candidates:
        rest = actions.consume(work.pending, item[0])
        if hypo is None or not _any_mandatory(rest):
            return item
        p = work.players[seat].clone()
        hypo(p)
        if actions.pending_feasible(work, p, rest, supply):
            return item
    raise IllegalMove("rr.turn.mandatory_blocked",
                      "this would leave a mandatory action impossible to complete")


def _any_mandatory(pending: tuple[Item, ...]) -> bool:
    """Is a mandatory item still open?  (Without one every use keeps the turn finishable.)"""
    for item in pending:
        if item[3] and item[2] > 0:
            return True
    return False


def _choose_tile(ctx: Ctx, seat: str, candidates: list[Item], event_type: str,
                 payload: Callable[[Item], dict[str, Any]], what: str) -> Item:
    """Like :func:`_choose` for a loco or factory build, which also changes the shared
    stacks and display: taking the last tile of a stack may leave the other half of
    the 3-worker space (a mandatory loco or factory) impossible, so the check runs on
    a copy of the whole state with the build applied."""
    if not candidates:
        raise IllegalMove("rr.turn.no_such_action", f"no open {what} allows this")
    for item in candidates:
        if not _any_mandatory(actions.consume(ctx.work.pending, item[0])):
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
        if not _any_mandatory(actions.consume(work.pending, item[0])):
            if not plan:
                return [item] * len(payloads)  # the first candidate serves every build
            plan.append((item, False))
            break
        plan.append((item, True))
    verdicts: dict[Any, bool] = {}  # the check after a build, by what it depends on

    def finishable(item: Item, payload: dict[str, Any]) -> bool:
        key = _what_the_check_reads(event_type, actions.needs_after_use(work.pending, item[0]), item, payload)
        if key is None:
            return _finishable_with(work, seat, event_type, payload)
        if key not in verdicts:
            verdicts[key] = _finishable_with(work, seat, event_type, payload)
        return verdicts[key]

    return [next((item for item, open_ in plan if not open_ or finishable(item, payload(item))), None)
            for payload in payloads]


def _what_the_check_reads(event_type: str, needs: actions._Needs | None, item: Item,
                          payload: dict[str, Any]) -> Any:
    """What the check after a build (:func:`_finishable_with`) depends on, where that is
    less than the whole build (None: all of it).  Every loco build changes the stacks
    alike and only the seat's locos besides, which a demand without locos never reads;
    a factory build changes the stacks or display by its source and the replaced
    factory, and the seat's factories, which only industry, ``repeat_one`` and own
    factory demands read."""
    if needs is None:
        return item[0], None
    if event_type == "LocoBuilt" and not (needs.loco or needs.either or needs.special_loco):
        return item[0], "any loco build"
    if event_type == "FactoryBuilt" and not (needs.industry or needs.repeat or needs.own_factory):
        return item[0], payload["source"], payload["number"], payload["replaced"]
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
    payloads = [_loco_payload(seat, number, line, replace) for line, replace in places]
    items = _tiles_items(work, seat, _LOCO_ITEMS, "LocoBuilt", payloads)
    return [(line, replace, number, item) for (line, replace), item in zip(places, items, strict=True)
            if item is not None]


def factory_builds(work: State, seat: str) -> list[tuple[str, int, int]]:
    """(source, number, slot) of every factory build :func:`build_factory` admits now,
    sources in ``locomotives.factory_sources`` order, then slots (the listing)."""
    if actions.blocking_item(work.pending) is not None:
        return []
    p = work.players[seat]
    builds = [(source, number, slot) for source, number in locomotives.factory_sources(work.stacks, work.display)
              for slot in locomotives.factory_slots(p)]
    payloads = [_factory_payload(seat, p, source, number, slot) for source, number, slot in builds]
    items = _tiles_items(work, seat, _FACTORY_ITEMS, "FactoryBuilt", payloads)
    return [build for build, item in zip(builds, items, strict=True) if item is not None]


#: the pending items a loco build, a factory build may use (``actions.matching`` kinds)
_LOCO_ITEMS: dict[str, Any] = {"loco": None, "loco_or_factory": None}
_FACTORY_ITEMS: dict[str, Any] = {"factory": None, "loco_or_factory": None}


def _loco_payload(seat: str, number: int, line: int, replace: int) -> Callable[[Item], dict[str, Any]]:
    def payload(item: Item) -> dict[str, Any]:
        return {"seat": seat, "number": number, "line": line, "replaced": replace, "use": item[0]}

    return payload


def _factory_payload(seat: str, p: PlayerState, source: str, number: int, slot: int
                     ) -> Callable[[Item], dict[str, Any]]:
    def payload(item: Item) -> dict[str, Any]:
        return {"seat": seat, "number": number, "source": source, "slot": slot,
                "replaced": p.factories[slot], "use": item[0]}

    return payload


def _guard_blocking(ctx: Ctx, kinds: tuple[str, ...]) -> None:
    _guard_blocking_state(ctx.work, kinds)


def _guard_blocking_state(work: State, kinds: tuple[str, ...]) -> None:
    block = actions.blocking_item(work.pending)
    if block is not None and block[1] not in kinds:
        raise IllegalMove("rr.loco.finish_placement",
                          "a locomotive placement (with its chain) must be completed first")


def advance_track(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    line, colour = line_arg(args), colour_arg(args)
    target, item = track_step(ctx.work, seat, line, colour)
    _emit_step(ctx, seat, line, colour, target, item)


def advance_listed(ctx: Ctx, seat: str, line: int, colour: int, item: Item) -> None:
    """:func:`advance_track` for a step the listing found legal in this very state,
    with the item :func:`step_choices` found for it: only what it emits."""
    p = ctx.p(seat)
    _emit_step(ctx, seat, line, colour, tracks.step_target(p.tr, p.unlocked, line, colour), item)


def _emit_step(ctx: Ctx, seat: str, line: int, colour: int, target: int, item: Item) -> None:
    ctx.emit("TrackAdvanced", {"seat": seat, "line": line, "colour": colour, "to": target, "use": item[0]})
    if line == TRANSSIB and colour == BLACK:
        for c, steps in tracks.unlocks_for(target, ctx.p(seat).unlocked):
            ctx.emit("TracksUnlocked", {"seat": seat, "colour": c})
            if steps:
                ctx.add_item(seat, "steps", steps, False, RULES.colours[c], False, "transsib_15")
    ctx.check_specials(seat)


def track_step(work: State, seat: str, line: int, colour: int) -> tuple[int, Item]:
    """Every check of :func:`advance_track` once its arguments are parsed: (the space
    the track moves to, the pending item the step uses).  The legal-move listing
    calls this directly for each candidate step (the commonest sub-move)."""
    _guard_blocking_state(work, ())
    p = work.players[seat]
    if not p.unlocked[colour]:
        raise IllegalMove("rr.track.colour_locked", "this track colour has not been taken yet (Transsib 2/6/10/15)")
    if not RULES.allowed[line][colour]:
        raise IllegalMove("rr.track.colour_not_on_line", "this colour may not be built on this line")
    target = tracks.step_target(p.tr, p.unlocked, line, colour)
    if not target:
        if colour == BLACK:
            raise IllegalMove("rr.track.end_of_line", "a track may not move beyond the last space")
        raise IllegalMove("rr.track.overtake", "a track may never draw level with or pass the track ahead")
    return target, _choose_in(work, seat, actions.matching(work.pending, _STEP_KINDS[colour]),
                              _step_hypo(line, colour, target), what="track step")


def step_lines(work: State, seat: str, colour: int) -> list[int]:
    """The lines on which :func:`track_step` admits a step of ``colour`` (base tableau)."""
    return [line for line, _item in step_choices(work, seat, colour)]


def step_choices(work: State, seat: str, colour: int) -> list[tuple[int, Item]]:
    """(line, the pending item it uses) of every step of ``colour`` :func:`track_step`
    admits (base tableau), in line order, its checks shared between the lines: the
    candidate items are found once per colour, and only when using one leaves a
    mandatory demand open is each line's step tried on the track positions alone
    (:func:`_finishable_after`).  The legal-move listing asks this for every colour a
    pending item allows."""
    if actions.blocking_item(work.pending) is not None:
        return []
    p = work.players[seat]
    tr, unlocked = p.tr, p.unlocked
    step_target = tracks.step_target
    lines = [line for line in (0, 1, 2) if step_target(tr, unlocked, line, colour)]
    if not lines:
        return []
    #: the candidates in _choose_in's order, each with what the mandatory items left
    #: open after using it ask for (None: the step is finishable on every line)
    plan: list[tuple[Item, actions._Needs | None]] = []
    for item in actions.matching(work.pending, _STEP_KINDS[colour]):
        # (_choose_in's test is "a mandatory item left open"; one that demands nothing
        # of the tableau is always finishable, so the verdict is the same)
        needs = actions.needs_after_use(work.pending, item[0])
        everywhere = _same_on_every_line(work, p, needs, colour)
        if everywhere:
            if not plan:
                return [(line, item) for line in lines]  # the first candidate serves every line
            plan.append((item, None))
            break
        if everywhere is None:
            plan.append((item, needs))
    result = []
    for line in lines:
        for item, needs in plan:
            if needs is None or _finishable_after(work, p, needs, line, colour):
                result.append((line, item))
                break
    return result


def _same_on_every_line(work: State, p: PlayerState, needs: actions._Needs | None, colour: int) -> bool | None:
    """The hypothetical check of a step of ``colour`` where its answer does not depend
    on the line (None where it may): nothing demanded, or (base tableau) steps of the
    stepped colour alone, whose room any allowed step lowers by exactly one."""
    if needs is None:
        return True
    plain = needs.plain_colour
    if plain is not None and plain[0] == colour and not work.options.get("tableau"):
        return tracks.capacity(p.tr, p.unlocked, colour) - 1 >= plain[1]
    return None


def _step_kinds(colour: int) -> dict[str, Any]:
    """The pending items a track step of ``colour`` may use (``actions.matching`` kinds)."""
    kinds: dict[str, Any] = {"steps": lambda a: colour in tracks.colour_set(a)}
    if colour == BLACK:
        kinds["repeat_one"] = lambda a: "black" in a.split("|")
    return kinds


_STEP_KINDS = [_step_kinds(colour) for colour in range(len(RULES.colours))]


def _finishable_after(work: State, p: PlayerState, needs: actions._Needs, line: int, colour: int) -> bool:
    """``track_step``'s hypothetical check for one line: can the mandatory demand
    ``needs`` still be met after this step?  A demand of track steps alone is
    answered on copies of the track positions, without copying the player."""
    target = tracks.step_target(p.tr, p.unlocked, line, colour)
    if not needs.steps_only or work.options.get("tableau"):
        h = p.clone()
        _step_hypo(line, colour, target)(h)
        return actions.effects_feasible(work, h, (), needs=needs)
    tr, unlocked = list(p.tr), list(p.unlocked)
    tr[line * 5 + colour] = target
    if line == TRANSSIB and colour == BLACK:
        for c, _ in tracks.unlocks_for(target, unlocked):
            unlocked[c] = True
    if needs.plain_colour is not None:  # (what tracks.feasible answers for one colour)
        room_colour, n = needs.plain_colour
        return tracks.capacity(tr, unlocked, room_colour) >= n
    return tracks.feasible(tr, unlocked, needs.steps)


def _step_hypo(line: int, colour: int, target: int) -> Callable[[PlayerState], None]:
    """The track step as a change to a copy of the player (``_choose``'s ``hypo``)."""
    idx = line * 5 + colour

    def hypo(h: PlayerState) -> None:
        h.tr[idx] = target
        if line == TRANSSIB and colour == BLACK:
            for c, _ in tracks.unlocks_for(target, h.unlocked):
                h.unlocked[c] = True

    return hypo


def advance_industry(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    marker = arg(args, "marker", int, 1)
    target, item = industry_step(ctx.work, seat, marker)
    ctx.emit("IndustryAdvanced", {"seat": seat, "marker": marker, "to": target, "use": item[0]})
    ctx.enter_industry(seat, target)


def industry_step(work: State, seat: str, marker: int) -> tuple[int, Item]:
    """Every check of :func:`advance_industry` once its argument is parsed (no blocking
    item open): (the field the marker moves to, the pending item the step uses).  The
    legal-move listing calls this directly instead of probing the handler."""
    p = work.players[seat]
    if not 1 <= marker <= len(p.markers):  # a third with the Deutschland tableau
        raise IllegalMove("rr.args.invalid", "marker must be 1 or 2")
    if p.markers[marker - 1] < 0:
        raise IllegalMove("rr.industry.no_marker", "the second industry marker has not been taken")
    target = industry.step_target(p, marker - 1)
    if target < 0:
        raise IllegalMove("rr.industry.blocked",
                          "the marker may not enter or jump a gap without a factory, pass the end, "
                          "or share a field with the other marker")

    def hypo(h: PlayerState) -> None:
        h.markers[marker - 1] = target

    return target, _choose_in(work, seat, actions.matching(work.pending, _INDUSTRY_ITEMS), hypo,
                              what="industry step")


#: the pending items an industry step may use (``actions.matching`` kinds)
_INDUSTRY_ITEMS: dict[str, Any] = {"industry": None, "repeat_one": lambda a: "industry" in a.split("|")}


def place_doubler(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    item = doubler_item(ctx.work, seat)
    ctx.emit("DoublerPlaced", {"seat": seat, "use": item[0]})


def doubler_item(work: State, seat: str) -> Item:
    """Every check of :func:`place_doubler` (no blocking item open): the pending item
    the doubler uses.  The legal-move listing calls this directly."""
    if actions.doubler_room(work, work.players[seat]) < 1:
        raise IllegalMove("rr.doubler.none_left", "all 8 doubler slots are filled or the supply is empty")
    return _choose_in(work, seat, actions.matching(work.pending, _DOUBLER_ITEMS), _one_doubler_more,
                      supply=work.doubler_supply - 1, what="doubler")


def _one_doubler_more(h: PlayerState) -> None:
    """The doubler placement as a change to a copy of the player (``_choose``'s ``hypo``)."""
    h.doublers += 1


#: the pending items a doubler placement may use (``actions.matching`` kinds)
_DOUBLER_ITEMS: dict[str, Any] = {"doublers": None, "repeat_one": lambda a: "doubler" in a.split("|")}


def build_loco(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    line = line_arg(args, ctx.work)
    replace = arg(args, "replace", int, 0)
    number = locomotives.lowest_stack(ctx.work.stacks)
    if not number:
        raise IllegalMove("rr.loco.none_left", "no locomotive left in the stacks")
    _check_number(args, number, "rr.loco.lowest_only", "locomotives come from the lowest-numbered stack")
    _check_placement(ctx.p(seat), number, line, replace, -1)

    payload = _loco_payload(seat, number, line, replace)
    item = _choose_tile(ctx, seat, actions.matching(ctx.work.pending, _LOCO_ITEMS), "LocoBuilt", payload,
                        "locomotive build")
    build_listed(ctx, seat, line, replace, number, item)


def build_listed(ctx: Ctx, seat: str, line: int, replace: int, number: int, item: Item) -> None:
    """:func:`build_loco` once checked (by itself, or by the listing of this very state:
    ``decide.listed_build`` with the item :func:`loco_builds` found): only what it emits."""
    ctx.emit("LocoBuilt", _loco_payload(seat, number, line, replace)(item))
    if replace:
        ctx.add_item(seat, "place_loco", 1, True, replace * 10 + line + 1, True, "loco_exchange")
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
    if item is None or item[1] != "place_loco":
        raise IllegalMove("rr.turn.no_such_action", "no locomotive waits to be placed")
    line = line_arg(args, ctx.work)
    replace = arg(args, "replace", int, 0)
    number, exclude = item[4] // 10, item[4] % 10 - 1
    _check_number(args, number, "rr.loco.other_number", f"the locomotive to place is number {number}")
    _check_placement(ctx.p(seat), number, line, replace, exclude)
    ctx.emit("LocoPlaced", {"seat": seat, "number": number, "line": line, "replaced": replace, "use": item[0]})
    if replace:
        ctx.add_item(seat, "place_loco", 1, True, replace * 10 + line + 1, True, "loco_exchange")
    ctx.check_specials(seat)


def discard_loco(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    item = actions.blocking_item(ctx.work.pending)
    if item is None or item[1] != "place_loco":
        raise IllegalMove("rr.turn.no_such_action", "no locomotive waits to be placed")
    number, exclude = item[4] // 10, item[4] % 10 - 1
    _check_number(args, number, "rr.loco.other_number", f"the locomotive to place is number {number}")
    # A locomotive displaced by an exchange (exclude >= 0) may go to one of the two other
    # lines or become a factory, as the player chooses (issue 10, rules audit).  The #9
    # of the ?-card (exclude < 0) is a competitive action: placed if at all possible.
    if not may_discard(ctx.p(seat), exclude):
        raise IllegalMove("rr.loco.must_place", "this locomotive must be placed while a slot is free")
    ctx.emit("LocoDiscarded", {"seat": seat, "number": number, "use": item[0]})


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
    slots = locomotives.factory_slots(p)
    slot = arg(args, "slot", int, slots[0] if len(slots) == 1 else -1)
    if slot not in slots:
        raise IllegalMove("rr.factory.slot", "factories fill the gaps left to right; a replacement needs all 5 filled")

    payload = _factory_payload(seat, p, source, number, slot)
    item = _choose_tile(ctx, seat, actions.matching(work.pending, _FACTORY_ITEMS), "FactoryBuilt", payload,
                        "factory build")
    ctx.emit("FactoryBuilt", payload(item))


def choose_question_token(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    token = arg(args, "token", str)
    item = question_token_item(ctx.work, seat, token)
    ctx.emit("QuestionTokenTaken", {"seat": seat, "token": token, "space": item[4], "use": item[0]})
    ctx.gain(seat, q_tokens_for(ctx.work.options)[token], False, f"q_{token}")


def question_token_item(work: State, seat: str, token: str) -> Item:
    """Every check of :func:`choose_question_token` once its argument is parsed (no
    blocking item open): the pending item the token uses.  The legal-move listing
    calls this directly for each token instead of probing the handler."""
    found = actions.matching(work.pending, _Q_TOKEN_ITEMS)
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no ?-space reached")
    if token not in q_tokens_for(work.options):
        raise IllegalMove("rr.args.invalid", f"unknown ?-token {token!r}")
    p = work.players[seat]
    if token in p.q_used:
        raise IllegalMove("rr.qtoken.used", "each ?-token can be placed only once")
    if token == "revaluation" and "de_revaluation" in p.claims:
        # German ?-card "Aufwerter" (option new_q): "kann nicht mit dem Aufwerter aus dem
        # Grundspiel kombiniert werden"
        raise IllegalMove("rr.de.revaluation_combined",
                          "the German revaluation tile cannot be combined with the base revaluation marker")
    return found[0]


_Q_TOKEN_ITEMS: dict[str, Any] = {"q_token": None}


def choose_question_card(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    card = arg(args, "card", str)
    found = actions.matching(ctx.work.pending, {"q_card": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no ?-card may be chosen now")
    if card not in ctx.work.q_cards:
        raise IllegalMove("rr.qcard.gone", "that ?-card is not available")
    effects = q_card_effects(card)
    if ctx.p(seat).revaluation and any(op["op"] == "german_revaluation" for op in effects):
        raise IllegalMove("rr.qcard.not_executable", "a ?-card must be executable in full: you already "
                                                     "hold the base revaluation marker")
    if not actions.with_new_effects_feasible(ctx.work, ctx.p(seat), ctx.work.pending, effects):
        raise IllegalMove("rr.qcard.not_executable", "a ?-card must be executable in full")
    ctx.emit("QuestionCardTaken", {"seat": seat, "card": card, "use": found[0][0]})
    ctx.gain(seat, effects, True, f"qcard_{card}")


def mandatory_open(ctx: Ctx, seat: str) -> bool:
    p = ctx.p(seat)
    return any(item[3] and actions.item_alone_feasible(ctx.work, p, item) for item in ctx.work.pending)


def _end_card_choice(ctx: Ctx, seat: str) -> Item:
    """The open end-game card choice (?-token or factory 9), once it may be made."""
    _guard_blocking(ctx, ())
    found = actions.matching(ctx.work.pending, {"end_card": None, "end_card_or_vp": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no end-game card may be taken now")
    if mandatory_open(ctx, seat):
        raise IllegalMove("rr.endcard.mandatory_open",
                          "end-game cards are chosen only when no mandatory action is open (Yucata)")
    return found[0]


def search_end_cards(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """Look through the end-game stack: "Dann sieht er sich den Stapel mit den
    Spielende-Karten durch und sucht sich eine davon aus" (?-token), "sucht sich eine
    zusätzliche Endbonus-Karte aus oder erhält sofort 10 Punkte" (factory 9).

    The seat sees the cards of the stack, sorted (never their order), and from then
    on cannot undo its turn to before this event (a barrier): otherwise it could look,
    undo and play knowing the stack and, by complement, the 2 cards removed unseen.
    Looking is its own sub-move so that factory 9's 10 points can be taken unseen."""
    _end_card_choice(ctx, seat)
    if ctx.work.end_seen is not None:
        raise IllegalMove("rr.endcard.searched", "you have already looked through the end-game stack this turn")
    cards = sorted(ctx.work.end_deck)
    if not cards:
        raise IllegalMove("rr.endcard.stack_empty", "the end-game stack is empty")
    ctx.emit("EndCardsSearched", {"seat": seat, "count": len(cards), SECRET: {seat: {"cards": cards}}},
             barrier=True)


def choose_end_card(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    item = _end_card_choice(ctx, seat)
    card = arg(args, "card", str)
    seen = ctx.work.end_seen
    if seen is None:
        raise IllegalMove("rr.endcard.search_first", "look through the end-game stack before choosing a card")
    if card not in seen or card not in ctx.work.end_deck:
        raise IllegalMove("rr.endcard.not_in_stack", "that card is not in the end-game stack")
    ctx.emit("EndCardTaken", {"seat": seat, "use": item[0], SECRET: {seat: {"card": card}}}, barrier=True)


def take_points(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    found = actions.matching(ctx.work.pending, {"end_card_or_vp": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no factory 9 choice is open")
    if ctx.work.end_seen is not None and not actions.matching(ctx.work.pending, {"end_card": None}):
        # Factory 9 is "a card or 10 points": who looked through the stack for it takes a card.
        raise IllegalMove("rr.endcard.searched", "you looked through the end-game stack: choose a card")
    ctx.emit("PointsScored", {"seat": seat, "points": found[0][4], "reason": "factory_9", "use": found[0][0]})


def reuse_space(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    space = arg(args, "space", str)
    found = actions.matching(ctx.work.pending, {"reuse": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no re-use (engineer 8 / factory 3) is open")
    if space not in actions.reusable_spaces(ctx.work, seat):
        raise IllegalMove("rr.reuse.not_yours", "only a space where you stand with exactly 1 worker may be re-used")
    item = found[0]
    effects, competitive = actions.space_effects(ctx.work, seat, space)
    # Own engineer 8 and factory 3 are not in competition: the re-used action "darf man
    # auch verfallen lassen", wholly or in part.  A public engineer 8 is: its re-use must
    # be executable in full, and its steps are then mandatory.
    full = competitive and item[3]
    if full and not actions.with_new_effects_feasible(ctx.work, ctx.p(seat), ctx.work.pending, effects):
        raise IllegalMove("rr.action.not_executable", "a board action must be executable in full")
    ctx.emit("SpaceReused", {"seat": seat, "space": space, "use": item[0]})
    ctx.gain(seat, effects, full, f"reuse_{space}")


def jump_grey_track(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """Engineer 11 (Dimitrij, DSP): grey jumps to the space behind black on one line."""
    _guard_blocking(ctx, ())
    line = line_arg(args, ctx.work)
    p = ctx.p(seat)
    target = tracks.grey_jump_target(p.tr, p.unlocked, line)
    if not target:
        raise IllegalMove("rr.track.grey_jump", "the grey track of this line cannot move up behind the black one")
    idx = line * 5 + BLACK + 1

    def hypo(h: PlayerState) -> None:
        h.tr[idx] = target

    item = _choose(ctx, seat, actions.matching(ctx.work.pending, {"grey_jump": None}), hypo, what="grey jump")
    ctx.emit("TrackAdvanced", {"seat": seat, "line": line, "colour": BLACK + 1, "to": target, "use": item[0]})
    ctx.check_specials(seat)


SUBMOVES: dict[str, Handler] = {
    "AdvanceTrack": advance_track,
    "AdvanceIndustry": advance_industry,
    "PlaceDoubler": place_doubler,
    "BuildLoco": build_loco,
    "PlaceLoco": place_loco,
    "DiscardLoco": discard_loco,
    "BuildFactory": build_factory,
    "ChooseQuestionToken": choose_question_token,
    "ChooseQuestionCard": choose_question_card,
    "SearchEndCards": search_end_cards,
    "ChooseEndCard": choose_end_card,
    "TakePoints": take_points,
    "ReuseSpace": reuse_space,
    "JumpGreyTrack": jump_grey_track,
}
