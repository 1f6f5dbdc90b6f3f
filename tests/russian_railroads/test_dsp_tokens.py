"""Issue 12, DSP: the double-sided ?-token and the open DSP ?-tokens, each rule quoted."""

from __future__ import annotations

import random

from games.contract import render
from games.russian_railroads import GAME
from games.russian_railroads.context import Ctx
from games.russian_railroads.data import DSP, printed_number
from games.russian_railroads.dsp import tokens
from games.russian_railroads.items import Item
from games.russian_railroads.plugins import end_card_cap, q_tokens_for

from .helpers import act, at_turn, illegal_code, player


def with_q_field(players: int = 2, open_tokens=("headhunter", "industry_boom", "mixed_6")):
    """p1 to move in a DSP game, a ?-field reached (an open ?-token choice)."""
    state = at_turn(players)
    state.options = {"dsp": True}
    state.dsp = {"open": list(open_tokens), "tokens": {}}
    state.pending = (Item(50, "q_token", 1, False, "industry_q", False),)
    state.placed = state.acted = True
    return state


def test_players_plus_one_open_tokens_are_laid_out_at_random():
    """"Von den übrigen ?-Plättchen aus der Erweiterung werden zufällig eines mehr als
    Spieleranzahl ausgewählt und an den Spielfeldrand gelegt." (a reveal: a barrier)"""
    seen = set()
    for players in (2, 3, 4):
        for seed in range(20):
            events = GAME.deal({"dsp": True}, [f"p{i}" for i in range(1, players + 1)], random.Random(seed))
            laid = [e for e in events if e.type == "DspTokensLaidOut"]
            assert len(laid) == 1 and laid[0].barrier
            open_ = laid[0].payload["open"]
            assert len(open_) == len(set(open_)) == players + 1
            assert set(open_) <= set(DSP["question_tokens"]["open_pool"])
            seen |= set(open_)
    assert seen == set(DSP["question_tokens"]["open_pool"])  # all 5 can be drawn


def test_every_player_has_the_double_sided_token_as_an_own_q_token():
    """"Jeder Spieler erhält zusätzlich das ?-Plättchen, das auf beiden Seiten das ? zeigt.\""""
    assert "double_q" in q_tokens_for({"dsp": True})
    assert "double_q" not in q_tokens_for({})
    assert {"double_q", "coins_4", "coal_4"} <= set(q_tokens_for({"dsp": True, "tableau": "deutschland",
                                                                   "coal": True}))


def test_the_double_sided_token_takes_an_open_token_at_once():
    """"Wählt der Spieler das doppelseitige ?-Plättchen, so muss er sofort eines der 5 offen
    ausliegenden ?-Plättchen wählen und auf das ?-Feld legen. Das doppelseitige ?-Plättchen
    kommt zurück in die Schachtel." 6x gemischtes: "sofort 3 Schritte mit dem schwarzen
    Gleis und 3 Industrie-Schritte.\""""
    state = with_q_field()
    state = act(state, "p1", "ChooseQuestionToken", token="double_q")
    assert "double_q" in state.players["p1"].q_used  # the ?-field counts once
    legal = GAME.legal_commands(state, "p1")
    assert {(c.type, c.args["token"]) for c in legal} == {
        ("ChooseOpenQuestionToken", t) for t in ("headhunter", "industry_boom", "mixed_6")}
    assert [a.key for a in GAME.open_actions(state, "p1") if a.mandatory] == ["rr.open.open_q"]
    log = []
    state = act(state, "p1", "ChooseOpenQuestionToken", log, token="mixed_6")
    assert state.dsp["open"] == ["headhunter", "industry_boom"]  # no longer open to others
    assert state.dsp["tokens"] == {"p1": ["mixed_6"]}
    assert sorted((i.kind, i.n, i.arg) for i in state.pending) == [("industry", 3, None), ("steps", 3, "black")]
    assert render(GAME, GAME.describe(log[0]), "en") == (
        "p1 puts the open ?-token “6 mixed (3 black steps, 3 industry steps)” on the ?-field; the double-sided "
        "token goes back to the box.")
    assert render(GAME, GAME.describe(log[0]), "de").startswith("p1 legt das offene ?-Plättchen „6x gemischtes")


