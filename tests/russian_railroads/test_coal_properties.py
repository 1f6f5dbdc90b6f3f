"""Issue 12, coal module: every command, open action and log line of random coal games
is a sentence in German and English; bots play it.  Random games of every combination
with the coal module ending, folding, refusing unlisted commands (the coal module's
wrong commands are in ``tests/contract/probes.py``): the contract suite."""

from __future__ import annotations

import random

import pytest

from games.contract import Description
from games.kit.hooks import describe_command
from games.russian_railroads import GAME
from games.russian_railroads.legal import has_mandatory

from .helpers import confirm, fold, run_system
from .test_texts import assert_sentence, texts

COMBINATIONS = [({"coal": True}, 2), ({"coal": True}, 3), ({"coal": True}, 4), ({"coal": True, "solo": True}, 1),
                ({"coal": True, "tableau": "deutschland"}, 3)]


def play(options: dict, players: int, seed: int, sentences: bool = False):
    rng = random.Random(seed)
    seats = ["p1", "p2", "p3", "p4"][:players]
    log = GAME.deal(dict(options), seats, random.Random(seed))
    state = fold(log)
    log = list(log)
    for _ in range(30000):
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
        events = GAME.decide(state, rng.choice(legal), random.Random(rng.random()))
        log.extend(events)
        state = fold(events, state)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("options,players", COMBINATIONS[:2] + COMBINATIONS[3:])
def test_coal_commands_open_actions_and_log_lines_are_sentences(options, players):
    _, log = play(options, players, 600 + players, sentences=True)
    for event in log:
        for lang, text in texts(GAME.describe(event)).items():
            assert_sentence(text, (lang, event.type))
    assert {"CoalPrepared"} <= {e.type for e in log}


@pytest.mark.parametrize("level", ["random", "greedy", "mcts-15i"])
def test_every_bot_level_plays_a_coal_game(level):
    from worker.selfplay import play as selfplay

    assert selfplay(GAME, 2, f"coal-bots-{level}", [level, "random"], {"coal": True}).status().over


def test_greedy_beats_random_with_the_coal_module():
    from worker.selfplay import play as selfplay

    wins = 0
    for i in range(6):
        levels = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        table = selfplay(GAME, 2, f"coal-greedy-{i}", levels, {"coal": True})
        wins += table.status().ranking[0] == list(table.projection.seats)[levels.index("greedy")]
    assert wins >= 5
