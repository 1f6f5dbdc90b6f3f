"""Issue 12: the Deutschland tableau (German Railroads), one test per rule of the rules
text's "Deutschland-Modul" and the German Railroads clarification, with the numbers
the text gives (the printed spaces are the data file's marked stand-ins)."""

from __future__ import annotations

import random

import pytest

from games.russian_railroads import GAME
from games.russian_railroads.data import BROWN, GREY, NATURAL, WHITE
from games.russian_railroads.germany import board
from games.russian_railroads.germany.scoring import line_score, tableau_value
from games.russian_railroads.items import Item

from .helpers import act, confirm, decide, fold, illegal_code, player, run_system, types

M, D, N = 0, 5, 10  # track index of black on München, Dresden, Nürnberg-Fürth
DE = {"tableau": "deutschland"}


def de_game(players: int = 3, seed: int = 1, options: dict | None = None):
    """A Deutschland game after the start-bonus draft, p1 to move."""
    seats = ["p1", "p2", "p3", "p4"][:players]
    state = fold(GAME.setup({**DE, **(options or {})}, seats, random.Random(seed)))
    while state.phase == "draft":
        state = act(state, state.current, "ChooseStartBonus", card="coin" if "coin" in state.draft_cards
                    else state.draft_cards[0])
        while state.pending:
            cmd = GAME.legal_commands(state, state.current)[0]
            state = fold(GAME.decide(state, cmd, random.Random(0)), state)
        state = confirm(state)
    state.order = ["p1"] + [s for s in state.order if s != "p1"]
    state.current = "p1"
    return state


def give(state, kind: str = "steps", n: int = 1, arg="any", mandatory: bool = False):
    """The seat to move has placed and holds one open action (test-owned state)."""
    state.placed = state.acted = True
    state.pending = state.pending + (Item(state.next_item, kind, n, mandatory, arg, False),)
    state.next_item += 1
    return state


def legal_types(state, seat: str = "p1") -> set[str]:
    return {c.type for c in GAME.legal_commands(state, seat)}


# --- set-up ---------------------------------------------------------------------------


def test_the_lobby_offers_the_deutschland_tableau_and_the_usa_one_only_alone():
    """"Statt des Spielertableaus aus dem Grundspiel nimmt sich jeder Spieler das
    Deutschlandtableau in seiner Farbe." (the lobby offers what the engine plays)"""
    assert GAME.validate_options({"tableau": "deutschland"}, 3) == DE
    assert GAME.validate_options({"tableau": "deutschland", "solo": True}, 1) == {**DE, "solo": True}
    with pytest.raises(Exception) as info:  # American Railroads is played alone
        GAME.validate_options({"tableau": "usa", "solo": True}, 1)
    assert getattr(info.value, "code", "") == "rr.options.combination"


def test_always_used_4_coins_token_and_new_revaluation_card():
    """"Das ?-Plättchen 4 Münzen und die ?-Karte mit dem neuen Aufwerter werden bei allen
    Spielen mit dem Deutschlandtableau verwendet.\""""
    s = de_game()
    assert "revaluation_de" in s.q_cards
    s = give(s, "q_token", 1, "test")
    assert {c.args["token"] for c in GAME.legal_commands(s, "p1")} >= {"coins_4", "revaluation"}
    coins = s.players["p1"].coins
    s = act(s, "p1", "ChooseQuestionToken", token="coins_4")
    assert s.players["p1"].coins == coins + 4  # "Der Spieler nimmt sofort 4 Münzen"


def test_a_base_game_has_neither_the_token_nor_the_card():
    from .helpers import new_game

    s, _ = new_game(3, 1)
    assert "revaluation_de" not in s.q_cards


# --- the switch on München ------------------------------------------------------------


