"""Coal fields, foundries and income markers never in a turn that ends in a pass
(issue 12, audit gap 3).

Rules text, coal: "Du darfst diese Aktionsfelder nur zusätzlich zu deiner regulären
Aktion nutzen" and "Du darfst keines dieser Aktionsfelder nutzen, wenn du passt";
Deutschland: "Du darfst keine Einkommensmarker nutzen, wenn du passt".  A seat that
has not placed and cannot place any more can only pass, so it may not use them; coins
a use gives at once may pay for a placement and so still count."""

from __future__ import annotations

from games.russian_railroads import GAME

from .helpers import act, illegal_code, player
from .test_coal import coal_game, with_coal
from .test_deutschland import _with_income


def stuck(state, seat: str = "p1"):
    """The seat has no worker, no coin and no black worker left (test-owned state)."""
    p = player(state, seat)
    p.free, p.coins, p.black_free = 0, 0, False
    return state


def legal_types(state, seat: str = "p1") -> set[str]:
    return {c.type for c in GAME.legal_commands(state, seat)}


def with_foundry(state, foundry: int, seat: str = "p1"):
    owned = {**state.coal.get("owned", {}), seat: [foundry]}
    state.coal = {**state.coal, "owned": owned}
    return state


def test_a_seat_that_can_only_pass_may_not_use_a_coal_field():
    s = stuck(with_coal(coal_game(), n=6))
    assert not any(c.type == "PlaceWorkers" for c in GAME.legal_commands(s, "p1"))
    assert illegal_code(s, "p1", "UseCoalField", field="foundry_buy") == "rr.coal.no_pass"
    assert illegal_code(s, "p1", "UseCoalField", field="boiler") == "rr.coal.no_pass"
    assert legal_types(s) == {"Pass"}
    assert not any(a.key == "rr.open.coal_use" for a in GAME.open_actions(s, "p1"))


def test_the_same_seat_with_a_worker_may_use_it_and_must_then_place():
    s = with_coal(coal_game(), n=6)
    assert "UseCoalField" in legal_types(s)
    s = act(s, "p1", "UseCoalField", field="foundry_buy")
    assert illegal_code(s, "p1", "Pass") == "rr.de.income_no_pass"


def test_a_foundry_without_coins_is_refused_when_only_a_pass_is_left():
    s = stuck(with_foundry(with_coal(coal_game(), n=2), 4))
    assert illegal_code(s, "p1", "UseFoundry", foundry=4) == "rr.coal.no_pass"
    assert "UseFoundry" not in legal_types(s)


def test_a_foundry_whose_coins_pay_for_a_placement_may_be_used():
    """Foundry 3 gives 2 coins at once: coins for workers make a placement possible."""
    s = stuck(with_foundry(with_coal(coal_game(), n=2), 3))
    assert "UseFoundry" in legal_types(s)
    s = act(s, "p1", "UseFoundry", foundry=3)
    assert player(s).coins == 2
    assert "PlaceWorkers" in legal_types(s) and "Pass" not in legal_types(s)


def test_after_placing_the_uses_stay_allowed():
    s = with_coal(coal_game(), n=6)
    s = act(s, "p1", "PlaceWorkers", space="coal_mine")
    stuck(s)
    assert "UseCoalField" in legal_types(s)


def test_an_income_marker_is_refused_when_only_a_pass_is_left():
    s = stuck(_with_income("industry_1", "any_track_1"))
    assert illegal_code(s, "p1", "UseIncomeMarker", marker="industry_1") == "rr.de.income_no_pass"
    assert illegal_code(s, "p1", "UseIncomeMarker", marker="any_track_1") == "rr.de.income_no_pass"
    assert "UseIncomeMarker" not in legal_types(s)
    assert not any(a.key == "rr.open.income_use" for a in GAME.open_actions(s, "p1"))
    s = act(s, "p1", "Pass")
    assert "p1" in s.passed


def test_the_coin_income_marker_may_pay_for_a_placement():
    s = stuck(_with_income("coin_1"))
    assert "UseIncomeMarker" in legal_types(s)
    s = act(s, "p1", "UseIncomeMarker", marker="coin_1")
    assert "PlaceWorkers" in legal_types(s)
    assert illegal_code(s, "p1", "Pass") == "rr.de.income_no_pass"
