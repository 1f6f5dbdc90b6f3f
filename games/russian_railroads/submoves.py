"""Sub-moves that spend the actions gained in a turn, one choice per command.

Like Yucata's move window: after placing workers the seat makes each choice
(which line gets a step, where a loco goes, which factory, which ?-token) as its
own command.  A sub-move uses the most specific pending item that allows it, but
never one whose use would leave a mandatory item impossible to finish.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from games.contract import SECRET, IllegalMove

from . import actions, industry, tracks
from .builds import build_factory, build_loco, discard_loco, place_loco
from .choosing import _choose, _choose_in, _guard_blocking
from .context import Ctx, arg, line_arg
from .data import BLACK, q_card_effects
from .items import Item
from .state import PlayerState, State, set_at
from .track_steps import advance_track

Handler = Callable[[Ctx, str, Mapping[str, Any]], None]


def advance_industry(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    marker = arg(args, "marker", int, 1)
    target, item = industry_step(ctx.work, seat, marker)
    ctx.emit("IndustryAdvanced", {"seat": seat, "marker": marker, "to": target, "use": item.id})
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
    target = industry.step_target_at(work, p, marker - 1)
    if target < 0:
        raise IllegalMove("rr.industry.blocked",
                          "the marker may not enter or jump a gap without a factory, pass the end, "
                          "or share a field with the other marker")

    # (a partial, not a closure: that would make ``marker`` and ``target`` cells at every call)
    return target, _choose_in(work, seat, actions.matching(work.pending, _INDUSTRY_ITEMS),
                              partial(_marker_moved, marker - 1, target), what="industry step")


def _marker_moved(index: int, target: int, h: PlayerState) -> None:
    """The industry step as a change to a copy of the player (``_choose_in``'s ``hypo``)."""
    h.markers = set_at(h.markers, index, target)


#: the pending items an industry step may use (``actions.matching`` kinds)
_INDUSTRY_ITEMS: dict[str, Any] = {"industry": None, "repeat_one": lambda a: "industry" in a.split("|")}


def place_doubler(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    item = doubler_item(ctx.work, seat)
    payload: dict[str, Any] = {"seat": seat, "use": item.id}
    names = ctx.work.table.tableau.line_names
    if names:
        # Doublers go on the first line; a tableau with its own lines names it (München
        # on the Deutschland board, not the Transsib).
        payload["line_name"] = names[0]
    ctx.emit("DoublerPlaced", payload)


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


def choose_question_token(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    token = arg(args, "token", str)
    item = question_token_item(ctx.work, seat, token)
    ctx.emit("QuestionTokenTaken", {"seat": seat, "token": token, "space": item.arg, "use": item.id})
    ctx.gain(seat, ctx.work.table.q_tokens[token], False, f"q_{token}")


def question_token_item(work: State, seat: str, token: str) -> Item:
    """Every check of :func:`choose_question_token` once its argument is parsed (no
    blocking item open): the pending item the token uses.  The legal-move listing
    calls this directly for each token instead of probing the handler."""
    found = actions.matching(work.pending, _Q_TOKEN_ITEMS)
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no ?-space reached")
    if token not in work.table.q_tokens:
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
    ctx.emit("QuestionCardTaken", {"seat": seat, "card": card, "use": found[0].id})
    ctx.gain(seat, effects, True, f"qcard_{card}")


def mandatory_open(ctx: Ctx, seat: str) -> bool:
    p = ctx.p(seat)
    return any(item.mandatory and actions.item_alone_feasible(ctx.work, p, item) for item in ctx.work.pending)


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
    ctx.emit("EndCardTaken", {"seat": seat, "use": item.id, SECRET: {seat: {"card": card}}}, barrier=True)


def take_points(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _guard_blocking(ctx, ())
    found = actions.matching(ctx.work.pending, {"end_card_or_vp": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no factory 9 choice is open")
    if ctx.work.end_seen is not None and not actions.matching(ctx.work.pending, {"end_card": None}):
        # Factory 9 is "a card or 10 points": who looked through the stack for it takes a card.
        raise IllegalMove("rr.endcard.searched", "you looked through the end-game stack: choose a card")
    ctx.emit("PointsScored", {"seat": seat, "points": found[0].arg, "reason": "factory_9", "use": found[0].id})


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
    full = competitive and item.mandatory
    if full and not actions.with_new_effects_feasible(ctx.work, ctx.p(seat), ctx.work.pending, effects):
        raise IllegalMove("rr.action.not_executable", "a board action must be executable in full")
    ctx.emit("SpaceReused", {"seat": seat, "space": space, "use": item.id})
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
        h.tr = set_at(h.tr, idx, target)

    item = _choose(ctx, seat, actions.matching(ctx.work.pending, {"grey_jump": None}), hypo, what="grey jump")
    ctx.emit("TrackAdvanced", {"seat": seat, "line": line, "colour": BLACK + 1, "to": target, "use": item.id})
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
