"""End-game cards (rules text "Spielende-Karten", "Spielende und Schlusswertung";
set-up from the reference: the player right of the start player draws players + 1,
keeps one, passes the rest counter-clockwise, the leftover is shuffled back, then 4
lie face up)."""

from __future__ import annotations

import random

import pytest

from games.contract import NOBODY, SECRET, IllegalMove
from games.first_class import GAME, scoring
from games.first_class.data import RULES

from .helpers import confirm, fold, pending, play, types


def setup(players: int, seed: int = 3):
    seats = [f"p{i}" for i in range(1, players + 1)]
    events = GAME.setup({}, seats, random.Random(seed))
    return fold(events), events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_draft_goes_counter_clockwise_from_the_right_of_the_start_player(players):
    state, events = setup(players)
    assert state.phase == "draft"
    assert state.drafters == tuple(reversed(state.seats))  # p_n (right of p1), ..., p1
    assert len(state.draft_hand) == players + 1
    dealt = events[-1]
    assert dealt.barrier and set(dealt.payload[SECRET]) == {state.drafters[0]}
    kept = {}
    for i, seat in enumerate(state.drafters):
        assert state.current() == seat and len(state.draft_hand) == players + 1 - i
        card = state.draft_hand[-1]
        state, ev = play(state, seat, "DraftEndCard", card=card)
        kept[seat] = card
        assert ev[0].barrier
        if i + 1 < players:
            passed_to = state.drafters[i + 1]
            assert ev[0].payload[SECRET] == {seat: {"card": card}, passed_to: {"hand": list(state.draft_hand)}}
        state = confirm(state, seat)
    assert state.phase == "play" and state.current() == "p1"
    assert {s: state.player(s).end_cards for s in state.seats} == {s: (c,) for s, c in kept.items()}
    assert len(state.end_display) == 4
    assert len(state.end_deck) + 4 + players == len(RULES.end_cards)


def test_the_leftover_is_shuffled_back_secretly():
    state, _ = setup(2)
    for seat in state.drafters:
        state, events = play(state, seat, "DraftEndCard", card=state.draft_hand[0])
        state = confirm(state, seat)
    assert types(events) == ["EndCardDrafted", "EndDeckReshuffled", "EndCardsDisplayed"]
    assert set(events[1].payload[SECRET]) == {NOBODY}
    assert all(e.barrier for e in events)


def test_a_card_not_in_the_hand_cannot_be_kept():
    state, _ = setup(2)
    other = next(c for c in RULES.end_cards if c not in state.draft_hand)
    with pytest.raises(IllegalMove) as err:
        play(state, state.drafters[0], "DraftEndCard", card=other)
    assert err.value.code == "fc.draft.not_in_hand"
    with pytest.raises(IllegalMove):
        play(state, state.drafters[1], "DraftEndCard", card=state.draft_hand[0])


def test_an_end_game_card_brings_its_action_at_once():
    from .helpers import new_game
    state = new_game(2)
    state = state.__class__(**{**state.__dict__, "end_display": ("EL1",) + state.end_display[1:]})
    state = pending(state, ("end_card", 1, -1))
    state, events = play(state, "p1", "TakeEndCard", card="EL1")  # Lok 1: locomotive 2 steps
    assert "LocoMoved" in types(events) and state.player("p1").loco == 2
    assert "EL1" in state.player("p1").end_cards


def test_final_scoring_multiplies_the_points_per_type_with_the_cards_of_that_type():
    """The rules text's example: 1 Lok card, end-game Lok 3 -> 3; 1 Schaffner, none;
    3 Waggon cards, end-game Waggon 2 cards with 4 points -> 12."""
    from .helpers import new_game
    state = new_game(2)
    lok = next(c.id for c in RULES.cards.values() if c.type == "lok")
    schaffner = next(c.id for c in RULES.cards.values() if c.type == "schaffner")
    waggons = [c.id for c in RULES.cards.values() if c.type == "waggon"][:3]
    contract = next(c.id for c in RULES.cards.values() if c.contract)
    lok3 = next(c.id for c in RULES.end_cards.values() if c.type == "lok" and c.points == 3)
    waggon_1_and_3 = [next(c.id for c in RULES.end_cards.values() if c.type == "waggon" and c.points == p)
                      for p in (1, 3)]
    state = state.with_player("p1", taken=(lok, schaffner, *waggons, contract),
                              end_cards=(lok3, *waggon_1_and_3), vp=20, contracts=(contract,))
    result = scoring.end_card_points(state.player("p1"))
    assert result == {"lok": {"cards": 1, "points": 3, "total": 3}, "schaffner": {"cards": 1, "points": 0, "total": 0},
                      "waggon": {"cards": 3, "points": 4, "total": 12}}
    state = state.__class__(**{**state.__dict__, "phase": "final"})
    finished = scoring.final_scoring(state)
    # 20 points + 1 coin + 3 + 12; the unfulfilled contract is removed
    assert finished.payload["scores"]["p1"] == 20 + 1 + 3 + 12
    assert finished.payload["detail"]["p1"]["removed_contracts"] == [contract]
    after = fold([finished], state)
    assert after.phase == "over" and after.player("p1").contracts == ()
    assert GAME.status(after).over and GAME.status(after).scores["p1"] == 36
