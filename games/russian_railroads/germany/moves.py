"""The Deutschland tableau's commands and sub-moves.

Each choice is its own sub-move in the move window, undoable until the turn is
confirmed (nothing in this module is random: the extension tiles and income markers
all lie face up):

- ``ChooseBranch`` - "Zieht ein Spieler mit dem schwarzen Gleis auf Feld 9 der
  Strecke München, muss er entscheiden, ob er auf das Feld 9 der Strecke Hamburg oder
  auf das Feld 9 der Strecke Berlin ziehen will"; fixed for the rest of the game.
- ``ChooseExtension`` - "Immer, wenn du mit dem schwarzen Gleis eine dieser
  Zwischenstationen erreichst, musst du sofort einen Streckenausbau auf dein Tableau
  legen" (one of the open tiles of exactly the area's length).
- ``TakeIncomeMarker`` - an income space's condition met: "wählst du einen der ovalen
  Einkommensmarker, die noch neben dem Spielplan liegen".
- ``UseIncomeMarker`` - once per round each, in your own turn, before or after
  placing, even if not fully executable; not when passing or relocating (the scoring
  is nobody's turn).

The switch and the tile are blocking items (like a displaced locomotive): they are
settled before anything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import IllegalMove

from .. import actions, extra_uses, submoves
from ..context import Ctx, arg, colour_arg, line_arg
from ..data import BLACK, RULES
from ..items import Item
from ..state import PlayerState, State, set_at
from ..tracks import colour_set
from . import board
from .board import MUENCHEN, SWITCH_AFTER
from .tracks import TrackRules


def rules_for(p: PlayerState) -> TrackRules:
    return TrackRules(board.seat_geometry(p))


# --- special spaces -------------------------------------------------------------------


def check_specials(ctx: Ctx, seat: str) -> None:
    """Fire the one-time special spaces of the seat's tableau whose condition is met."""
    p = ctx.p(seat)
    for special in board.specials_of(p):
        op = special.effect["op"]
        if op in board.SCORING_OPS or special.key in p.claims or not board.met(p, special):
            continue
        ctx.emit("SpecialSpaceReached", {"seat": seat, "key": special.key})
        _effect(ctx, seat, special.key, special.effect)
        p = ctx.p(seat)


def _effect(ctx: Ctx, seat: str, key: str, effect: dict[str, Any]) -> None:
    op = effect["op"]
    p = ctx.p(seat)
    if op == "extra_worker":
        # German Railroads clarification: "nicht mehr als 2 zusätzliche Arbeiter der
        # eigenen Farbe ..., selbst wenn man Streckenausbauten wählt, die das ermöglichen
        # würden" (the space is still marked as reached).
        if p.extra_workers < board.MAX_EXTRA_WORKERS:
            ctx.emit("WorkerGained", {"seat": seat, "black": False})
    elif op == "q_token":
        ctx.add_item(seat, "q_token", 1, False, key, False, key)
    elif op == "vp":
        ctx.emit("PointsScored", {"seat": seat, "points": effect["n"], "reason": key})
    elif op == "income_marker":
        if board.open_income(ctx.work.players.values()):
            ctx.add_item(seat, "income_marker", 1, False, key, False, key)
    elif op == "extra_industry_marker":
        # "darfst du dir den Industriemarker nehmen ... auf das Feld 0": up to three markers
        if len(p.markers) < board.MAX_MARKERS:
            ctx.emit("ExtraMarkerPlaced", {"seat": seat})
    elif op == "industry_and_coin":
        ctx.gain(seat, [{"op": "industry", "n": effect["industry"]}, {"op": "coins", "n": effect["coins"]}],
                 False, key)
    elif op == "loco_or_factory_and_doubler":
        ctx.gain(seat, [{"op": "loco_or_factory"}, {"op": "doublers", "n": 1}], False, key)
    else:  # coins, industry, loco_or_factory: the base effects, not in competition
        ctx.gain(seat, [effect], False, key)


# --- track steps ----------------------------------------------------------------------


