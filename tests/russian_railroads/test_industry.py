"""Industry (games/russian_railroads/industry.py): gaps, factory effects on entry, the
?-space, the second marker, doublers."""

from __future__ import annotations

from games.russian_railroads import GAME, industry
from games.russian_railroads.data import KIEV, TRANSSIB
from games.russian_railroads.items import Item

from .helpers import act, at_turn, confirm, decide, illegal_code, player, types


def _on_gap(state, number: int, marker_pos: int = 4):
    p = player(state)
    p.factories[0] = number
    p.markers = [marker_pos, -1]
    return p


def test_marker_may_not_enter_an_empty_gap():
    """Rules text: 'Nach den ersten 4 Schritten steht der Spieler ... vor einer Lücke. Er darf
    ... nicht in die Lücke ziehen und die Lücke auch nicht überspringen.'"""
    s = at_turn()
    p = player(s)
    p.markers = [3, -1]
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert s.players["p1"].markers[0] == 4
    s2 = at_turn()
    player(s2).markers = [4, -1]
    assert illegal_code(s2, "p1", "PlaceWorkers", space="industry_1w") == "rr.action.not_executable"


def test_capacity_counts_up_to_the_next_gap():
    s = at_turn()
    p = player(s)
    p.markers = [0, -1]
    assert industry.capacity(p) == 4
    p.factories[0] = 3
    assert industry.capacity(p) == 6
    assert industry.capacity(p, extra_factory=True) == 8


def test_factory_1_engineer_sum():
    """Fabrik 1: points = sum of the numbers on your engineers."""
    s = at_turn()
    p = _on_gap(s, 1)
    p.engineers = [4, 11]
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    events = decide(s, "p1", "AdvanceIndustry", marker=1)
    assert [e.payload["points"] for e in events if e.type == "PointsScored"] == [15]


def test_factory_2_loco_or_factory_optional():
    s = at_turn()
    _on_gap(s, 2)
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert [(i.kind, i.mandatory) for i in s.pending] == [("loco_or_factory", False)]
    s = act(s, "p1", "BuildLoco", line="kiev")
    assert s.players["p1"].locos[KIEV] == [2]


def test_factory_4_two_doublers_and_6_coin():
    s = at_turn()
    _on_gap(s, 4)
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    s = act(s, "p1", "PlaceDoubler")
    s = act(s, "p1", "PlaceDoubler")
    assert s.players["p1"].doublers == 2 and s.doubler_supply == 18
    s2 = at_turn()
    _on_gap(s2, 6)
    coins = s2.players["p1"].coins
    s2 = act(s2, "p1", "PlaceWorkers", space="industry_1w")
    s2 = act(s2, "p1", "AdvanceIndustry", marker=1)
    assert s2.players["p1"].coins == coins + 1


def test_factory_5_one_more_step_and_7_two_track_steps():
    s = at_turn()
    _on_gap(s, 5)
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert s.players["p1"].markers[0] == 6
    s2 = at_turn()
    _on_gap(s2, 7)
    s2 = act(s2, "p1", "PlaceWorkers", space="industry_1w")
    s2 = act(s2, "p1", "AdvanceIndustry", marker=1)
    assert [(i.kind, i.n, i.arg) for i in s2.pending] == [("steps", 2, "any")]


def test_factory_8_two_best_locos():
    s = at_turn()
    p = _on_gap(s, 8)
    p.locos = [[1, 6], [4], [5]]
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    events = decide(s, "p1", "AdvanceIndustry", marker=1)
    assert [e.payload["points"] for e in events if e.type == "PointsScored"] == [11]


def test_factory_9_end_card_or_10_points():
    s = at_turn()
    _on_gap(s, 9)
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    vp = s.players["p1"].vp
    s10 = act(s, "p1", "TakePoints")
    assert s10.players["p1"].vp == vp + 10
    # 10 points unseen: taking them never shows the stack
    assert GAME.view(s, "p1")["end_deck"] is None
    assert illegal_code(s, "p1", "ChooseEndCard", card=s.end_deck[0]) == "rr.endcard.search_first"
    s = act(s, "p1", "SearchEndCards")
    # "eine zusätzliche Endbonus-Karte aus oder ... 10 Punkte": who looked takes a card
    assert illegal_code(s, "p1", "TakePoints") == "rr.endcard.searched"
    card = s.end_deck[0]
    events = decide(s, "p1", "ChooseEndCard", card=card)
    assert events[0].barrier and events[0].payload["_secret"] == {"p1": {"card": card}}


def test_factory_effects_may_lapse():
    """Yucata clarification: factory actions may lapse; the turn can be confirmed."""
    s = at_turn()
    _on_gap(s, 7)
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    from games.russian_railroads.legal import has_mandatory

    assert not has_mandatory(s, "p1")
    s = confirm(s)
    assert s.current != "p1" and s.pending == ()


def test_question_space_once_and_not_with_the_second_marker():
    """Rules text: the ?-space on the industry track gives a ?-token; it cannot be used again
    with the second marker."""
    s = at_turn()
    p = player(s)
    p.factories[:3] = [2, 3, 4]
    p.markers = [9, -1]
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    events = decide(s, "p1", "AdvanceIndustry", marker=1)
    assert "SpecialSpaceReached" in types(events)
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    s = act(s, "p1", "ChooseQuestionToken", token="second_industry_marker")
    assert s.players["p1"].markers == [10, 0]
    assert "industry_q" in s.players["p1"].claims


def test_second_marker_reuses_factories_and_never_shares_a_field():
    s = at_turn()
    p = player(s)
    p.factories[0] = 6
    p.markers = [6, 4]
    p.q_used.append("second_industry_marker")
    coins = p.coins
    # front marker blocked by the empty gap 2, back marker only 1 step: 2 steps impossible
    assert illegal_code(s, "p1", "PlaceWorkers", space="industry_2w") == "rr.action.not_executable"
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    s = act(s, "p1", "AdvanceIndustry", marker=2)
    assert s.players["p1"].coins == coins + 1  # factory 6 used again by marker 2
    player(s).markers = [6, 5]
    s.pending = (Item(99, "industry", 1, False, None, False),)
    assert illegal_code(s, "p1", "AdvanceIndustry", marker=2) == "rr.industry.blocked"


def test_doubler_space_and_limit_of_8():
    s = at_turn()
    player(s).doublers = 8
    assert illegal_code(s, "p1", "PlaceWorkers", space="doubler") == "rr.action.not_executable"
    s2 = at_turn()
    s2 = act(s2, "p1", "PlaceWorkers", space="doubler")
    s2 = act(s2, "p1", "PlaceDoubler")
    assert s2.players["p1"].doublers == 1
    assert TRANSSIB == 0


def test_doubler_supply_is_limited():
    """Reference: 20 doublers, limited (coins are not)."""
    s = at_turn()
    s.doubler_supply = 0
    assert illegal_code(s, "p1", "PlaceWorkers", space="doubler") == "rr.action.not_executable"
