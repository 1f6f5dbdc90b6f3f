"""Issue 12: American Railroads (option ``tableau="usa"``), one test per rule of the
rules text's "American Railroads" part and its appendix entries (dividend tiles, the
American ?-tokens), with the numbers the text gives; the printed layout (which space
has which benefit) is the data file's marked stand-in."""

from __future__ import annotations

import random

import pytest

from games.russian_railroads import GAME
from games.russian_railroads.data import BROWN, GREY, NATURAL, WHITE
from games.russian_railroads.items import Item
from games.russian_railroads.plugins import q_tokens_for
from games.russian_railroads.usa import board, market
from games.russian_railroads.usa.scoring import line_score, tableau_value

from .helpers import act, confirm, decide, fold, illegal_code, player, run_system, types

MAIN, EAST, WEST = 0, 5, 10  # track index of black on the three USA lines
US = {"tableau": "usa"}


def us_game(players: int = 3, seed: int = 1):
    """A USA game after the start-bonus draft, p1 to move."""
    seats = ["p1", "p2", "p3", "p4"][:players]
    state = fold(GAME.setup(dict(US), seats, random.Random(seed)))
    while state.phase == "draft":
        state = act(state, state.current, "ChooseStartBonus", card="coin" if "coin" in state.draft_cards
                    else state.draft_cards[0])
        while state.pending:
            cmd = GAME.legal_commands(state, state.current)[0]
            state = fold(GAME.decide(state, cmd, random.Random(0)), state)
        state = confirm(state)
    state.order = seats[:]
    state.current = "p1"
    return state


def quiet(p):
    """Mark the stock-step spaces as reached already, so a test's track step fires none."""
    p.claims += [spec["key"] for spec in board.STOCK_STEPS]
    return p


def give(state, kind: str = "steps", n: int = 1, arg="any", mandatory: bool = False):
    """The seat to move has placed and holds one open action (test-owned state)."""
    state.placed = state.acted = True
    state.pending = state.pending + (Item(state.next_item, kind, n, mandatory, arg, False),)
    state.next_item += 1
    return state


def legal_types(state, seat: str = "p1") -> set[str]:
    return {c.type for c in GAME.legal_commands(state, seat)}


# --- set-up ---------------------------------------------------------------------------


def test_setup_share_markers_industry_markers_rubble_mills_and_tokens():
    """"Jeder Spieler legt seinen Kursmarker auf das unterste Feld des Aktientableaus."
    "Ihr beginnt das Spiel mit beiden Industriemarkern ... Stellt einen davon jeweils auf
    das Feld 0 der beiden Industrieleisten. Das ?-Plättchen für den 2. Industriemarker
    benötigt ihr in diesem Spiel nicht." "Legt jedes der drei Stahlwerke rechts neben den
    ... Lokstapel." Both rubble tiles lie on the tableau."""
    s = us_game()
    assert all(market.level_of(s, seat) == 0 for seat in s.seats)
    assert all(s.players[seat].markers == [0, 0] for seat in s.seats)
    assert len(s.usa["mills"]) == 3
    assert not board.blasted(s.players["p1"], "rubble_8") and not board.blasted(s.players["p1"], "rubble_15")
    tokens = q_tokens_for(s.options)
    assert "second_industry_marker" not in tokens and {"golden_spike", "stock_market"} <= set(tokens)
    assert len(board.TILES) == 8  # "8 Dividendenplättchen"


# --- the tableau ----------------------------------------------------------------------


