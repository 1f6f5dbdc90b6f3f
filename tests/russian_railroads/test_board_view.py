"""The ``board`` section of the view: the printed board the web renderer draws
(action spaces with cost and effects, the lines' special spaces, industry,
engineer and factory effects), so the browser keeps no copy of the rules data."""

from __future__ import annotations

import json

from games.contract import SPECTATOR
from games.russian_railroads import GAME
from games.russian_railroads.data import RULES

from .helpers import act, at_turn, new_game, play_random


def test_board_lists_the_action_spaces_of_the_player_count_in_board_order():
    two = GAME.view(new_game(2)[0], SPECTATOR)["board"]
    four = GAME.view(new_game(4)[0], SPECTATOR)["board"]
    ids2 = [s["id"] for s in two["spaces"]]
    ids4 = [s["id"] for s in four["spaces"]]
    assert ids4 == list(RULES.space_order)
    assert "black_1w" not in ids2 and "temp_workers" not in ids2 and "black_2w" in ids2
    assert ids2 == [i for i in ids4 if i in ids2]
    joker = next(s for s in two["spaces"] if s["id"] == "joker")
    assert (joker["workers"], joker["coins"], joker["area"]) == (1, 1, "track")
    assert joker["effects"] == [{"op": "steps", "colour": "any", "n": 2}]
    hire = next(s for s in two["spaces"] if s["id"] == "hire_engineer")
    assert (hire["workers"], hire["coins"], hire["not_reusable"]) == (0, 1, True)
    assert next(s for s in two["spaces"] if s["id"] == "last_round")["last_round_only"] is True
    assert next(s for s in two["spaces"] if s["id"] == "rally")["never_occupied"] is True


def test_board_lines_carry_their_special_spaces():
    board = GAME.view(at_turn(), "p1")["board"]
    lines = {line["id"]: line for line in board["lines"]}
    assert [line["id"] for line in board["lines"]] == list(RULES.lines)
    assert [(line["length"], line["loco_slots"]) for line in board["lines"]] == [(15, 2), (9, 1), (9, 1)]
    transsib = lines["transsib"]
    assert {(s["space"], s["effect"]["op"]) for s in transsib["specials"]} == {
        (3, "extra_worker"), (13, "q_token"), (15, "vp")}
    assert [(u["space"], u["colour"]) for u in transsib["unlocks"]] == [
        (2, "grey"), (6, "brown"), (10, "natural"), (15, "white")]
    assert transsib["unlocks"][-1]["steps"] == 2
    assert {s["space"] for s in lines["st_petersburg"]["specials"]} == {4, 6, 9}
    assert lines["st_petersburg"]["doubling"] == {"space": 7, "colour": "grey", "factor": 2}
    assert [s["space"] for s in lines["kiev"]["stars"]] == [1, 2, 3, 4, 8]
    assert lines["kiev"]["medal"] == {"space": 5, "colour": "grey", "vp": 20}
    assert "stars" not in transsib and "doubling" not in lines["kiev"]
    assert board["industry"]["gaps"] == [5, 7, 9, 11, 13] and board["industry"]["question_space"] == 10
    assert len(board["industry"]["scores"]) == board["industry"]["length"] + 1


def test_board_has_every_engineer_and_factory_effect():
    board = GAME.view(at_turn(), SPECTATOR)["board"]
    base = [n for n, info in sorted(RULES.engineers.items()) if not info.get("set")]
    assert sorted(board["engineers"], key=int) == [str(n) for n in base]  # no expansion engineer
    assert board["engineers"]["14"] == [{"op": "steps", "colour": "black", "n": 2}]
    assert sorted(board["factories"], key=int) == [str(n) for n in range(1, 10)]
    assert board["factories"]["6"] == [{"op": "coins", "n": 1}]


def test_board_is_a_fresh_copy_and_json():
    s = at_turn()
    first = GAME.view(s, "p1")
    first["board"]["spaces"].clear()
    first["board"]["lines"][0]["specials"][0]["effect"]["op"] = "changed"
    again = GAME.view(s, "p1")["board"]
    assert again["spaces"] and again["lines"][0]["specials"][0]["effect"]["op"] == "extra_worker"
    state, _log = play_random(2, 5)
    view = GAME.view(state, SPECTATOR)
    assert view["phase"] == "over" and json.loads(json.dumps(view))["board"] == view["board"]
    assert GAME.view(GAME.initial_state(), SPECTATOR)["board"] is None


def test_view_shows_who_used_the_space_that_stays_free():
    s = at_turn(2)
    assert GAME.view(s, SPECTATOR)["rally_users"] == []
    s = act(s, "p1", "PlaceWorkers", space="rally")
    view = GAME.view(s, "p1")
    assert view["rally_users"] == ["p1"] and "rally" not in view["occupied"]
