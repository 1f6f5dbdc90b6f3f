"""The end card "?-Marker" and its cap by expansion (issue 12, audit gap 1).

Rules text, "Spielende-Karte ?-Marker": "Der Spieler erhält 7 Punkte für jedes
?-Plättchen, das er auf sein Tableau gelegt hat (maximal 28 Punkte, German Railroads
maximal 35 Punkte, DSP maximal 42 Punkte)."
"""

from __future__ import annotations

import pytest

from games.contract import SYSTEM
from games.russian_railroads import scoring
from games.russian_railroads.germany import scoring as german_scoring
from games.russian_railroads.plugins import end_card_cap
from games.russian_railroads.state import PlayerState

from .helpers import decide, new_game

TOKENS = ["t1", "t2", "t3", "t4", "t5", "t6", "t7"]


def with_tokens(n: int) -> PlayerState:
    p = PlayerState("p1")
    p.q_used = TOKENS[:n]
    p.end_cards = ["q_tokens"]
    return p


@pytest.mark.parametrize(("options", "cap"), [
    ({}, 28),
    ({"tableau": "deutschland"}, 35),
    ({"coal": True}, 35),
    ({"new_engineers": True}, 35),
    ({"new_q": True}, 35),
    ({"solo": True}, 35),
    ({"tableau": "usa"}, 28),
    ({"dsp": True}, 42),
    ({"dsp": True, "coal": True}, 42),
])
def test_cap_by_expansion(options, cap):
    """7 points a token up to the cap of the game's expansion: 4, 5, 6 tokens."""
    assert scoring.end_card_points(with_tokens(4), "q_tokens", end_card_cap(options)) == 28
    assert scoring.end_card_points(with_tokens(5), "q_tokens", end_card_cap(options)) == min(cap, 35)
    assert scoring.end_card_points(with_tokens(6), "q_tokens", end_card_cap(options)) == min(cap, 42)
    assert scoring.end_card_points(with_tokens(7), "q_tokens", end_card_cap(options)) == cap


def test_without_options_the_base_cap_holds():
    assert scoring.end_card_points(with_tokens(5), "q_tokens") == 28


def test_deutschland_breakdown_uses_the_german_cap():
    breakdown = german_scoring.end_cards_breakdown(with_tokens(5), end_card_cap({"tableau": "deutschland"}))
    assert breakdown == [{"card": "q_tokens", "vp": 35}]


@pytest.mark.parametrize(("options", "tokens", "vp"), [
    ({}, 6, 28), ({"coal": True}, 6, 35), ({"dsp": True}, 6, 42), ({"dsp": True}, 7, 42),
])
def test_final_scoring_caps_by_the_tables_options(options, tokens, vp):
    """The final scoring (ScoreRound in the last round) reads the table's options."""
    state, _ = new_game(2, 3, options)
    state.round = state.rounds
    state.phase = "scoring"
    p = state.players["p1"]
    p.end_cards = ["q_tokens"]
    p.q_used = TOKENS[:tokens]
    events = decide(state, SYSTEM, "ScoreRound")
    final = next(e for e in events if "final" in e.payload).payload["final"]
    assert final["p1"]["cards"] == [{"card": "q_tokens", "vp": vp}]