def test_a_token_not_laid_out_cannot_be_taken():
    state = act(with_q_field(), "p1", "ChooseQuestionToken", token="double_q")
    assert illegal_code(state, "p1", "ChooseOpenQuestionToken", token="q_factory") == "rr.dsp.token_not_open"


def test_the_headhunter_takes_an_engineer_from_the_box_whose_number_is_not_in_play():
    """"Der Spieler sucht sich sofort einen der Ingenieur aus den in der Schachtel
    verbliebenen Ingenieuren aus. Dabei darf die Ordnungszahl dieses Ingenieurs noch nicht
    im Spiel vorkommen.\""""
    state = with_q_field()
    player(state, "p2").engineers = [15]
    state = act(state, "p1", "ChooseQuestionToken", token="double_q")
    state = act(state, "p1", "ChooseOpenQuestionToken", token="headhunter")
    box = tokens.box(state)
    in_play = {printed_number(n) for n in state.strip[state.round - 1:] if n} | {15}
    assert box and not ({printed_number(n) for n in box} & in_play)
    assert 14 in {printed_number(n) for n in state.strip if n} or 114 in box or 14 in box
    legal = [c for c in GAME.legal_commands(state, "p1") if c.type == "ChooseHeadhunterEngineer"]
    assert sorted(c.args["number"] for c in legal) == box
    on_strip = next(n for n in state.strip[state.round - 1:] if n)
    assert illegal_code(state, "p1", "ChooseHeadhunterEngineer", number=on_strip) == "rr.dsp.headhunter_in_play"
    assert illegal_code(state, "p1", "ChooseHeadhunterEngineer", number=15) == "rr.dsp.headhunter_in_play"
    log = []
    state = act(state, "p1", "ChooseHeadhunterEngineer", log, number=box[0])
    assert box[0] in state.players["p1"].engineers
    assert render(GAME, GAME.describe(log[0]), "en").startswith("p1 takes engineer ")
    # the Headhunter's choice may lapse (a ?-token is no competitive action)
    assert not any(a.mandatory for a in GAME.open_actions(state, "p1"))


def test_the_industry_boom_doubles_industry_steps_but_not_those_of_q_tokens_or_q_cards():
    """"Der Spieler darf ab sofort seine Industrie-Schritte verdoppeln. Er darf jedoch ganz
    oder teilweise darauf verzichten ... Er darf keine Industrie-Schritte verdoppeln, die er
    durch ?-Plättchen oder ?-Karten erhält.\""""
    state = with_q_field()
    state = act(state, "p1", "ChooseQuestionToken", token="double_q")
    state = act(state, "p1", "ChooseOpenQuestionToken", token="industry_boom")
    assert state.dsp["tokens"]["p1"] == ["industry_boom"]
    ctx = Ctx(state)
    ctx.gain("p1", [{"op": "industry", "n": 2}], True, "industry_2")
    items = [(i[1], i[2], i[3]) for i in ctx.events[-1].payload["items"]]
    assert items == [("industry", 2, True), ("industry", 2, False)]  # the double may lapse
    for source in ("q_industry_5", "qcard_factory"):
        ctx = Ctx(state)
        ctx.gain("p1", [{"op": "industry", "n": 5}], False, source)
        assert [(i[1], i[2]) for i in ctx.events[-1].payload["items"]] == [("industry", 5)]
    ctx = Ctx(state)  # another player is not affected
    ctx.gain("p2", [{"op": "industry", "n": 1}], True, "industry_2")
    assert len(ctx.events[-1].payload["items"]) == 1


