"""Actions gained in a turn: effects -> pending items, full executability, matching.

Yucata clarifications (binding): competitive actions (board spaces, public
engineers, ?-cards) must be fully executable or may not be chosen, and their
steps are then mandatory; non-competitive ones (own engineers, factories,
?-tokens) may lapse wholly or partly; actions gained in a turn may be carried out
in any order.  A pending item is an :class:`.items.Item` (id, kind, n, mandatory, arg, blocking).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.kit.bounded import MEMO_ENTRIES, keep

from . import engineers, industry, locomotives, tracks
from .data import RULES, SPECIAL9
from .items import Item
from .needs import NO_DEMAND as NO_DEMAND
from .needs import Needs as _Needs
from .state import PlayerState, State

#: effect ops that become pending items (the rest are resolved at once)
ITEM_OPS = {"steps", "industry", "doublers", "loco", "factory", "loco_or_factory", "reuse", "end_card_or_vp", "q_card",
            "end_card", "repeat_one", "grey_to_black"}


def item_for(op: dict[str, Any]) -> tuple[str, int, Any]:
    """(kind, n, arg) of the pending item an effect op creates."""
    kind = op["op"]
    if kind == "steps":
        return "steps", op["n"], op["colour"]
    if kind in ("industry", "doublers"):
        return kind, op["n"], None
    if kind == "end_card_or_vp":
        return kind, 1, op["vp"]
    if kind == "repeat_one":
        return kind, 1, op["options"]
    if kind == "grey_to_black":
        return "grey_jump", 1, None
    return kind, 1, None


def doubler_room(state: State, p: PlayerState, supply: int | None = None) -> int:
    own = state.table.tableau.doubler_room
    left = DOUBLER_SLOTS - p.doublers if own is None else own(p)  # (USA: slots on all three lines)
    return max(0, min(left, state.doubler_supply if supply is None else supply))


#: doubler slots on a (Russian) tableau
DOUBLER_SLOTS: int = RULES.raw["doublers"]["slots"]


def _rules_effect_lists() -> list[list[dict[str, Any]]]:
    lists = [s["effects"] for s in RULES.spaces.values()]
    lists += [e["effects"] for e in RULES.engineers.values()]
    lists += list(RULES.factories.values()) + list(RULES.q_cards.values())
    lists += list(RULES.q_tokens.values()) + list(RULES.start_bonus.values())
    return lists


#: the rules' own effect lists live as long as the process, so their ids are stable keys
_NEEDS: dict[int, tuple[list[dict[str, Any]], _Needs]] = {
    id(effects): (effects, _Needs(effects)) for effects in _rules_effect_lists()
}


def _needs(effects: Iterable[dict[str, Any]]) -> _Needs:
    cached = _NEEDS.get(id(effects))
    if cached is not None and cached[0] is effects:
        return cached[1]
    return _Needs(effects)


def effects_feasible(state: State, p: PlayerState, effects: Iterable[dict[str, Any]],
                     supply: int | None = None, memo: dict[Any, Any] | None = None,
                     needs: _Needs | None = None) -> bool:
    """Can every effect be carried out completely (Yucata: competitive actions)?

    ``memo`` (one dict per unchanged state and seat) shares the partial answers
    (loco buildable, industry capacity, track room ...) between the many spaces
    ``legal_commands`` checks in one position."""
    if needs is None:
        needs = _needs(effects)
    shape = needs.shape
    if shape == "trivial":
        return True
    if memo is None:
        memo = {}
    track_rules = state.table.tableau.track_rules
    base = track_rules is None
    trk: Any = tracks if track_rules is None else track_rules(p)
    if shape == "plain":
        colour, n = needs.plain_colour  # type: ignore[misc]
        return track_room(memo, trk, p, colour) >= n
    # The other single demands, answered as the checks below would
    if shape == "one_step" and base:  # tracks.feasible's answer for one step
        for colour in tracks.colour_set(needs.steps[0][0]):  # (a loop: a generator makes p, memo, trk cells)
            if track_room(memo, trk, p, colour):
                return True
        return False
    if shape == "industry":
        return industry_room(memo, p, False, state) >= needs.industry
    if shape == "doublers":
        return doubler_room(state, p, supply) >= needs.doublers
    if needs.hire and not engineers.hire_candidate(state):
        return False
    if needs.special_loco and not locomotives.placements(p, SPECIAL9):
        return False
    if needs.reuse and not reusable_spaces(state, p.seat, check=True):
        return False
    if needs.grey_jump and not trk.grey_jump_lines(p.tr, p.unlocked):
        return False
    if needs.own_factory and not any(p.factories):
        return False
    loco, factory, either = needs.loco, needs.factory, needs.either
    if (loco or factory or either) and not tiles_feasible(state, p, needs, memo):
        return False
    if shape == "tiles":
        return True
    industry_need, doubler_need, repeat, steps = needs.industry, needs.doublers, needs.repeat, needs.steps
    if doubler_need or repeat:
        room = doubler_room(state, p, supply)
        if doubler_need > room:
            return False
    if industry_need or repeat:
        ind_cap = industry_room(memo, p, bool(factory or either), state)
        if industry_need > ind_cap:
            return False
    if repeat:
        ok_any = (
            ("doubler" in repeat and room >= doubler_need + 1)
            or ("industry" in repeat and ind_cap >= industry_need + 1)
            or ("black" in repeat and trk.feasible(p.tr, p.unlocked, steps + [("black", 1)]))
        )
        if not ok_any:
            return False
    if needs.one_colour is not None:
        colour, n = needs.one_colour
        return track_room(memo, trk, p, colour) >= n
    return not steps or trk.feasible(p.tr, p.unlocked, steps)


def tiles_feasible(state: State, p: PlayerState, needs: _Needs, memo: dict[Any, Any]) -> bool:
    """The loco and factory part of :func:`effects_feasible` (all of it for a demand of
    shape ``tiles``): buildable now, and enough tiles left for all of them."""
    loco, factory, either = needs.loco, needs.factory, needs.either
    if loco and factory:
        ok = memo.get("loco_and_factory")
        if ok is None:
            ok = memo["loco_and_factory"] = locomotives.loco_and_factory_feasible(state.stacks, state.display, p)
        return ok
    ok_loco = memo.get("loco")
    if ok_loco is None:
        stacks, display = state.stacks, state.display
        lowest = locomotives.lowest_stack(stacks)  # (loco_buildable and has_factory_source, once)
        ok_loco = memo["loco"] = lowest > 0 and locomotives.can_place(p, lowest)
        memo["factory"] = lowest != 0 or max(display[1:10]) > 0
        memo["tiles"] = locomotives.tiles_available(stacks, display)
    ok_factory = memo["factory"]
    if loco and not ok_loco or factory and not ok_factory or either and not (ok_loco or ok_factory):
        return False
    return loco + factory + either <= memo["tiles"]


def track_room(memo: dict[Any, Any], trk: Any, p: PlayerState, colour: int) -> int:
    """``trk.capacity`` of ``colour``, kept in ``memo`` (keyed by the colour index)."""
    room = memo.get(colour)
    if room is None:
        room = memo[colour] = trk.capacity(p.tr, p.unlocked, colour)
    return room


def industry_room(memo: dict[Any, Any], p: PlayerState, extra_factory: bool, state: State) -> int:
    """``industry.capacity`` on the table's tableau, kept in ``memo``."""
    room = memo.get(("industry", extra_factory))
    if room is None:
        own = state.table.tableau.industry_capacity  # (USA: two industry tracks, its own walk)
        room = industry_capacity(p, extra_factory) if own is None else own(p, extra_factory)
        memo[("industry", extra_factory)] = room
    return room


