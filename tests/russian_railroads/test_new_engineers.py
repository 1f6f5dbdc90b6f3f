"""Issue 12, German Railroads' new engineers (appendix "Die Ingenieure aus der 1.
Erweiterung"), each rule quoted with its numbers: 6, 15, 5 and -10."""

from __future__ import annotations

import random

from games.contract import Command, render
from games.russian_railroads import GAME, engineers
from games.russian_railroads.data import RULES, printed_number
from games.russian_railroads.game import deal_strip
from games.russian_railroads.options import OFFERED_SCHEMA
from games.russian_railroads.plugins import engineer_in_play

from .helpers import act, at_turn, illegal_code, new_game, player

SIX, FIFTEEN, FIVE, MINUS_TEN = 306, 315, 305, 390
BLACK, GREY, BROWN = 0, 1, 2
OPTS = {"new_engineers": True}


def own(number: int, players: int = 2, options: dict | None = None):
    """p1 to move holding engineer ``number``, grey and brown unlocked."""
    state = at_turn(players)
    state.options = dict(options or OPTS)
    p = player(state, "p1")
    p.engineers = [number]
    p.unlocked[GREY] = p.unlocked[BROWN] = True
    return state


def pending(state):
    return sorted((i.kind, i.n, i.arg) for i in state.pending)


def en(description) -> str:
    return render(GAME, description, "en")


def de(description) -> str:
    return render(GAME, description, "de")


def test_the_new_engineers_are_dealt_only_with_their_option_and_never_with_a_number_already_out():
    """"Die neuen Ingenieure könnt ihr in allen Spielen verwenden"; "keine 2 Ingenieure
    mit der gleichen Ordnungszahl"; printed numbers 6, 15, 5 and -10."""
    assert [printed_number(n) for n in (SIX, FIFTEEN, FIVE, MINUS_TEN)] == [6, 15, 5, -10]
    assert "new_engineers" in OFFERED_SCHEMA["properties"]
    for n in (SIX, FIFTEEN, FIVE, MINUS_TEN):
        assert not engineer_in_play(RULES.engineers[n], {}, 2)
        assert engineer_in_play(RULES.engineers[n], OPTS, 2)
    seen_new = set()
    for seed in range(40):
        state, _ = new_game(3, seed, OPTS)
        printed = [printed_number(n) for n in state.strip if n]
        assert len(printed) == len(set(printed))
        seen_new |= {n for n in state.strip if n and n >= 300}
        base, _ = new_game(3, seed)
        assert all(n < 300 for n in base.strip if n)
    assert seen_new == {SIX, FIFTEEN, FIVE, MINUS_TEN}
    # the same printed number twice in the decks: the later card is skipped
    assert deal_strip({"A": [1, 2], "B": [6, SIX, 13]}, {"A": 2, "B": 2}) == [1, 2, 6, 13]


def test_engineer_6_gives_3_grey_steps():
    """Ingenieur 6: "Der Spieler darf 3 Schritte mit grauen Gleisen machen." (1 worker)"""
    state = own(SIX)
    free = state.players["p1"].free
    state = act(state, "p1", "PlaceWorkers", space="engineer_306")
    assert state.players["p1"].free == free - 1
    assert pending(state) == [("steps", 3, "grey")]


def test_engineer_15_costs_a_coin_and_gives_a_black_a_grey_and_a_brown_step():
    """Ingenieur 15: "Um diesen Ingenieur zu nutzen, muss der Spieler eine Münze zahlen.
    Der Spieler darf dann je einen Schritt mit einem schwarzen, grauen und braunen Gleis
    machen.\""""
    state = own(FIFTEEN)
    p = player(state, "p1")
    p.coins = 0
    assert illegal_code(state, "p1", "PlaceWorkers", space="engineer_315").startswith("rr.")
    assert not any(c.args.get("space") == "engineer_315" for c in GAME.legal_commands(state, "p1"))
    p.coins = 2
    state = act(state, "p1", "PlaceWorkers", space="engineer_315")
    assert state.players["p1"].coins == 1
    assert pending(state) == [("steps", 1, "black"), ("steps", 1, "brown"), ("steps", 1, "grey")]