def test_rubble_blocks_the_track_until_blasted_for_10_points():
    """"So lange ein Geröllplättchen dort liegt, darfst du weder ein Gleis ... auf das Feld
    oder darüber ziehen." "Erfüllst du die Bedingung ..., so entfernst du sofort das
    entsprechende Geröllplättchen ... Du nimmst dir dafür sofort 10 Punkte.\""""
    s = us_game()
    p = quiet(player(s))
    p.tr[WEST] = 7
    give(s, "steps", 1, "black")
    assert illegal_code(s, "p1", "AdvanceTrack", line="transcontinental_west", colour="black") \
        == "rr.track.end_of_line"
    p.tr[WEST] = 6
    p.locos[2] = [7]
    vp = p.vp
    events = decide(s, "p1", "AdvanceTrack", line="transcontinental_west", colour="black")
    assert "RubbleBlasted" in types(events)
    s = fold(events, s)
    assert s.players["p1"].vp == vp + 10 and board.blasted(s.players["p1"], "rubble_8")
    give(s, "steps", 1, "black")
    s = act(s, "p1", "AdvanceTrack", line="transcontinental_west", colour="black")
    assert s.players["p1"].tr[WEST] == 8  # "Auf das freigeräumte Feld darfst du später ... ziehen"


def test_rubble_on_the_industry_field_worth_15():
    """The rubble on the white-bordered industry field worth 15 blocks the marker until
    its condition is met (then +10 points)."""
    s = us_game()
    p = player(s)
    p.markers[1] = board.RUBBLE_FIELD - 2
    give(s, "industry", 2)
    vp = p.vp
    s = act(s, "p1", "AdvanceIndustry", marker=2)
    assert board.blasted(s.players["p1"], "rubble_15") and s.players["p1"].vp == vp + 10
    s = act(s, "p1", "AdvanceIndustry", marker=2)
    assert s.players["p1"].markers[1] == board.RUBBLE_FIELD
    t = us_game()
    player(t).markers[1] = board.RUBBLE_FIELD - 1
    player(t).claims.append("us_blast:rubble_15")
    assert board.industry_step_target(t.players["p1"], 1) == board.RUBBLE_FIELD
    player(t).claims.remove("us_blast:rubble_15")
    assert board.industry_step_target(t.players["p1"], 1) == -1


def test_coin_space_pay_a_coin_for_the_benefit_once_now_or_later():
    """"Sobald du eines dieser Felder mit dem Gleis der abgebildeten Farbe erreichst,
    darfst du eine Münze bezahlen und nimmst dir den abgebildeten Vorteil. Du darfst dies
    auch in einem späteren Zug noch machen. ... Du darfst wie üblich jeden abgebildeten
    Vorteil nur einmal nehmen.\""""
    s = us_game()
    p = quiet(player(s))
    key, space = "us_coin_main_5", board.COIN_SPACES["us_coin_main_5"]
    assert space["colour"] == "brown"
    p.unlocked[BROWN] = True
    p.tr[MAIN], p.tr[MAIN + 1], p.tr[MAIN + 2] = 7, 6, 4
    p.coins = 2
    give(s, "steps", 1, "brown")
    assert "UseCoinSpace" not in legal_types(s)
    s = act(s, "p1", "AdvanceTrack", line="rocky_mountaineer", colour="brown")
    assert "UseCoinSpace" in legal_types(s)
    # a later turn: still there
    s = confirm(s)
    s.current = "p1"
    give(s, "steps", 1, "black")
    s = act(s, "p1", "UseCoinSpace", space=key)
    assert s.players["p1"].coins == 1 and f"us_done:{key}" in s.players["p1"].claims
    assert any(item.kind == "loco_or_factory" for item in s.pending)
    assert illegal_code(s, "p1", "UseCoinSpace", space=key) == "rr.us.coin_done"
    assert board.DATA["done_markers"] == len(board.COIN_SPACES) == 3  # "3 Erledigt-Marker"


def test_a_coin_space_needs_a_coin():
    s = us_game()
    p = player(s)
    p.unlocked[GREY] = True
    p.tr[WEST], p.tr[WEST + 1] = 6, 5
    p.coins = 0
    give(s, "steps", 1, "black")
    assert illegal_code(s, "p1", "UseCoinSpace", space="us_coin_west_5") == "rr.cost.coins"


