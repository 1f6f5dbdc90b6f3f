"""Issue 12, DSP: random games use every DSP rule; every command, open action and log
line is a sentence in German and English; bots play it; an undo request across
Ludmilla's card round needs every seat that chose.  Random games of every combination
with DSP ending, folding, refusing unlisted commands (DSP's wrong commands are in
``tests/contract/probes.py``): the contract suite."""

from __future__ import annotations

import random

import pytest

from games.contract import Command, Description, IllegalMove
from games.kit.hooks import describe_command
from games.russian_railroads import GAME
from games.russian_railroads.legal import has_mandatory

from .helpers import confirm, fold, run_system
from .test_texts import assert_sentence, texts

DSP = {"dsp": True}
COMBINATIONS = [(DSP, 2), (DSP, 3), (DSP, 4), ({**DSP, "solo": True}, 1),
                ({**DSP, "tableau": "deutschland"}, 3), ({**DSP, "coal": True}, 2),
                ({**DSP, "coal": True, "tableau": "deutschland"}, 4)]
DSP_EVENTS = {"OlgaWorkerPlaced", "LudmillaRoundBegan", "LudmillaChosen", "OpenQuestionTokenTaken",
              "HeadhunterUsed", "QuestionFactoryBuilt", "FreightWagonAttached", "FreightWagonTurnBegan"}


def play(options: dict, players: int, seed: int, sentences: bool = False):
    rng = random.Random(seed)
    seats = ["p1", "p2", "p3", "p4"][:players]
    log = list(GAME.setup(dict(options), seats, random.Random(seed)))
    state = fold(log)
    for _ in range(40000):
        status = GAME.status(state)
        if status.over:
            return state, log
        if status.pending_system:
            state = run_system(state, log, rng if state.emil is not None else None)
            continue
        seat = status.to_move[0]
        legal = GAME.legal_commands(state, seat)
        if sentences and rng.random() < 0.3:
            for command in legal:
                for lang, text in texts(describe_command(GAME, command)).items():
                    assert_sentence(text, (lang, command))
            for action in GAME.open_actions(state, seat):
                for lang, text in texts(Description(action.key, action.params)).items():
                    assert_sentence(text, (lang, action))
        if state.acted and not has_mandatory(state, seat) and (not legal or rng.random() < 0.25):
            state = confirm(state, log)
            continue
        assert legal, (seat, GAME.open_actions(state, seat))
        # the DSP choices are rare in random play: prefer them when offered
        special = [c for c in legal if c.type in ("ChooseOpenQuestionToken", "AttachFreightWagon", "PlaceOlgaWorker")
                   or c.args.get("token") == "double_q" or c.args.get("space") in ("engineer_104", "engineer_107")]
        command = rng.choice(special) if special and rng.random() < 0.7 else rng.choice(legal)
        events = GAME.decide(state, command, random.Random(rng.random()))
        log.extend(events)
        state = fold(events, state)
    raise AssertionError("the game did not end")


def test_random_dsp_games_use_every_dsp_rule():
    seen: set[str] = set()
    for seed in range(16):
        options, players = COMBINATIONS[seed % 3]
        _, log = play(options, players, 900 + seed)
        seen |= {e.type for e in log}
        seen |= {f"token:{e.payload['token']}" for e in log if e.type == "OpenQuestionTokenTaken"}
    assert DSP_EVENTS - {"OlgaWorkerPlaced"} <= seen, DSP_EVENTS - seen
    assert {"token:mixed_6", "token:headhunter", "token:industry_boom"} <= seen


@pytest.mark.parametrize("options,players", COMBINATIONS[:4])
def test_dsp_commands_open_actions_and_log_lines_are_sentences(options, players):
    _, log = play(options, players, 600 + players, sentences=True)
    for event in log:
        for lang, text in texts(GAME.describe(event)).items():
            assert_sentence(text, (lang, event.type))
    assert "DspTokensLaidOut" in {e.type for e in log}


@pytest.mark.parametrize("level", ["random", "greedy", "mcts-15i"])
def test_every_bot_level_plays_a_dsp_game(level):
    from worker.selfplay import play as selfplay

    assert selfplay(GAME, 2, f"dsp-bots-{level}", [level, "random"], {"dsp": True}).status().over


def _turn(table, seat: str, *commands: tuple[str, dict]) -> None:
    for ctype, args in commands:
        table.submit(seat, Command(ctype, seat, args))
    table.submit(seat, Command("ConfirmTurn", seat, {}))


def test_ludmillas_card_round_through_the_platform_and_an_undo_across_it_asks_every_chooser():
    """The platform lets only ``status().to_move`` act: the card round is a run of turns
    (p1 chooses and confirms, p2 and p3 choose and confirm, p1's turn is over).  An undo
    request back before p1's turn needs every seat that moved since: p2 and p3."""
    from events import commands as platform
    from events.local import LocalTable

    table = LocalTable.create(GAME, {"dsp": True}, 3, seed="lud-6")  # Ludmilla lies crosswise
    while table.status().pending_system and table.run_system():
        pass
    assert 107 in table.state.strip[1:3] and table.state.order == ["p1", "p2", "p3"]
    for seat in ("p3", "p2"):  # the start bonus draft
        _turn(table, seat, ("ChooseStartBonus", {"card": "coin"}) if seat == "p3" else
              ("ChooseStartBonus", {"card": "doubler"}), *([("PlaceDoubler", {})] if seat == "p2" else []))
    assert table.status().to_move == ("p1",)
    before = table.projection.seq
    vp = {s: table.state.players[s].vp for s in ("p1", "p2", "p3")}
    table.submit("p1", Command("PlaceWorkers", "p1", {"space": "engineer_107", "coins": 0, "black": False}))
    table.submit("p1", Command("ChooseLudmillaCard", "p1", {"card": "coin"}))
    assert {c.type for c in table.legal("p1")} == {"ConfirmTurn", "Undo"}  # only confirm (or undo)
    with pytest.raises(IllegalMove):  # p2 cannot act inside p1's open turn
        table.submit("p2", Command("TakeLudmillaPoints", "p2", {}))
    table.submit("p1", Command("ConfirmTurn", "p1", {}))
    assert table.status().to_move == ("p2",)
    assert {c.args.get("card") for c in table.legal("p2") if c.type == "ChooseLudmillaCard"} == {
        "black_step", "industry_step", "doubler"}
    _turn(table, "p2", ("TakeLudmillaPoints", {}))
    assert table.status().to_move == ("p3",)
    _turn(table, "p3", ("ChooseLudmillaCard", {"card": "doubler"}), ("PlaceDoubler", {}))
    assert table.status().to_move == ("p2",)  # p1 had nothing left: play goes on after p1
    assert table.state.players["p1"].vp == vp["p1"] + 5 and table.state.players["p2"].vp == vp["p2"] + 3
    assert before in platform.request_points(table.projection)
    table.submit("p1", Command("RequestUndo", "p1", {"to_seq": before}))
    assert table.projection.undo_request.waiting_for == ("p2", "p3")
    table.submit("p2", Command("AcceptUndo", "p2", {}))
    assert table.projection.undo_request is not None  # p3 still has to agree
    table.submit("p3", Command("AcceptUndo", "p3", {}))
    assert table.projection.undo_request is None
    assert table.status().to_move == ("p1",) and table.state.dsp.get("ludmilla") is None
    assert {s: table.state.players[s].vp for s in ("p1", "p2", "p3")} == vp