@pytest.mark.parametrize("arm,length", [("hamburg", 17), ("berlin", 13)])
def test_black_onto_munich_9_chooses_hamburg_or_berlin_for_the_rest_of_the_game(arm, length):
    """"Zieht ein Spieler mit dem schwarzen Gleis auf Feld 9 der Strecke München, muss er
    entscheiden, ob er auf das Feld 9 der Strecke Hamburg oder auf das Feld 9 der Strecke
    Berlin ziehen will." - "Du kannst deine Entscheidung für den Rest des Spiels nicht
    mehr ändern.\""""
    s = de_game()
    p = player(s)
    p.tr[M] = 8
    p.unlocked[GREY] = p.unlocked[BROWN] = True
    s = give(s, "steps", 3, "black")
    s = act(s, "p1", "AdvanceTrack", line="muenchen", colour="black")
    assert s.players["p1"].tr[M] == 9
    # the choice is a blocking sub-move: nothing else before it
    assert legal_types(s) == {"ChooseBranch"}
    assert illegal_code(s, "p1", "AdvanceTrack", line="dresden", colour="black") == "rr.loco.finish_placement"
    s = act(s, "p1", "ChooseBranch", arm=arm)
    assert board.arm_of(s.players["p1"]) == arm
    assert board.seat_geometry(s.players["p1"]).lengths[0] == length
    s = act(s, "p1", "AdvanceTrack", line="muenchen", colour="black")
    assert "ChooseBranch" not in legal_types(s)
    assert illegal_code(s, "p1", "ChooseBranch", arm="hamburg") == "rr.turn.no_such_action"


def test_the_switch_choice_is_undoable_until_the_turn_is_confirmed():
    """Every choice is a sub-move: no undo barrier between the step and the switch."""
    s = de_game()
    p = player(s)
    p.tr[M] = 8
    s = give(s, "steps", 1, "black")
    events = decide(s, "p1", "AdvanceTrack", line="muenchen", colour="black")
    s = fold(events, s)
    events += decide(s, "p1", "ChooseBranch", arm="berlin")
    assert not any(e.barrier for e in events)


def test_berlin_is_shorter_and_reaches_its_special_spaces_earlier():
    """"Der längere Streckenarm nach Hamburg ... Auf der kürzeren Strecke nach Berlin
    hingegen erreichst du die besonderen Felder früher.\""""
    hamburg, berlin = board.geometry("hamburg"), board.geometry("berlin")
    assert hamburg.lengths[0] > berlin.lengths[0]
    natural = {g: next(space for space, c, _ in geo.unlocks if c == NATURAL)
               for g, geo in (("hamburg", hamburg), ("berlin", berlin))}
    assert natural["berlin"] < natural["hamburg"]


def test_white_only_towards_hamburg_its_end_gives_white_with_2_steps_and_10_points():
    """"Nur auf der Strecke Hamburg kann der Spieler weiße Gleise freischalten." (stand-in
    end: white moved 2 at once, +10 points)"""
    assert not board.geometry("berlin").allowed[0][WHITE]
    assert not any(c == WHITE for _, c, _ in board.geometry("berlin").unlocks)
    assert not board.geometry("hamburg").allowed[1][WHITE] and not board.geometry("hamburg").allowed[2][WHITE]
    s = de_game()
    p = player(s)
    p.claims.append("de_arm:hamburg")
    p.tr[M] = 16
    p.tr[M + GREY], p.tr[M + BROWN], p.tr[M + NATURAL] = 12, 10, 8
    p.unlocked[GREY] = p.unlocked[BROWN] = p.unlocked[NATURAL] = True
    vp = p.vp
    s = give(s, "steps", 1, "black")
    events = decide(s, "p1", "AdvanceTrack", line="muenchen", colour="black")
    assert "TracksUnlocked" in types(events)
    s = fold(events, s)
    assert s.players["p1"].unlocked[WHITE] and s.players["p1"].vp == vp + 10
    assert any(i.kind == "steps" and i.n == 2 and i.arg == "white" for i in s.pending)
    s = act(s, "p1", "AdvanceTrack", line="muenchen", colour="white")
    assert s.players["p1"].tr[M + WHITE] == 1
    assert illegal_code(s, "p1", "AdvanceTrack", line="dresden", colour="white") == "rr.track.colour_not_on_line"


def test_other_colours_follow_the_chosen_arm():
    """"Du kannst also nicht „zurück bauen“ und du musst auch die anderen Gleisfarben auf
    diesem Streckenarm bauen." - the line is one track row: grey follows black onto 9+."""
    s = de_game()
    p = player(s)
    p.claims.append("de_arm:berlin")
    p.tr[M], p.tr[M + GREY] = 11, 8
    p.unlocked[GREY] = True
    s = give(s, "steps", 2, "grey")
    s = act(s, "p1", "AdvanceTrack", line="muenchen", colour="grey")
    s = act(s, "p1", "AdvanceTrack", line="muenchen", colour="grey")
    assert s.players["p1"].tr[M + GREY] == 10
    assert line_score(s.players["p1"], 0) >= 0