@pytest.mark.parametrize("spike,expected", [(False, 10), (True, 25)])
def test_transcontinental_end_10_per_line_scoring_or_25_with_the_golden_spike(spike, expected):
    """"Erfüllst du die Bedingung für das letzte Feld einer dieser beiden Strecken, so
    erhältst du bei jeder Streckenwertung 10 zusätzliche Punkte. Erfüllst du die
    Bedingung beider Felder, so erhältst du auch den Bonus zweimal." Golden Spike: "den
    erhöhten Bonus von +25 Punkten für jedes der beiden Felder\""""
    s = us_game()
    p = player(s)
    p.tr[EAST], p.locos[1] = 7, [7]
    p.tr[WEST], p.locos[2] = 9, [9]
    p.tr[EAST + GREY] = 6  # grey spaces 1-6: 1 point each, black space 7: none
    if spike:
        p.q_used.append("golden_spike")
    assert line_score(p, 1) == 6 + expected
    assert line_score(p, 2) == 0 + expected
    p.tr[EAST] = 6
    p.tr[EAST + GREY] = 5
    assert line_score(p, 1) == 5  # the condition of the last space not met: no bonus


def test_golden_spike_token():
    """"?-Plättchen Golden Spike: Der Spieler legt das „Golden Spike“-Plättchen in den
    gestrichelten Rahmen.\""""
    s = us_game()
    give(s, "q_token", 1, "transsib_13")
    s = act(s, "p1", "ChooseQuestionToken", token="golden_spike")
    assert "golden_spike" in s.players["p1"].q_used
    assert GAME.view(s, "p1")["players"]["p1"]["usa"]["golden_spike"] is True


def test_every_colour_on_every_line_but_natural_on_2_and_white_on_1():
    """"Du darfst auf jeder der 3 Strecken ... Gleise in allen Farben bauen. Allerdings
    hast du ... nur 2 naturfarbige und 1 weißes Gleis zur Verfügung.\""""
    s = us_game()
    p = quiet(player(s))
    p.unlocked = [True] * 5
    for line in (MAIN, EAST, WEST):
        p.tr[line], p.tr[line + 1], p.tr[line + 2] = 7, 6, 5
    p.tr[MAIN + NATURAL], p.tr[EAST + NATURAL] = 1, 1
    give(s, "steps", 1, "natural")
    assert illegal_code(s, "p1", "AdvanceTrack", line="transcontinental_west", colour="natural") \
        == "rr.us.colour_lines"
    s = act(s, "p1", "AdvanceTrack", line="transcontinental_east", colour="natural")
    p = player(s)
    p.tr[EAST + WHITE] = 0
    p.tr[MAIN + NATURAL] = 3
    p.tr[MAIN + WHITE] = 1
    give(s, "steps", 1, "white")
    assert illegal_code(s, "p1", "AdvanceTrack", line="transcontinental_east", colour="white") \
        == "rr.us.colour_lines"
    s = act(s, "p1", "AdvanceTrack", line="rocky_mountaineer", colour="white")
    assert s.players["p1"].tr[MAIN + WHITE] == 2
    # white on the main line only; brown is allowed on West (every colour on every line)
    give(s, "steps", 1, "brown")
    player(s).tr[WEST + BROWN] = 3
    s = act(s, "p1", "AdvanceTrack", line="transcontinental_west", colour="brown")
    assert s.players["p1"].tr[WEST + BROWN] == 4


def test_three_doubler_slots_on_east_and_west():
    """"Die Strecken Transcontinental East und West zeigen jeweils 3 Verdopplerfelder, auf
    die du, genau wie bei der Hauptstrecke, Verdopplerplättchen legen darfst.\""""
    s = us_game()
    give(s, "doublers", 4)
    for _ in range(3):
        s = act(s, "p1", "PlaceDoubler", line="transcontinental_east")
    assert board.line_doublers(s.players["p1"], 1) == 3
    assert illegal_code(s, "p1", "PlaceDoubler", line="transcontinental_east") == "rr.doubler.none_left"
    s = act(s, "p1", "PlaceDoubler", line="transcontinental_west")
    p = player(s)
    p.tr[EAST], p.tr[EAST + GREY], p.locos[1] = 5, 4, [4]
    assert line_score(p, 1) == 1 * 2 * 3 + 1  # grey 1 point: spaces 1-3 doubled, space 4 single


