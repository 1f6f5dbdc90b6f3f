"""Module A contracts (rules text "AUFTRÄGE"): a taken contract lies face up; once
its requirement is met its reward may be taken (parts may be forgone) before or
after the regular action or during a scoring; unfulfilled ones leave at the end."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.first_class import GAME, contracts
from games.first_class.data import RULES

from .helpers import new_game, parts, play, train, types, with_trains


def contract_card(kind: str, **params):
    return next(c.id for c in RULES.cards.values()
                if c.contract and c.contract["requires"]["kind"] == kind
                and all(c.contract["requires"].get(k) == v for k, v in params.items()))


def on_display(state, card):
    return state.__class__(**{**state.__dict__, "rows": ((card,),) + state.rows[1:]})


def test_there_are_8_contracts_per_stack_and_they_have_no_type():
    for stack in (1, 2, 3):
        cards = [c for c in RULES.cards.values() if c.stack == stack and c.contract]
        assert len(cards) == 8 and all(c.type is None for c in cards)


def test_a_taken_contract_lies_open_and_is_fulfilled_when_met():
    card = contract_card("cars_min_level", level=4)  # a car of level >= 4 -> 2 upgrades
    state = on_display(new_game(), card)
    state, events = play(state, "p1", "TakeCard", card=card, mode="actions")
    assert "ContractOpened" in types(events) and state.player("p1").contracts == (card,)
    with pytest.raises(IllegalMove) as err:
        play(state, "p1", "FulfilContract", card=card)
    assert err.value.code == "fc.contract.unmet"
    state = with_trains(state, "p1", train(4, 1))
    state, events = play(state, "p1", "FulfilContract", card=card)
    assert types(events) == ["ContractFulfilled", "EffectsQueued"]
    assert parts(state)[0] == ("upgrade", 2, -1)
    assert state.player("p1").contracts == () and state.player("p1").fulfilled == (card,)
    state, _ = play(state, "p1", "SkipEffect")  # forgoing part of the reward
    assert parts(state) == ()


def test_bonus_parts_of_a_contract_may_be_forgone_in_any_order():
    """Rules text (Aufträge): "Ist die Voraussetzung (oberer Teil) mind. erfüllt, gibt es
    den Bonus (unten). Man darf auf Bonus-Teile verzichten." gA7 (2 route cards ->
    2 coins + 2 points): the points first, the coins left out; nothing of it is forced."""
    card = contract_card("route_cards", count=2)
    state = new_game().with_player("p1", contracts=(card,), route=("printed", "G1", "G2"))
    state, events = play(state, "p1", "FulfilContract", card=card)
    assert types(events) == ["ContractFulfilled", "EffectsQueued"]  # nothing applied yet
    assert parts(state) == (("coins", 2, -1), ("vp", 2, -1))
    actions = GAME.open_actions(state, "p1")
    assert [(a.key, a.mandatory) for a in actions[:2]] == [("fc.open.coins", False), ("fc.open.vp", False)]
    listed = [(c.type, dict(c.args)) for c in GAME.legal_commands(state, "p1")]
    assert ("TakePoints", {}) in listed and ("TakeCoins", {}) in listed
    assert ("SkipEffect", {"kind": "coins"}) in listed and ("SkipEffect", {"kind": "vp"}) in listed
    state, _ = play(state, "p1", "TakePoints")
    state, _ = play(state, "p1", "SkipEffect", kind="coins")
    assert state.player("p1").vp == 2 and sum(state.player("p1").coins) == 1 and parts(state) == ()


def test_a_contract_taken_for_an_upgrade_does_not_lie_open():
    card = contract_card("loco_cities")
    state = on_display(new_game(), card)
    state, _ = play(state, "p1", "TakeCard", card=card, mode="upgrade")
    assert state.player("p1").contracts == ()


@pytest.mark.parametrize("kind,params,change,expected", [
    ("loco_cities", {"count": 4}, {"loco": 4}, True),
    ("loco_cities", {"count": 4}, {"loco": 3}, False),
    ("both_conductors_at", {}, {"conductors": (2, 2)}, True),
    ("both_conductors_at", {}, {"conductors": (2, 1)}, False),
    ("route_cards", {"count": 2}, {"route": ("printed", "G1", "G2")}, True),
    ("coins", {}, {"coins": (True,) * 6 + (False,) * 6}, True),
    ("cars_exact_level", {"level": 2}, {"trains": (train(2, 2), train(0))}, True),
    ("cars_exact_level", {"level": 2}, {"trains": (train(4, 2), train(0))}, False),
    ("both_trains_cars", {}, {"trains": (train(1, 0, 0), train(0, 0, 0))}, True),
    ("post_wagons", {"count": 2}, {"trains": (train(1, 0, 0, 0, 0, "post"), train(1, 0, 0, 0, 0, "post"))}, True),
])
def test_requirements(kind, params, change, expected):
    card = contract_card(kind, **params)
    player = new_game().player("p1")
    from dataclasses import replace
    assert contracts.met(replace(player, **change), RULES.cards[card].contract["requires"]) is expected


def test_a_contract_may_be_fulfilled_during_a_scoring_phase():
    from .test_scoring import to_scoring
    card = contract_card("loco_cities", count=4)
    state = to_scoring()
    seat = state.current()
    state = state.with_player(seat, contracts=(card,), loco=3)
    with pytest.raises(IllegalMove):
        play(state, seat, "FulfilContract", card=card)
    state = state.with_player(seat, route=("printed", "G1"), loco=4)
    vp = state.player(seat).vp
    state, _ = play(state, seat, "FulfilContract", card=card)
    state, _ = play(state, seat, "TakePoints")
    assert state.player(seat).vp == vp + 4