def test_the_freight_wagon_goes_behind_locomotives_worth_at_least_3():
    """Güterwaggon: "legt ihn hinter Loks im Wert von mindestens 3. Der Güterwaggon braucht
    keinen Lokomotivplatz.\""""
    state = with_q_field(open_tokens=("freight_wagon", "mixed_6"))
    p = player(state, "p1")
    p.locos = [[4], [1, 1], []]
    state = act(state, "p1", "ChooseQuestionToken", token="double_q")
    state = act(state, "p1", "ChooseOpenQuestionToken", token="freight_wagon")
    legal = [c.args for c in GAME.legal_commands(state, "p1") if c.type == "AttachFreightWagon"]
    assert legal == [{"line": "transsib"}]
    assert illegal_code(state, "p1", "AttachFreightWagon", line="st_petersburg") == "rr.dsp.wagon_line"
    log = []
    state = act(state, "p1", "AttachFreightWagon", log, line="transsib")
    assert state.dsp["wagons"] == {"p1": 0}
    assert state.players["p1"].locos == [[4], [1, 1], []]  # no loco slot taken
    assert render(GAME, GAME.describe(log[0]), "en") == (
        "p1 attaches the freight wagon behind the locomotives on the Trans-Siberian line.")


def test_the_freight_wagon_gives_2_steps_on_its_line_every_round_just_before_scoring():
    """"Ab diesem Zeitpunkt tritt der Güterwaggon nun jede Runde direkt vor der Wertung in
    Kraft. Zu diesem Zeitpunkt darf der Spieler auf der Strecke mit dem Güterwaggon 2
    Schritte mit Gleisen seiner Wahl machen.\""""
    from games.contract import SYSTEM, Command

    from .helpers import confirm, fold

    state = with_q_field()
    state.pending, state.placed, state.acted = (), False, False
    state.dsp = {**state.dsp, "wagons": {"p1": 0}}
    p = player(state, "p1")
    p.unlocked[1] = True
    state.phase, state.current = "scoring", None
    assert GAME.status(state).pending_system == ("FreightWagon",)
    assert GAME.legal_commands(state, SYSTEM) == [Command("FreightWagon", SYSTEM, {})]
    events = GAME.decide(state, Command("FreightWagon", SYSTEM, {}), random.Random(0))
    state = fold(events, state)
    assert GAME.status(state).to_move == ("p1",) and not GAME.status(state).pending_system
    legal = GAME.legal_commands(state, "p1")
    assert {c.args.get("line") for c in legal if c.type == "AdvanceTrack"} == {"transsib"}
    assert "EndFreightWagon" in {c.type for c in legal}
    assert illegal_code(state, "p1", "AdvanceTrack", line="kiev", colour="black") == "rr.dsp.wagon_line_only"
    state = act(state, "p1", "AdvanceTrack", line="transsib", colour="black")
    state = act(state, "p1", "AdvanceTrack", line="transsib", colour="grey")
    assert GAME.legal_commands(state, "p1") == [Command("EndFreightWagon", "p1", {})] or all(
        c.type == "EndFreightWagon" for c in GAME.legal_commands(state, "p1"))
    state = confirm(state)
    assert state.phase == "scoring" and GAME.status(state).pending_system == ("ScoreRound",)
    # the next round's scoring: due again
    state.round += 1
    assert GAME.status(state).pending_system == ("FreightWagon",)


def test_the_q_factory_is_built_and_gives_2_q_tokens_once_when_entered():
    """?-Fabrik: "so nimmt er sich die ?-Fabrik und legt sie in seine Industrieleiste. Wenn
    er mit seinem Industriemarker auf die Fabrik zieht, so erhält er sofort 2 seiner
    ?-Plättchen, führt sie aus und legt sie auf die Fabrik. Ebenso wie das normale ?-Feld
    der Industrieleiste kann auch die ?-Fabrik nicht nochmal genutzt werden, wenn man sie
    mit einem weiteren Industriemarker erreicht.\""""
    from games.russian_railroads.data import RULES

    state = with_q_field(open_tokens=("q_factory", "mixed_6"))
    state = act(state, "p1", "ChooseQuestionToken", token="double_q")
    state = act(state, "p1", "ChooseOpenQuestionToken", token="q_factory")
    legal = [c for c in GAME.legal_commands(state, "p1") if c.type == "BuildQuestionFactory"]
    assert [c.args for c in legal] == [{"slot": 0}]
    log = []
    state = act(state, "p1", "BuildQuestionFactory", log, slot=0)
    assert state.players["p1"].factories[0] == DSP["question_tokens"]["q_factory_number"]
    assert render(GAME, GAME.describe(log[0]), "en") == "p1 builds the ?-factory into gap 1 of the industry track."
    gap = RULES.industry_gaps[0]
    p = player(state, "p1")
    p.markers = [gap - 1, gap - 2]
    state.pending = (Item(60, "industry", 4, False, None, False),)
    state = act(state, "p1", "AdvanceIndustry", marker=1)
    assert [(i.kind, i.n, i.arg) for i in state.pending if i.kind == "q_token"] == [("q_token", 2, "q_factory")]
    state = act(state, "p1", "ChooseQuestionToken", token="track_4")
    state = act(state, "p1", "ChooseQuestionToken", token="doublers_3")
    assert not [i for i in state.pending if i.kind == "q_token" and i.n > 0]
    # the second marker reaches it: nothing again
    state = act(state, "p1", "AdvanceIndustry", marker=1)
    state = act(state, "p1", "AdvanceIndustry", marker=2)
    state = act(state, "p1", "AdvanceIndustry", marker=2)
    assert state.players["p1"].markers[1] == gap
    assert not [i for i in state.pending if i.kind == "q_token" and i.n > 0]


