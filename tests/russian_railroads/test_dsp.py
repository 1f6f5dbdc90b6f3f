"""Issue 12, slice 3 (in part): the DSP mini expansion's engineers.

DSP is not offered at a table yet (``rr.options.not_built``: Olga, Ludmilla and the
?-tokens are missing), so these tests deal DSP games through ``GAME.deal``.  Built:
the deal without two engineers of the same number, Pjotr (14) and Dimitrij (11),
printed numbers in the majority and factory 1."""

from __future__ import annotations

import random

import pytest

from games.contract import SYSTEM, Command
from games.russian_railroads import GAME, engineers
from games.russian_railroads.data import DSP, RULES, printed_number
from games.russian_railroads.state import PlayerState

from .helpers import act, at_turn, illegal_code, play_random, player

PJOTR, DIMITRIJ, OLGA, LUDMILLA = 114, 111, 104, 107
TRANSSIB, GREY, BLACK = 0, 1, 0


def dsp_turn(public: int, players: int = 2):
    """A 2-player DSP game at p1's turn with ``public`` as the crosswise engineer."""
    state = at_turn(players)
    state.options = {"dsp": True}
    strip = list(state.strip)
    strip[1] = public
    state.strip = strip
    assert engineers.public_engineers(state)[0] == public
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_two_engineers_with_the_same_number_are_dealt(players):
    """"Bei Verwendung der neuen Ingenieure ist darauf zu achten, dass keine 2 Ingenieure
    mit der gleichen Ordnungszahl ausgelegt werden.\""""
    dealt_dsp = set()
    for seed in range(120):
        events = GAME.deal({"dsp": True}, [f"p{i}" for i in range(1, players + 1)], random.Random(seed))
        strip = events[2].payload["strip"]
        printed = [printed_number(n) for n in strip]
        assert len(set(printed)) == len(printed)
        letters = [RULES.engineers[n]["letter"] for n in strip]
        assert letters == sorted(letters)  # A first, then B, as in the base game
        dealt_dsp |= {n for n in strip if n > 100}
    # every DSP engineer is dealt; Olga only with 2 players (Yucata)
    assert dealt_dsp == ({PJOTR, DIMITRIJ, LUDMILLA} | ({OLGA} if players == 2 else set()))


def test_the_base_game_never_deals_an_expansion_engineer():
    for seed in range(60):
        strip = GAME.setup({}, ["p1", "p2", "p3"], random.Random(seed))[2].payload["strip"]
        assert all(n < 100 for n in strip)


def test_olga_is_only_for_two_players_in_the_data():
    """Yucata: "Wird mit DSP-Erweiterung gespielt und zufällige Auswahl der Ingenieure
    eingestellt, so wird bei mehr als 2 Spielern Olga aus der Auswahl entfernt.\""""
    from games.russian_railroads.plugins import engineer_in_play

    olga = {**RULES.engineers[OLGA], "built": True}  # as once she is built
    assert engineer_in_play(olga, {"dsp": True}, 2)
    assert not engineer_in_play(olga, {"dsp": True}, 3)
    assert not engineer_in_play(olga, {}, 2)
    assert DSP["olga_max_players"] == 2


def test_pjotr_costs_a_coin_and_gives_three_black_steps():
    """Ingenieur 14 (Pjotr): "Um diesen Ingenieur zu nutzen, muss der Spieler eine Münze
    zahlen. Der Spieler darf dann 3 Schritte mit schwarzen Gleisen machen.\""""
    state = dsp_turn(PJOTR)
    player(state).coins = 0
    assert illegal_code(state, "p1", "PlaceWorkers", space="engineer_114") == "rr.cost.coins"
    player(state).coins = 2
    state = act(state, "p1", "PlaceWorkers", space="engineer_114")
    p = state.players["p1"]
    assert p.coins == 1 and p.free == 5
    assert [(i.kind, i.n, i.arg) for i in state.pending] == [("steps", 3, "black")]
    legal = {c.type for c in GAME.legal_commands(state, "p1")}
    assert legal == {"AdvanceTrack"}
    sentence = GAME.describe_command(Command("PlaceWorkers", "p1", {"space": "engineer_114", "coins": 0}))
    from games.contract import render

    assert render(GAME, sentence, "en") == "Place 1 worker and 1 coin on “engineer 14 (Pjotr)”"


