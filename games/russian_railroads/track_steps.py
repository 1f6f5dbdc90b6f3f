"""The track step sub-move (``AdvanceTrack``): its checks, the listing of every step a
seat may take now (:func:`step_choices`, what ``advance_track`` runs after parsing its
arguments, for all lines at once) and the step taken as listed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from games.contract import IllegalMove

from . import actions, tracks
from .choosing import _choose_in, _guard_blocking, _guard_blocking_state
from .context import Ctx, colour_arg, line_arg
from .data import BLACK, RULES, TRANSSIB
from .items import Item
from .state import PlayerState, State, set_at


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
    ctx.emit("TrackAdvanced", {"seat": seat, "line": line, "colour": colour, "to": target, "use": item.id})
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
    lines = tracks.open_lines(p.tr, p.unlocked, colour)
    if not lines:
        return []
    #: the candidates in _choose_in's order, each with what the mandatory items left
    #: open after using it ask for (None: the step is finishable on every line)
    plan: list[tuple[Item, actions._Needs | None]] = []
    for item in actions.matching(work.pending, _STEP_KINDS[colour]):
        # (_choose_in's test is "a mandatory item left open"; one that demands nothing
        # of the tableau is always finishable, so the verdict is the same)
        needs = actions.needs_after_use(work.pending, item.id)
        everywhere = _same_on_every_line(work, p, needs, colour)
        if everywhere:
            if not plan:  # the first candidate serves every line (a loop: a comprehension
                # would make ``item`` a cell at every call)
                first = []
                for line in lines:
                    first.append((line, item))
                return first
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
    if plain is not None and plain[0] == colour and work.table.tableau.track_rules is None:
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
    if not needs.steps_only or work.table.tableau.track_rules is not None:
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
    """The track step as a change to a copy of the player (``_choose``'s ``hypo``): a
    partial, not a closure (that would make its four variables cells at every call)."""
    return partial(_stepped, line, colour, target)


def _stepped(line: int, colour: int, target: int, h: PlayerState) -> None:
    h.tr = set_at(h.tr, line * 5 + colour, target)
    if line == TRANSSIB and colour == BLACK:
        for c, _ in tracks.unlocks_for(target, h.unlocked):
            h.unlocked = set_at(h.unlocked, c, True)
