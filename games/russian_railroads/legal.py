"""``legal_commands`` and ``open_actions``: what a seat may do now, and what is open.

Candidates are generated cheaply from the pending items and then checked with
the very handlers ``decide`` uses, so the list and the validation can never
disagree (the property tests rely on that).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.contract import SYSTEM, Command, IllegalMove, OpenAction

from . import actions, emil, industry, locomotives, names, tracks
from .context import accepts
from .data import RULES, q_tokens_for
from .decide import TURN_COMMANDS, available_infos, space_error
from .messages import open_params
from .state import Item, PlayerState, State
from .submoves import (
    SUBMOVES,
    doubler_item,
    factory_builds,
    industry_step,
    loco_builds,
    mandatory_open,
    may_discard,
    question_token_item,
    step_choices,
)


def _base_handler(_state: State, ctype: str) -> Any:
    return TURN_COMMANDS.get(ctype) or SUBMOVES[ctype]


def _ok(state: State, seat: str, ctype: str, args: dict[str, Any]) -> bool:
    """Would ``decide`` accept the command?  Runs its handler up to its first event."""
    return accepts(_base_handler, state, seat, ctype, args)


#: Legal commands are values: the same command (type, seat, arguments) is built once
#: and handed out again (building a frozen ``Command`` cost a fifth of a placement
#: listing).  Nothing changes a command's arguments; the memo is bounded.
_COMMANDS: dict[tuple[Any, ...], Command] = {}


def _command(ctype: str, seat: str, args: dict[str, Any]) -> Command:
    key = (ctype, seat, *args.items())
    command = _COMMANDS.get(key)
    if command is None:
        if len(_COMMANDS) > 20000:
            _COMMANDS.clear()
        command = _COMMANDS[key] = Command(ctype, seat, args)
    return command


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
        if len(_VARIANTS) > 20000:
            _VARIANTS.clear()
        found = _VARIANTS[key] = tuple(result)
    return found


def _placements(state: State, seat: str) -> list[Command]:
    """Every placement variant (coins for workers, the black worker) the seat can pay
    for on a space that ``check_space`` admits: the same checks ``place_workers`` runs
    (:func:`space_error`, and :func:`cost_error` unrolled over the variants)."""
    p = state.players[seat]
    result: list[Command] = []
    have, free, black_free = p.coins, p.free, p.black_free
    spare = free + (1 if black_free else 0)
    own = p.engineers
    occupied = state.occupied
    memo: dict[Any, Any] = {}  # the seat's track room, industry room ... (effects_feasible)
    base_tracks = not state.options.get("tableau")  # (another tableau: its own track rules)
    for info in available_infos(state, seat):
        workers, fixed = info.workers, info.coins
        if fixed > have or workers - have > spare:
            continue
        if not info.never_occupied and info.id in occupied:
            continue  # the first check of space_error, the commonest refusal, made early
        competitive = not (info.number and info.number in own)
        if info.own_rules:
            if space_error(state, seat, info, competitive, memo=memo) is not None:
                continue
        elif competitive:  # space_error's one remaining check for the other spaces
            plain = info.needs.plain_colour
            if plain is not None and base_tracks:  # the commonest space: steps of one colour
                room = memo.get(plain[0])
                if room is None:
                    room = memo[plain[0]] = tracks.capacity(p.tr, p.unlocked, plain[0])
                if room < plain[1]:
                    continue
            elif not info.demands_nothing and not _feasible(state, p, info, memo, base_tracks):
                continue
        key = (seat, info.id, workers if workers < have - fixed else have - fixed,
               free if free < workers else workers, black_free)
        variants = _VARIANTS.get(key)  # (what _variants looks up first, without the call)
        result.extend(variants if variants is not None else _variants(key, workers))
    return result


def _feasible(state: State, p: PlayerState, info: actions.SpaceInfo, memo: dict[Any, Any], base_tracks: bool) -> bool:
    """``actions.effects_feasible`` of a space's effects, the commonest single demands
    of the listing (industry steps, one step of several colours, locos and factories,
    doublers) answered from the listing's room memo as ``effects_feasible`` answers
    them."""
    needs = info.needs
    shape = needs.shape
    if shape == "industry":
        room = memo.get(_INDUSTRY)
        if room is None:
            room = actions.industry_room(memo, p, False)
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


def _step_command(seat: str, line: int, colour: int) -> Command:
    """The interned ``AdvanceTrack`` command (:func:`_command`), found without
    building its arguments first: the commonest sub-move."""
    key = (seat, line, colour)
    command = _STEPS.get(key)
    if command is None:
        if len(_STEPS) > 4096:
            _STEPS.clear()
        command = _STEPS[key] = _command("AdvanceTrack", seat, {"line": RULES.lines[line],
                                                                "colour": RULES.colours[colour]})
    return command


_STEPS: dict[tuple[str, int, int], Command] = {}


def _probe(listed: list[Command], state: State, seat: str, ctype: str, args: dict[str, Any]) -> None:
    """List the command if ``decide``'s handler accepts it (:func:`_ok`)."""
    if _ok(state, seat, ctype, args):
        listed.append(_command(ctype, seat, args))