def test_dimitrij_moves_grey_up_behind_black():
    """Ingenieur 11 (Dimitrij): "Der Spieler zieht sofort das graue Gleis auf einer Strecke
    so viele Schritte nach vorne, bis dieses hinter dem schwarzen Gleis dieser Strecke zum
    Stehen kommt.\" Black on Transsib 7, grey on 2: grey goes to 6 in one move."""
    state = dsp_turn(DIMITRIJ)
    p = player(state)
    p.unlocked[GREY] = True
    p.tr[TRANSSIB * 5 + BLACK], p.tr[TRANSSIB * 5 + GREY] = 7, 2
    state = act(state, "p1", "PlaceWorkers", space="engineer_111")
    commands = GAME.legal_commands(state, "p1")
    assert [c.args for c in commands if c.type == "JumpGreyTrack"][0] == {"line": "transsib"}
    state = act(state, "p1", "JumpGreyTrack", line="transsib")
    assert state.players["p1"].tr[TRANSSIB * 5 + GREY] == 6 and state.pending == ()


def test_public_dimitrij_needs_a_grey_track_that_can_move():
    """A public engineer must be executable in full (Yucata clarification): without the
    grey tracks, or with grey already right behind black everywhere, he cannot be chosen."""
    state = dsp_turn(DIMITRIJ)
    assert not state.players["p1"].unlocked[GREY]
    assert illegal_code(state, "p1", "PlaceWorkers", space="engineer_111") == "rr.action.not_executable"
    p = player(state)
    p.unlocked[GREY] = True
    for line in range(3):
        p.tr[line * 5 + GREY] = p.tr[line * 5 + BLACK] - 1
    assert illegal_code(state, "p1", "PlaceWorkers", space="engineer_111") == "rr.action.not_executable"
    assert illegal_code(state, "p1", "JumpGreyTrack", line="kiev") == "rr.turn.place_first"


def test_the_majority_tie_goes_to_the_higher_printed_number():
    """Ties go to the higher-numbered engineer: Pjotr counts 14, not his internal 114."""
    a, b = PlayerState("p1"), PlayerState("p2")
    a.engineers, b.engineers = [PJOTR], [15]
    assert engineers.majority([a, b]) == {"p1": 20, "p2": 40}


def test_factory_1_sums_printed_numbers():
    """Factory 1 gives the sum of the numbers on one's engineers: Dimitrij adds 11."""
    state = dsp_turn(DIMITRIJ)
    player(state).engineers = [DIMITRIJ, 3]
    from games.russian_railroads.context import Ctx

    ctx = Ctx(state)
    ctx.gain("p1", [{"op": "vp_engineer_sum"}], False, "factory_1")
    assert ctx.events[-1].payload["points"] == 14


@pytest.mark.parametrize("players,seed", [(2, 51), (3, 52), (4, 53)])
def test_random_dsp_games_end(players, seed):
    state, log = play_random(players, seed, options={"dsp": True})
    assert GAME.status(state).over
    assert state.options == {"dsp": True}


def test_system_commands_unchanged_by_dsp():
    state, _ = play_random(2, 54, options={"dsp": True})
    assert GAME.legal_commands(state, SYSTEM) == []


def test_random_dsp_games_use_the_new_engineers_and_read_as_sentences():
    """Random DSP positions: Pjotr and Dimitrij are played, and every legal command,
    open action and event reads as a German and English sentence."""
    from games.contract import Description
    from games.kit.hooks import describe_command

    from .test_texts import assert_sentence, texts

    used: set[str] = set()

    def check(state, seat, legal, _rng):
        for command in legal:
            if command.type in ("JumpGreyTrack",) or command.args.get("space") in ("engineer_111", "engineer_114"):
                for lang, text in texts(describe_command(GAME, command)).items():
                    assert_sentence(text, (lang, command))
        for action in GAME.open_actions(state, seat):
            for lang, text in texts(Description(action.key, action.params)).items():
                assert_sentence(text, (lang, action))

    for seed in range(12):
        _, log = play_random(2 + seed % 3, 300 + seed, check=check, options={"dsp": True})
        for event in log:
            for lang, text in texts(GAME.describe(event)).items():
                assert_sentence(text, (lang, event.type))
            if event.type == "WorkersPlaced":
                used.add(event.payload["space"])
    assert {"engineer_111", "engineer_114"} <= used


def test_a_dsp_board_shows_the_new_engineers_and_pjotrs_cost():
    board = GAME.view(dsp_turn(PJOTR), "p1")["board"]
    assert board["engineers"]["114"] == [{"op": "steps", "colour": "black", "n": 3}]
    assert board["engineers"]["111"] == [{"op": "grey_to_black"}]
    assert board["engineer_costs"] == {"114": {"workers": 1, "coins": 1}}
