"""Issue 12, the coal module of German Railroads: one test per rule of the rules text's
"Kohle-Modul", with the numbers it gives."""

from __future__ import annotations

import random

import pytest

from games.russian_railroads import GAME
from games.russian_railroads.coal import board
from games.russian_railroads.data import BOILER, RULES, loco_value, printed_number
from games.russian_railroads.items import Item

from .helpers import act, confirm, decide, fold, illegal_code, player, run_system, types

COAL = {"coal": True}
K, T = 10, 0  # track index of black on Kiev, Transsib


def coal_game(players: int = 3, seed: int = 1, options: dict | None = None):
    """A coal game after the start-bonus draft, p1 to move."""
    seats = ["p1", "p2", "p3", "p4"][:players]
    state = fold(GAME.deal({**COAL, **(options or {})}, seats, random.Random(seed)))
    while state.phase == "draft":
        card = "coin" if "coin" in state.draft_cards else state.draft_cards[0]
        state = act(state, state.current, "ChooseStartBonus", card=card)
        while state.pending:
            cmd = GAME.legal_commands(state, state.current)[0]
            state = fold(GAME.decide(state, cmd, random.Random(0)), state)
        state = confirm(state)
    if players > 1:
        state.order = ["p1"] + [s for s in state.order if s != "p1"]
        state.current = "p1"
    return state


def with_coal(state, seat: str = "p1", n: int = 4):
    state.coal = {**state.coal, "coal": {**state.coal["coal"], seat: n}}
    return state


def legal_types(state, seat: str = "p1") -> set[str]:
    return {c.type for c in GAME.legal_commands(state, seat)}


# --- set-up ---------------------------------------------------------------------------


@pytest.mark.parametrize("players,rounds,a_engineers", [(2, 5, 2), (3, 5, 2), (4, 6, 2)])
def test_one_round_fewer_and_one_a_engineer_fewer(players, rounds, a_engineers):
    """"Mit dem Modul Kohle wird eine Runde weniger gespielt als normal ... Es spielt immer
    ein A-Ingenieur weniger mit als gewöhnlich." - "Das Spiel geht nur über 5 Runden. Es
    werden 2 A- und 3 B-Ingenieure ausgelegt." (2 and 3 players)"""
    state = fold(GAME.deal(COAL, ["p1", "p2", "p3", "p4"][:players], random.Random(3)))
    assert state.rounds == rounds
    letters = [RULES.engineers[n]["letter"] for n in state.strip]
    assert letters.count("A") == a_engineers and len(state.strip) == rounds


def test_each_player_gets_1_coal_and_1_coin_so_2_coins_with_4_players():
    """"Jeder Spieler bekommt zusätzlich zu dem Material aus dem Grundspiel 1 Kohle und 1
    Münze. Jeder Spieler beginnt das Spiel also mit 2 Münzen.\""""
    state = fold(GAME.deal(COAL, ["p1", "p2", "p3", "p4"], random.Random(3)))
    assert {s: p.coins for s, p in state.players.items()} == {s: 2 for s in state.seats}
    assert state.coal["coal"] == {s: 1 for s in state.seats}


def test_foundries_shuffled_two_face_up_and_a_reveal_is_an_undo_barrier():
    """"Die 12 Gießereien werden gemischt ... Die obersten 2 Gießereien werden aufgedeckt.\""""
    events = GAME.deal(COAL, ["p1", "p2"], random.Random(3))
    prepared = next(e for e in events if e.type == "CoalPrepared")
    assert prepared.barrier and len(prepared.payload["open"]) == 2
    assert sorted(prepared.payload["open"] + prepared.payload["stack"]) == list(range(1, 13))