def _passes(check: Callable[..., Any], state: State, seat: str, *args: Any) -> bool:
    """Does a handler's own check (run by the listing directly, without a probing
    ``Ctx``: there is no blocking item and the argument is well formed) pass?"""
    try:
        check(state, seat, *args)
    except IllegalMove:
        return False
    return True


def open_kinds(pending: Iterable[Item]) -> tuple[set[str], set[int]]:
    """The kinds of sub-move open and the colours a track step may take, in one pass
    over the pending items (every tableau lists its sub-moves from these).  A
    "repeat one" item opens what it may repeat: a black step, a doubler, an industry step."""
    kinds: set[str] = set()
    colours: set[int] = set()
    for item in pending:
        kind = item[1]
        if item[2] > 0:
            kinds.add(kind)
        if kind == "steps":
            colours.update(tracks.colour_set(item[4]))
        elif kind == "repeat_one":
            if "black" in item[4]:
                colours.add(0)
            if "doubler" in item[4]:
                kinds.add("doublers")
            if "industry" in item[4]:
                kinds.add("industry")
    return kinds, colours


def _submoves(state: State, seat: str, steps: list[tuple[Command, int, int, Item]] | None = None
              ) -> list[Command]:
    """The sub-moves open (base tableau); ``steps`` collects each listed track step's
    (command, line, colour, pending item) for ``decide`` (:func:`decide.listed_step`)."""
    pending = state.pending
    if not pending:
        return []
    p = state.players[seat]
    kinds, colours = open_kinds(pending)
    block = actions.blocking_item(pending)
    #: in listing order: track steps first, checked directly by ``step_choices`` (what
    #: ``advance_track`` runs after parsing its arguments, for all lines at once), then
    #: the other kinds (:func:`_other_submoves`), only when another kind is open
    listed: list[Command] = []
    if block is not None:
        if block[1] != "place_loco":
            return []  # an expansion's choice (its own module lists it)
        # place_loco admits exactly locomotives.placements (its number is the item's):
        # listed without probing, as is the discard when discard_loco's check passes
        number, exclude = block[4] // 10, block[4] % 10 - 1
        for line, replace in locomotives.placements(p, number, exclude):
            listed.append(_command("PlaceLoco", seat, {"line": RULES.lines[line], "replace": replace,
                                                       "number": number}))
        if may_discard(p, exclude):
            listed.append(_command("DiscardLoco", seat, {"number": number}))
    else:
        for colour in sorted(colours):
            for line, item in step_choices(state, seat, colour):
                command = _step_command(seat, line, colour)
                listed.append(command)
                if steps is not None:
                    steps.append((command, line, colour, item))
        if not kinds <= _ONLY_STEPS:  # (most listings: track steps alone)
            _other_submoves(state, seat, kinds, listed)
    return listed


#: the kinds of a pending list of track steps alone
_ONLY_STEPS = frozenset({"steps"})


def _other_submoves(state: State, seat: str, kinds: set[str], listed: list[Command]) -> None:
    """:func:`_submoves` after the track steps: the other kinds of open items."""
    p = state.players[seat]
    if "industry" in kinds:
        for marker in (1, 2):
            if industry.step_target(p, marker - 1) >= 0 and _passes(industry_step, state, seat, marker):
                listed.append(_command("AdvanceIndustry", seat, {"marker": marker}))
    if "doublers" in kinds and _passes(doubler_item, state, seat):
        listed.append(_command("PlaceDoubler", seat, {}))
    if kinds & {"loco", "loco_or_factory"}:  # checked directly, like the track steps
        for line, replace, number, item in loco_builds(state, seat):
            command = _command("BuildLoco", seat, {"line": RULES.lines[line], "replace": replace, "number": number})
            listed.append(command)
            if state._builds is not None:  # (decide: listed_build)
                state._builds.append((command, line, replace, number, item))
    if kinds & {"factory", "loco_or_factory"}:
        for source, number, slot in factory_builds(state, seat):
            listed.append(_command("BuildFactory", seat, {"source": source, "number": number, "slot": slot}))
    if "q_token" in kinds:
        for token in q_tokens_for(state.options):
            if token not in p.q_used and _passes(question_token_item, state, seat, token):
                listed.append(_command("ChooseQuestionToken", seat, {"token": token}))
    if "q_card" in kinds:
        for card in state.q_cards:
            _probe(listed, state, seat, "ChooseQuestionCard", {"card": card})
    if kinds & {"end_card", "end_card_or_vp"}:
        if state.end_seen is None:
            _probe(listed, state, seat, "SearchEndCards", {})
        else:
            for card in state.end_seen:
                _probe(listed, state, seat, "ChooseEndCard", {"card": card})
    if "end_card_or_vp" in kinds:
        _probe(listed, state, seat, "TakePoints", {})
    if "reuse" in kinds:
        for space in actions.reusable_spaces(state, seat):
            _probe(listed, state, seat, "ReuseSpace", {"space": space})
    if "grey_jump" in kinds:
        for line in tracks.grey_jump_lines(p.tr, p.unlocked):
            _probe(listed, state, seat, "JumpGreyTrack", {"line": RULES.lines[line]})


