"""Issue 12, German Railroads' ?-token "4 Münzen" and ?-card "Aufwerter" at tables
without the Deutschland tableau (option ``new_q``): "Das ?-Plättchen 4 Münzen und die
?-Karte mit dem neuen Aufwerter werden bei allen Spielen mit dem Deutschlandtableau
verwendet. Ihr könnt sie aber auch in allen anderen Spielen verwenden." """

from __future__ import annotations

from games.contract import render
from games.russian_railroads import GAME, scoring
from games.russian_railroads.data import TRANSSIB
from games.russian_railroads.items import Item
from games.russian_railroads.plugins import q_tokens_for

from .helpers import act, at_turn, illegal_code, new_game, player

NQ = {"new_q": True}
GREY, BROWN, NATURAL, WHITE = 1, 2, 3, 4


def with_choice(kind: str, arg: str = "st_petersburg_4"):
    s = at_turn(2)
    s.options = dict(NQ)
    s.q_cards = s.q_cards + ["revaluation_de"]
    s.placed = s.acted = True
    s.pending = (Item(60, kind, 1, False, arg, False),)
    return s


def test_the_option_lays_out_the_german_card_and_token_and_the_base_game_does_not():
    state, log = new_game(2, 1, NQ)
    assert state.q_cards == ["engineer", "factory", "black_worker", "loco_9", "four_actions", "revaluation_de"]
    assert "coins_4" in q_tokens_for(state.options) and len(q_tokens_for(state.options)) == 8
    added = [e for e in log if e.type == "GermanQuestionItemsAdded"]
    assert render(GAME, GAME.describe(added[0]), "de") == (
        "Das deutsche ?-Plättchen „4 Münzen“ und die ?-Karte „neuer Aufwerter“ spielen mit.")
    base, base_log = new_game(2, 1)
    assert "revaluation_de" not in base.q_cards and "coins_4" not in q_tokens_for(base.options)
    assert "GermanQuestionItemsAdded" not in {e.type for e in base_log}
    # the Deutschland tableau lays them out itself, never twice
    de, _ = new_game(2, 1, {**NQ, "tableau": "deutschland"})
    assert de.q_cards.count("revaluation_de") == 1
    assert GAME.validate_options({**NQ, "new_engineers": True, "coal": True}, 3) == {
        **NQ, "new_engineers": True, "coal": True}


def test_token_4_coins_takes_4_coins():
    """?-Plättchen 4 Münzen: "Der Spieler nimmt sofort 4 Münzen aus dem allgemeinen Vorrat.\""""
    s = with_choice("q_token")
    coins = s.players["p1"].coins
    s = act(s, "p1", "ChooseQuestionToken", token="coins_4")
    assert s.players["p1"].coins == coins + 4 and "coins_4" in s.players["p1"].q_used


def test_card_revaluation_takes_the_new_tile_and_raises_the_track_values():
    """?-Karte Aufwerter: "Der Spieler nimmt sich den neuen Aufwerter von dieser Karte und
    legt ihn auf sein Spielertableau."  German tile values: grey 2, brown 3, natural 7,
    white 8 (base 1, 2, 4, 7)."""
    s = with_choice("q_card")
    p = player(s, "p1")
    for colour, to in ((0, 5), (GREY, 4), (BROWN, 3), (NATURAL, 2), (WHITE, 1)):
        p.tr[TRANSSIB * 5 + colour] = to
    assert scoring.space_values(s.players["p1"], TRANSSIB)[1:6] == [7, 4, 2, 1, 0]
    s = act(s, "p1", "ChooseQuestionCard", card="revaluation_de")
    assert "de_revaluation" in s.players["p1"].claims and "revaluation_de" not in s.q_cards
    assert scoring.space_values(s.players["p1"], TRANSSIB)[1:6] == [8, 7, 3, 2, 0]


def test_the_new_tile_and_the_base_marker_never_combine():
    """"Dieser Aufwerter kann nicht mit dem Aufwerter aus dem Grundspiel kombiniert
    werden": the card is not executable with the base marker, and the base ?-token
    "Aufwerter" is refused once the tile lies on the tableau."""
    s = with_choice("q_card")
    player(s, "p1").q_used.append("revaluation")  # the base marker lies on the tableau
    assert illegal_code(s, "p1", "ChooseQuestionCard", card="revaluation_de") == "rr.qcard.not_executable"
    assert not any(c.args.get("card") == "revaluation_de" for c in GAME.legal_commands(s, "p1"))
    s = with_choice("q_token")
    player(s, "p1").claims.append("de_revaluation")
    assert illegal_code(s, "p1", "ChooseQuestionToken", token="revaluation") == "rr.de.revaluation_combined"
    assert not any(c.args.get("token") == "revaluation" for c in GAME.legal_commands(s, "p1"))