def test_engineer_5_draws_2_of_all_start_bonus_cards_and_executes_both():
    """Ingenieur 5: "Der Spieler mischt verdeckt alle Startbonuskarten und zieht verdeckt
    2 davon. Er führt sofort die Funktion dieser Karten aus."  The draw is random: an
    undo barrier.  All 4 cards (5 with the coal module's card) may be drawn."""
    drawn: set[str] = set()
    for seed in range(30):
        state = own(FIVE)
        coins = state.players["p1"].coins
        events = GAME.decide(state, Command("PlaceWorkers", "p1", {"space": "engineer_305"}), random.Random(seed))
        draw = [e for e in events if e.type == "StartBonusCardsDrawn"]
        assert len(draw) == 1 and draw[0].barrier
        cards = draw[0].payload["cards"]
        assert len(cards) == 2 and len(set(cards)) == 2
        drawn |= set(cards)
        gained = [e for e in events if e.type in ("CoinsTaken", "ActionsGained")]
        assert len(gained) == 2  # both cards act at once
        for event in events:
            state = GAME.evolve(state, event)
        assert state.players["p1"].coins == coins + (1 if "coin" in cards else 0)
        kinds = {(i.kind, i.arg) for i in state.pending}
        assert ("steps", "black") in kinds if "black_step" in cards else True
        assert ("industry", None) in kinds if "industry_step" in cards else True
        assert ("doublers", None) in kinds if "doubler" in cards else True
    assert drawn == {"black_step", "industry_step", "doubler", "coin"}
    text = en(GAME.describe(draw[0]))
    assert text.startswith("p1 draws the start bonus cards “") and text.endswith("with engineer 5 (start bonus cards).")
    assert de(GAME.describe(draw[0])).startswith("p1 zieht mit Ingenieur 5 (Startbonuskarten) die Startbonuskarten „")
    # with the coal module the coal card is one of them
    from games.russian_railroads.german_items.engineers import all_start_bonus_cards

    assert all_start_bonus_cards({"coal": True}) == ["black_step", "industry_step", "doubler", "coin", "coal"]


def test_engineer_minus_10_takes_2_workers_and_uses_one_of_your_factories_wherever_the_marker_stands():
    """Ingenieur -10: "Um diesen Ingenieur zu nutzen, muss der Spieler 2 Arbeiter darauf
    stellen. Er darf dann sofort die Funktion einer seiner Fabriken nutzen, so als wäre
    er mit dem Industriemarker darauf gezogen (unabhängig davon, wo sein Industriemarker
    steht)."  Factory 6 gives 1 coin, factory 4 two doublers; the marker stands on 0."""
    state = own(MINUS_TEN)
    p = player(state, "p1")
    p.factories = [6, 0, 4, 0, 0]
    p.markers = [0, -1]
    free, coins = p.free, p.coins
    state = act(state, "p1", "PlaceWorkers", space="engineer_390")
    assert state.players["p1"].free == free - 2
    assert pending(state) == [("use_factory", 1, None)]
    legal = [c.args for c in GAME.legal_commands(state, "p1") if c.type == "UseOwnFactory"]
    assert legal == [{"slot": 0}, {"slot": 2}]
    assert illegal_code(state, "p1", "UseOwnFactory", slot=1) == "rr.factory.not_yours"
    log: list = []
    after = act(state, "p1", "UseOwnFactory", log, slot=0)
    assert after.players["p1"].coins == coins + 1 and not after.pending
    assert en(GAME.describe(log[0])) == ("p1 uses the factory in gap 1 with engineer −10, as if the industry "
                                         "marker entered it (1 coin).")
    assert de(GAME.describe(log[0])) == ("p1 nutzt mit Ingenieur −10 die Fabrik in Lücke 1, als wäre der "
                                         "Industriemarker darauf gezogen (1 Münze).")
    after = act(state, "p1", "UseOwnFactory", slot=2)
    assert pending(after) == [("doublers", 2, None)]
    assert after.players["p1"].markers == [0, -1]  # the marker stays where it is


def test_a_public_engineer_minus_10_needs_a_factory_to_be_executable_in_full():
    """Public engineers must be executable in full ("auch offen liegende Ingenieure"):
    without a factory of one's own -10 cannot be chosen; with one it can."""
    state = at_turn(2)
    state.options = dict(OPTS)
    strip = list(state.strip)
    strip[1] = MINUS_TEN
    state.strip = strip
    assert engineers.public_engineers(state)[0] == MINUS_TEN
    p = player(state, "p1")
    p.factories = [0, 0, 0, 0, 0]
    assert not any(c.args.get("space") == "engineer_390" for c in GAME.legal_commands(state, "p1"))
    p.factories = [5, 0, 0, 0, 0]
    assert any(c.args.get("space") == "engineer_390" for c in GAME.legal_commands(state, "p1"))


