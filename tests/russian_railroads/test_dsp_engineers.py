"""Issue 12, DSP: Olga (engineer 4) and Ludmilla (engineer 7), each rule quoted.

Ludmilla's card round runs as turns of the other players (Yucata: "so wird der eigene
Zug an dieser Stelle unterbrochen. Erst wenn alle Spieler Ludmilla genutzt haben, wird
der Zug wieder fortgesetzt, falls noch Aktionen übrig sind")."""

from __future__ import annotations

from games.contract import Description, render
from games.russian_railroads import GAME, engineers
from games.russian_railroads.items import Item

from .helpers import act, at_turn, confirm, illegal_code, player

OLGA, LUDMILLA, PJOTR = 104, 107, 114
BLACK, GREY = 0, 1


def dsp_turn(public: int, players: int = 2):
    """A DSP game at p1's turn (turn order p1, p2, ...) with ``public`` crosswise."""
    state = at_turn(players)
    state.order = [f"p{i}" for i in range(1, players + 1)]
    state.options = {"dsp": True}
    strip = list(state.strip)
    strip[1] = public
    state.strip = strip
    assert engineers.public_engineers(state)[0] == public
    return state


def en(description: Description) -> str:
    return render(GAME, description, "en")


def de(description: Description) -> str:
    return render(GAME, description, "de")


# --- Olga -------------------------------------------------------------------------


def olga_with_p2_engineer(number: int = 3):
    state = dsp_turn(OLGA)
    q = player(state, "p2")
    q.engineers = [number]
    p = player(state, "p1")
    p.unlocked[GREY] = True
    return state


def test_olga_puts_a_further_worker_on_another_players_engineer_and_executes_it():
    """Ingenieur 4 (Olga): "Der Spieler muss sofort einen weiteren Arbeiter auf einen
    fremden, freien Ingenieur setzen und die Aktion dort ausführen. Dieser Ingenieur ist
    damit besetzt." p2 hired engineer 3 (1 black + 1 grey step); p1 uses Olga."""
    state = olga_with_p2_engineer(3)
    state = act(state, "p1", "PlaceWorkers", space="engineer_104")
    assert [(i.kind, i.mandatory, i.blocking) for i in state.pending] == [("olga", True, True)]
    legal = GAME.legal_commands(state, "p1")
    assert [(c.type, c.args) for c in legal] == [("PlaceOlgaWorker", {"space": "engineer_3"})]
    assert [a.key for a in GAME.open_actions(state, "p1") if a.mandatory] == ["rr.open.olga"]
    log = []
    state = act(state, "p1", "PlaceOlgaWorker", log, space="engineer_3")
    assert state.players["p1"].free == 4  # Olga's worker and the further one
    assert state.occupied["engineer_3"][0] == "p1"
    assert sorted((i.kind, i.arg, i.mandatory) for i in state.pending) == [("steps", "black", True),
                                                                           ("steps", "grey", True)]
    assert en(GAME.describe(log[0])) == ("p1 puts a further worker on engineer 3 of p2 with Olga and carries "
                                         "out its action there.")
    assert de(GAME.describe(log[0])).startswith("p1 setzt mit Olga einen weiteren Arbeiter auf Ingenieur 3")
    # "damit besetzt": its owner cannot use it this round
    state = act(state, "p1", "AdvanceTrack", line="transsib", colour="black")
    state = act(state, "p1", "AdvanceTrack", line="transsib", colour="grey")
    state = confirm(state)
    assert state.current == "p2"
    assert illegal_code(state, "p2", "PlaceWorkers", space="engineer_3") == "rr.space.unavailable"
    assert not any(c.args.get("space") == "engineer_3" for c in GAME.legal_commands(state, "p2"))