def industry_capacity(p: PlayerState, extra_factory: bool = False) -> int:
    """``industry.capacity``, kept by the values it reads (the factories and markers,
    which change a few times a game; a hand edit is a new key): most listings ask
    (the Russian tableau's industry track)."""
    key = (tuple(p.factories), tuple(p.markers), extra_factory)
    room = _INDUSTRY_ROOMS.get(key)
    if room is None:
        room = keep(_INDUSTRY_ROOMS, key, industry.capacity(p, extra_factory=extra_factory), MEMO_ENTRIES)
    return room


_INDUSTRY_ROOMS: dict[tuple[Any, ...], int] = {}


def pending_feasible(state: State, p: PlayerState, pending: Iterable[Item],
                     supply: int | None = None) -> bool:
    """Can the mandatory items still open be completed?"""
    needs = pending_needs(pending)
    return needs is None or effects_feasible(state, p, (), supply, needs=needs)


def pending_needs(pending: Iterable[Item]) -> _Needs | None:
    """What the mandatory items still open ask of the tableau (None: nothing)."""
    key = []  # (a loop: a generator is a frame of its own, resumed per item)
    for item in pending:
        if item.mandatory and item.n > 0 and item.kind in _DEMANDS:
            key.append((item.kind, item.n, item.arg))
    return _needs_of(tuple(key))