def advance_track(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """A track step on the seat's own lines (the base rules otherwise)."""
    submoves._guard_blocking(ctx, ())
    line, colour = line_arg(args, ctx.work), colour_arg(args)
    p = ctx.p(seat)
    rules = rules_for(p)
    if not p.unlocked[colour]:
        raise IllegalMove("rr.track.colour_locked", "this track colour has not been taken yet (München 2/6, "
                                                    "Hamburg 10 / Berlin 9, Hamburg 17)")
    if not rules.geo.allowed[line][colour]:
        raise IllegalMove("rr.track.colour_not_on_line", "this colour may not be built on this line")
    target = rules.step_target(p.tr, p.unlocked, line, colour)
    if not target:
        if colour == BLACK:
            raise IllegalMove("rr.track.end_of_line", "a track may not move beyond the last space")
        if colour == board.NATURAL and rules._natural_blocked(p.tr, line):
            raise IllegalMove("rr.de.natural_two_lines",
                              "natural track only on 2 of the 3 lines (you have only 2 natural tracks)")
        raise IllegalMove("rr.track.overtake", "a track may never draw level with or pass the track ahead")
    kinds: dict[str, Any] = {"steps": lambda a: colour in colour_set(a)}
    if colour == BLACK:
        kinds["repeat_one"] = lambda a: "black" in a.split("|")
    idx = line * 5 + colour
    on_muenchen_black = line == MUENCHEN and colour == BLACK

    def hypo(h: PlayerState) -> None:
        h.tr = set_at(h.tr, idx, target)
        if on_muenchen_black:
            for c, _ in rules.unlocks_for(target, h.unlocked):
                h.unlocked = set_at(h.unlocked, c, True)

    item = submoves._choose(ctx, seat, actions.matching(ctx.work.pending, kinds), hypo, what="track step")
    ctx.emit("TrackAdvanced", {"seat": seat, "line": line, "colour": colour, "to": target, "use": item.id})
    if on_muenchen_black and target > SWITCH_AFTER and board.arm_of(ctx.p(seat)) is None:
        ctx.add_item(seat, "branch", 1, True, None, True, "switch")
    elif on_muenchen_black:
        _unlock(ctx, seat, target)
    if colour == BLACK:
        station = board.station_at(line, target)
        if station and station not in board.tiles_of(ctx.p(seat)):
            ctx.add_item(seat, "extension", 1, True, station, True, station)
    check_specials(ctx, seat)


def _unlock(ctx: Ctx, seat: str, black_space: int) -> None:
    for c, steps in rules_for(ctx.p(seat)).unlocks_for(black_space, ctx.p(seat).unlocked):
        ctx.emit("TracksUnlocked", {"seat": seat, "colour": c})
        if steps:
            # Hamburg's end: "white track moved 2 at once" (not in competition)
            ctx.add_item(seat, "steps", steps, False, RULES.colours[c], False, "hamburg_end")


def _blocking(ctx: Ctx, kind: str, what: str) -> Item:
    item = actions.blocking_item(ctx.work.pending)
    if item is None or item.kind != kind:
        raise IllegalMove("rr.turn.no_such_action", f"no {what} is open")
    return item


def choose_branch(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    item = _blocking(ctx, "branch", "switch choice")
    arm = arg(args, "arm", str)
    if arm not in board.ARMS:
        raise IllegalMove("rr.args.invalid", f"arm must be one of {list(board.ARMS)}")
    work = ctx.work
    rest = actions.consume(work.pending, item.id)
    h = work.players[seat].clone()
    h.claims = h.claims + [f"de_arm:{arm}"]
    for c, _ in rules_for(h).unlocks_for(h.tr[MUENCHEN * 5 + BLACK], h.unlocked):
        h.unlocked = set_at(h.unlocked, c, True)
    if not actions.pending_feasible(work, h, rest):
        raise IllegalMove("rr.turn.mandatory_blocked", "this would leave a mandatory action impossible to complete")
    ctx.emit("BranchChosen", {"seat": seat, "arm": arm, "use": item.id})
    _unlock(ctx, seat, ctx.p(seat).tr[MUENCHEN * 5 + BLACK])
    check_specials(ctx, seat)


def choose_extension(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    item = _blocking(ctx, "extension", "extension tile")
    tile = arg(args, "tile", str)
    station = item.arg
    length = board.STATIONS[station][2]
    if tile not in board.TILES:
        raise IllegalMove("rr.args.invalid", f"unknown extension tile {tile!r}")
    if board.TILES[tile]["length"] != length:
        raise IllegalMove("rr.de.tile_length", f"the area at this station takes a tile of length {length}")
    if tile not in board.open_tiles(ctx.work.players.values(), length):
        raise IllegalMove("rr.de.tile_taken", "that extension tile is no longer available")
    ctx.emit("ExtensionLaid", {"seat": seat, "station": station, "tile": tile, "use": item.id})
    check_specials(ctx, seat)


def take_income_marker(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves._guard_blocking(ctx, ())
    marker = arg(args, "marker", str)
    found = actions.matching(ctx.work.pending, {"income_marker": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no income space reached")
    if marker not in board.INCOME:
        raise IllegalMove("rr.args.invalid", f"unknown income marker {marker!r}")
    if marker not in board.open_income(ctx.work.players.values()):
        raise IllegalMove("rr.de.income_taken", "that income marker is no longer available")
    ctx.emit("IncomeMarkerTaken", {"seat": seat, "marker": marker, "use": found[0].id})


def use_income_marker(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    state = ctx.work
    if state.phase != "actions":
        raise IllegalMove("rr.de.income_not_now",
                          "income markers are used in your own turn of the action phase, not when relocating")
    if seat in state.passed:
        raise IllegalMove("rr.de.income_no_pass", "no income markers in a turn in which you pass")
    submoves._guard_blocking(ctx, ())
    marker = arg(args, "marker", str)
    p = ctx.p(seat)
    if marker not in board.income_of(p):
        raise IllegalMove("rr.de.income_not_yours", "you do not have that income marker")
    if board.income_used(p, marker, state.round):
        raise IllegalMove("rr.de.income_used", "each income marker is used once per round")
    extra_uses.ensure_not_a_pass(state, seat, board.INCOME[marker], "rr.de.income_no_pass", "income markers")
    ctx.emit("IncomeMarkerUsed", {"seat": seat, "marker": marker, "round": state.round})
    ctx.gain(seat, board.INCOME[marker], False, f"income_{marker.rsplit('_', 1)[0]}")


# --- ?-tokens and ?-cards with the German ones ------------------------------------------


def choose_question_token(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves._guard_blocking(ctx, ())
    token = arg(args, "token", str)
    found = actions.matching(ctx.work.pending, {"q_token": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no ?-space reached")
    tokens = ctx.work.table.q_tokens
    if token not in tokens:
        raise IllegalMove("rr.args.invalid", f"unknown ?-token {token!r}")
    p = ctx.p(seat)
    if token in p.q_used:
        raise IllegalMove("rr.qtoken.used", "each ?-token can be placed only once")
    if token == "revaluation" and board.has_revaluation_de(p):
        raise IllegalMove("rr.de.revaluation_combined",
                          "the German revaluation tile cannot be combined with the base revaluation marker")
    item = found[0]
    ctx.emit("QuestionTokenTaken", {"seat": seat, "token": token, "space": item.arg, "use": item.id})
    ctx.gain(seat, tokens[token], False, f"q_{token}")


def choose_question_card(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    card = arg(args, "card", str)
    if card in board.Q_CARDS:
        submoves._guard_blocking(ctx, ())
        found = actions.matching(ctx.work.pending, {"q_card": None})
        if not found:
            raise IllegalMove("rr.turn.no_such_action", "no ?-card may be chosen now")
        if card not in ctx.work.q_cards:
            raise IllegalMove("rr.qcard.gone", "that ?-card is not available")
        if ctx.p(seat).revaluation:
            # "Dieser Aufwerter kann nicht mit dem Aufwerter aus dem Grundspiel kombiniert werden"
            raise IllegalMove("rr.qcard.not_executable", "a ?-card must be executable in full: you already "
                                                         "hold the base revaluation marker")
        ctx.emit("QuestionCardTaken", {"seat": seat, "card": card, "use": found[0].id})
        ctx.gain(seat, board.Q_CARDS[card], True, f"qcard_{card}")
        return
    submoves.choose_question_card(ctx, seat, args)


# --- dispatch -------------------------------------------------------------------------

OWN = {
    "AdvanceTrack": advance_track,
    "ChooseBranch": choose_branch,
    "ChooseExtension": choose_extension,
    "TakeIncomeMarker": take_income_marker,
    "ChooseQuestionToken": choose_question_token,
    "ChooseQuestionCard": choose_question_card,
}


def handler(state: State, ctype: str) -> Any:
    """The handler of a seat's command at a Deutschland table, or None for the base one
    (the rules shared with the coal module - no pass after using one, nothing placed
    while a choice blocks - are in :mod:`..decide`)."""
    if ctype == "UseIncomeMarker":
        return use_income_marker
    if ctype in OWN:
        if not state.placed and not state.pending:
            raise IllegalMove("rr.turn.place_first", "choose an action space (or pass) first")
        return OWN[ctype]
    return None