def test_olga_cannot_be_chosen_without_a_free_foreign_engineer():
    """"muss sofort": without another player's free engineer Olga cannot be used - nor
    on one's own engineer ("fremd"), nor on one its owner used this round ("frei")."""
    state = dsp_turn(OLGA)
    assert illegal_code(state, "p1", "PlaceWorkers", space="engineer_104") == "rr.dsp.olga_no_target"
    player(state, "p1").engineers = [5]
    assert illegal_code(state, "p1", "PlaceWorkers", space="engineer_104") == "rr.dsp.olga_no_target"
    q = player(state, "p2")
    q.engineers = [9]
    q.own_used = [9]
    assert illegal_code(state, "p1", "PlaceWorkers", space="engineer_104") == "rr.dsp.olga_no_target"
    q.own_used = []
    assert "PlaceWorkers" in {c.type for c in GAME.legal_commands(state, "p1")
                              if c.args.get("space") == "engineer_104"}


def test_olga_pays_a_coin_for_the_further_worker_and_the_coin_printed_on_pjotr():
    """Coins replace workers; "Um diesen Ingenieur zu nutzen, muss der Spieler eine Münze
    zahlen" (Pjotr) holds for Olga's worker on him too: 1 worker left, 2 coins: Olga's
    worker, then a coin for the further worker and Pjotr's coin."""
    state = olga_with_p2_engineer(PJOTR)
    p = player(state, "p1")
    p.free, p.coins = 1, 2
    state = act(state, "p1", "PlaceWorkers", space="engineer_104")
    state = act(state, "p1", "PlaceOlgaWorker", space="engineer_114")
    assert state.players["p1"].free == 0 and state.players["p1"].coins == 0
    assert [(i.kind, i.n, i.arg) for i in state.pending] == [("steps", 3, "black")]
    # with only 1 coin Olga could not reach Pjotr: not offered
    state = olga_with_p2_engineer(PJOTR)
    p = player(state, "p1")
    p.free, p.coins = 1, 1
    assert illegal_code(state, "p1", "PlaceWorkers", space="engineer_104") == "rr.dsp.olga_no_target"


def test_olga_must_be_carried_out_before_the_turn_ends_and_only_on_a_foreign_engineer():
    """"muss sofort": the Olga action is mandatory (the confirm waits for it) and goes
    only to another player's engineer."""
    state = olga_with_p2_engineer(3)
    player(state, "p1").engineers = [5]
    state = act(state, "p1", "PlaceWorkers", space="engineer_104")
    assert any(a.mandatory for a in GAME.open_actions(state, "p1"))
    assert illegal_code(state, "p1", "PlaceOlgaWorker", space="engineer_5") == "rr.dsp.olga_foreign"
    assert illegal_code(state, "p1", "PlaceOlgaWorker", space="engineer_9") == "rr.dsp.olga_foreign"


# --- Ludmilla -------------------------------------------------------------------------


def ludmilla_activated(players: int = 3):
    state = dsp_turn(LUDMILLA, players)
    log = []
    state = act(state, "p1", "PlaceWorkers", log, space="engineer_107")
    return state, log


def test_ludmilla_gives_5_points_and_the_activating_player_chooses_first():
    """Ingenieur 7 (Ludmilla): "Der Spieler erhält sofort 5 Punkte. Zusätzlich nimmt er die
    Startbonuskarten und wählt eine davon.\""""
    state, _ = ludmilla_activated()
    assert state.players["p1"].vp == 5
    legal = GAME.legal_commands(state, "p1")
    assert {(c.type, c.args.get("card")) for c in legal} == {
        ("ChooseLudmillaCard", "black_step"), ("ChooseLudmillaCard", "industry_step"),
        ("ChooseLudmillaCard", "doubler"), ("ChooseLudmillaCard", "coin"), ("TakeLudmillaPoints", None)}
    assert [a.key for a in GAME.open_actions(state, "p1") if a.mandatory] == ["rr.open.ludmilla"]
    for command in legal:
        assert en(GAME.describe_command(command)).startswith("Ludmilla: ")
        assert de(GAME.describe_command(command)).startswith("Ludmilla: ")


