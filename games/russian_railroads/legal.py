"""``legal_commands`` and ``open_actions``: what a seat may do now, and what is open.

Candidates are generated cheaply from the pending items and then checked with
the very handlers ``decide`` uses, so the list and the validation can never
disagree (the property tests rely on that).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.contract import SYSTEM, Command, IllegalMove, OpenAction
from games.kit.bounded import MEMO_ENTRIES, keep

from . import actions, industry, locomotives, names, tracks
from .builds import factory_builds, loco_builds, may_discard
from .context import accepts
from .data import RULES
from .decide import TURN_COMMANDS
from .items import Item, placing
from .messages import open_params
from .placements import interned, pass_command, placement_commands
from .spaces import available_infos, space_error
from .state import State
from .submoves import SUBMOVES, doubler_item, industry_step, mandatory_open, question_token_item
from .track_steps import step_choices


def _base_handler(_state: State, ctype: str) -> Any:
    return TURN_COMMANDS.get(ctype) or SUBMOVES[ctype]


def _ok(state: State, seat: str, ctype: str, args: dict[str, Any]) -> bool:
    """Would ``decide`` accept the command?  Runs its handler up to its first event."""
    return accepts(_base_handler, state, seat, ctype, args)


def _step_commands(seat: str) -> list[Command | None]:
    """The seat's interned ``AdvanceTrack`` commands by track index (line * 5 + colour),
    each made when first listed: the commonest sub-move, found by the seat once per
    listing and then by an index (a (seat, line, colour) key cost a tuple, its hash and
    its comparison per step listed)."""
    commands = _STEPS.get(seat)
    if commands is None:
        none: list[Command | None] = [None] * 15
        commands = keep(_STEPS, seat, none, MEMO_ENTRIES)
    return commands


def _step_command(commands: list[Command | None], seat: str, line: int, colour: int) -> Command:
    """The interned ``AdvanceTrack`` command of a track not listed before (kept in ``commands``)."""
    command = commands[line * 5 + colour] = interned("AdvanceTrack", seat, {"line": RULES.lines[line],
                                                                            "colour": RULES.colours[colour]})
    return command


_STEPS: dict[str, list[Command | None]] = {}


def _probe(listed: list[Command], state: State, seat: str, ctype: str, args: dict[str, Any]) -> None:
    """List the command if ``decide``'s handler accepts it (:func:`_ok`)."""
    if _ok(state, seat, ctype, args):
        listed.append(interned(ctype, seat, args))


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
        kind = item.kind
        if item.n > 0:
            kinds.add(kind)
        if kind == "steps":
            colours.update(tracks.colour_set(item.arg))
        elif kind == "repeat_one":
            if "black" in item.arg:
                colours.add(0)
            if "doubler" in item.arg:
                kinds.add("doublers")
            if "industry" in item.arg:
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
        if block.kind != "place_loco":
            return []  # an expansion's choice (its own module lists it)
        # place_loco admits exactly locomotives.placements (its number is the item's):
        # listed without probing, as is the discard when discard_loco's check passes
        number, exclude = placing(block.arg)
        for line, replace in locomotives.placements(p, number, exclude):
            listed.append(interned("PlaceLoco", seat, {"line": RULES.lines[line], "replace": replace,
                                                       "number": number}))
        if may_discard(p, exclude):
            listed.append(interned("DiscardLoco", seat, {"number": number}))
    else:
        commands = _STEPS.get(seat) or _step_commands(seat)
        for colour in sorted(colours):
            for line, item in step_choices(state, seat, colour):
                command = commands[line * 5 + colour] or _step_command(commands, seat, line, colour)
                listed.append(command)
                if steps is not None:
                    steps.append((command, line, colour, item))
        if not kinds <= _ONLY_STEPS:  # (most listings: track steps alone)
            _other_submoves(state, seat, kinds, listed)
    return listed


#: the kinds of a pending list of track steps alone
_ONLY_STEPS = frozenset({"steps"})


_LOCO_KINDS = frozenset({"loco", "loco_or_factory"})
_FACTORY_KINDS = frozenset({"factory", "loco_or_factory"})
_END_CARD_KINDS = frozenset({"end_card", "end_card_or_vp"})


