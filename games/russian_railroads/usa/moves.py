"""The USA tableau's commands and sub-moves.

Every choice is its own sub-move in the move window, undoable until the turn is
confirmed (nothing here is random: the dividend tiles and steel mills lie open):

- ``AdvanceTrack``/``AdvanceIndustry``/``PlaceDoubler`` on the seat's own lines, its
  two industry tracks and the doubler slots of all three lines;
- ``UseCoinSpace`` - "Sobald du eines dieser Felder ... erreichst, darfst du eine
  Münze bezahlen und nimmst dir den abgebildeten Vorteil. Du darfst dies auch in einem
  späteren Zug noch machen" (a done marker on it; once each);
- ``ChooseDividend`` - the first on a stock level chooses the tile for its star;
- ``BuildSteelMill``/``BoxSteelMill`` - the last loco of a stack with a mill taken:
  "Du darfst das Stahlwerk ... wie eine normale Fabrik in eine Lücke ... einbauen. Du
  darfst es jedoch auch zurück in die Schachtel legen."

The dividend and the steel mill are blocking items: settled before anything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import IllegalMove

from .. import actions, submoves
from ..context import Ctx, arg, colour_arg, line_arg
from ..data import BLACK, RULES
from ..items import Item
from ..state import PlayerState, State, set_at
from ..tracks import colour_set
from . import board, market
from .board import INDUSTRY_RUBBLE, LINES, MAIN, MILL_EFFECTS, STEEL_MILL, TRACK_RUBBLE, UPPER, market_of


def rules_for(p: PlayerState) -> board.TrackRules:
    return board.rules_for(p)


# --- special spaces -------------------------------------------------------------------


def check_specials(ctx: Ctx, seat: str) -> None:
    """The main line's base special spaces, the stock steps and the blasting."""
    p = ctx.p(seat)
    for s in board.MAIN_SPECIALS:
        key = s["key"]
        if key in p.claims or not board.met(p, MAIN, RULES.colour_index(s["colour"]), s["space"], s["loco"]):
            continue
        ctx.emit("SpecialSpaceReached", {"seat": seat, "key": key})
        effect = s["effect"]
        if effect["op"] == "extra_worker":
            if ctx.p(seat).extra_workers < RULES.raw["max_extra_own_workers"]:
                ctx.emit("WorkerGained", {"seat": seat, "black": False})
        elif effect["op"] == "q_token":
            ctx.add_item(seat, "q_token", 1, False, key, False, key)
        elif effect["op"] == "vp":
            ctx.emit("PointsScored", {"seat": seat, "points": effect["n"], "reason": effect["reason"]})
        p = ctx.p(seat)
    for s in board.STOCK_STEPS:
        if s["key"] not in p.claims and board.spec_met(p, s):
            ctx.emit("SpecialSpaceReached", {"seat": seat, "key": s["key"]})
            market.stock_step(ctx, seat)
            p = ctx.p(seat)
    # "Erfüllst du die Bedingung für eines der beiden Felder, so entfernst du sofort das
    # entsprechende Geröllplättchen ... Du nimmst dir dafür sofort 10 Punkte."
    if not board.blasted(p, TRACK_RUBBLE["id"]) and board.spec_met(p, TRACK_RUBBLE["condition"]):
        _blast(ctx, seat, TRACK_RUBBLE)
    if (not board.blasted(ctx.p(seat), INDUSTRY_RUBBLE["id"])
            and ctx.p(seat).markers[UPPER] >= INDUSTRY_RUBBLE["condition"]["industry_field"]):
        _blast(ctx, seat, INDUSTRY_RUBBLE)


def _blast(ctx: Ctx, seat: str, rubble: dict[str, Any]) -> None:
    ctx.emit("RubbleBlasted", {"seat": seat, "rubble": rubble["id"]})
    ctx.emit("PointsScored", {"seat": seat, "points": rubble["vp"], "reason": "blasting"})


# --- track, industry, doublers ----------------------------------------------------------