# --- extension tiles -------------------------------------------------------------------


def test_black_reaching_hannover_lays_an_open_tile_of_exactly_the_areas_length():
    """"Immer, wenn du mit dem schwarzen Gleis eine dieser Zwischenstationen erreichst,
    musst du sofort einen Streckenausbau auf dein Tableau legen." - "der genau in den
    umrandeten Bereich passt (2er, 3er, 4er)\""""
    s = de_game()
    p = player(s)
    p.tr[D] = 3
    s = give(s, "steps", 2, "black")
    s = act(s, "p1", "AdvanceTrack", line="dresden", colour="black")
    offered = {c.args["tile"] for c in GAME.legal_commands(s, "p1")}
    assert offered == {t for t, info in board.TILES.items() if info["length"] == 3}
    assert illegal_code(s, "p1", "ChooseExtension", tile="t2_coins") == "rr.de.tile_length"
    s = act(s, "p1", "ChooseExtension", tile="t3_coins")
    assert board.tiles_of(s.players["p1"]) == {"hannover": "t3_coins"}
    # "Hast du noch weitere schwarze Schritte zur Verfügung, darfst du diese natürlich auch
    # noch ausführen" - and the tile's special space (its 2nd space) gives its benefit.
    coins = s.players["p1"].coins
    s = act(s, "p1", "AdvanceTrack", line="dresden", colour="black")
    assert s.players["p1"].tr[D] == 5 and s.players["p1"].coins == coins + 2


def test_a_tile_laid_by_one_seat_is_gone_for_the_others():
    """"Je früher du also eine Zwischenstation erreichst, desto größer ist deine Auswahl.\""""
    s = de_game()
    p = player(s)
    p.claims.append("de_tile:wuerzburg:t2_star")
    s.order = ["p2", "p1", "p3"]
    s.current = "p2"
    q = player(s, "p2")
    q.tr[N] = 2
    s = give(s, "steps", 1, "black")
    s = act(s, "p2", "AdvanceTrack", line="nuernberg_fuerth", colour="black")
    offered = {c.args["tile"] for c in GAME.legal_commands(s, "p2")}
    assert "t2_star" not in offered and len(offered) == 5
    assert illegal_code(s, "p2", "ChooseExtension", tile="t2_star") == "rr.de.tile_taken"


def test_eighteen_tiles_six_of_each_length_none_drawn():
    """"18 Streckenausbauten (jeweils 6 2er, 3er und 4er)" lying open: choosing one is
    no reveal, so it is never an undo barrier."""
    s = de_game()
    assert sorted(len(board.open_tiles(s.players.values(), n)) for n in (2, 3, 4)) == [6, 6, 6]
    player(s).tr[N] = 5
    s = give(s, "steps", 1, "black")
    events = decide(s, "p1", "AdvanceTrack", line="nuernberg_fuerth", colour="black")
    s = fold(events, s)
    events = decide(s, "p1", "ChooseExtension", tile="t4_vp")
    assert types(events) == ["ExtensionLaid"] and not events[0].barrier


# --- special spaces -----------------------------------------------------------------------


def test_immediate_effects_once_2_coins_on_dresden_3():
    """"Soforteffekte: Sobald du die Bedingung auf einem dieser Felder erfüllst, erhältst
    du sofort und einmalig den darunter abgebildeten Vorteil. Diese Vorteile sind z.B. 2
    Schritte mit dem Industriemarker, 2 Münzen oder 1 Lokomotive/Fabrik.\""""
    s = de_game()
    player(s).tr[D] = 2
    coins = s.players["p1"].coins
    s = give(s, "steps", 1, "black")
    s = act(s, "p1", "AdvanceTrack", line="dresden", colour="black")
    assert s.players["p1"].coins == coins + 2 and "dresden_3" in s.players["p1"].claims