def test_two_industry_tracks_upper_over_gaps_lower_as_in_the_base_game():
    """"Auf der oberen Industrieleiste darfst du auch auf Lücken und darüber hinweg ziehen.
    ... Liegt dort eine Fabrik, so musst du die Funktion dieser Fabrik sofort ausführen.
    Liegt dort noch keine Fabrik, so passiert auf dem Feld nichts." "Für die untere
    Industrieleiste gelten die Regeln wie im Grundspiel.\""""
    s = us_game()
    p = player(s)
    first_gap = board.RULES.industry_gaps[0]
    p.markers = [first_gap - 1, first_gap - 1]
    give(s, "industry", 2)
    assert illegal_code(s, "p1", "AdvanceIndustry", marker=1) == "rr.industry.blocked"
    events = decide(s, "p1", "AdvanceIndustry", marker=2)
    assert types(events) == ["IndustryAdvanced"]  # nothing happens on an empty gap
    p.factories[0] = 6  # factory 6: 1 coin
    coins = p.coins
    s = act(s, "p1", "AdvanceIndustry", marker=2)
    assert s.players["p1"].coins == coins + 1
    s = act(s, "p1", "AdvanceIndustry", marker=1)  # now the lower marker may enter the factory
    assert s.players["p1"].markers == [first_gap, first_gap]


def test_both_industry_markers_score():
    """"Bei der Wertung erhält er für beide Marker Punkte" - each track scores its marker."""
    s = us_game()
    p = player(s)
    p.markers = [4, 8]
    assert tableau_value(p)["industry"] == board.RULES.industry_scores[4] + board.RULES.industry_scores[8]


# --- the stock market -----------------------------------------------------------------


def _reach_stock_step(s, seat="p1"):
    p = player(s, seat)
    p.tr[MAIN] = 3
    s.current = seat
    give(s, "steps", 1, "black")
    return act(s, seat, "AdvanceTrack", line="rocky_mountaineer", colour="black")


def test_first_on_a_level_chooses_a_dividend_tile_and_takes_its_benefit():
    """"Erreichst du als erster Spieler eine neue Ebene, so legst du deinen Kursmarker in
    der neuen Ebene ganz nach links. Dann wählst du eines der ausliegenden
    Dividendenplättchen ... Dann darfst du dir sofort den Vorteil nehmen.\""""
    s = us_game()
    s = _reach_stock_step(s)
    assert market.level_of(s, "p1") == 1
    assert legal_types(s) == {"ChooseDividend"}
    coins = s.players["p1"].coins
    s = act(s, "p1", "ChooseDividend", tile="coin")
    assert s.usa["tiles"] == {"1": "coin"} and s.players["p1"].coins == coins + 1  # "Dividende Münze"
    assert illegal_code(s, "p1", "ChooseDividend", tile="points") == "rr.turn.no_such_action"


def test_a_later_arrival_lies_to_the_right_and_takes_the_tile_of_the_level():
    """"Erreichst du eine Ebene, in der bereits Kursmarker ... liegen, so legst du deinen
    Kursmarker rechts daneben. Dann darfst du dir den Vorteil nehmen ...\""""
    s = us_game()
    s = act(_reach_stock_step(s), "p1", "ChooseDividend", tile="points")
    s = confirm(s)
    vp = s.players["p2"].vp
    s = _reach_stock_step(s, "p2")
    assert s.players["p2"].vp == vp + 5  # "Dividende Punkte: Nimm dir sofort 5 Punkte."
    assert "ChooseDividend" not in legal_types(s, "p2")
    assert market.ranking(s)[:2] == ["p1", "p2"]


def test_personal_payout_at_the_top_level_all_levels_below():
    """"Bist du bereits auf der obersten Ebene und erhältst einen Aktienfortschritt, lässt
    du deinen Kursmarker an seiner Position liegen. Du bekommst jedoch sofort eine
    persönliche Ausschüttung." "Du nutzt die Vorteile der Ebene auf der sich dein
    Kursmarker befindet und aller Ebenen darunter.\""""
    s = us_game()
    s.usa = {**s.usa, "level": {**s.usa["level"], "p1": board.LEVELS},
             "tiles": {"1": "coin", "2": "points", "3": "black_1"}}
    coins, vp = s.players["p1"].coins, s.players["p1"].vp
    s = _reach_stock_step(s)
    assert market.level_of(s, "p1") == board.LEVELS
    assert s.players["p1"].coins == coins + 1 and s.players["p1"].vp == vp + 5
    assert any(i.kind == "steps" and i.arg == "black" and not i.mandatory for i in s.pending)  # optional