def test_the_cards_go_round_in_turn_order_each_chooses_a_card_or_3_points_and_gets_it():
    """"Die übrigen Karten gibt er an den nächsten Spieler in der Spielerreihenfolge weiter,
    der ebenfalls eine wählt. Dies geht solange weiter, bis jeder Spieler eine Karte oder 3
    SP gewählt hat. Jeder Spieler erhält sofort den Vorteil seiner Karte.\""""
    state, _ = ludmilla_activated(3)
    coins = {s: state.players[s].coins for s in state.seats}
    log = []
    state = act(state, "p1", "ChooseLudmillaCard", log, card="coin")
    assert state.players["p1"].coins == coins["p1"] + 1
    assert en(GAME.describe(log[0])) == ("p1 takes the start bonus cards with Ludmilla; after this turn they go "
                                         "round to p2, p3.")
    # the activating seat may only confirm now: nothing legal, nothing mandatory
    assert GAME.legal_commands(state, "p1") == []
    assert not any(a.mandatory for a in GAME.open_actions(state, "p1"))
    assert illegal_code(state, "p1", "AdvanceTrack", line="transsib", colour="black") == "rr.dsp.ludmilla_confirm"
    state = confirm(state)
    assert GAME.status(state).to_move == ("p2",)
    cards = {c.args.get("card") for c in GAME.legal_commands(state, "p2")}
    assert cards == {"black_step", "industry_step", "doubler", None}  # the coin is gone
    assert illegal_code(state, "p2", "PlaceWorkers", space="engineer_107") == "rr.dsp.ludmilla_choice_turn"
    assert illegal_code(state, "p2", "Pass") == "rr.dsp.ludmilla_choice_turn"
    vp = state.players["p2"].vp
    log = []
    state = act(state, "p2", "TakeLudmillaPoints", log)
    assert state.players["p2"].vp == vp + 3
    assert en(GAME.describe(log[0])) == "p2 chooses 3 points instead of a start bonus card (Ludmilla)."
    assert GAME.legal_commands(state, "p2") == []
    state = confirm(state)
    assert GAME.status(state).to_move == ("p3",)
    state = act(state, "p3", "ChooseLudmillaCard", card="black_step")
    assert [(i.kind, i.arg) for i in state.pending] == [("steps", "black")]
    state = act(state, "p3", "AdvanceTrack", line="transsib", colour="black")
    state = confirm(state)
    # p1 has nothing left: its turn is over and play goes on after p1
    assert state.dsp.get("ludmilla") is None
    assert GAME.status(state).to_move == ("p2",)
    assert state.placed is False and state.pending == ()


def test_the_interrupted_turn_goes_on_when_actions_are_left():
    """Yucata: "Erst wenn alle Spieler Ludmilla genutzt haben, wird der Zug wieder
    fortgesetzt, falls noch Aktionen übrig sind." p1's industry step (its card) waits."""
    state, _ = ludmilla_activated(2)
    state = act(state, "p1", "ChooseLudmillaCard", card="industry_step")
    assert [(i.kind, i.n) for i in state.pending] == [("industry", 1)]
    state = confirm(state)
    assert GAME.status(state).to_move == ("p2",)
    assert state.pending[0].kind == "ludmilla"
    state = act(state, "p2", "ChooseLudmillaCard", card="coin")
    state = confirm(state)
    assert GAME.status(state).to_move == ("p1",)
    assert [(i.kind, i.n) for i in state.pending] == [("industry", 1)]
    legal = {c.type for c in GAME.legal_commands(state, "p1")}
    assert legal == {"AdvanceIndustry"}  # the card's step is mandatory: no lapsing
    state = act(state, "p1", "AdvanceIndustry", marker=1)
    assert state.players["p1"].markers[0] == 1
    state = confirm(state)
    assert GAME.status(state).to_move == ("p2",) and state.dsp.get("ludmilla") is None


def test_the_resumed_turn_may_let_optional_actions_lapse():
    """Own engineers' and factories' actions may lapse (Yucata); the resumed turn needs a
    sub-move to be confirmed, so letting the rest lapse is one."""
    state, _ = ludmilla_activated(2)
    state.pending = state.pending + (Item(99, "steps", 2, False, "any", False),)  # e.g. factory 7, optional
    state = act(state, "p1", "ChooseLudmillaCard", card="coin")
    state = confirm(state)
    state = act(state, "p2", "TakeLudmillaPoints")
    state = confirm(state)
    assert {c.type for c in GAME.legal_commands(state, "p1")} >= {"AdvanceTrack", "EndLudmillaTurn"}
    log = []
    state = act(state, "p1", "EndLudmillaTurn", log)
    assert state.pending == ()
    assert en(GAME.describe(log[0])) == "p1 lets the rest of the interrupted turn lapse."
    state = confirm(state)
    assert GAME.status(state).to_move == ("p2",)


