"""What a viewer sees of a Russian Railroads game: ``view(state, viewer)``.

Hidden information stays hidden: other seats' end-game cards are ``None`` until the
game is over; the end-game stack is ``None`` except to the seat that looked through
it this turn (``SearchEndCards``: the cards, sorted) and to a reviewer; the 2 cards
removed unseen only to a reviewer; open sub-move items only to the seat to move.

Clickable things and the legal commands that act on them
--------------------------------------------------------

Every legal command's arguments name the thing it acts on by an id found in the
view, so a board can put each command on its piece (the web table does; "All
possible moves" is only the fallback).  ``P`` is ``view["players"][seat]``.

=================== ======================================= ==========================================
command             args                                    the thing in the view (the id to match)
=================== ======================================= ==========================================
PlaceWorkers        space, coins, black                     ``board.spaces[].id``; a public engineer
                                                            ``engineers.public_spaces[]`` and the hire
                                                            field ``engineers.hire_space``; an own
                                                            engineer ``P.own_engineers[].id``
                                                            (``engineer_<n>``)
Relocate            space                                   as PlaceWorkers (from ``P.relocate_from``)
ReuseSpace          space                                   a space the seat stands on:
                                                            ``occupied[space]``, ``board.spaces[].id``
                                                            or ``P.own_engineers[].id``
ChooseStartBonus    card                                    ``start_bonus_cards[]``
AdvanceTrack        line, colour                            ``P.tracks[line][colour]`` (the track piece)
JumpGreyTrack       line                                    ``P.tracks[line]["grey"]`` (DSP engineer 11,
                                                            Dimitrij: grey up behind black)
AdvanceIndustry     marker                                  ``P.markers[].marker`` (1 or 2)
PlaceDoubler        -                                       ``P.doubler_slots[]`` with ``next: true``
BuildLoco           line, replace, number                   ``P.loco_slots[line][]``: the slot whose
                                                            ``loco`` is ``replace`` (0/None: a free
                                                            slot); ``number`` is the lowest
                                                            ``loco_stacks`` number
PlaceLoco           line, replace, number                   ``P.loco_slots[line][]`` as BuildLoco;
                                                            ``number`` is the displaced loco
DiscardLoco         number                                  the displaced loco (goes to the display)
BuildFactory        source, number, slot                    ``P.factory_slots[].slot``; the tile:
                                                            ``loco_stacks[number]`` (source "stack") or
                                                            ``factory_display[number]`` ("display")
ChooseQuestionToken token                                   ``P.question_tokens_left[]``
ChooseQuestionCard  card                                    ``question_cards[]``
SearchEndCards      -                                       the stack: ``end_deck_count``
ChooseEndCard       card                                    ``end_deck[]`` (only to the looking seat)
TakePoints          -                                       factory 9's choice (``pending`` item
                                                            ``end_card_or_vp``)
Pass                -                                       no piece (a button)
SkipRelocation      -                                       no piece (a button)
=================== ======================================= ==========================================

The older fields (``engineers.public``, ``P.engineers``, ``P.factories``,
``P.industry_markers``, ``P.locos``, ``P.question_tokens``) stay as they were; the
id fields above are additions for matching.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from games.contract import REVIEWER, SPECTATOR

from . import engineers, scoring
from .data import RULES, SPECIAL9, space_on_board
from .state import PlayerState, State

#: Flags of an action space a board shows (when it may be used, whether it can be reused).
SPACE_FLAGS = ("last_round_only", "not_last_round", "not_reusable", "never_occupied")


@cache
def _board(players: int) -> dict[str, Any]:
    """The printed board for ``players``, for drawing: the action spaces (in board
    order, with cost and effects), each line's length, colours and special spaces
    (one-time bonuses, track unlocks, Kiev stars and medal, Petersburg doubling),
    the industry track, and the effects of every engineer and factory."""
    raw = RULES.raw
    spaces = []
    for space in raw["action_spaces"]:
        if not space_on_board(space, players):
            continue
        row = {"id": space["id"], "area": space["area"], "workers": space["workers"], "coins": space["coins"],
               "effects": space["effects"]}
        row.update({flag: True for flag in SPACE_FLAGS if space.get(flag)})
        spaces.append(row)
    lines = []
    for line in raw["lines"]:
        name = line["id"]
        specials = [{"key": s["key"], "space": s["space"], "colour": s["colour"], "loco": s["loco"],
                     "effect": s["effect"]} for s in raw["special_spaces"] if s["line"] == name]
        unlocks = [{"space": u["space"], "colour": u["colour"], "steps": u.get("then_steps", 0)}
                   for u in raw["unlocks"] if u["line"] == name]
        entry: dict[str, Any] = {"id": name, "length": line["spaces"], "colours": line["colours"],
                                 "loco_slots": line["loco_slots"], "specials": specials, "unlocks": unlocks}
        if name == raw["kiev_medal"]["line"]:
            entry["stars"] = [{"space": s["space"], "vp": s["vp"]} for s in raw["kiev_stars"]]
            entry["medal"] = {k: raw["kiev_medal"][k] for k in ("space", "colour", "vp")}
        if name == raw["petersburg_doubling"]["line"]:
            entry["doubling"] = {k: raw["petersburg_doubling"][k] for k in ("space", "colour", "factor")}
        lines.append(entry)
    industry = raw["industry"]
    return {
        "spaces": spaces,
        "lines": lines,
        "industry": {"length": industry["length"], "gaps": industry["gaps"],
                     "question_space": industry["question_space"], "scores": industry["scores"]},
        "engineers": {str(n): e["effects"] for n, e in sorted(RULES.engineers.items()) if not e.get("set")},
        "factories": {str(n): effects for n, effects in sorted(RULES.factories.items())},
        "doubler_slots": raw["doublers"]["slots"],
    }


def board_layout(players: int) -> dict[str, Any]:
    """A fresh copy of :func:`_board` (views are handed out and may be changed)."""
    return copy.deepcopy(_board(players))


def view(state: State, viewer: str) -> dict[str, Any]:
    """What ``viewer`` may see: the board, every tableau with its current value
    (Yucata's "(N)"), own end-game cards; the end-game stack only to a seat
    searching it and to a reviewer."""
    players = {}
    for seat in state.seats:
        p = state.players[seat]
        sees_cards = viewer in (seat, REVIEWER) or state.phase == "over"
        players[seat] = {
            "vp": p.vp, "coins": p.coins, "workers": p.workers, "free_workers": p.free,
            "black_worker": p.black, "black_worker_free": p.black_free,
            "tracks": {line: {RULES.colours[c]: p.tr[li * 5 + c] for c in range(5)
                              if RULES.allowed[li][c] and p.unlocked[c]}
                       for li, line in enumerate(RULES.lines)},
            "unlocked": [RULES.colours[c] for c in range(5) if p.unlocked[c]],
            "locos": {line: [9 if x == SPECIAL9 else x for x in p.locos[li]]
                      for li, line in enumerate(RULES.lines)},
            "factories": list(p.factories), "industry_markers": [m for m in p.markers if m >= 0],
            "doublers": p.doublers, "engineers": list(p.engineers), "engineers_used": list(p.own_used),
            "question_tokens": list(p.q_used), "special_spaces": list(p.claims),
            "end_cards": list(p.end_cards) if sees_cards else None,
            "end_card_count": len(p.end_cards),
            "tableau_value": scoring.tableau_value(p),
            "passed": seat in state.passed,
            **_targets(state, p),
        }
    if viewer == REVIEWER:
        end_deck: list[str] | None = sorted(state.end_deck)
    elif viewer == state.current and viewer != SPECTATOR and state.end_seen is not None:
        end_deck = list(state.end_seen)  # what the seat saw looking through the stack
    else:
        end_deck = None
    view: dict[str, Any] = {
        "round": state.round, "rounds": state.rounds, "phase": state.phase, "order": list(state.order),
        "current": state.current, "passed": list(state.passed),
        "occupied": {k: {"seat": v[0], "workers": v[1], "coins": v[2], "black": v[3]}
                     for k, v in state.occupied.items()},
        "rally_users": list(state.rally_users),
        "engineers": {"hire": engineers.hire_candidate(state), "public": engineers.public_engineers(state),
                      "preview": engineers.preview(state), "hire_space": HIRE_SPACE,
                      "public_spaces": [engineers.space_id(n) for n in engineers.public_engineers(state)]},
        "loco_stacks": {n: state.stacks[n] for n in range(1, 10)},
        "factory_display": {n: state.display[n] for n in range(1, 10) if state.display[n]},
        "question_cards": list(state.q_cards), "doubler_supply": state.doubler_supply,
        "start_bonus_cards": list(state.draft_cards),
        "end_deck_count": len(state.end_deck),
        "end_deck": end_deck,
        "pending": [item.fields() for item in state.pending] if viewer in (state.current, REVIEWER) else [],
        "players": players, "last_scoring": state.last_scoring,
        "board": _board_for(state),
    }
    if state.options:
        view["options"] = dict(state.options)  # (shown as they are: the table's make-up)
    for extend in state.table.views:  # the tableau's and the modules' parts (Emil, coal, DSP ...)
        extend(view, state)
    if viewer == REVIEWER:
        view["end_removed"] = list(state.end_removed)
    if state.phase == "over":
        view["final"] = state.final
    return view


HIRE_SPACE = "hire_engineer"


def _board_for(state: State) -> dict[str, Any] | None:
    """The printed board (a module's view adds its engineers)."""
    if not state.seats:
        return None
    return board_layout(len(state.seats))


def add_engineers(view: dict[str, Any], engineer_set: str) -> None:
    """The engineers of a module's set on the board the view shows: their effects, and
    their printed use cost where it differs from 1 worker (DSP, the new engineers)."""
    board = view.get("board")
    if board is None:
        return
    for number, info in sorted(RULES.engineers.items()):
        if info.get("set") == engineer_set:
            board["engineers"][str(number)] = info["effects"]
            if info.get("cost"):
                board.setdefault("engineer_costs", {})[str(number)] = dict(info["cost"])


def _targets(state: State, p: PlayerState) -> dict[str, Any]:
    """The ids a player board offers for matching legal commands (see the table above)."""
    slots = {}
    for li, line in enumerate(RULES.lines):
        lying = [9 if x == SPECIAL9 else x for x in p.locos[li]]
        slots[line] = [{"slot": i, "loco": lying[i] if i < len(lying) else None}
                       for i in range(RULES.line_slots[li])]
    total = RULES.raw["doublers"]["slots"]
    return {
        "own_engineers": [{"id": engineers.space_id(n), "number": n, "used": n in p.own_used}
                          for n in p.engineers],
        "markers": [{"marker": i + 1, "field": m} for i, m in enumerate(p.markers) if m >= 0],
        "factory_slots": [{"slot": i, "number": n or None} for i, n in enumerate(p.factories)],
        "loco_slots": slots,
        "doubler_slots": [{"slot": i + 1, "filled": i < p.doublers, "next": i == p.doublers}
                          for i in range(total)],
        "question_tokens_left": [t for t in state.table.q_tokens if t not in p.q_used],
        "relocate_from": state.reloc_from.get(p.seat),
    }