def test_the_coal_start_bonus_card_engineer_token_and_card_are_used():
    """"Die neue Startbonuskarte ... bekommt er 1 zusätzliche Kohle" - "In der
    Online-Umsetzung werden sie automatisch verwendet, wenn das Kohle-Modul ausgewählt
    wird" (the mining engineer, the coal factory ?-card, the ?-token 4 coal)."""
    state = fold(GAME.deal(COAL, ["p1", "p2", "p3"], random.Random(3)))
    assert "coal" in state.draft_cards and "coal_factory" in state.q_cards
    seat = state.current
    coal = state.coal["coal"][seat]
    state = act(state, seat, "ChooseStartBonus", card="coal")
    assert state.coal["coal"][seat] == coal + 1
    assert printed_number(200) == 0 and RULES.engineers[200]["effects"] == [{"op": "coal", "n": 2}]
    dealt = [fold(GAME.deal(COAL, ["p1", "p2"], random.Random(s))).strip for s in range(30)]
    assert any(200 in strip for strip in dealt)
    assert not any(200 in fold(GAME.deal({}, ["p1", "p2"], random.Random(s))).strip for s in range(30))


def test_the_coal_4_token():
    """"?-Plättchen 4 Kohle: Der Spieler nimmt sofort 4 Kohle aus dem allgemeinen Vorrat.\""""
    s = coal_game()
    s.placed = s.acted = True
    s.pending = (Item(s.next_item, "q_token", 1, False, "x", False),)
    s.next_item += 1
    before = board.coal_of(s, "p1")
    s = act(s, "p1", "ChooseQuestionToken", token="coal_4")
    assert board.coal_of(s, "p1") == before + 4


# --- coal fields --------------------------------------------------------------------------


def test_the_coal_mine_is_a_worker_field_giving_2_coal():
    s = coal_game()
    before = board.coal_of(s, "p1")
    s = act(s, "p1", "PlaceWorkers", space="coal_mine")
    assert board.coal_of(s, "p1") == before + 2


def test_coal_fields_before_or_after_placing_several_per_turn_coal_of_the_same_turn():
    """"Du darfst diese Aktionsfelder nur zusätzlich zu deiner regulären Aktion nutzen. Du
    darfst mehrere dieser Aktionsfelder in einem Zug nutzen ... bevor oder nachdem du
    Arbeiter (oder Münzen) einsetzt. Du darfst Kohle einsetzen, die du im selben Zug
    genommen hast.\""""
    s = with_coal(coal_game(), n=2)
    assert "UseCoalField" in legal_types(s)
    s = act(s, "p1", "UseCoalField", field="foundry_buy")
    foundry = s.coal["open"][0]
    s = act(s, "p1", "TakeFoundry", foundry=foundry)
    assert board.owned(s, "p1") == [foundry] and board.coal_of(s, "p1") == 0
    s = act(s, "p1", "PlaceWorkers", space="coal_mine")  # 2 coal more, in the same turn
    s = act(s, "p1", "UseCoalField", field="boiler")
    assert actions_open(s) == ["boiler"]


def actions_open(state):
    return [item.kind for item in state.pending if item.n > 0]


def test_only_free_coal_fields_and_never_when_passing_or_relocating():
    """"Du darfst wie üblich nur freie Aktionsfelder nutzen. Du darfst keines dieser
    Aktionsfelder nutzen, wenn du passt oder wenn du einen Arbeiter von der
    Reihenfolgeleiste versetzt ...\""""
    s = with_coal(coal_game(), n=6)
    s = act(s, "p1", "UseCoalField", field="foundry_buy")
    s = act(s, "p1", "TakeFoundry", foundry=s.coal["open"][0])
    assert illegal_code(s, "p1", "UseCoalField", field="foundry_buy") == "rr.space.occupied"
    assert illegal_code(s, "p1", "Pass") == "rr.de.income_no_pass"
    t = act(with_coal(coal_game(), n=6), "p1", "Pass")
    assert illegal_code(t, "p1", "UseCoalField", field="foundry_buy") == "rr.coal.no_pass"
    t = with_coal(coal_game(), n=6)
    t.phase = "relocation"
    t.reloc_from = {"p1": "turn_order_1"}
    assert illegal_code(t, "p1", "UseCoalField", field="foundry_buy") == "rr.coal.not_now"


def test_coal_fields_are_free_again_after_the_scoring():
    """"Nach der Wertung legst du Kohle, die auf diesen Aktionsfeldern steht, zurück in den
    allgemeinen Vorrat.\""""
    s = with_coal(coal_game(players=3), n=6)
    s = act(s, "p1", "UseCoalField", field="foundry_buy")
    s = act(s, "p1", "TakeFoundry", foundry=s.coal["open"][0])
    s = act(s, "p1", "PlaceWorkers", space="coal_mine")
    s = confirm(s)
    while s.phase == "actions":
        s = confirm(act(s, s.current, "Pass"))
    s = run_system(s)
    assert s.round == 2 and not board.field_taken(s, "foundry_buy")