def test_players_who_passed_choose_too():
    """"bis jeder Spieler eine Karte oder 3 SP gewählt hat": p2 has passed, still chooses."""
    state = dsp_turn(LUDMILLA, 3)
    state.passed = ["p2"]
    state = act(state, "p1", "PlaceWorkers", space="engineer_107")
    state = act(state, "p1", "TakeLudmillaPoints")
    state = confirm(state)
    assert GAME.status(state).to_move == ("p2",)
    state = act(state, "p2", "TakeLudmillaPoints")
    state = confirm(state)
    assert GAME.status(state).to_move == ("p3",)
    state = act(state, "p3", "TakeLudmillaPoints")
    state = confirm(state)
    assert GAME.status(state).to_move == ("p3",)  # p2 passed: p3 is next after p1


def test_the_card_round_folds_from_its_events_and_survives_a_snapshot():
    state, log = ludmilla_activated(3)
    state = act(state, "p1", "ChooseLudmillaCard", log, card="doubler")
    state = confirm(state, log)
    loaded = GAME.load_state(GAME.dump_state(state))
    assert GAME.dump_state(loaded) == GAME.dump_state(state)
    assert GAME.status(loaded).to_move == ("p2",)


def test_ludmilla_again_through_factory_3_interrupts_the_turn_and_it_goes_on_after():
    """Yucata: "Erst wenn alle Spieler Ludmilla genutzt haben, wird der Zug wieder
    fortgesetzt, falls noch Aktionen übrig sind. Das ist insbesondere dann der Fall, wenn
    Ludmilla mit Hilfe der Fabrik 3 genutzt wird." p1 stands on Ludmilla; its industry
    step reaches factory 3 ("1 Aktionsfeld ... nochmals nutzen"), it uses Ludmilla again;
    after p2's choice p1's turn goes on with the industry step still open."""
    from games.russian_railroads.data import RULES

    state = dsp_turn(LUDMILLA, 2)
    gap = RULES.industry_gaps[0]
    p = player(state, "p1")
    p.factories = [3, 0, 0, 0, 0]
    p.markers = [gap - 1, -1]
    state.occupied = {**state.occupied, "engineer_107": ["p1", 1, 0, False]}
    state.pending = (Item(70, "industry", 2, False, None, False),)
    state.placed = state.acted = True
    state = act(state, "p1", "AdvanceIndustry", marker=1)
    assert ("ReuseSpace", {"space": "engineer_107"}) in [(c.type, c.args) for c in GAME.legal_commands(state, "p1")]
    vp = state.players["p1"].vp
    state = act(state, "p1", "ReuseSpace", space="engineer_107")
    assert state.players["p1"].vp == vp + 5
    state = act(state, "p1", "ChooseLudmillaCard", card="coin")
    assert GAME.legal_commands(state, "p1") == []  # interrupted: only the confirm
    state = confirm(state)
    assert GAME.status(state).to_move == ("p2",)
    state = act(state, "p2", "ChooseLudmillaCard", card="doubler")
    state = act(state, "p2", "PlaceDoubler")
    state = confirm(state)
    assert GAME.status(state).to_move == ("p1",)  # the turn goes on: 1 industry step is left
    assert [(i.kind, i.n) for i in state.pending if i.n > 0] == [("industry", 1)]
    state = act(state, "p1", "AdvanceIndustry", marker=1)
    state = confirm(state)
    assert GAME.status(state).to_move == ("p2",)


def test_olga_through_a_relocated_worker_needs_only_the_further_worker():
    """A relocated worker stands on Olga already paid; the further worker is still needed."""
    from games.russian_railroads.dsp.olga import possible

    state = olga_with_p2_engineer(3)
    p = player(state, "p1")
    p.free, p.coins, p.black_free = 1, 0, False
    assert possible(state, "p1", relocation=True)
    assert not possible(state, "p1", relocation=False)