def legal_commands(state: State, seat: str) -> list[Command]:
    if seat == SYSTEM:
        if state.phase == "reorder":
            return [Command("ResolveTurnOrder", SYSTEM, {})]
        if state.phase == "scoring":
            if state.dsp and _wagon_due(state):  # DSP: the freight wagons just before the scoring
                return [Command("FreightWagon", SYSTEM, {})]
            return [Command("ScoreRound", SYSTEM, {})]
        if emil.to_move(state):
            return [Command("EmilTurn", SYSTEM, {})]
        if state.usa is not None and _payout_due(state):
            return [Command("StockPayout", SYSTEM, {})]
        return []
    if seat != state.current or state.phase not in PLAYER_PHASES or state.emil is not None and emil.to_move(state):
        return []
    if not state.placed:
        if state.phase == "draft":
            return [Command("ChooseStartBonus", seat, {"card": c}) for c in state.draft_cards]
        if state.phase == "relocation":
            result = [Command("SkipRelocation", seat, {})]
            own = state.players[seat].engineers
            memo: dict[Any, Any] = {}  # the seat's room, shared by the spaces (effects_feasible)
            for info in available_infos(state, seat):
                # the checks of ``relocate``: the space (as a relocation), then 1 worker, no
                # coins (the cheaper test first: both must pass)
                competitive = not (info.number and info.number in own)
                if info.workers == 1 and info.coins == 0 \
                        and space_error(state, seat, info, competitive, relocation=True, memo=memo) is None:
                    result.append(_command("Relocate", seat, {"space": info.id}))
            return result
        if state.options:
            return _with_modules(state, seat, _before_placing(state, seat))
        placements = state._placements = _placements(state, seat)  # (decide: was_listed)
        return [_command("Pass", seat, {})] + placements
    if state.options:
        return _with_modules(state, seat, _after_placing(state, seat))
    steps = state._steps = []  # (decide: listed_step)
    state._builds = []  # (decide: listed_build, filled by _other_submoves)
    return _submoves(state, seat, steps)


def _payout_due(state: State) -> bool:
    from .usa.events import payout_due

    return payout_due(state)


def _before_placing(state: State, seat: str) -> list[Command]:
    """Before placing at a table with expansions: income markers and coal fields may have
    been used (their gains may be spent first; then no pass, unless nothing can be placed)."""
    if state.options.get("tableau") == "deutschland":
        from .germany import legal as german

        return german.before_placing(state, seat)
    if state.options.get("tableau") == "usa":
        from .usa import legal as usa

        return usa.before_placing(state, seat)
    if actions.blocking_item(state.pending) is not None:
        return _submoves(state, seat)
    placements = _placements(state, seat)
    return ([] if state.acted and placements else [Command("Pass", seat, {})]) + placements + _submoves(state, seat)


def _after_placing(state: State, seat: str) -> list[Command]:
    if state.options.get("tableau") == "deutschland":
        from .germany import legal as german

        return german.submoves(state, seat)
    if state.options.get("tableau") == "usa":
        from .usa import legal as usa

        return usa.submoves(state, seat)
    return _submoves(state, seat)


def _with_modules(state: State, seat: str, result: list[Command]) -> list[Command]:
    if state.options.get("new_engineers"):
        from .german_items import legal as new_engineers

        result = result + new_engineers.commands(state, seat)
    if state.options.get("coal"):
        from .coal import legal as coal

        result = result + coal.commands(state, seat)
    if state.options.get("dsp"):
        from .dsp import legal as dsp

        result = dsp.commands(state, seat, result)
    return result