def test_with_2_players_the_combined_field_is_occupied_by_either_use():
    """"Das kombinierte Aktionsfeld ... Sobald ein Spieler eine der beiden Möglichkeiten
    genutzt hat, ist das gesamte Feld besetzt.\""""
    s = with_coal(coal_game(players=2), n=4)
    s = act(s, "p1", "PlaceWorkers", space="coal_mine")
    assert illegal_code(s, "p1", "UseCoalField", field="foundry_buy") == "rr.space.occupied"
    t = with_coal(coal_game(players=2), n=4)
    t = act(t, "p1", "UseCoalField", field="foundry_buy")
    assert illegal_code(t, "p1", "PlaceWorkers", space="coal_mine") == "rr.space.unavailable"
    # with 3 players they are two fields
    u = with_coal(coal_game(players=3), n=4)
    u = act(u, "p1", "UseCoalField", field="foundry_buy")
    u = act(u, "p1", "TakeFoundry", foundry=u.coal["open"][0])
    assert "PlaceWorkers" in legal_types(u)
    u = act(u, "p1", "PlaceWorkers", space="coal_mine")


# --- boilers --------------------------------------------------------------------------------


def test_a_boiler_on_a_loco_adds_1_and_fires_a_special_space_at_once():
    """"Der Heizer erhöht die Zahl auf der Lokomotive um 1 ... Wenn du dadurch die
    Bedingung eines der besonderen Felder auf deinem Tableau erfüllst, musst du sofort den
    Vorteil nutzen." (Transsib 3: brown and loco 3 -> an extra worker)"""
    s = with_coal(coal_game(), n=2)
    p = player(s)
    p.tr[T], p.tr[T + 1], p.tr[T + 2] = 5, 4, 3
    p.locos[0] = [2]
    workers = p.workers
    s = act(s, "p1", "UseCoalField", field="boiler")
    events = decide(s, "p1", "AttachBoiler", target="loco", line="transsib", number=2)
    assert "WorkerGained" in types(events)
    s = fold(events, s)
    assert s.players["p1"].locos[0] == [2 + BOILER] and s.players["p1"].reach(0) == 3
    assert s.players["p1"].workers == workers + 1
    assert loco_value(2 + BOILER) == 3


def test_at_most_one_boiler_per_loco_and_it_travels_and_leaves_with_the_loco():
    """"An jeder Lokomotive darf höchstens 1 Heizer liegen ... Wenn du die Lokomotive
    austauschst und an eine andere Strecke legst, nimmst du den Heizer mit. Wenn du eine
    Lokomotive mit Heizer zurück in die Auslage legst, nimmst du den Heizer aus dem Spiel.\""""
    s = with_coal(coal_game(), n=2)
    p = player(s)
    p.locos[0] = [3 + BOILER]
    p.locos[1] = [2]
    s = act(s, "p1", "UseCoalField", field="boiler")
    assert illegal_code(s, "p1", "AttachBoiler", target="loco", line="transsib",
                        number=3 + BOILER) == "rr.coal.boiler_target"
    # the loco 3+1 is exchanged for a higher one and goes to another line with its boiler
    t = coal_game()
    q = player(t)
    q.locos[0] = [3 + BOILER, 1]
    t.stacks = [0, 0, 0, 0, 0, 2, 2, 2, 2, 2]
    t.placed = t.acted = True
    t.pending = (Item(t.next_item, "loco", 1, True, None, False),)
    t.next_item += 1
    t = act(t, "p1", "BuildLoco", line="transsib", replace=3 + BOILER, number=5)
    t = act(t, "p1", "PlaceLoco", line="kiev", replace=0, number=3 + BOILER)
    assert t.players["p1"].locos[2] == [3 + BOILER]
    u = coal_game()
    r = player(u)
    r.locos[0] = [3 + BOILER, 1]
    u.stacks = [0, 0, 0, 0, 0, 2, 2, 2, 2, 2]
    u.placed = u.acted = True
    u.pending = (Item(u.next_item, "loco", 1, True, None, False),)
    u.next_item += 1
    u = act(u, "p1", "BuildLoco", line="transsib", replace=3 + BOILER, number=5)
    display = u.display[3]
    u = act(u, "p1", "DiscardLoco", number=3 + BOILER)
    assert u.display[3] == display + 1  # back as factory 3, the boiler out of the game


