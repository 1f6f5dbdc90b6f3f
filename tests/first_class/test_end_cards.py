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
    assert "EL1" in state.player("p1").end_cards
    assert [p[:3] for p in state.pending] == [("loco", 2, -1)]  # "Sofort erhältst Du die ... Aktion"
    state, events = play(state, "p1", "MoveLoco", steps=2)
    assert "LocoMoved" in types(events) and state.player("p1").loco == 2


def _with_display(state, display):
    return state.__class__(**{**state.__dict__, "end_display": tuple(display),
                              "end_deck": tuple(c for c in state.end_deck if c not in display)})


@pytest.mark.parametrize("how", ["buy", "r19", "gA8"])
def test_the_display_is_refilled_at_the_end_of_the_turn_not_at_once(how):
    """Rules text: "Zum Ende Deines Spielzuges ergänze die Auslage wieder auf 4 Karten."
    Bought for 4 coins, or free from a red Lok card (r19) or a contract (gA8): the
    gap stays for the rest of the turn, the next card is laid out after the confirm
    as system work (a barrier), and nobody moves before."""
    from .helpers import new_game
    state = new_game(2)
    state = state.with_player("p1", coins=(True,) * 6 + (False,) * 6, contracts=("gA8",))
    display, top = state.end_display, state.end_deck[0]
    if how == "buy":
        state, _ = play(state, "p1", "BuyEndCard", card=display[0])
    elif how == "r19":
        state = pending(state, ("loco", 3, -1), ("end_card", 1, -1))
        state, _ = play(state, "p1", "TakeEndCard", card=display[0])
    else:
        state, _ = play(state, "p1", "FulfilContract", card="gA8")
        state, _ = play(state, "p1", "TakeEndCard", card=display[0])
    assert state.end_display == display[1:] and state.end_deck[0] == top
    offered = {c.args.get("card") for c in GAME.legal_commands(state, "p1")
               if c.type in ("BuyEndCard", "TakeEndCard")}
    assert top not in offered and offered <= set(display[1:])
    state = confirm(state, "p1")
    status = GAME.status(state)
    assert status.pending_system == ("RefillEndDisplay",) and status.to_move == ()
    assert GAME.legal_commands(state, "p2") == [] and GAME.open_actions(state, "p2") == []
    with pytest.raises(IllegalMove) as err:
        play(state, "p2", "TakeStartTile")
    assert err.value.code == "fc.system.refill"
    from games.contract import SYSTEM, Command
    assert GAME.legal_commands(state, SYSTEM) == [Command("RefillEndDisplay", SYSTEM, {})]
    events = GAME.decide(state, Command("RefillEndDisplay", SYSTEM, {}), random.Random(0))
    assert [(e.type, e.payload, e.barrier) for e in events] == [("EndCardRevealed", {"card": top}, True)]
    state = fold(events, state)
    assert state.end_display == display[1:] + (top,) and GAME.status(state).to_move == ("p2",)
    assert GAME.status(state).pending_system == ()


def test_two_cards_bought_in_a_turn_are_both_replaced_after_it():
    from .helpers import new_game
    state = new_game(2).with_player("p1", coins=(True,) * 8 + (False,) * 4)
    display, deck = state.end_display, state.end_deck
    state, _ = play(state, "p1", "BuyEndCard", card=display[0])
    state, _ = play(state, "p1", "BuyEndCard", card=display[1])
    state = confirm(state, "p1")
    from games.contract import SYSTEM, Command
    events = GAME.decide(state, Command("RefillEndDisplay", SYSTEM, {}), random.Random(0))
    assert [e.payload["card"] for e in events] == list(deck[:2]) and all(e.barrier for e in events)
    assert fold(events, state).end_display == display[2:] + deck[:2]


def test_nobody_can_undo_into_the_newly_laid_out_card():
    """Through the platform: after the confirm the refill is system work whose event is
    a barrier, so neither the buyer's undo nor a take-back request reaches before it."""
    from events.commands import request_points
    from events.local import LocalTable
    table = LocalTable.create(GAME, {}, 2, seed="fc-refill")
    rng = random.Random(5)
    for _ in range(3000):
        status = table.status()
        if status.pending_system and table.run_system():
            continue
        seat = status.to_move[0]
        legal = table.legal(seat)
        buy = [c for c in legal if c.type == "BuyEndCard"]
        if buy:
            before = table.state.end_display
            table.submit(seat, buy[0])
            assert table.state.end_display == tuple(c for c in before if c != buy[0].args["card"])
            table.submit(seat, "ConfirmTurn")
            assert table.status().pending_system == ("RefillEndDisplay",)
            assert not [c for c in table.legal(seat) if c.type in ("Undo",)]
            assert table.run_system()
            assert len(table.state.end_display) == 4 and table.log[-1].barrier
            assert request_points(table.projection) == []
            return
        moves = [c for c in legal if c.type not in ("ConfirmTurn", "Undo", "SpendCoin")]
        moves = [c for c in moves if c.type == "TakeCoins"] or moves  # save up for a card
        confirm_ = [c for c in legal if c.type == "ConfirmTurn"]
        table.submit(seat, confirm_[0] if confirm_ and (not moves or rng.random() < 0.3) else rng.choice(moves))
    raise AssertionError("nobody bought an end-game card")


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