@pytest.mark.parametrize("tile,kind", [("t2_industry", "industry"), ("t2_loco", "loco_or_factory")])
def test_tile_immediate_effects_2_industry_steps_or_1_loco_or_factory(tile, kind):
    s = de_game()
    p = player(s)
    p.claims.append(f"de_tile:wuerzburg:{tile}")
    p.tr[N] = 3
    p.locos[2] = [5]
    s = give(s, "steps", 1, "black")
    s = act(s, "p1", "AdvanceTrack", line="nuernberg_fuerth", colour="black")
    assert any(i.kind == kind and i.n == (2 if kind == "industry" else 1) and not i.mandatory for i in s.pending)


def test_kiev_medal_space_on_dresden_20_points_with_the_medal():
    """"Das Feld für die Kiev-Medaille liegt jetzt auf der Strecke Dresden." (+20 per
    scoring with grey and loco there, the base rule)"""
    s = de_game()
    p = player(s)
    p.tr[D], p.tr[D + GREY] = 9, 8
    p.locos[1] = [8]
    p.unlocked[GREY] = True
    without = line_score(p, 1)
    p.q_used.append("kiev_medal")
    assert line_score(p, 1) == without + 20


def test_income_space_takes_one_of_the_open_markers():
    """"Einkommen: Sobald du die Bedingung für eines dieser Felder erfüllst, wählst du
    einen der ovalen Einkommensmarker, die noch neben dem Spielplan liegen.\""""
    s = de_game()
    p = player(s)
    p.tr[D] = 1
    p.locos[1] = [2]
    player(s, "p2").claims.append("de_income:coin_1")
    s = give(s, "steps", 1, "black")
    s = act(s, "p1", "AdvanceTrack", line="dresden", colour="black")
    offered = {c.args["marker"] for c in GAME.legal_commands(s, "p1") if c.type == "TakeIncomeMarker"}
    assert offered == set(board.INCOME) - {"coin_1"} and len(board.INCOME) == 8
    s = act(s, "p1", "TakeIncomeMarker", marker="coin_2")
    assert board.income_of(s.players["p1"]) == ["coin_2"]


def _with_income(*markers: str, players: int = 3):
    s = de_game(players)
    p = player(s)
    p.claims.extend(f"de_income:{m}" for m in markers)
    return s


def test_income_markers_before_placing_several_per_turn_once_per_round_each():
    """"Du darfst jeden deiner Einkommensmarker einmal pro Runde nutzen" - "Du darfst
    mehrere Einkommensmarker in einem Zug nutzen." - "bevor oder nachdem du Arbeiter (oder
    Münzen) einsetzt.\""""
    s = _with_income("coin_1", "industry_1")
    coins = s.players["p1"].coins
    assert {"UseIncomeMarker", "PlaceWorkers", "Pass"} <= legal_types(s)
    s = act(s, "p1", "UseIncomeMarker", marker="coin_1")
    assert s.players["p1"].coins == coins + 1
    s = act(s, "p1", "UseIncomeMarker", marker="industry_1")
    assert illegal_code(s, "p1", "UseIncomeMarker", marker="coin_1") == "rr.de.income_used"
    # the industry step it gave may be made before placing, then place
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert s.players["p1"].markers[0] == 1
    s = act(s, "p1", "PlaceWorkers", space="coins")
    assert s.placed


def test_income_marker_after_placing_and_even_if_not_fully_executable():
    """"Du darfst Einkommensmarker auch nutzen, wenn du sie nicht vollständig ausführen
    kannst." (not in competition: its steps may lapse)"""
    s = _with_income("black_grey_1")
    s = act(s, "p1", "PlaceWorkers", space="coins")
    assert not s.players["p1"].unlocked[GREY]
    s = act(s, "p1", "UseIncomeMarker", marker="black_grey_1")
    assert not any(a.mandatory for a in GAME.open_actions(s, "p1"))


def test_no_income_marker_when_passing():
    """"Du darfst keine Einkommensmarker nutzen, wenn du passt ...\""""
    s = _with_income("coin_1")
    s = act(s, "p1", "UseIncomeMarker", marker="coin_1")
    assert "Pass" not in legal_types(s)
    assert illegal_code(s, "p1", "Pass") == "rr.de.income_no_pass"
    t = act(_with_income("coin_1"), "p1", "Pass")
    assert illegal_code(t, "p1", "UseIncomeMarker", marker="coin_1") == "rr.de.income_no_pass"
    assert "UseIncomeMarker" not in legal_types(t)


