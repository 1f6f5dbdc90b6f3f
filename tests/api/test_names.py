"""Player-facing texts of the API name players, never seats (issue 23 point 5, issue 27).

The games describe a seat by its id (``{"seat": "p1"}``); every text the API returns
(the log, the move window, the listed commands, a refusal) reads the player's name
in its language instead, and bots of the same level are told apart by name with their
level in words.  Tally (the fixture game) says "{seat} adds {n}".
"""

from __future__ import annotations

import re

from tests.api.conftest import auth
from tests.api.test_api import send

SEAT_ID = re.compile(r"\bp[1-5]\b")


def create(client, seats):
    r = client.post("/api/games", json={"game": "tally", "options": {"rounds": 1}, "seats": seats})
    assert r.status_code == 201, r.json
    return r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}


def test_log_move_window_and_commands_name_the_players(client, game):
    game_id, tokens = game
    r = send(client, game_id, tokens["p1"], "Add", {"n": 3})
    window = r.json["game"]["move_window"]
    assert window["sub_moves"][0]["text"] == {"de": "ann zählt 3 dazu", "en": "ann adds 3"}
    send(client, game_id, tokens["p1"], "ConfirmTurn")
    for lang, line in (("de", "ann bestätigt den Zug"), ("en", "ann confirms the turn")):
        lines = client.get(f"/api/games/{game_id}/texts?lang={lang}").json["lines"]
        assert line in [x["text"] for x in lines]
        assert not any(SEAT_ID.search(x["text"]) for x in lines), lines
    replay = client.get(f"/api/games/{game_id}/replay").json
    assert not any(SEAT_ID.search(text) for x in replay["log"] for text in x["text"].values())
    commands = client.get(f"/api/games/{game_id}/commands", headers=auth(tokens["p2"])).json["commands"]
    texts = [text for c in commands for text in c.get("text", {}).values()]
    assert not any(SEAT_ID.search(text) for text in texts), texts


def test_bots_of_one_level_have_their_own_names_with_the_level_in_words(client):
    game_id, _tokens = create(client, [{"name": "ann"}, {"bot": "greedy"}, {"bot": "greedy"}, {"bot": "mcts-1s"}])
    seats = client.get(f"/api/games/{game_id}").json["seats"]
    names = {s["seat"]: s["display_name"] for s in seats}
    assert names["p1"] == {"de": "ann", "en": "ann"}
    assert names["p2"] == {"de": "Bruno (Bot, gierig)", "en": "Bruno (bot, greedy)"}
    assert names["p3"] == {"de": "Clara (Bot, gierig)", "en": "Clara (bot, greedy)"}
    assert names["p4"] == {"de": "Dieter (Bot, stark: 1 s Suche)", "en": "Dieter (bot, strong: 1 s search)"}
    assert len({n["en"] for n in names.values()}) == 4


def test_the_analysing_level_in_words():
    from service.seat_names import bot_level

    assert bot_level("mcts-100i", "en") == "search, 100 iterations a move"
    assert bot_level("mcts-100i", "de") == "Suche, 100 Iterationen je Zug"


def test_invited_and_open_seats_say_so():
    from events.repository import SeatInfo
    from service.seat_names import seat_names

    seats = [SeatInfo("p1", "ann", None), SeatInfo("p2", None, None, invited="bob"), SeatInfo("p3", None, None)]
    assert seat_names(seats, "en") == {"p1": "ann", "p2": "bob (invited)", "p3": "open seat"}
    assert seat_names(seats, "de") == {"p1": "ann", "p2": "bob (eingeladen)", "p3": "freier Platz"}


def test_one_account_in_several_seats_is_told_apart_by_seat_number():
    from events.repository import SeatInfo
    from service.seat_names import seat_names

    seats = [SeatInfo("p1", "ann", None), SeatInfo("p2", "ann", None), SeatInfo("p3", "bob", None)]
    assert seat_names(seats, "en") == {"p1": "ann (seat 1)", "p2": "ann (seat 2)", "p3": "bob"}
    assert seat_names(seats, "de")["p2"] == "ann (Platz 2)"


def test_a_confirm_with_mandatory_actions_open_is_refused_in_both_languages(client, game):
    """Tally: "Add" is mandatory once a turn; a drawn card alone does not end the turn."""
    game_id, tokens = game
    assert send(client, game_id, tokens["p1"], "Draw").status_code == 201
    r = send(client, game_id, tokens["p1"], "ConfirmTurn")
    assert r.status_code == 422
    error = r.json["error"]
    assert error["code"] == "platform.mandatory_open"
    assert error["message"] == "mandatory actions are still open: Add 1 to 3"
    assert error["text"] == {"de": "Pflichtaktionen sind noch offen: 1 bis 3 dazuzählen",
                             "en": "mandatory actions are still open: Add 1 to 3"}