def open_actions(state: State, seat: str) -> list[OpenAction]:
    if seat != state.current or state.phase not in PLAYER_PHASES or emil.to_move(state):
        return []
    if state.dsp and _ludmilla_wait(state, seat):
        return [OpenAction("rr.open.ludmilla_wait", False, {}, ())]
    result = _open_items(state, seat)
    if state.options and state.phase == "actions":
        p = state.players[seat]
        if not state.placed:  # gained before placing (an income marker, a coal field)
            for item in state.pending:
                must = bool(item[5]) or item[3] and actions.item_alone_feasible(state, p, item)
                result.append(OpenAction(f"rr.open.{item[1]}", must, open_params(item[1], item[2], item[4]),
                                         COMMANDS_FOR[item[1]]))
        if state.options.get("tableau") == "deutschland":
            from .germany import legal as german

            result += german.optional_actions(state, seat)
        if state.options.get("tableau") == "usa":
            from .usa import legal as usa

            result = usa.with_line_names(result) + usa.optional_actions(state, seat)
        if state.options.get("coal"):
            from .coal import legal as coal

            result += coal.optional_actions(state, seat)
    return result


def _open_items(state: State, seat: str) -> list[OpenAction]:
    if not state.placed:
        if state.phase == "draft":
            return [OpenAction("rr.open.start_bonus", True, {}, ("ChooseStartBonus",))]
        if state.phase == "relocation":
            return [OpenAction("rr.open.relocate", False, {"from": names.thing(state.reloc_from.get(seat, ""))},
                               ("Relocate", "SkipRelocation"))]
        return [OpenAction("rr.open.place_or_pass", True, {}, ("PlaceWorkers", "Pass"))]
    p = state.players[seat]
    result = []
    for item in state.pending:
        _id, kind, n, mandatory, arg, _blocking = item
        # A mandatory item that can no longer be done does not block the confirm
        # (safety net; the sub-move checks keep this from happening).
        must = mandatory and actions.item_alone_feasible(state, p, item)
        if _blocking:  # a displaced loco, the Deutschland switch or extension tile
            must = True
        result.append(OpenAction(f"rr.open.{kind}", must, open_params(kind, n, arg), COMMANDS_FOR[kind]))
    return result


COMMANDS_FOR = {
    "steps": ("AdvanceTrack",),
    "industry": ("AdvanceIndustry",),
    "doublers": ("PlaceDoubler",),
    "loco": ("BuildLoco",),
    "factory": ("BuildFactory",),
    "loco_or_factory": ("BuildLoco", "BuildFactory"),
    "place_loco": ("PlaceLoco", "DiscardLoco"),
    "q_token": ("ChooseQuestionToken",),
    "q_card": ("ChooseQuestionCard",),
    "end_card": ("SearchEndCards", "ChooseEndCard"),
    "end_card_or_vp": ("SearchEndCards", "ChooseEndCard", "TakePoints"),
    "reuse": ("ReuseSpace",),
    "repeat_one": ("PlaceDoubler", "AdvanceIndustry", "AdvanceTrack"),
    "grey_jump": ("JumpGreyTrack",),
    "branch": ("ChooseBranch",),
    "extension": ("ChooseExtension",),
    "income_marker": ("TakeIncomeMarker",),
    "boiler": ("AttachBoiler",),
    "take_foundry": ("TakeFoundry",),
    "close_foundry": ("CloseFoundry",),
    "coal_steps": ("SpendCoal",),
    "coal_factory": ("BuildCoalFactory",),
    "reuse_1_or_2": ("ReuseWithFoundry",),
    "dividend": ("ChooseDividend",),
    "steel_mill": ("BuildSteelMill", "BoxSteelMill"),
    "olga": ("PlaceOlgaWorker",),
    "ludmilla": ("ChooseLudmillaCard", "TakeLudmillaPoints"),
    "open_q": ("ChooseOpenQuestionToken",),
    "headhunter": ("ChooseHeadhunterEngineer",),
    "q_factory": ("BuildQuestionFactory",),
    "freight_wagon": ("AttachFreightWagon",),
    "use_factory": ("UseOwnFactory",),
}


#: phases in which a seat moves (``freight``: a DSP freight wagon's steps before the scoring)
PLAYER_PHASES = ("draft", "actions", "relocation", "freight")


def _wagon_due(state: State) -> bool:
    from .dsp.wagon import due

    return bool(due(state))


def _ludmilla_wait(state: State, seat: str) -> bool:
    from .dsp.ludmilla import waiting

    return waiting(state, seat)


def has_mandatory(state: State, seat: str) -> bool:
    """``any(a.mandatory for a in open_actions(state, seat))`` without building them."""
    if seat != state.current or state.phase not in PLAYER_PHASES or state.emil is not None and emil.to_move(state):
        return False
    if state.dsp and _ludmilla_wait(state, seat):
        return False
    if not state.placed:
        return state.phase != "relocation"
    p = state.players[seat]
    for item in state.pending:
        if item[5] or item[3] and actions.item_alone_feasible(state, p, item):
            return True
    return False


__all__ = ["legal_commands", "open_actions", "has_mandatory", "mandatory_open"]
