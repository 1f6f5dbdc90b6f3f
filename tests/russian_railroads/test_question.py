"""?-tokens, ?-cards and end-game cards (actions.py, submoves.py): all 7 tokens, all 5
cards, the face-down end-game cards hidden from the other seats."""

from __future__ import annotations

from games.contract import NOBODY, REVIEWER, SECRET, SPECTATOR
from games.russian_railroads import GAME
from games.russian_railroads.data import KIEV, SPECIAL9, TRANSSIB
from games.russian_railroads.items import Item
from games.russian_railroads.legal import has_mandatory

from .helpers import act, at_turn, decide, illegal_code, new_game, player


def with_token_choice(seat: str = "p1"):
    """p1 in a turn with a ?-space reached (an optional q_token item open)."""
    s = at_turn()
    s.placed = s.acted = True
    s.pending = (Item(60, "q_token", 1, False, "st_petersburg_4", False),)
    return s


def test_each_token_once():
    s = with_token_choice()
    player(s).q_used.append("industry_5")
    assert illegal_code(s, "p1", "ChooseQuestionToken", token="industry_5") == "rr.qtoken.used"


def test_token_industry_5_up_to_five_steps_optional():
    s = with_token_choice()
    player(s).markers = [0, -1]
    s = act(s, "p1", "ChooseQuestionToken", token="industry_5")
    assert [(i.kind, i.n, i.mandatory) for i in s.pending] == [("industry", 5, False)]
    assert not has_mandatory(s, "p1")
    assert "q:st_petersburg_4" in s.players["p1"].claims


def test_token_doublers_3_and_track_4():
    s = with_token_choice()
    s = act(s, "p1", "ChooseQuestionToken", token="doublers_3")
    for _ in range(3):
        s = act(s, "p1", "PlaceDoubler")
    assert s.players["p1"].doublers == 3
    s = with_token_choice()
    s = act(s, "p1", "ChooseQuestionToken", token="track_4")
    # tracks unlocked during the action may be used at once (rules text)
    s = act(s, "p1", "AdvanceTrack", line="transsib", colour="black")
    s = act(s, "p1", "AdvanceTrack", line="transsib", colour="grey")
    assert s.players["p1"].tr[TRANSSIB * 5 + 1] == 1


def test_token_kiev_medal_and_revaluation_are_flags():
    s = with_token_choice()
    s = act(s, "p1", "ChooseQuestionToken", token="kiev_medal")
    assert s.players["p1"].medal and s.pending == ()
    s = with_token_choice()
    s = act(s, "p1", "ChooseQuestionToken", token="revaluation")
    assert s.players["p1"].revaluation


def test_token_second_marker():
    s = with_token_choice()
    player(s).markers = [3, -1]
    s = act(s, "p1", "ChooseQuestionToken", token="second_industry_marker")
    assert s.players["p1"].markers == [3, 0]


def test_token_q_card_then_end_card_face_down():
    """?-token: choose a ?-card, execute it, then look through the end-game stack and keep
    one card face down."""
    s = with_token_choice()
    coins = s.players["p1"].coins
    s = act(s, "p1", "ChooseQuestionToken", token="end_card_and_q_card")
    assert sorted(i.kind for i in s.pending) == ["end_card", "q_card"]
    s = act(s, "p1", "ChooseQuestionCard", card="engineer")
    assert 8 in s.players["p1"].engineers and s.players["p1"].coins == coins + 1
    assert "engineer" not in s.q_cards
    s = act(s, "p1", "SearchEndCards")
    card = s.end_deck[0]
    events = decide(s, "p1", "ChooseEndCard", card=card)
    assert events[0].barrier
    for viewer in ("p2", SPECTATOR):
        red = GAME.redact(events[0], viewer)
        assert red.payload[SECRET] == {"p1": {"hidden": True}}
        assert card not in str(GAME.describe(red))
    assert GAME.redact(events[0], "p1").payload[SECRET] == {"p1": {"card": card}}
    s = act(s, "p1", "ChooseEndCard", card=card)
    assert s.players["p1"].end_cards == [card] and card not in s.end_deck
    assert GAME.view(s, "p2")["players"]["p1"]["end_cards"] is None
    assert GAME.view(s, "p2")["players"]["p1"]["end_card_count"] == 1
    assert GAME.view(s, "p1")["players"]["p1"]["end_cards"] == [card]