def test_no_income_marker_in_another_seats_turn_or_when_relocating():
    """"Du darfst Einkommensmarker nur in deinem Zug nutzen." - "... oder wenn du einen
    Arbeiter von der Reihenfolgeleiste versetzt und auch nicht während der Wertung.\""""
    s = _with_income("coin_1")
    assert illegal_code(s, "p2", "UseIncomeMarker", marker="coin_1") == "rr.turn.not_yours"
    s.phase = "relocation"
    s.placed = s.acted = False
    s.reloc_from = {"p1": "turn_order_1"}
    assert illegal_code(s, "p1", "UseIncomeMarker", marker="coin_1") == "rr.de.income_not_now"
    assert "UseIncomeMarker" not in legal_types(s)


def test_income_markers_turn_back_after_the_scoring():
    """"Nachdem du einen Einkommensmarker genutzt hast, drehst du ihn auf die Rückseite.
    Nach der Wertung drehst du alle deine Einkommensmarker wieder auf die Vorderseite.\""""
    s = _with_income("coin_1", players=2)
    s = act(s, "p1", "UseIncomeMarker", marker="coin_1")
    assert board.income_used(s.players["p1"], "coin_1", s.round)
    s = act(s, "p1", "PlaceWorkers", space="coins")
    s = confirm(s)
    round_ = s.round
    while s.phase == "actions":
        s = confirm(act(s, s.current, "Pass"))
    s = run_system(s)
    assert s.round == round_ + 1
    assert not board.income_used(s.players["p1"], "coin_1", s.round)
    s.current = "p1"
    assert "UseIncomeMarker" in legal_types(s)


def test_extra_industry_marker_up_to_three():
    """"Ein zusätzlicher Industriemarker: Sobald du dieses Feld mit dem schwarzen Gleis
    erreichst, darfst du dir den Industriemarker nehmen ... auf das Feld 0 ... Auf diese
    Weise kannst du bis zu 3 Industriemarker bekommen.\""""
    s = de_game()
    p = player(s)
    p.tr[N] = 4
    p.markers = [3, 0]
    p.claims.append("de_tile:wuerzburg:t2_coins")
    s = give(s, "steps", 1, "black")
    events = decide(s, "p1", "AdvanceTrack", line="nuernberg_fuerth", colour="black")
    assert "ExtraMarkerPlaced" in types(events)
    s = fold(events, s)
    assert s.players["p1"].markers == [3, 0, 0]
    s = give(s, "industry", 1, None)
    assert {c.args["marker"] for c in GAME.legal_commands(s, "p1") if c.type == "AdvanceIndustry"} >= {1, 3}
    s = act(s, "p1", "AdvanceIndustry", marker=3)
    assert s.players["p1"].markers == [3, 0, 1]
    assert tableau_value(s.players["p1"])["industry"] == sum(
        __import__("games.russian_railroads.data", fromlist=["RULES"]).RULES.industry_scores[m] for m in (3, 0, 1))


def test_natural_track_on_only_two_of_the_three_lines():
    """"Alle 3 Strecken auf dem Deutschlandtableau zeigen das naturfarbige Gleis ...
    Allerdings hast du, genau wie im Grundspiel, nur 2 naturfarbige Gleise zur Verfügung.\""""
    s = de_game()
    p = player(s)
    for base in (M, D, N):
        p.tr[base], p.tr[base + GREY], p.tr[base + BROWN] = 9, 7, 5
    p.claims.append("de_arm:hamburg")
    p.unlocked[GREY] = p.unlocked[BROWN] = p.unlocked[NATURAL] = True
    s = give(s, "steps", 3, "natural")
    s = act(s, "p1", "AdvanceTrack", line="dresden", colour="natural")
    s = act(s, "p1", "AdvanceTrack", line="nuernberg_fuerth", colour="natural")
    assert illegal_code(s, "p1", "AdvanceTrack", line="muenchen", colour="natural") == "rr.de.natural_two_lines"
    s = act(s, "p1", "AdvanceTrack", line="dresden", colour="natural")
    assert s.players["p1"].tr[D + NATURAL] == 2


