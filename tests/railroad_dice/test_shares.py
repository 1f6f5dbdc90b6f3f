"""Shares and directors (rules text, "AKTIEN KAUFEN", "Vergabe der Direktorenposten")."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.railroad_dice.shares import new_directors

from .helpers import GAME, dice_total, fresh, give, run


def test_buy_from_the_bank_with_a_share_or_question_die():
    s = give(fresh(), "p1", share=1)
    bank = s.bank
    s, _ = run(s, "p1", "BuyShare", company="insel", seller="bank", die="share")
    s, _ = run(s, "p1", "BuyShare", company="insel", seller="bank", die="question")
    assert s.shares["p1"]["insel"] == 2 and s.bank_shares["insel"] == 8
    assert s.bank == bank + 2 and dice_total(s) == 40


def test_a_straight_or_curve_cannot_pay_for_a_share():
    s = give(fresh(), "p1", straight=1)
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuyShare", company="insel", die="straight")
    assert e.value.code == "rd.share.die"


def sold_out(s, companies, holder="p2"):
    for c in companies:
        s.bank_shares[c] = 0
        s.shares[holder][c] = 10
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_buying_from_directors_only_after_n_companies_sold_out(players):
    names = ["eisberg", "ueberall", "weiden", "insel"]
    s = sold_out(fresh(players), names[: players - 1])
    s.directors["eisberg"] = "p2"
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuyShare", company="eisberg", seller="p2", die="question")
    assert e.value.code == "rd.share.not_yet"
    s = sold_out(s, names[players - 1: players])
    screen = s.screen["p2"]
    s, events = run(s, "p1", "BuyShare", company="eisberg", seller="p2", die="question")
    # The director cannot refuse; the die goes behind his screen.
    assert s.shares["p1"]["eisberg"] == 1 and s.shares["p2"]["eisberg"] == 9
    assert s.screen["p2"] == screen + 1 and dice_total(s) == 40


def test_only_from_the_current_director_until_the_year_change():
    s = sold_out(fresh(3), ["eisberg", "ueberall", "weiden"])
    s.directors["eisberg"] = "p2"
    s.shares["p3"]["eisberg"] = 0
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuyShare", company="eisberg", seller="p3", die="question")
    assert e.value.code == "rd.share.only_director"


def test_a_director_cannot_buy_his_own_companys_shares_from_others():
    s = sold_out(fresh(), ["eisberg", "ueberall"])
    s.directors["eisberg"] = "p1"
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuyShare", company="eisberg", seller="p1", die="question")
    assert e.value.code == "rd.share.own"


def test_the_legal_list_offers_the_director_as_seller_once_allowed():
    s = sold_out(fresh(), ["eisberg", "ueberall"])
    s.directors["eisberg"] = "p2"
    sellers = {(c.args["company"], c.args["seller"]) for c in GAME.legal_commands(s, "p1") if c.type == "BuyShare"}
    assert ("eisberg", "p2") in sellers and ("eisberg", "bank") not in sellers


def test_directors_by_simple_majority_one_share_suffices():
    s = fresh(3)
    s.shares["p2"]["insel"] = 1
    assert new_directors(s)["insel"] == "p2"
    assert new_directors(s)["weiden"] is None


def test_a_tie_keeps_the_incumbent():
    s = fresh(3)
    s.directors["insel"] = "p3"
    s.shares["p1"]["insel"] = s.shares["p3"]["insel"] = 2
    assert new_directors(s)["insel"] == "p3"


def test_a_tie_among_others_goes_clockwise_closest_to_the_incumbent():
    s = fresh(4)
    s.directors["insel"] = "p2"
    s.shares["p2"]["insel"] = 1
    s.shares["p1"]["insel"] = s.shares["p4"]["insel"] = 3
    assert new_directors(s)["insel"] == "p4"  # after p2: p3, p4, p1
    s.shares["p3"]["insel"] = 3
    assert new_directors(s)["insel"] == "p3"


def test_first_year_tie_goes_clockwise_from_the_start_player_stand_in():
    s = fresh(3)
    s.start = 1  # p2 starts
    s.shares["p1"]["weiden"] = s.shares["p3"]["weiden"] = 1
    assert new_directors(s)["weiden"] == "p3"


def test_the_purchase_that_sells_out_the_bank_opens_buying_from_directors_in_the_same_turn():
    """"Sobald die letzte Aktie ... von der Bank gekauft worden ist, könnte als nächste Aktion
    innerhalb des selben Zuges direkt ein Aktienkauf bei einem Spieler erfolgen.\""""
    s = sold_out(fresh(2), ["eisberg"])
    s.directors["eisberg"] = "p2"
    s.bank_shares["weiden"], s.shares["p1"]["weiden"] = 1, 9
    s = give(s, "p1", question=1)
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "BuyShare", company="eisberg", seller="p2", die="question")
    assert e.value.code == "rd.share.not_yet"
    s, _ = run(s, "p1", "BuyShare", company="weiden", seller="bank", die="question")
    assert s.bank_shares["weiden"] == 0
    assert any(c.args.get("seller") == "p2" for c in GAME.legal_commands(s, "p1") if c.type == "BuyShare")
    s, _ = run(s, "p1", "BuyShare", company="eisberg", seller="p2", die="question")
    assert s.shares["p1"]["eisberg"] == 1 and dice_total(s) == 40
