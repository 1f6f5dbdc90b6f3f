"""Issue 10, "Rules points from an independent audit": each point with the rules line it rests on.

The fifth point (a displaced locomotive goes to another line or becomes a factory, as
the player chooses) is in ``test_locomotives.py``
(``test_a_displaced_loco_goes_to_another_line_or_becomes_a_factory_as_the_player_chooses``).
"""

from __future__ import annotations

from games.russian_railroads import engineers, scoring
from games.russian_railroads.actions import reusable_spaces
from games.russian_railroads.data import KIEV, PETERSBURG, RULES, TRANSSIB
from games.russian_railroads.items import Item
from games.russian_railroads.legal import has_mandatory
from games.russian_railroads.state import PlayerState, State

from .helpers import act, at_turn, confirm, illegal_code, player


def _others_pass(s: State, seat: str = "p1") -> State:
    s = confirm(s)
    while s.current != seat:
        s = act(s, s.current, "Pass")
        s = confirm(s)
    return s


# --- 1. engineer majority needs an engineer ------------------------------------------


def test_majority_needs_at_least_one_engineer():
    """Rules text, Schlusswertung: "Ein Spieler, der keinen Ingenieur hat, kann natürlich
    auch keinen Bonus bekommen." The end-game card "zusätzlicher Ingenieur" alone is no
    engineer; with one engineer it makes two."""
    card_only, one, none = PlayerState("card"), PlayerState("one"), PlayerState("none")
    card_only.end_cards = ["extra_engineer"]
    one.engineers = [2]
    assert engineers.majority([card_only, one, none]) == {"one": 40, "card": 0, "none": 0}
    card_only.engineers = [1]
    assert engineers.majority([card_only, one, none]) == {"card": 40, "one": 20, "none": 0}


def test_majority_counts_the_question_card_engineer():
    """Every engineer beside the tableau is an engineer the player has (the letterless
    #8 from the ?-card too): only the end-game card "Ingenieure" asks who was hired."""
    q_only, none = PlayerState("q"), PlayerState("none")
    q_only.engineers = [8]
    assert engineers.majority([q_only, none]) == {"q": 40, "none": 0}


# --- 2. end-game card "Ingenieure": hired engineers only ----------------------------------


def test_end_card_engineers_counts_hired_engineers_only():
    """Card text: "Der Spieler erhält 6 Punkte für jeden Ingenieur, den er angeheuert hat.
    (Die Spielendekarte mit dem zusätzlichen Ingenieur - siehe oben - zählt nicht dazu.)"
    The #8 of the ?-card was not hired ("Dieser wird zusammen mit einer Münze neben die
    offen ausgelegte ?-Karte mit dem Ingenieur gelegt")."""
    p = PlayerState("p1")
    p.engineers = [3, 8, 11]
    p.end_cards = ["engineers", "extra_engineer"]
    assert RULES.engineers[8]["letter"] is None
    assert engineers.hired(p) == [3, 11]
    assert scoring.end_card_points(p, "engineers") == 12
    p.engineers = [8]
    assert scoring.end_card_points(p, "engineers") == 0


# --- 3. factory 3 / own engineer 8: the re-used action may lapse in part ------------------


def _only_one_black_step_left(s: State) -> None:
    p = player(s)
    for line in (TRANSSIB, PETERSBURG, KIEV):
        p.tr[line * 5] = RULES.line_len[line]
    p.tr[KIEV * 5] = RULES.line_len[KIEV] - 1


def test_own_engineer_8_reuse_may_lapse_in_part():
    """Binding clarification: "Aktionen, bei denen man nicht in Konkurrenz zu den anderen
    Spielern steht, darf man auch verfallen lassen. Das betrifft Fabrik-Aktionen, eigene
    Ingenieure und ?-Marker." Re-using "black 2 steps" when one step is left is allowed."""
    s = at_turn()
    player(s).engineers = [8]
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    s = _others_pass(s)
    _only_one_black_step_left(s)
    s = act(s, "p1", "PlaceWorkers", space="engineer_8")
    s = act(s, "p1", "ReuseSpace", space="black_1w")
    assert not has_mandatory(s, "p1")  # the 2 steps may lapse
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    assert s.players["p1"].tr[KIEV * 5] == RULES.line_len[KIEV]
    assert not has_mandatory(s, "p1")