def test_never_more_than_2_extra_own_workers_all_three_spaces_marked():
    """German Railroads clarification: "Man kann nicht mehr als 2 zusätzliche Arbeiter der
    eigenen Farbe freischalten, selbst wenn man Streckenausbauten wählt, die das
    ermöglichen würden. Sind die Bedingungen für 3 zusätzliche Arbeiter erfüllt, werden
    alle 3 ... gekennzeichnet\""""
    s = de_game()
    p = player(s)
    p.extra_workers, p.workers = 2, p.workers + 2
    p.claims += ["muenchen_3", "dresden_7"]
    p.claims.append("de_tile:hannover:t3_worker")
    p.tr[D] = 4
    workers = p.workers
    s = give(s, "steps", 1, "black")
    events = decide(s, "p1", "AdvanceTrack", line="dresden", colour="black")
    assert "WorkerGained" not in types(events)
    s = fold(events, s)
    assert "hannover_5" in s.players["p1"].claims and s.players["p1"].workers == workers


def test_nuernberg_stars_are_cumulative_like_kievs():
    """Stars count with black and loco reaching them, added up (player aid, as Kiev)."""
    s = de_game()
    p = player(s)
    p.tr[N] = 2
    p.locos[2] = [2]
    assert line_score(p, 2) == 1 + 2
    p.locos[2] = [1]
    assert line_score(p, 2) == 1


def test_new_revaluation_tile_and_the_base_marker_never_combine():
    """"?-Karte Aufwerter: ... Dieser Aufwerter kann nicht mit dem Aufwerter aus dem
    Grundspiel kombiniert werden." (German values: grey 2, brown 3, natural 7, white 8)"""
    s = de_game()
    p = player(s)
    p.tr[M], p.tr[M + GREY], p.tr[M + BROWN] = 6, 4, 2
    p.locos[0] = [6]
    plain = line_score(p, 0)
    s = give(s, "q_card", 1, None)
    s = act(s, "p1", "ChooseQuestionCard", card="revaluation_de")
    q = s.players["p1"]
    assert board.has_revaluation_de(q) and "revaluation_de" not in s.q_cards
    # 2 black-only spaces 0, 2 grey x (2-1), 2 brown x (3-2) more than before
    assert line_score(q, 0) == plain + 2 * 1 + 2 * 1
    s = give(s, "q_token", 1, "test")
    assert illegal_code(s, "p1", "ChooseQuestionToken", token="revaluation") == "rr.de.revaluation_combined"
    t = de_game()
    player(t).q_used.append("revaluation")
    t = give(t, "q_card", 1, None)
    assert illegal_code(t, "p1", "ChooseQuestionCard", card="revaluation_de") == "rr.qcard.not_executable"


def test_doublers_above_munich_1_to_8_double_in_the_scoring():
    s = de_game()
    p = player(s)
    p.unlocked[GREY] = True
    p.tr[M], p.tr[M + GREY] = 4, 3
    p.locos[0] = [3]
    assert line_score(p, 0) == 3
    p.doublers = 2
    assert line_score(p, 0) == 2 * 1 + 2 * 1 + 1


def test_the_end_card_terminals_counts_the_own_line_ends():
    s = de_game()
    p = player(s)
    p.claims.append("de_arm:berlin")
    p.tr[M], p.tr[D] = 13, 9
    p.end_cards.append("terminals")
    from games.russian_railroads.germany.scoring import end_cards_breakdown

    assert end_cards_breakdown(p) == [{"card": "terminals", "vp": 20}]


def test_a_doubler_on_the_deutschland_board_goes_to_muenchen_in_the_log():
    """Issue 27: the log said "places a doubler on the Trans-Siberian line" on the
    Deutschland board, whose first line is München; the base game still names the
    Transsib."""
    from games.contract import render

    from .helpers import new_game

    for options, line in ((DE, {"de": "München", "en": "Munich"}),
                          ({}, {"de": "Transsib", "en": "Trans-Siberian"})):
        s, _ = new_game(4, seed=3, options=options)
        s = act(s, s.current, "ChooseStartBonus", card="doubler")
        events = decide(s, s.current, "PlaceDoubler")
        placed = next(e for e in events if e.type == "DoublerPlaced")
        for lang in ("de", "en"):
            text = render(GAME, GAME.describe(placed), lang)
            assert line[lang] in text, (options, text)
            assert "Trans" not in text or not options, text