def _other_submoves(state: State, seat: str, kinds: set[str], listed: list[Command]) -> None:
    """:func:`_submoves` after the track steps: the other kinds of open items."""
    p = state.players[seat]
    if "industry" in kinds:
        for marker in (1, 2):
            if industry.step_target_at(state, p, marker - 1) >= 0 and _passes(industry_step, state, seat, marker):
                listed.append(interned("AdvanceIndustry", seat, {"marker": marker}))
    if "doublers" in kinds and _passes(doubler_item, state, seat):
        listed.append(interned("PlaceDoubler", seat, {}))
    if not kinds.isdisjoint(_LOCO_KINDS):  # checked directly, like the track steps
        for line, replace, number, item in loco_builds(state, seat):
            command = interned("BuildLoco", seat, {"line": RULES.lines[line], "replace": replace, "number": number})
            listed.append(command)
            if state._builds is not None:  # (decide: listed_build)
                state._builds.append((command, line, replace, number, item))
    if not kinds.isdisjoint(_FACTORY_KINDS):
        for source, number, slot in factory_builds(state, seat):
            listed.append(interned("BuildFactory", seat, {"source": source, "number": number, "slot": slot}))
    if "q_token" in kinds:
        for token in state.table.q_tokens:
            if token not in p.q_used and _passes(question_token_item, state, seat, token):
                listed.append(interned("ChooseQuestionToken", seat, {"token": token}))
    if "q_card" in kinds:
        for card in state.q_cards:
            _probe(listed, state, seat, "ChooseQuestionCard", {"card": card})
    if not kinds.isdisjoint(_END_CARD_KINDS):
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
    table = state.table
    if seat == SYSTEM:
        if state.phase == "reorder":
            return [Command("ResolveTurnOrder", SYSTEM, {})]
        if state.phase == "scoring":
            for work in table.scoring_work:  # (DSP: the freight wagons just before the scoring)
                due = work(state)
                if due:
                    return [Command(due, SYSTEM, {})]
            return [Command("ScoreRound", SYSTEM, {})]
        for listed in table.system_listed:  # (Emil's turn, American Railroads' payouts)
            due = listed(state)
            if due:
                return [Command(due, SYSTEM, {})]
        return []
    if seat != state.current or state.phase not in PLAYER_PHASES or table.blocks_seats and table.blocked(state):
        return []
    if not state.placed:
        if state.phase == "draft":
            # (a loop: a comprehension would make ``seat`` a cell at every listing)
            drafts = []
            for card in state.draft_cards:
                drafts.append(interned("ChooseStartBonus", seat, {"card": card}))
            return drafts
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
                    result.append(interned("Relocate", seat, {"space": info.id}))
            return result
        if not table.plain:
            before = table.tableau.before_placing
            return _with_modules(state, seat, before(state, seat) if before else _before_placing(state, seat))
        placements = state._placements = placement_commands(state, seat)  # (decide: was_listed)
        return [pass_command(seat)] + placements
    if not table.plain:
        after = table.tableau.submoves
        return _with_modules(state, seat, after(state, seat) if after else _submoves(state, seat))
    steps = state._steps = []  # (decide: listed_step)
    state._builds = []  # (decide: listed_build, filled by _other_submoves)
    return _submoves(state, seat, steps)


def _before_placing(state: State, seat: str) -> list[Command]:
    """Before placing at a table with modules (Russian tableau): what a coal field gave may
    be spent first; then no pass, unless nothing can be placed."""
    if actions.blocking_item(state.pending) is not None:
        return _submoves(state, seat)
    placements = placement_commands(state, seat)
    return ([] if state.acted and placements else [Command("Pass", seat, {})]) + placements + _submoves(state, seat)


def _with_modules(state: State, seat: str, result: list[Command]) -> list[Command]:
    for commands in state.table.commands:  # (the new engineers, coal, DSP)
        result = commands(state, seat, result)
    return result


def open_actions(state: State, seat: str) -> list[OpenAction]:
    table = state.table
    if seat != state.current or state.phase not in PLAYER_PHASES or table.blocks_seats and table.blocked(state):
        return []
    for waiting in table.waiting:  # (DSP: Ludmilla's round)
        if waiting(state, seat):
            return [OpenAction("rr.open.ludmilla_wait", False, {}, ())]
    result = _open_items(state, seat)
    if not table.plain and state.phase == "actions":
        p = state.players[seat]
        if not state.placed:  # gained before placing (an income marker, a coal field)
            for item in state.pending:
                must = bool(item.blocking) or item.mandatory and actions.item_alone_feasible(state, p, item)
                result.append(OpenAction(f"rr.open.{item.kind}", must, open_params(item.kind, item.n, item.arg),
                                         COMMANDS_FOR[item.kind]))
        tableau = table.tableau.with_open_actions
        if tableau is not None:  # (income markers, coin spaces)
            result = tableau(state, seat, result)
        for more in table.open_actions:  # (coal fields and foundries)
            result += more(state, seat)
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
        kind = item.kind
        # A mandatory item that can no longer be done does not block the confirm
        # (safety net; the sub-move checks keep this from happening).
        must = item.mandatory and actions.item_alone_feasible(state, p, item)
        if item.blocking:  # a displaced loco, the Deutschland switch or extension tile
            must = True
        result.append(OpenAction(f"rr.open.{kind}", must, open_params(kind, item.n, item.arg), COMMANDS_FOR[kind]))
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


def has_mandatory(state: State, seat: str) -> bool:
    """``any(a.mandatory for a in open_actions(state, seat))`` without building them."""
    table = state.table
    if seat != state.current or state.phase not in PLAYER_PHASES or table.blocks_seats and table.blocked(state):
        return False
    for waiting in table.waiting:  # (DSP: Ludmilla's round)
        if waiting(state, seat):
            return False
    if not state.placed:
        return state.phase != "relocation"
    p = state.players[seat]
    for item in state.pending:
        if item.blocking or item.mandatory and actions.item_alone_feasible(state, p, item):
            return True
    return False


__all__ = ["legal_commands", "open_actions", "has_mandatory", "mandatory_open"]