def _needs_of(key: tuple[tuple[str, int, Any], ...]) -> _Needs | None:
    """What the mandatory demands ``(kind, n, arg)`` ask, kept per combination."""
    if not key:
        return None
    needs = _PENDING_NEEDS.get(key)
    if needs is None:
        needs = keep(_PENDING_NEEDS, key, _Needs(_item_effects(key)), MEMO_ENTRIES)
    return needs


def needs_after_use(pending: tuple[Item, ...], item_id: int) -> _Needs | None:
    """:func:`pending_needs` of the items left after one use of ``item_id`` (the
    listing asks this for every sub-move it checks; the pending items of a turn are
    few and repeat, so the answer is kept per combination)."""
    last = _LAST_PENDING
    if last[0] is pending:  # the listing asks for the same pending items again and again
        found = last[1].get(item_id, MISSING)
        if found is not MISSING:
            return found  # type: ignore[no-any-return]
    else:
        last[0] = pending  # (held here, so its identity stays its own)
        last[1] = {}
    key = (pending, item_id)
    try:
        found = _NEEDS_AFTER_USE.get(key, MISSING)
    except TypeError:  # an item argument that is no plain value (none known today)
        return pending_needs(consume(pending, item_id))
    if found is MISSING:
        found = keep(_NEEDS_AFTER_USE, key, pending_needs(consume(pending, item_id)), MEMO_ENTRIES)
    last[1][item_id] = found
    return found  # type: ignore[return-value]


MISSING = object()
_NEEDS_AFTER_USE: dict[tuple[tuple[Item, ...], int], _Needs | None] = {}
#: [the pending tuple asked about last, its answers by item id]: found by identity,
#: without hashing the pending items again
_LAST_PENDING: list[Any] = [None, {}]


#: item kinds that are demands on the tableau (the others lapse or cannot fail)
_DEMANDS = {"steps", "industry", "doublers", "loco", "factory", "loco_or_factory", "repeat_one", "grey_jump"}
#: what a combination of mandatory items asks for, summed up once per combination
_PENDING_NEEDS: dict[tuple[Any, ...], _Needs] = {}


def _item_effects(items: Iterable[tuple[str, int, Any]]) -> list[dict[str, Any]]:
    """The effect ops equivalent to open items ``(kind, n, arg)``."""
    effects: list[dict[str, Any]] = []
    for kind, n, arg in items:
        if kind == "steps":
            effects.append({"op": "steps", "colour": arg, "n": n})
        elif kind in ("industry", "doublers"):
            effects.append({"op": kind, "n": n})
        elif kind in ("loco", "factory", "loco_or_factory"):
            effects.append({"op": kind})
        elif kind == "repeat_one":
            effects.append({"op": kind, "options": arg})
        elif kind == "grey_jump":
            effects.append({"op": "grey_to_black"})
    return effects


def with_new_effects_feasible(state: State, p: PlayerState, pending: Iterable[Item],
                              effects: Iterable[dict[str, Any]]) -> bool:
    """Mandatory items still open plus newly gained competitive effects, together."""
    key = [(i.kind, i.n, i.arg) for i in pending if i.mandatory and i.n > 0 and i.kind in _DEMANDS]
    for op in effects:  # (as mandatory items: a competitive effect is done in full)
        if op["op"] in ITEM_OPS and (demand := item_for(op))[1] > 0 and demand[0] in _DEMANDS:
            key.append(demand)
    needs = _needs_of(tuple(key))  # (pending_feasible of both, without an Item per effect)
    return (needs is None or effects_feasible(state, p, (), needs=needs)) and effects_feasible(state, p, effects)


