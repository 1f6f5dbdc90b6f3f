"""Views, redaction, descriptions and the purity of evolve (game.py, messages.py, evolve.py)."""

from __future__ import annotations

import copy

from games.contract import REVIEWER, SPECTATOR, render
from games.russian_railroads import GAME
from games.russian_railroads.items import Item
from games.russian_railroads.messages import EVENTS_DE, EVENTS_EN, OPEN_DE, OPEN_EN

from .helpers import act, at_turn, play_random, player


def test_every_event_and_open_action_has_german_and_english():
    assert set(EVENTS_DE) == set(EVENTS_EN)
    assert set(OPEN_DE) == set(OPEN_EN)
    from games.russian_railroads.legal import COMMANDS_FOR

    for kind in COMMANDS_FOR:
        assert f"rr.open.{kind}" in OPEN_EN


def test_describe_renders_every_event_of_a_game():
    state, log = play_random(3, 11)
    seen = set()
    for event in log:
        seen.add(event.type)
        for lang in ("de", "en"):
            line = render(GAME, GAME.describe(event), lang)
            assert line and not line.startswith("rr.event."), (event.type, line)
    assert {"WorkersPlaced", "TrackAdvanced", "RoundScored", "GameFinished"} <= seen


def test_view_has_tableau_value_per_seat():
    """Yucata: the number in brackets is the value of the tableau if scored now."""
    s = at_turn()
    p = player(s)
    p.tr[10] = 3
    p.locos[2] = [3]
    view = GAME.view(s, SPECTATOR)
    value = view["players"]["p1"]["tableau_value"]
    assert value["kiev"] == 6 and value["total"] == sum(v for k, v in value.items() if k != "total")


def test_view_hides_the_end_deck_and_others_cards():
    s = at_turn()
    for viewer in ("p1", "p2", SPECTATOR):
        assert GAME.view(s, viewer)["end_deck"] is None
    assert len(GAME.view(s, REVIEWER)["end_deck"]) == 8
    assert len(GAME.view(s, REVIEWER)["end_removed"]) == 2
    s.placed = s.acted = True
    s.pending = (Item(70, "end_card", 1, False, None, False),)
    assert GAME.view(s, "p1")["end_deck"] is None  # a choice open is not yet a look at the stack
    s = act(s, "p1", "SearchEndCards")
    assert GAME.view(s, "p1")["end_deck"] == sorted(s.end_deck)  # looking through it: 8 cards, sorted
    assert GAME.view(s, "p2")["end_deck"] is None


def test_open_actions_flags_mandatory():
    s = at_turn()
    assert [(a.key, a.mandatory) for a in GAME.open_actions(s, "p1")] == [("rr.open.place_or_pass", True)]
    assert GAME.open_actions(s, "p2") == []
    s = act(s, "p1", "PlaceWorkers", space="black_1w")
    assert [(a.key, a.mandatory, a.params["n"]) for a in GAME.open_actions(s, "p1")] == [("rr.open.steps", True, 2)]


def test_evolve_never_mutates_its_input():
    state, log = play_random(4, 5)
    s = GAME.initial_state()
    for event in log:
        before = copy.deepcopy(GAME.dump_state(s))  # a dump shares the state's lists
        new = GAME.evolve(s, event)
        assert GAME.dump_state(s) == before
        s = new


def test_status_pending_system_and_final_ranking():
    state, _ = play_random(2, 3)
    status = GAME.status(state)
    assert status.over and status.phase == "over"
    totals = [status.scores[seat] for seat in status.ranking]
    assert totals == sorted(totals, reverse=True)


def test_determinize_resamples_only_hidden_cards():
    import random
    from collections import Counter

    s = at_turn()
    player(s, "p2").end_cards = [s.end_deck.pop(0)]
    player(s, "p1").end_cards = [s.end_deck.pop(0)]
    before = GAME.dump_state(s)
    seen = set()
    for seed in range(20):
        d = GAME.determinize(s, "p1", random.Random(seed))
        assert d.players["p1"].end_cards == s.players["p1"].end_cards
        assert len(d.players["p2"].end_cards) == 1 and len(d.end_deck) == len(s.end_deck)
        all_cards = d.end_deck + d.end_removed + d.players["p1"].end_cards + d.players["p2"].end_cards
        assert Counter(all_cards) == Counter(s.end_deck + s.end_removed + s.players["p1"].end_cards
                                             + s.players["p2"].end_cards)
        seen.add(d.players["p2"].end_cards[0])
    assert len(seen) > 1
    assert GAME.dump_state(s) == before
    assert GAME.determinize(s, REVIEWER, random.Random(0)) is s


def test_views_are_json():
    import json

    state, log = play_random(4, 21)
    s = GAME.initial_state()
    for i, event in enumerate(log):
        s = GAME.evolve(s, event)
        if i % 97 == 0:
            for viewer in (*s.seats, SPECTATOR, REVIEWER):
                json.dumps(GAME.view(s, viewer))


def test_log_lines_name_things_in_each_language():
    """Ids in events become names in the reader's language (names.json)."""
    from games.contract import Description, Event, render
    from games.russian_railroads import GAME

    placed = GAME.describe(Event("WorkersPlaced", {"seat": "p1", "space": "black_2w", "workers": 2, "coins": 0,
                                                   "black": False}))
    assert render(GAME, placed, "de") == "p1 setzt 2 Arbeiter auf „3 schwarze Schritte“."
    assert render(GAME, placed, "en") == "p1 places 2 workers on “3 black steps”."
    bonus = GAME.describe(Event("StartBonusChosen", {"seat": "p2", "card": "doubler"}))
    assert render(GAME, bonus, "de") == "p2 nimmt die Startbonuskarte „Verdoppler“."
    reached = GAME.describe(Event("SpecialSpaceReached", {"seat": "p1", "key": "kiev_7"}))
    assert render(GAME, reached, "de") == "p1 erreicht Feld 7 der Strecke Kiew."
    assert render(GAME, reached, "en") == "p1 reaches space 7 of the Kiev line."
    assert render(GAME, Description("x", {}), "en") == "x"