def test_stock_market_token_one_level_up_and_a_personal_payout():
    """"?-Plättchen Aktienmarkt: Der Spieler rückt seinen Kursmarker um eine Ebene nach
    oben und nimmt sich den Vorteil der neuen Ebene. Zusätzlich erhält er sofort eine
    persönliche Ausschüttung.\""""
    s = us_game()
    s.usa = {**s.usa, "tiles": {"1": "coin"}}
    coins = s.players["p1"].coins
    give(s, "q_token", 1, "transsib_13")
    s = act(s, "p1", "ChooseQuestionToken", token="stock_market")
    # level 1's tile once for arriving, once more in the personal payout
    assert market.level_of(s, "p1") == 1 and s.players["p1"].coins == coins + 2


def test_stock_market_token_on_a_new_level_pays_out_after_the_tile_choice():
    s = us_game()
    give(s, "q_token", 1, "transsib_13")
    s = act(s, "p1", "ChooseQuestionToken", token="stock_market")
    assert legal_types(s) == {"ChooseDividend"}
    coins = s.players["p1"].coins
    events = decide(s, "p1", "ChooseDividend", tile="coin")
    assert "PersonalPayout" in types(events)
    assert fold(events, s).players["p1"].coins == coins + 2


def test_end_bonus_20_and_10_ties_to_the_marker_further_left():
    """"Der Spieler, dessen Kursmarker auf dem Aktientableau am weitesten oben steht,
    erhält 20 Punkte. Derjenige auf der zweiten Position erhält 10 Punkte. Bei
    Gleichstand bekommt der Spieler, der weiter links steht, die Punkte.\""""
    s = us_game()
    s.usa = {**s.usa, "level": {"p1": 2, "p2": 3, "p3": 3}, "arrived": {"p1": 4, "p2": 9, "p3": 7}}
    assert market.ranking(s) == ["p3", "p2", "p1"]
    from games.russian_railroads.context import Ctx

    ctx = Ctx(s)
    market.end_bonus(ctx)
    assert [(e.payload["seat"], e.payload["points"]) for e in ctx.events] == [("p3", 20), ("p2", 10)]


# --- steel mills and the general payout -------------------------------------------------


def _take_last_of_stack(s, number: int, seat: str = "p1"):
    s.stacks = [0] * 10
    s.stacks[number] = 1
    s.current = seat
    give(s, "loco_or_factory", 1)
    return act(s, seat, "BuildFactory", source="stack", number=number)


def test_taking_the_last_loco_of_a_stack_gives_its_steel_mill_build_or_box():
    """"Nimmst du die letzte Lok von einem der Stapel neben dem ein Stahlwerk liegt, so
    nimmst du dir zusätzlich zur Lok noch das Stahlwerk. Du darfst das Stahlwerk ... wie
    eine normale Fabrik in eine Lücke ... einbauen. Du darfst es jedoch auch zurück in die
    Schachtel legen.\""""
    s = us_game()
    stack = board.MILL_STACKS[0]
    s = _take_last_of_stack(s, stack)
    assert stack not in s.usa["mills"] and s.usa["taker"] == "p1"
    assert legal_types(s) == {"BuildSteelMill", "BoxSteelMill"}
    boxed = act(s, "p1", "BoxSteelMill")
    assert board.STEEL_MILL not in boxed.players["p1"].factories
    built = act(s, "p1", "BuildSteelMill", slot=1)
    assert built.players["p1"].factories[1] == board.STEEL_MILL


