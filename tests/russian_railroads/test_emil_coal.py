"""Emil with the coal module (issue 12, audit gap 2).

Solo is the 2-player board, so the coal mine and the foundry purchase are one field
("combined_for_2"). Emil's card 16 blocks the coal mine; rules text, Emil's case 3:
"Stehen bereits Arbeiter auf dem Feld von Emils Karte, legst du diese Karte ab".
A foundry purchase is kept in the coal board's record, not among the occupied
action spaces, and must discard the card just the same."""

from __future__ import annotations

import random

from games.contract import SYSTEM, Command, Event
from games.russian_railroads import GAME
from games.russian_railroads.coal import board

from .helpers import act, confirm, fold

OPTIONS = {"coal": True, "solo": True}


def solo_coal(seed: int = 1):
    """A solo coal game after the start-bonus draft."""
    state = fold(GAME.deal(OPTIONS, ["p1"], random.Random(seed)))
    while state.phase == "draft":
        card = "coin" if "coin" in state.draft_cards else state.draft_cards[0]
        state = act(state, state.current, "ChooseStartBonus", card=card)
        while state.pending:
            state = fold(GAME.decide(state, GAME.legal_commands(state, state.current)[0], random.Random(0)), state)
        state = confirm(state)
    return state


def emil_draws(state, card: int, log: list[Event]):
    state = state.clone()
    state.emil = {**state.emil, "deck": [card]}
    events = GAME.decide(state, Command("EmilTurn", SYSTEM, {}), random.Random(0))
    log.extend(events)
    return fold(events, state)


def reasons(log: list[Event]) -> list:
    return [e.payload.get("reason") for e in log if e.type == "EmilCardRevealed"]


def first_turn(state):
    """Emil's first card blocks the black 2-worker space; then it is p1's turn."""
    state = emil_draws(state, 7, [])
    assert GAME.status(state).to_move == ("p1",)
    state.coal = {**state.coal, "coal": {**state.coal["coal"], "p1": 2}}
    return state


def test_card_16_is_discarded_after_the_foundry_purchase():
    state = first_turn(solo_coal())
    state = act(state, "p1", "UseCoalField", field="foundry_buy")
    state = act(state, "p1", "TakeFoundry", foundry=state.coal["open"][0])
    state = act(state, "p1", "PlaceWorkers", space="industry_1w", coins=0, black=False)
    while GAME.legal_commands(state, "p1") and state.pending:
        state = fold(GAME.decide(state, GAME.legal_commands(state, "p1")[0], random.Random(0)), state)
    state = confirm(state)
    assert board.field_taken(state, "coal_mine") and "coal_mine" not in state.occupied
    log: list[Event] = []
    state = emil_draws(state, 16, log)
    assert reasons(log) == ["occupied"]
    assert "coal_mine" not in state.occupied


def test_card_16_blocks_the_mine_when_the_field_is_free():
    state = first_turn(solo_coal())
    state = act(state, "p1", "PlaceWorkers", space="industry_1w", coins=0, black=False)
    while GAME.legal_commands(state, "p1") and state.pending:
        state = fold(GAME.decide(state, GAME.legal_commands(state, "p1")[0], random.Random(0)), state)
    state = confirm(state)
    log: list[Event] = []
    state = emil_draws(state, 16, log)
    assert reasons(log) == [None]
    assert state.occupied["coal_mine"][0] == "emil"
