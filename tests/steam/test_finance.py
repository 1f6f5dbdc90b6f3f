"""Money (rules "Finanzen", "Phase 4", expert "Phase 1" and "Phase 6") and the final scoring."""

from __future__ import annotations

import random

from games.steam import finance, scoring

from .helpers import build, position, run


def test_a_build_with_no_cash_raises_the_money_in_5_dollar_steps():
    s = position(3, money=0)
    s, p = build(s, "p1", "0,1", "21", 0)        # $3
    assert (s.income["p1"], s.money["p1"]) == (-1, 2)
    assert s.bank + sum(s.money.values()) == position(3, money=0).bank + 0


def test_cash_is_spent_first():
    s = position(3, money=4)
    out = finance.pay(s, "p1", 6)
    assert (out["income"], out["cash"]) == (-1, 3)


def test_below_minus_10_each_5_dollars_cost_2_vp_and_at_0_vp_nothing_more():
    s = position(3, money=0)
    s.income["p1"], s.vp["p1"] = -10, 3
    out = finance.pay(s, "p1", 5)
    assert (out["income"], out["vp"], out["cash"], out["ok"]) == (-10, 1, 0, True)
    s.vp["p1"] = 1
    assert not finance.pay(s, "p1", 5)["ok"]
    assert not finance.can_pay(s, "p1", 5)


def test_income_of_minus_1_with_no_cash_raises_5_and_keeps_4():
    s = position(3, phase="income", money=0)
    s.income["p1"] = -1
    out = finance.settle_income(s, "p1")
    assert (out["income"], out["cash"], out["bankrupt"]) == (-2, 4, False)


def test_positive_income_is_paid_out():
    s = position(3, phase="income", money=0)
    s.income["p2"] = 2
    assert finance.settle_income(s, "p2")["cash"] == 2


def test_base_game_bankruptcy_frees_the_links_and_ends_a_game_with_one_player_left():
    s = position(3, phase="income", money=0)
    s.income.update({"p1": -10, "p2": -10, "p3": 3})
    s.vp.update({"p1": 1, "p2": 0, "p3": 0})
    s.last_round = 10
    s.track["0,1"] = {"face": "21", "rot": 0, "pair": "21/22", "segs": [{"e": [0, 3], "owner": "p1", "built": 1}]}
    s = run(s, "system", "SettleIncome")
    assert sorted(s.bankrupt) == ["p1", "p2"]
    assert s.track["0,1"]["segs"][0]["owner"] is None
    assert s.phase == "over" and s.final["ranking"][0] == "p3"


def test_expert_upkeep_is_1_per_locomotive_level():
    s = position(3, phase="income", money=10, mode="expert")
    s.income["p1"], s.loco["p1"] = 2, 3
    assert finance.settle_income(s, "p1")["cash"] == 9


def test_expert_shortfall_costs_1_vp_per_2_dollars_then_income_and_an_odd_rest_returns_1():
    s = position(3, phase="income", money=1, mode="expert")
    s.income["p1"], s.loco["p1"], s.vp["p1"] = -4, 2, 1     # owes $6, has $1: $5 left -> 3 units
    out = finance.settle_income(s, "p1")
    assert (out["vp"], out["income"], out["cash"], out["bankrupt"]) == (0, -6, 1, False)


def test_expert_bankrupt_when_cash_vp_and_income_are_exhausted():
    s = position(3, phase="income", money=0, mode="expert")
    s.income["p1"], s.loco["p1"], s.vp["p1"] = -10, 1, 0
    assert finance.settle_income(s, "p1")["bankrupt"]


def test_expert_capital_is_raised_in_phase_1_only_and_builds_are_paid_in_cash():
    s = position(3, phase="capital", money=0, mode="expert")
    s = run(s, "p1", "RaiseCapital", steps=2)
    assert (s.money["p1"], s.income["p1"]) == (10, -2)
    s2 = position(3, money=2, mode="expert")
    assert not finance.can_pay(s2, "p1", 3)


def test_ties_go_to_higher_income_then_the_lowest_action_tile():
    s = position(3, phase="over", money=0)
    scores = {"p1": 10, "p2": 10, "p3": 10}
    s.income.update({"p1": 1, "p2": 3, "p3": 3})
    s.tiles.update({"p1": 1, "p2": 5, "p3": 2})
    assert scoring.rank(s, scores) == ["p3", "p2", "p1"]


def _render(event, lang="en"):
    from games.contract import render
    from games.steam import GAME
    return render(GAME, GAME.describe(event), lang)


def test_one_player_left_ends_the_game_the_two_bankrupt_of_one_phase_share_a_place():
    """"Wenn man nicht genügend Siegpunkte für die laufenden Kosten besitzt, ist man bankrott! Man
    entfernt die eigenen Markierungsscheiben vom Spielfeld und scheidet aus dem laufenden Spiel
    aus."  The text is silent on the rest; the readings (rules.json "readings"): the game ends
    when at most one player is left, bankrupt players rank last and share a place when they went
    bankrupt in the same income phase, and the end-of-game line says so."""
    from games.contract import Command
    from games.steam import GAME
    from games.steam.data import RULES
    assert {"game_end_one_left", "bankrupt_ranking", "bankrupt_same_phase", "everybody_bankrupt",
            "expert_opener_may_pass"} <= set(RULES["readings"])
    s = position(3, phase="income", money=0)
    s.round, s.last_round = 4, 10
    s.income.update({"p1": -10, "p2": -10, "p3": 3})
    s.vp.update({"p1": 1, "p2": 0, "p3": 0})
    events = GAME.decide(s, Command("SettleIncome", "system", {}), random.Random(1))
    ended = events[-1]
    assert ended.type == "GameEnded" and ended.payload["reason"] == "one_left"
    for e in events:
        s = GAME.evolve(s, e)
    status = GAME.status(s)
    assert status.ranking[0] == "p3" and status.final_places() == {"p3": 1, "p1": 2, "p2": 2}
    assert "p3 is the only player left" in _render(ended)
    assert "ist als Einziger übrig" in _render(ended, "de")


def test_everybody_bankrupt_ends_with_a_result_that_says_so():
    """Nobody wins when everybody went bankrupt; the later bankrupt rank above the earlier."""
    from games.steam import GAME
    s = position(3, phase="income", money=0)
    s.round, s.last_round = 5, 10
    s.bankrupt, s.bankrupt_round, s.order = ["p1"], {"p1": 3}, ["p2", "p3"]
    s.income.update({"p2": -10, "p3": -10})
    s.vp.update({"p1": 7, "p2": 1, "p3": 0})
    s = run(s, "system", "SettleIncome")
    assert s.phase == "over" and s.final["reason"] == "all_bankrupt"
    places = GAME.status(s).final_places()
    assert places == {"p2": 1, "p3": 1, "p1": 3}
    from games.contract import Event
    text = _render(Event("GameEnded", s.final))
    assert "everybody went bankrupt, nobody wins" in text and "wins with" not in text
    assert "alle sind bankrott, niemand gewinnt" in _render(Event("GameEnded", s.final), "de")


def test_a_normal_end_names_the_winner_and_the_points():
    from games.contract import Event
    s = position(3, phase="income", money=0)
    s.round = s.last_round = 10
    s.vp.update({"p1": 3, "p2": 9, "p3": 1})
    s = run(s, "system", "SettleIncome")
    assert s.final["reason"] == "rounds"
    assert _render(Event("GameEnded", s.final)) == "Game over: p2 wins with 9 victory points"