def test_a_steel_mill_gives_one_black_step_and_may_be_swapped_for_a_new_factory():
    """"Ziehst du einen Industriemarker auf das Stahlwerk, machst du einen Schritt mit einem
    schwarzen Gleis." "Wenn du eine neue Fabrik baust, darfst du ein Stahlwerk gegen die
    neue Fabrik austauschen, auch wenn noch nicht alle 5 Lücken ... gefüllt sind.\""""
    s = us_game()
    p = player(s)
    gap = board.RULES.industry_gaps[0]
    p.factories[0] = board.STEEL_MILL
    p.markers[0] = gap - 1
    give(s, "industry", 1)
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert any(i.kind == "steps" and i.arg == "black" for i in s.pending)
    t = us_game()
    player(t).factories[0] = board.STEEL_MILL
    player(t).factories[1] = 2
    give(t, "factory", 1)
    assert board.factory_slots(t.players["p1"]) == [0, 2]
    t = act(t, "p1", "BuildFactory", source="stack", slot=0)
    assert t.players["p1"].factories[0] != board.STEEL_MILL


def test_general_payout_after_the_turn_taker_first_then_turn_order():
    """"Nachdem du deinen Zug beendet hast, führt ihr eine allgemeine Ausschüttung aus. Der
    Spieler, der das Stahlwerk genommen hat beginnt. ... Danach folgen seine Mitspieler in
    der Reihenfolge, in der sie auf der Reihenfolgeleiste stehen.\""""
    s = us_game()
    s.order = ["p2", "p3", "p1"]
    s.usa = {**s.usa, "level": {"p1": 1, "p2": 2, "p3": 0}, "tiles": {"1": "coin", "2": "black_1"}}
    s = _take_last_of_stack(s, board.MILL_STACKS[1])
    s = act(s, "p1", "BoxSteelMill")
    coins = {seat: s.players[seat].coins for seat in s.seats}
    s = confirm(s)
    assert GAME.status(s).pending_system == ("StockPayout",)
    log: list = []
    s = run_system(s, log)
    began = [e.payload["seat"] for e in log if e.type == "GeneralPayoutBegan"]
    # p1 (the taker) gets its coin at once; p2 then holds a black step to spend
    assert began == ["p1", "p2"] and s.current == "p2"
    assert s.players["p1"].coins == coins["p1"] + 1 and s.players["p2"].coins == coins["p2"] + 1
    assert "DeclinePayout" in legal_types(s, "p2")
    s = act(s, "p2", "AdvanceTrack", line="transcontinental_east", colour="black")
    s = confirm(s)
    log = []
    s = run_system(s, log)
    assert types(log)[-1] == "GeneralPayoutEnded"
    # p3 (level 0) had nothing; play goes on after p1's turn with the next in turn order
    assert s.current == "p2" and s.usa["queue"] == [] and s.usa["resume"] is None


def test_dividend_tiles_of_the_appendix():
    """Die Dividendenplättchen: schwarzes Gleis (2x), Industrieschritt (2x), Münze, 5 Punkte,
    beliebiges Gleis, braunes und beiges Gleis."""
    effects = sorted(str(e) for e in board.TILES.values())
    assert len(board.TILES) == 8
    assert sum(1 for t in board.TILES.values() if t == [{"op": "steps", "colour": "black", "n": 1}]) == 2
    assert sum(1 for t in board.TILES.values() if t == [{"op": "industry", "n": 1}]) == 2
    assert [{"op": "vp", "n": 5}] in board.TILES.values() and [{"op": "coins", "n": 1}] in board.TILES.values()
    assert board.TILES["brown_natural"] == [{"op": "steps", "colour": "brown", "n": 1},
                                            {"op": "steps", "colour": "natural", "n": 1}]
    assert effects


def test_start_bonus_doubler_goes_to_the_main_line():
    """"Startbonus Doppler: Der Spieler legt 1 Verdoppler an seine Strecke Transsib, bzw.
    München" - on the USA tableau the main line (Rocky Mountaineer)."""
    state = fold(GAME.setup(dict(US), ["p1", "p2"], random.Random(3)))
    seat = state.current
    state = act(state, seat, "ChooseStartBonus", card="doubler")
    assert {c.args.get("line") for c in GAME.legal_commands(state, seat)} == {"rocky_mountaineer"}
    assert illegal_code(state, seat, "PlaceDoubler", line="transcontinental_east") == "rr.us.start_doubler_main"
    state = act(state, seat, "PlaceDoubler", line="rocky_mountaineer")
    assert state.players[seat].doublers == 1