def test_a_boiler_on_a_factory_gives_a_function_again_or_1_point():
    """"Hat die Fabrik genau 1 Funktion? Dann darfst du diese Funktion sofort ein zweites
    Mal nutzen ... Bringt die Fabrik Punkte? Dann bekommst du (nur) 1 zusätzlichen Punkt.\""""
    assert board.factory_effects(6 + BOILER) == [{"op": "coins", "n": 1}, {"op": "coins", "n": 1}]
    assert board.factory_effects(8 + BOILER)[-1] == {"op": "vp", "n": 1}
    s = coal_game()
    p = player(s)
    p.factories = [6 + BOILER, 0, 0, 0, 0]
    p.markers = [4, -1]
    coins = p.coins
    s.placed = s.acted = True
    s.pending = (Item(s.next_item, "industry", 1, False, None, False),)
    s.next_item += 1
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert s.players["p1"].coins == coins + 2


# --- foundries --------------------------------------------------------------------------------


def test_own_foundries_once_per_round_for_2_coal_open_ones_never():
    """"Du darfst Gießereien, die offen oberhalb deines Spielertableaus liegen, einmal pro
    Runde nutzen. Dazu stellst du 2 Kohle ... darauf" - "Die offen neben dem Spielplan
    ausliegenden Gießereien darfst du nicht nutzen.\""""
    s = with_coal(coal_game(), n=4)
    beside = s.coal["open"][0]
    assert illegal_code(s, "p1", "UseFoundry", foundry=beside) == "rr.coal.foundry_not_yours"
    s.coal = {**s.coal, "owned": {"p1": [3]}, "stack": [f for f in s.coal["stack"] if f != 3],
              "open": [f for f in s.coal["open"] if f != 3]}
    coins = s.players["p1"].coins
    s = act(s, "p1", "UseFoundry", foundry=3)
    assert s.players["p1"].coins == coins + 2 and board.coal_of(s, "p1") == 2
    assert illegal_code(s, "p1", "UseFoundry", foundry=3) == "rr.coal.foundry_used"


def test_a_foundry_is_closed_only_right_after_its_use_and_becomes_a_boiler():
    """"Jedesmal direkt nachdem du eine Gießerei genutzt hast, darfst du dich entscheiden,
    diese Gießerei zu schließen ... und legst sie ... als Heizer an" - "Du kannst eine
    Gießerei nur dann schließen, wenn du sie gerade genutzt hast.\""""
    s = with_coal(coal_game(), n=4)
    s.coal = {**s.coal, "owned": {"p1": [3]}, "stack": [f for f in s.coal["stack"] if f != 3],
              "open": [f for f in s.coal["open"] if f != 3]}
    assert illegal_code(s, "p1", "CloseFoundry", foundry=3) in ("rr.turn.place_first", "rr.coal.close_after_use")
    s = act(s, "p1", "UseFoundry", foundry=3)
    s = act(s, "p1", "CloseFoundry", foundry=3)
    assert board.closed(s, "p1") == [3] and board.owned(s, "p1") == []
    assert actions_open(s) == ["boiler"]
    s = act(s, "p1", "AttachBoiler", target="loco", line="transsib", number=1)
    assert s.players["p1"].locos[0] == [1 + BOILER]


def test_foundry_1_uses_a_field_of_1_or_2_workers_again_not_one_with_a_printed_coin():
    """"Du darfst 1 Aktionsfeld, das du in dieser Runde bereits mit 1 oder 2 Arbeitern
    genutzt hast, nochmals nutzen ... aber keine Felder ..., für die du eine Münze
    bezahlen musst.\""""
    s = with_coal(coal_game(), n=4)
    s.coal = {**s.coal, "owned": {"p1": [1]}, "stack": [f for f in s.coal["stack"] if f != 1],
              "open": [f for f in s.coal["open"] if f != 1]}
    s = act(s, "p1", "PlaceWorkers", space="black_2w")
    for _ in range(3):
        s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    s = act(s, "p1", "UseFoundry", foundry=1)
    options = {c.args["space"] for c in GAME.legal_commands(s, "p1") if c.type == "ReuseWithFoundry"}
    assert options == {"black_2w"}
    s = act(s, "p1", "ReuseWithFoundry", space="black_2w")
    assert any(i.kind == "steps" and i.n == 3 and not i.mandatory for i in s.pending)


