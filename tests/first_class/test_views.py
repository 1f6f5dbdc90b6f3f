"""What each viewer sees: others' end-game cards, the draft hand and the order of
the stacks are hidden from other seats and spectators while the game runs (in the
view, in redacted events and in log sentences); both languages have a sentence for
every event, open action and command."""

from __future__ import annotations

import json
import random

from games.contract import NOBODY, REVIEWER, SECRET, SPECTATOR, Command, Event, render
from games.first_class import GAME
from games.first_class.evolve import HANDLERS
from games.first_class.messages import TEXTS

from .helpers import fold, new_game
from .test_properties import play_table


def test_others_end_game_cards_are_hidden_in_the_view():
    state = new_game(3)
    mine = GAME.view(state, "p1")["players"]
    assert [c["id"] for c in mine["p1"]["end_cards"]] == list(state.player("p1").end_cards)
    assert mine["p2"]["end_cards"] is None and mine["p2"]["end_card_count"] == 1
    spectator = json.dumps(GAME.view(state, SPECTATOR))
    for seat in state.seats:
        assert all(f'"{c}"' not in spectator for c in state.player(seat).end_cards)
    reviewer = GAME.view(state, REVIEWER)
    assert reviewer["players"]["p2"]["end_cards"] is not None and "deck" in reviewer


def test_the_stack_order_and_end_deck_are_never_in_a_players_view():
    state = new_game(2)
    for viewer in ("p1", "p2", SPECTATOR):
        text = json.dumps(GAME.view(state, viewer))
        assert all(f'"{c}"' not in text for cards in state.stacks.values() for c in cards)
        assert all(f'"{c}"' not in text for c in state.end_deck)


def test_the_draft_hand_is_seen_by_its_holder_only():
    state = fold(GAME.setup({}, ["p1", "p2", "p3"], random.Random(2)))
    holder = state.current()
    assert [c["id"] for c in GAME.view(state, holder)["draft_hand"]] == list(state.draft_hand)
    for viewer in set(state.seats) - {holder} | {SPECTATOR}:
        assert "draft_hand" not in GAME.view(state, viewer)


def test_redaction_strips_deck_order_and_drafted_cards():
    events = GAME.setup({}, ["p1", "p2"], random.Random(4))
    shuffled = next(e for e in events if e.type == "StacksShuffled")
    for viewer in ("p1", "p2", SPECTATOR):
        assert GAME.redact(shuffled, viewer).payload[SECRET] == {NOBODY: {"hidden": True}}
    dealt = events[-1]
    holder = dealt.payload["seat"]
    other = "p1" if holder == "p2" else "p2"
    assert GAME.redact(dealt, holder).payload[SECRET][holder]["hand"]
    assert GAME.redact(dealt, other).payload[SECRET][holder] == {"hidden": True}


def test_log_sentences_carry_no_secret():
    state = fold(GAME.setup({}, ["p1", "p2"], random.Random(4)))
    seat = state.current()
    card = state.draft_hand[0]
    events = GAME.decide(state, Command("DraftEndCard", seat, {"card": card}), random.Random(0))
    for lang in ("de", "en"):
        assert card not in render(GAME, GAME.describe(events[0]), lang)


def test_every_event_type_and_command_has_a_sentence_in_both_languages():
    assert set(TEXTS["events"]["de"]) == set(TEXTS["events"]["en"])
    assert set(TEXTS["open"]["de"]) == set(TEXTS["open"]["en"])
    assert set(TEXTS["commands"]["de"]) == set(TEXTS["commands"]["en"])
    assert set(HANDLERS) <= set(TEXTS["events"]["en"])
    table = play_table(3, 7)
    seen = set()
    for env in table.log:
        event = Event(env.type, env.payload)
        for lang in ("de", "en"):
            text = render(GAME, GAME.describe(event), lang)
            assert "{" not in text and not text.startswith("fc."), text
        seen.add(env.type)
    assert {"CardTaken", "TrainsScored", "GameFinished", "RoundDealt"} <= seen


def test_every_command_and_pending_part_has_words_in_both_languages():
    from games.first_class.decide import DECIDERS
    from games.first_class.effects import PARTS
    from games.first_class.state import MANDATORY
    for lang in ("de", "en"):
        assert set(DECIDERS) | {"RefillEndDisplay", "DealRound", "FinishGame"} <= set(TEXTS["commands"][lang])
        for kind in PARTS + MANDATORY:
            assert f"fc.open.{kind}" in GAME.messages[lang], (lang, kind)
            assert lang in TEXTS["kinds"][kind], (lang, kind)
    rendered = render(GAME, GAME.describe_command(Command("SkipEffect", "p1", {"kind": "own_conductor", "train": 1})),
                      "en")
    assert rendered == "Leave out: conductor steps of train 2"