def test_coin_spaces_only_in_an_own_turn_of_the_action_phase():
    """The benefit is taken in the seat's own turn ("Du darfst dies auch in einem späteren
    Zug noch machen"), not in a general payout turn."""
    s = us_game()
    p = quiet(player(s))
    p.unlocked[GREY] = True
    p.tr[WEST], p.tr[WEST + 1] = 6, 5
    p.coins = 3
    give(s, "steps", 1, "black")
    assert "UseCoinSpace" in legal_types(s)
    s.usa = {**s.usa, "resume": "p2", "queue": ["p1"]}
    assert "UseCoinSpace" not in legal_types(s)
    assert illegal_code(s, "p1", "UseCoinSpace", space="us_coin_west_5") == "rr.us.coin_not_now"


def test_a_factory_built_under_the_upper_marker_is_not_used():
    """"Falls du eine Fabrik in eine Lücke legst, über der der Industriemarker bereits
    steht, so darfst du die Funktion der Fabrik nicht nutzen, da der Industriemarker
    bereits zuvor dort war.\""""
    s = us_game()
    p = player(s)
    first_gap = board.RULES.industry_gaps[0]
    p.markers[1] = first_gap
    give(s, "factory", 1)
    events = decide(s, "p1", "BuildFactory", source="stack", slot=0)
    assert types(events) == ["FactoryBuilt"]  # nothing of the factory is gained


def test_a_steel_mill_taken_by_a_relocated_worker_pays_out_after_that_turn():
    """A worker relocated after the turn-order reshuffle may build the last loco of a
    stack too; the general payout follows that turn, and the relocation goes on."""
    s = us_game()
    s.phase = "relocation"
    s.queue = ["p1", "p2"]
    s.usa = {**s.usa, "level": {"p1": 1, "p2": 1, "p3": 0}, "tiles": {"1": "points"}}
    s = _take_last_of_stack(s, board.MILL_STACKS[2])
    s = act(s, "p1", "BoxSteelMill")
    vp = {seat: s.players[seat].vp for seat in s.seats}
    s = confirm(s)
    assert GAME.status(s).pending_system == ("StockPayout",)
    s = run_system(s)
    assert s.players["p1"].vp == vp["p1"] + 5 and s.players["p2"].vp == vp["p2"] + 5
    assert s.phase == "relocation" and s.current == "p2" and s.queue == ["p2"]


def test_the_view_draws_the_usa_tableau_and_the_stock_board():
    """The browser draws from the view: three USA lines with their marks, each seat's
    markers, rubble, coin spaces and doublers per line, and the stock board."""
    s = us_game()
    s.usa = {**s.usa, "level": {"p1": 1, "p2": 1, "p3": 0}, "arrived": {"p1": 5, "p2": 3, "p3": 0},
             "tiles": {"1": "coin"}}
    view = GAME.view(s, "p2")
    assert [line["id"] for line in view["board"]["lines"]] == list(board.LINES)
    assert [line["length"] for line in view["board"]["lines"]] == [15, 7, 9]
    keys = {sp["key"] for line in view["board"]["lines"] for sp in line["specials"]}
    assert {"us_stock_east_3", "us_done:us_coin_west_5", "us_end_west", "us_blast:rubble_8"} <= keys
    seat = view["players"]["p1"]["usa"]
    assert seat["markers"] == {"lower": 0, "upper": 0} and seat["rubble"] == ["rubble_8", "rubble_15"]
    level1 = next(row for row in view["usa"]["stock"] if row["level"] == 1)
    assert level1 == {"level": 1, "tile": "coin", "markers": ["p2", "p1"]}  # p2 arrived first: left
    assert len(view["usa"]["open_tiles"]) == 7 and view["usa"]["end_bonus"] == [20, 10]