def advance_track(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves._guard_blocking(ctx, ())
    line, colour = line_arg(args, ctx.work), colour_arg(args)
    p = ctx.p(seat)
    rules = rules_for(p)
    if not p.unlocked[colour]:
        raise IllegalMove("rr.track.colour_locked", "this track colour has not been taken yet (main line 2/6/10/15)")
    target = rules.step_target(p.tr, p.unlocked, line, colour)
    if not target:
        if colour == BLACK:
            raise IllegalMove("rr.track.end_of_line", "a track may not move beyond the last space or onto rubble")
        if rules._line_blocked(p.tr, line, colour):
            raise IllegalMove("rr.us.colour_lines", "only 2 natural tracks and 1 white track: no further line")
        raise IllegalMove("rr.track.overtake", "a track may never draw level with or pass the track ahead")
    kinds: dict[str, Any] = {"steps": lambda a: colour in colour_set(a)}
    if colour == BLACK:
        kinds["repeat_one"] = lambda a: "black" in a.split("|")
    idx = line * 5 + colour
    main_black = line == MAIN and colour == BLACK

    def hypo(h: PlayerState) -> None:
        h.tr = set_at(h.tr, idx, target)
        if main_black:
            for c, _ in rules.unlocks_for(target, h.unlocked):
                h.unlocked = set_at(h.unlocked, c, True)

    item = submoves._choose(ctx, seat, actions.matching(ctx.work.pending, kinds), hypo, what="track step")
    ctx.emit("TrackAdvanced", {"seat": seat, "line": line, "colour": colour, "to": target, "use": item.id})
    if main_black:
        for c, steps in rules.unlocks_for(target, ctx.p(seat).unlocked):
            ctx.emit("TracksUnlocked", {"seat": seat, "colour": c})
            if steps:
                ctx.add_item(seat, "steps", steps, False, RULES.colours[c], False, "transsib_15")
    check_specials(ctx, seat)


def advance_industry(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves._guard_blocking(ctx, ())
    marker = arg(args, "marker", int, 1)
    if marker not in (1, 2):
        raise IllegalMove("rr.args.invalid", "marker must be 1 (lower track) or 2 (upper track)")
    p = ctx.p(seat)
    target = board.industry_step_target(p, marker - 1)
    if target < 0:
        raise IllegalMove("rr.industry.blocked", "the marker may not pass the end or the rubble, nor enter a gap "
                                                 "without a factory on the lower track")
    kinds: dict[str, Any] = {"industry": None, "repeat_one": lambda a: "industry" in a.split("|")}

    def hypo(h: PlayerState) -> None:
        h.markers = set_at(h.markers, marker - 1, target)

    item = submoves._choose(ctx, seat, actions.matching(ctx.work.pending, kinds), hypo, what="industry step")
    ctx.emit("IndustryAdvanced", {"seat": seat, "marker": marker, "to": target, "use": item.id})
    enter_industry(ctx, seat, marker - 1, target)
    check_specials(ctx, seat)


def enter_industry(ctx: Ctx, seat: str, marker: int, pos: int) -> None:
    """A steel mill gives a black step; the upper track's field above a gap runs the
    factory below it ("Liegt dort eine Fabrik, so musst du die Funktion dieser Fabrik
    sofort ausführen. Liegt dort noch keine Fabrik, so passiert auf dem Feld nichts")."""
    from ..state import industry_gap_index

    gap = industry_gap_index(pos)
    number = ctx.p(seat).factories[gap] if gap >= 0 else 0
    if number == STEEL_MILL:
        ctx.gain(seat, MILL_EFFECTS, False, "steel_mill")
    elif marker == UPPER:
        if number:
            ctx.gain(seat, RULES.factories[number], False, f"factory_{number}")
    else:
        ctx.enter_industry(seat, pos)


def place_doubler(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """"Die Strecken Transcontinental East und West zeigen jeweils 3 Verdopplerfelder"."""
    submoves._guard_blocking(ctx, ())
    line = line_arg(args, ctx.work) if args.get("line") is not None else MAIN
    if ctx.work.phase == "draft" and line != MAIN:
        # Startbonus Doppler: "legt 1 Verdoppler an seine Strecke Transsib, bzw. München" -
        # on the USA tableau its main line
        raise IllegalMove("rr.us.start_doubler_main", "the start bonus doubler goes to the main line")
    p = ctx.p(seat)
    if board.line_doublers(p, line) >= board.DOUBLER_SLOTS[line] or ctx.work.doubler_supply < 1:
        raise IllegalMove("rr.doubler.none_left", "the doubler slots of this line are filled or the supply is empty")
    kinds: dict[str, Any] = {"doublers": None, "repeat_one": lambda a: "doubler" in a.split("|")}

    def hypo(h: PlayerState) -> None:
        if line == MAIN:
            h.doublers += 1
        else:
            h.claims = h.claims + [f"us_dbl:{LINES[line]}"]

    item = submoves._choose(ctx, seat, actions.matching(ctx.work.pending, kinds), hypo,
                            supply=ctx.work.doubler_supply - 1, what="doubler")
    ctx.emit("UsaDoublerPlaced", {"seat": seat, "line": line, "use": item.id})


# --- locomotives, factories, steel mills ---------------------------------------------


def _mill_check(ctx: Ctx, seat: str) -> None:
    """"Nimmst du die letzte Lok von einem der Stapel neben dem ein Stahlwerk liegt, so
    nimmst du dir zusätzlich zur Lok noch das Stahlwerk."""
    for stack in market_of(ctx.work)["mills"]:
        if ctx.work.stacks[stack] == 0:
            ctx.emit("SteelMillTaken", {"seat": seat, "stack": stack})
            ctx.add_item(seat, "steel_mill", 1, True, stack, True, "steel_mill")


def build_loco(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves.build_loco(ctx, seat, args)
    _mill_check(ctx, seat)


def build_factory(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves.build_factory(ctx, seat, args)
    _mill_check(ctx, seat)


def _blocking(ctx: Ctx, kind: str, what: str) -> Item:
    item = actions.blocking_item(ctx.work.pending)
    if item is None or item.kind != kind:
        raise IllegalMove("rr.turn.no_such_action", f"no {what} is open")
    return item


def build_steel_mill(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    item = _blocking(ctx, "steel_mill", "steel mill")
    p = ctx.p(seat)
    slots = board.factory_slots(p)
    slot = arg(args, "slot", int, slots[0] if len(slots) == 1 else -1)
    if slot not in slots:
        raise IllegalMove("rr.factory.slot", "factories fill the gaps left to right; a replacement needs all 5 filled")
    ctx.emit("SteelMillBuilt", {"seat": seat, "slot": slot, "replaced": p.factories[slot], "use": item.id})


def box_steel_mill(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    item = _blocking(ctx, "steel_mill", "steel mill")
    ctx.emit("SteelMillBoxed", {"seat": seat, "use": item.id})


# --- coin spaces, dividends, ?-tokens ------------------------------------------------


def use_coin_space(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    state = ctx.work
    if state.phase != "actions" or seat in state.passed or market_of(state).get("resume"):
        raise IllegalMove("rr.us.coin_not_now", "a coin space is used in your own turn of the action phase")
    submoves._guard_blocking(ctx, ())
    key = arg(args, "space", str)
    if key not in board.COIN_SPACES:
        raise IllegalMove("rr.args.invalid", f"unknown coin space {key!r}")
    p = ctx.p(seat)
    if f"us_done:{key}" in p.claims:
        raise IllegalMove("rr.us.coin_done", "each coin space's benefit is taken only once")
    if not board.spec_met(p, board.COIN_SPACES[key]):
        raise IllegalMove("rr.us.coin_not_reached", "the track of that colour has not reached the space yet")
    if p.coins < board.DATA["coin_space_cost"]:
        raise IllegalMove("rr.cost.coins", "not enough coins")
    ctx.emit("CoinSpaceUsed", {"seat": seat, "space": key, "coins": board.DATA["coin_space_cost"]})
    ctx.gain(seat, board.COIN_SPACES[key]["effects"], False, key)


def choose_dividend(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    item = _blocking(ctx, "dividend", "dividend tile choice")
    tile = arg(args, "tile", str)
    if tile not in board.TILES:
        raise IllegalMove("rr.args.invalid", f"unknown dividend tile {tile!r}")
    if tile not in market.open_tiles(ctx.work):
        raise IllegalMove("rr.us.tile_taken", "that dividend tile already lies on the stock board")
    level, payout_after = market.dividend_of(item.arg)
    ctx.emit("DividendTileLaid", {"seat": seat, "level": level, "tile": tile, "use": item.id})
    ctx.gain(seat, board.TILES[tile], False, f"dividend_{tile}")
    if payout_after:
        market.personal_payout(ctx, seat)


def choose_question_token(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves.choose_question_token(ctx, seat, args)
    if args.get("token") == "stock_market":
        # "rückst du zuerst deinen Kursmarker um eine Ebene nach oben und nimmst dir den
        # Vorteil der neuen Ebene. Zusätzlich erhältst du sofort eine persönliche Ausschüttung."
        market.stock_step(ctx, seat, payout_after=True)


# --- dispatch -------------------------------------------------------------------------

OWN = {
    "AdvanceTrack": advance_track,
    "AdvanceIndustry": advance_industry,
    "PlaceDoubler": place_doubler,
    "BuildLoco": build_loco,
    "BuildFactory": build_factory,
    "BuildSteelMill": build_steel_mill,
    "BoxSteelMill": box_steel_mill,
    "ChooseDividend": choose_dividend,
    "ChooseQuestionToken": choose_question_token,
}


def handler(state: State, ctype: str) -> Any:
    """The handler of a seat's command at a USA table, or None for the base one."""
    if ctype == "DeclinePayout":
        from .payout import decline_payout

        return decline_payout
    if ctype == "UseCoinSpace":
        if not state.placed:
            raise IllegalMove("rr.turn.place_first", "choose an action space (or pass) first")
        return use_coin_space
    if ctype in OWN:
        if not state.placed and not state.pending:
            raise IllegalMove("rr.turn.place_first", "choose an action space (or pass) first")
        return OWN[ctype]
    return None