def test_factory_3_reuse_may_lapse_in_part():
    """Fabrik 3: "Der Spieler darf 1 Aktionsfeld, auf dem er mit genau 1 seiner Arbeiter
    steht, nochmals nutzen." - a factory action, so it may lapse in part."""
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    _only_one_black_step_left(s)
    s.pending = (Item(60, "reuse", 1, False, None, False),)  # as factory 3 gives it
    s = act(s, "p1", "ReuseSpace", space="black_1w")
    assert not has_mandatory(s, "p1")


def test_public_engineer_8_reuse_stays_in_competition():
    """A public engineer is in competition ("Aktionen auf dem Spielplan (auch offen liegende
    Ingenieure) ... MÜSSEN immer komplett ausgeführt werden können"): its re-use must be
    executable in full."""
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    _only_one_black_step_left(s)
    s.pending = (Item(61, "reuse", 1, True, None, False),)  # as a public engineer 8 gives it
    assert illegal_code(s, "p1", "ReuseSpace", space="black_1w") == "rr.action.not_executable"


# --- 4. re-use decided by what was placed: exactly one of his workers ----------------------


def test_reuse_counts_the_workers_actually_placed():
    """Engineer 8 / Fabrik 3: "1 Aktionsfeld, auf dem er mit genau 1 seiner Arbeiter steht".
    A 2-worker space taken with 1 worker and 1 coin holds exactly one of his workers (re-usable);
    a 1-worker space taken with a coin alone holds none (not re-usable)."""
    s = at_turn()
    player(s).coins = 3
    s = act(s, "p1", "PlaceWorkers", space="black_2w", coins=1)
    for _ in range(3):
        s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    assert s.occupied["black_2w"][1:3] == [1, 1]
    assert reusable_spaces(s, "p1") == ["black_2w"]
    s = _others_pass(s)
    s = act(s, "p1", "PlaceWorkers", space="coins", coins=1)
    assert s.occupied["coins"][1:3] == [0, 1]
    assert reusable_spaces(s, "p1") == ["black_2w"]
    s.pending = (Item(62, "reuse", 1, False, None, False),)
    assert illegal_code(s, "p1", "ReuseSpace", space="coins") == "rr.reuse.not_yours"
    s = act(s, "p1", "ReuseSpace", space="black_2w")
    assert [(item.kind, item.n, item.mandatory) for item in s.pending] == [("steps", 3, False)]


def test_reuse_of_a_space_with_a_printed_coin_and_one_worker():
    """The 2-steps-of-choice space costs 1 worker and 1 coin: who stands there stands with
    exactly one of his workers, so it may be re-used (the printed coin does not matter)."""
    s = at_turn()
    player(s).coins = 2
    s.occupied["joker"] = ["p1", 1, 1, False]
    assert "joker" in reusable_spaces(s, "p1")


def test_own_engineer_or_rally_taken_with_a_coin_alone_cannot_be_reused():
    """The same rule for fields not blocked on the board: an own engineer or the rally space
    paid with a coin instead of the worker holds none of his workers."""
    s = at_turn()
    p = player(s)
    p.engineers = [14]
    p.coins = 3
    s = act(s, "p1", "PlaceWorkers", space="engineer_14", coins=1)
    assert reusable_spaces(s, "p1") == []
    s = _others_pass(s)
    s = act(s, "p1", "PlaceWorkers", space="rally", coins=1)
    assert reusable_spaces(s, "p1") == []
    s = _others_pass(s)
    s = act(s, "p1", "PlaceWorkers", space="rally")
    assert reusable_spaces(s, "p1") == ["rally"]