def test_end_card_waits_until_no_mandatory_action_is_open():
    s = with_token_choice()
    s = act(s, "p1", "ChooseQuestionToken", token="end_card_and_q_card")
    player(s).markers = [0, -1]
    s = act(s, "p1", "ChooseQuestionCard", card="factory")
    assert illegal_code(s, "p1", "SearchEndCards") == "rr.endcard.mandatory_open"
    assert illegal_code(s, "p1", "ChooseEndCard", card=s.end_deck[0]) == "rr.endcard.mandatory_open"
    assert GAME.view(s, "p1")["end_deck"] is None


def test_q_card_factory_builds_then_two_industry_steps():
    s = with_token_choice()
    player(s).markers = [4, -1]  # in front of the first gap: the new factory opens it
    s = act(s, "p1", "ChooseQuestionToken", token="end_card_and_q_card")
    s = act(s, "p1", "ChooseQuestionCard", card="factory")
    s = act(s, "p1", "BuildFactory", source="stack")
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert s.players["p1"].markers[0] == 6


def test_q_card_black_worker():
    s = with_token_choice()
    s = act(s, "p1", "ChooseQuestionToken", token="end_card_and_q_card")
    s = act(s, "p1", "ChooseQuestionCard", card="black_worker")
    assert s.players["p1"].black and s.players["p1"].black_free


def test_q_card_loco_9_placed_at_once_and_never_a_factory():
    s = with_token_choice()
    p = player(s)
    p.tr[KIEV * 5] = 8
    s = act(s, "p1", "ChooseQuestionToken", token="end_card_and_q_card")
    s = act(s, "p1", "ChooseQuestionCard", card="loco_9")
    assert illegal_code(s, "p1", "AdvanceTrack", line="kiev", colour="black") == "rr.loco.finish_placement"
    s = act(s, "p1", "PlaceLoco", line="kiev")
    assert s.players["p1"].locos[KIEV] == [SPECIAL9] and s.players["p1"].reach(KIEV) == 9
    assert "kiev_end" not in s.players["p1"].claims
    # the special #9 has no factory back: discarding it puts nothing in the display
    s2 = with_token_choice()
    player(s2).locos = [[9, 9], [9], [9]]
    s2 = act(s2, "p1", "ChooseQuestionToken", token="end_card_and_q_card")
    assert illegal_code(s2, "p1", "ChooseQuestionCard", card="loco_9") == "rr.qcard.not_executable"


def test_q_card_four_actions_with_one_repeat():
    s = with_token_choice()
    player(s).markers = [0, -1]
    s = act(s, "p1", "ChooseQuestionToken", token="end_card_and_q_card")
    s = act(s, "p1", "ChooseQuestionCard", card="four_actions")
    s = act(s, "p1", "PlaceDoubler")
    s = act(s, "p1", "PlaceDoubler")  # the repeat
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert has_mandatory(s, "p1")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    assert [i.kind for i in s.pending] == ["end_card"]
    assert s.players["p1"].doublers == 2


def test_setup_removes_two_end_cards_unseen():
    _, events = new_game(4, seed=9)
    deck_event = [e for e in events if e.type == "EndGameDeckPrepared"][0]
    secret = deck_event.payload[SECRET][NOBODY]
    assert len(secret["deck"]) == 8 and len(secret["removed"]) == 2
    assert set(secret["deck"]) | set(secret["removed"]) == {
        "locos", "factories", "terminals", "points_15", "doublers", "extra_engineer",
        "engineers", "workers", "q_tokens", "black_tracks"}
    for viewer in ("p1", SPECTATOR):
        assert GAME.redact(deck_event, viewer).payload[SECRET] == {NOBODY: {"hidden": True}}
    assert GAME.redact(deck_event, REVIEWER).payload[SECRET][NOBODY] == secret
