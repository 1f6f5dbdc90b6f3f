"""Take-back lines in the log (issue 27): who asked and who answered are named, and a
request its asker withdraws reads as withdrawn, not as declined."""

from __future__ import annotations

from tests.api.conftest import auth
from tests.api.test_api import send


def _lines(client, game_id, token, lang="en"):
    return [line["text"] for line in
            client.get(f"/api/games/{game_id}/texts?lang={lang}", headers=auth(token)).json["lines"]]


def _ask_after_both_moved(client, game_id, tokens) -> int:
    """Ann and Bob each play a turn; Ann asks to take hers back (Bob must answer)."""
    start = client.get(f"/api/games/{game_id}").json["seq"]
    send(client, game_id, tokens["p1"], "Add", {"n": 1})
    send(client, game_id, tokens["p1"], "ConfirmTurn")
    send(client, game_id, tokens["p2"], "Add", {"n": 1})
    send(client, game_id, tokens["p2"], "ConfirmTurn")
    assert send(client, game_id, tokens["p1"], "RequestUndo", {"to_seq": start}).status_code == 201
    return start


def test_a_declined_and_an_accepted_take_back_name_both_players(client, game):
    game_id, tokens = game
    start = _ask_after_both_moved(client, game_id, tokens)
    assert send(client, game_id, tokens["p2"], "DeclineUndo").status_code == 201
    lines = _lines(client, game_id, tokens["p1"])
    assert "ann asked to take back moves." in lines
    assert "bob declined the take-back ann asked for." in lines
    # the replay's log says the same
    replay = client.get(f"/api/games/{game_id}/replay").json["log"]
    assert "bob declined the take-back ann asked for." in [line["text"]["en"] for line in replay]
    assert send(client, game_id, tokens["p1"], "RequestUndo", {"to_seq": start}).status_code == 201
    assert send(client, game_id, tokens["p2"], "AcceptUndo").status_code == 201
    lines = _lines(client, game_id, tokens["p2"], "de")
    assert "bob hat der Rücknahme zugestimmt, um die ann gebeten hat." in lines
    assert not [line for line in lines if "zurückgezogen" in line]


def test_a_withdrawn_request_is_logged_as_withdrawn(client, game):
    game_id, tokens = game
    _ask_after_both_moved(client, game_id, tokens)
    # The asker withdraws (the page's "Withdraw" sends DeclineUndo as the asker).
    assert send(client, game_id, tokens["p1"], "DeclineUndo").status_code == 201
    lines = _lines(client, game_id, tokens["p2"])
    assert lines[-1] == "ann withdrew their take-back request."
    assert not [line for line in lines if "declined" in line]
    assert _lines(client, game_id, tokens["p2"], "de")[-1] == "ann hat die Bitte um Rücknahme zurückgezogen."