def item_alone_feasible(state: State, p: PlayerState, item: Item) -> bool:
    """``pending_feasible`` of this one item (asked for every open item by
    ``has_mandatory`` and ``open_actions``): its demand looked up directly."""
    kind, n = item.kind, item.n
    if not (item.mandatory and n > 0 and kind in _DEMANDS):
        return True
    needs = _PENDING_NEEDS.get(((kind, n, item.arg),))
    if needs is None:
        needs = pending_needs((item,))
        if needs is None:
            return True
    plain = needs.plain_colour
    if plain is not None and state.table.plain:
        # steps of one colour on the base tableau, the commonest mandatory item:
        # ``effects_feasible``'s first answer for them, without its preamble
        return tracks.capacity(p.tr, p.unlocked, plain[0]) >= plain[1]
    return effects_feasible(state, p, (), needs=needs)


def consume(pending: tuple[Item, ...], item_id: int) -> tuple[Item, ...]:
    """The pending items after one use of ``item_id``."""
    result = []
    for item in pending:
        if item.id == item_id:
            if item.n > 1:
                result.append(Item(item.id, item.kind, item.n - 1, item.mandatory, item.arg, item.blocking))
            continue
        result.append(item)
    return tuple(result)


def _specificity(item: Item) -> tuple[int, int]:
    kind, arg = item.kind, item.arg
    if kind == "steps":
        width = len(tracks.colour_set(arg))
    elif kind in ("repeat_one", "loco_or_factory", "end_card_or_vp"):
        width = 10
    else:
        width = 1
    return (width, 0 if item.mandatory else 1)


def matching(pending: Iterable[Item], kinds: dict[str, Any]) -> list[Item]:
    """Items a sub-move may use, most specific first, mandatory before optional.

    ``kinds`` maps an item kind to a predicate on its arg (or None: any arg).
    """
    found = []
    for item in pending:
        if item.n <= 0 or item.kind not in kinds:
            continue
        pred = kinds[item.kind]
        if pred is None or pred(item.arg):
            found.append(item)
    if len(found) > 1:
        found.sort(key=_specificity)
    return found


def blocking_item(pending: Iterable[Item]) -> Item | None:
    for item in pending:
        if item.blocking:
            return item
    return None


def space_effects(state: State, seat: str, space: str) -> tuple[list[dict[str, Any]], bool]:
    """(effects, competitive) of a board space, public engineer or own engineer."""
    number = engineers.number_of(space)
    if number:
        own = number in state.players[seat].engineers
        return engineers.effects(number), not own
    return RULES.spaces[space]["effects"], True


def reusable_spaces(state: State, seat: str, check: bool = False) -> list[str]:
    """Spaces the seat stands on with exactly one of its workers (engineer 8,
    factory 3), the never-occupied rally space and own engineers used this round
    included.

    Rules text, engineer 8 / factory 3: "1 Aktionsfeld, auf dem er mit genau 1 seiner
    Arbeiter steht, nochmals nutzen": decided by what the seat placed there (one
    worker, coins beside it allowed; coins alone never), not by the printed cost.
    Own engineers are used "wie Aktionsfelder auf dem Spielplan", so a used own
    engineer is such a field.  Turn-order spaces and the temp-worker space are
    excluded (nothing left to gain); with ``check`` only spaces whose action is
    fully executable now (what a public engineer 8, a competitive action, needs).
    """
    result = []
    p = state.players[seat]
    # What the seat actually placed decides (issue 10, rules audit): "genau 1 seiner
    # Arbeiter" - one worker, with or without coins beside it; a space taken with
    # coins alone holds none of his workers and cannot be re-used.
    stands = [space for space, entry in state.occupied.items() if entry[0] == seat and entry[1] == 1]
    if state.rally_users.count(seat) > state.coin_only.count(f"{seat}:rally"):
        stands.append("rally")
    stands.extend(engineers.space_id(number) for number in p.own_used
                  if f"{seat}:{engineers.space_id(number)}" not in state.coin_only)
    for space in stands:
        if not engineers.number_of(space) and RULES.spaces[space].get("not_reusable"):
            continue
        effects, competitive = space_effects(state, seat, space)
        if any(op["op"] == "reuse" for op in effects):
            continue
        if check and competitive and not effects_feasible(state, p, effects):
            continue
        result.append(space)
    return sorted(result)