# --- the coal factory ---------------------------------------------------------------------------


def test_the_coal_factory_2_black_steps_and_up_to_3_coal_for_2_more_each_so_8():
    """"darfst du auf jeden Fall 2 Schritte mit schwarzen Gleisen machen ... bis zu 3 Kohle
    ... Für jede Kohle ... 2 weitere Schritte ... also bis zu 8 Schritte\""""
    s = with_coal(coal_game(), n=5)
    s.placed = s.acted = True
    s.pending = (Item(s.next_item, "q_card", 1, True, None, False),)
    s.next_item += 1
    s = act(s, "p1", "ChooseQuestionCard", card="coal_factory")
    assert board.coal_of(s, "p1") == 7  # "... und die 2 Kohle auf dieser Karte"
    s = act(s, "p1", "BuildCoalFactory", slot=0)
    assert s.players["p1"].factories[0] == board.COAL_FACTORY
    p = player(s)
    p.markers = [4, -1]
    s.pending = (Item(s.next_item, "industry", 1, False, None, False),)
    s.next_item += 1
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    for _ in range(3):
        s = act(s, "p1", "SpendCoal")
    assert illegal_code(s, "p1", "SpendCoal") == "rr.turn.no_such_action"
    black = sum(i.n for i in s.pending if i.kind == "steps" and i.arg == "black")
    assert black == 8 and board.coal_of(s, "p1") == 4


# --- solo --------------------------------------------------------------------------------------------


def test_emil_blocks_the_coal_field_with_a_worker_and_takes_no_coal():
    """"Das Kohle-Aktionsfeld: ... Emil stellt darauf immer einen Arbeiter, keine Münze.
    Emil nimmt keine Kohle." (5 rounds)"""
    from games.russian_railroads import emil

    state = fold(GAME.deal({**COAL, "solo": True}, ["p1"], random.Random(2)))
    assert state.rounds == 5 and 16 in emil.round_deck(state.options)
    assert emil.card_target(state, 16) == ("coal_mine", 1, 0)


def test_which_foundry_became_a_boiler_is_seen_by_nobody():
    """"nimmst du dir die oberste Gießerei vom verdeckten Stapel und legst diese als Heizer
    (also mit der +1 nach oben) an": its front stays unseen - hidden in the event, and a
    bot's determinized state deals the unseen foundries anew."""
    from games.contract import NOBODY, SECRET

    s = with_coal(coal_game(), n=2)
    events = decide(s, "p1", "UseCoalField", field="boiler")
    drawn = next(e for e in events if e.type == "BoilerDrawn")
    assert set(drawn.payload) == {"seat", SECRET} and set(drawn.payload[SECRET]) == {NOBODY}
    assert not drawn.barrier
    s = fold(events, s)
    unseen = sorted(s.coal["stack"] + s.coal["drawn"])
    view = GAME.view(s, "p2")
    assert "drawn" not in view["coal"] and view["coal"]["stack_count"] == len(s.coal["stack"])
    samples = [GAME.determinize(s, "p2", random.Random(i)).coal for i in range(20)]
    assert all(sorted(c["stack"] + c["drawn"]) == unseen and len(c["stack"]) == len(s.coal["stack"])
               for c in samples)
    assert len({tuple(c["stack"]) for c in samples}) > 1


def test_the_coal_engineer_is_named_on_the_page_not_numbered():
    """Issue 27: the coal module's engineer showed as "#200" (its internal number); the
    view names it by its printed number and its kind, in both languages."""
    view = GAME.view(coal_game(), "p1")
    named = view["board"]["engineer_names"]["200"]  # internal 200, printed 0
    assert named["printed"] == 0
    assert named["name"] == {"de": "Bergbau-Ingenieur", "en": "mining engineer"}
