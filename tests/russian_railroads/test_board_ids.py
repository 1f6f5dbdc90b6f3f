"""Issue 10, "Play by clicking alone": every legal command names, in its arguments, a
thing the seat's view shows under a stable id (the mapping documented in
``games/russian_railroads/view.py``), so the board can put each command on its piece."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.contract import Command
from games.russian_railroads import GAME
from games.russian_railroads import view as view_module

from .helpers import play_random

NO_PIECE = {"Pass", "SkipRelocation"}


def space_ids(view: dict[str, Any], p: dict[str, Any]) -> set[str]:
    ids = {space["id"] for space in view["board"]["spaces"]}
    ids |= set(view["engineers"]["public_spaces"]) | {view["engineers"]["hire_space"]}
    ids |= {engineer["id"] for engineer in p["own_engineers"]}
    return ids


def loco_slot(p: dict[str, Any], line: str, replace: int) -> bool:
    slots = p["loco_slots"][line]
    if replace:
        return any(slot["loco"] == replace for slot in slots)
    return any(slot["loco"] is None for slot in slots)


def target_found(command: Command, view: dict[str, Any], seat: str) -> bool:
    """Whether ``command``'s piece is in ``view`` under the documented id."""
    p = view["players"][seat]
    a = command.args
    t = command.type
    if t in ("PlaceWorkers", "Relocate"):
        return a["space"] in space_ids(view, p)
    if t == "ReuseSpace":
        return a["space"] in space_ids(view, p) and (
            a["space"] in view["occupied"] or a["space"] in {e["id"] for e in p["own_engineers"]}
            or a["space"] == "rally")
    if t == "ChooseStartBonus":
        return a["card"] in view["start_bonus_cards"]
    if t == "AdvanceTrack":
        return a["colour"] in p["tracks"][a["line"]]
    if t == "AdvanceIndustry":
        return a["marker"] in {m["marker"] for m in p["markers"]}
    if t == "PlaceDoubler":
        return sum(1 for slot in p["doubler_slots"] if slot["next"]) == 1
    if t == "BuildLoco":
        lowest = min(n for n, left in view["loco_stacks"].items() if left)
        return a["number"] == lowest and loco_slot(p, a["line"], a["replace"])
    if t == "PlaceLoco":
        return loco_slot(p, a["line"], a["replace"]) and a["number"] > 0
    if t == "DiscardLoco":
        return a["number"] > 0
    if t == "BuildFactory":
        pile = view["loco_stacks"] if a["source"] == "stack" else view["factory_display"]
        return pile.get(a["number"], 0) > 0 and a["slot"] in {s["slot"] for s in p["factory_slots"]}
    if t == "ChooseQuestionToken":
        return a["token"] in p["question_tokens_left"]
    if t == "ChooseQuestionCard":
        return a["card"] in view["question_cards"]
    if t == "SearchEndCards":
        return view["end_deck_count"] > 0 and view["end_deck"] is None
    if t == "ChooseEndCard":
        return view["end_deck"] is not None and a["card"] in view["end_deck"]
    if t == "TakePoints":
        return any(item.kind == "end_card_or_vp" for item in view["pending"])
    return t in NO_PIECE


@pytest.mark.parametrize("players,seed", [(2, 41), (3, 42), (4, 43)])
def test_every_legal_command_names_a_piece_of_the_seats_view(players, seed):
    seen: set[str] = set()

    def check(state, seat, legal, _rng):
        view = json.loads(json.dumps(GAME.view(state, seat)))  # as the web page gets it
        view["loco_stacks"] = {int(k): v for k, v in view["loco_stacks"].items()}
        view["factory_display"] = {int(k): v for k, v in view["factory_display"].items()}
        for command in legal:
            assert target_found(command, view, seat), (command, {k: view["players"][seat].get(k) for k in (
                "loco_slots", "factory_slots", "markers", "own_engineers", "doubler_slots")})
            seen.add(command.type)

    play_random(players, seed, check=check)
    assert {"PlaceWorkers", "AdvanceTrack", "BuildLoco", "BuildFactory", "AdvanceIndustry", "PlaceDoubler"} <= seen


def test_the_view_module_documents_every_command():
    doc = view_module.__doc__ or ""
    from games.russian_railroads.decide import TURN_COMMANDS
    from games.russian_railroads.submoves import SUBMOVES

    for command in set(TURN_COMMANDS) | set(SUBMOVES):
        assert f"\n{command} " in doc, command


def test_own_engineer_ids_are_the_placement_space():
    from .helpers import act, at_turn, player

    s = at_turn()
    player(s).engineers = [14]
    p = GAME.view(s, "p1")["players"]["p1"]
    assert p["own_engineers"] == [{"id": "engineer_14", "number": 14, "used": False}]
    assert any(c.args.get("space") == "engineer_14" for c in GAME.legal_commands(s, "p1"))
    s = act(s, "p1", "PlaceWorkers", space="engineer_14")
    assert GAME.view(s, "p1")["players"]["p1"]["own_engineers"][0]["used"] is True