def test_engineer_minus_10_counts_minus_10_for_factory_1_but_never_below_0():
    """"Die Zahl auf diesem Ingenieur ist -10. Das bedeutet, dass man mit der Fabrik auf
    der Rückseite der 1er-Lok 10 Punkte weniger bekommt, wenn man diesen Ingenieur vor
    sich liegen hat (niemals jedoch Minuspunkte)."  -10 + 15 = 5 points; -10 alone 0."""
    for held, points in (([MINUS_TEN, FIFTEEN], 5), ([MINUS_TEN], 0), ([MINUS_TEN, 3], 0)):
        state = own(MINUS_TEN)
        p = player(state, "p1")
        p.engineers = held
        p.factories = [1, 0, 0, 0, 0]
        vp = p.vp
        state = act(state, "p1", "PlaceWorkers", space="engineer_390")
        state = act(state, "p1", "UseOwnFactory", slot=0)
        assert state.players["p1"].vp == vp + points, held


def test_a_public_engineer_5s_blind_cards_may_lapse():
    """The cards are drawn blind: whether they are executable in full cannot be checked
    before choosing, so their steps may lapse even on a public engineer 5 (interpretation;
    found by an MCTS game stuck on a doubler it could not place)."""
    state = at_turn(2)
    state.options = dict(OPTS)
    strip = list(state.strip)
    strip[1] = FIVE
    state.strip = strip
    events = GAME.decide(state, Command("PlaceWorkers", "p1", {"space": "engineer_305"}), random.Random(3))
    for event in events:
        state = GAME.evolve(state, event)
    assert state.pending and not any(item.mandatory for item in state.pending)


def test_the_log_names_the_dealt_engineers_by_printed_number():
    """The strip's log line reads "…: 14, 4, 7, 15, 11, 6", never the internal 315."""
    from games.contract import Event

    text = en(GAME.describe(Event("EngineersDealt", {"strip": [14, 4, 7, FIFTEEN, 11, MINUS_TEN]})))
    assert "14, 4, 7, 15, 11, -10" in text and "315" not in text and "390" not in text


def test_the_view_draws_the_new_engineers_by_printed_number_with_effects_and_costs():
    state, _ = new_game(2, 1, OPTS)
    board = GAME.view(state, "p1")["board"]
    assert board["engineer_names"]["390"] == {"printed": -10, "name": ""}
    assert board["engineers"]["306"] == [{"op": "steps", "colour": "grey", "n": 3}]
    assert board["engineer_costs"]["315"] == {"workers": 1, "coins": 1}
    assert board["engineer_costs"]["390"] == {"workers": 2, "coins": 0}
    base, _ = new_game(2, 1)
    assert "306" not in GAME.view(base, "p1")["board"]["engineers"]


def test_the_dsp_headhunter_finds_undealt_new_engineers_in_the_box():
    """DSP Headhunter: "einen der Ingenieur aus den in der Schachtel verbliebenen
    Ingenieuren ... Dabei darf die Ordnungszahl dieses Ingenieurs noch nicht im Spiel
    vorkommen" - with the new engineers at the table, those not dealt are in the box."""
    from games.russian_railroads.dsp.tokens import box

    state, _ = new_game(2, 1, {**OPTS, "dsp": True})
    in_box = box(state)
    printed_out = {printed_number(n) for n in state.strip if n}
    for number in (SIX, FIFTEEN, FIVE, MINUS_TEN):
        assert (number in in_box) == (printed_number(number) not in printed_out)
    base, _ = new_game(2, 1, {"dsp": True})
    assert not any(n >= 300 for n in box(base))


def test_emil_blocks_a_crosswise_new_engineer_as_printed():
    """Solo: Emil's card 11 blocks "das Feld mit dem quer liegenden Ingenieur" with the
    workers (and coin) printed on it: -10 takes 2 of his workers, 15 one worker and a coin."""
    from games.russian_railroads.emil import card_target

    state, _ = new_game(1, 1, {**OPTS, "solo": True})
    for number, expected in ((MINUS_TEN, ("engineer_390", 2, 0)), (FIFTEEN, ("engineer_315", 1, 1)),
                             (SIX, ("engineer_306", 1, 0))):
        strip = list(state.strip)
        strip[state.round] = number
        state.strip = strip
        assert engineers.public_engineers(state) == [number]
        assert card_target(state, 11) == expected