def test_a_boiler_on_the_q_factory_gives_3_q_tokens():
    """"Liegt ein Heizer auf der Fabrik, so erhält man insgesamt 3 ?.\""""
    from games.russian_railroads.data import BOILER, RULES

    state = with_q_field()
    state.pending = (Item(60, "industry", 1, False, None, False),)
    gap = RULES.industry_gaps[0]
    p = player(state, "p1")
    p.factories = [BOILER + DSP["question_tokens"]["q_factory_number"], 0, 0, 0, 0]
    p.markers = [gap - 1, -1]
    state = act(state, "p1", "AdvanceIndustry", marker=1)
    assert [(i.n, i.arg) for i in state.pending if i.kind == "q_token" and i.n > 0][-1] == (3, "q_factory")


def test_the_double_sided_token_needs_an_open_token_it_can_take():
    """"muss sofort eines der ... offen ausliegenden ?-Plättchen wählen": with none left
    (here: none left) it cannot be chosen, so the turn can always be finished."""
    state = with_q_field(open_tokens=())
    assert illegal_code(state, "p1", "ChooseQuestionToken", token="double_q") == "rr.dsp.no_open_token"
    assert "double_q" not in {c.args.get("token") for c in GAME.legal_commands(state, "p1")}
    assert "track_4" in {c.args.get("token") for c in GAME.legal_commands(state, "p1")}


def test_the_q_marker_end_card_counts_up_to_42_points_with_dsp():
    """Spielende-Karte ?-Marker: "7 Punkte für jedes ?-Plättchen, das er auf sein Tableau
    gelegt hat (maximal 28 Punkte, German Railroads maximal 35 Punkte, DSP maximal 42
    Punkte)." Seven tokens placed: 42 with DSP (also with the Deutschland tableau), 35 with
    German Railroads alone, 28 in the base game."""
    from games.russian_railroads import scoring
    from games.russian_railroads.state import PlayerState

    p = PlayerState("p1")
    p.q_used = ["double_q", "track_4", "industry_5", "doublers_3", "kiev_medal", "revaluation", "coins_4"]
    assert scoring.end_card_points(p, "q_tokens", end_card_cap({"dsp": True})) == 42
    assert scoring.end_card_points(p, "q_tokens", end_card_cap({"dsp": True, "tableau": "deutschland"})) == 42
    assert scoring.end_card_points(p, "q_tokens", end_card_cap({"tableau": "deutschland"})) == 35
    assert scoring.end_card_points(p, "q_tokens", end_card_cap({})) == 28


def test_the_industry_boom_doubles_income_marker_and_tableau_steps_in_germany():
    """"German Railroads: Industrieschritte auf dem Tableau und durch Einkommensmarker werden
    verdoppelt." (both are gained like any other effect, so they get their double)"""
    state = with_q_field()
    state.options = {"dsp": True, "tableau": "deutschland"}
    state.dsp = {**state.dsp, "tokens": {"p1": ["industry_boom"]}}
    for source in ("income_industry", "hannover_3"):
        ctx = Ctx(state)
        ctx.gain("p1", [{"op": "industry", "n": 1}], False, source)
        assert [(i[1], i[2]) for i in ctx.events[-1].payload["items"]] == [("industry", 1), ("industry", 1)]
