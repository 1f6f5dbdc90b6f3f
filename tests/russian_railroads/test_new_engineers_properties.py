"""Issue 12, German Railroads' new engineers and ?-items (options ``new_engineers``,
``new_q``): random games use every new engineer and the German ?-token and ?-card;
every command, open action and log line is a sentence in German and English; bots
play it.  Random games with the options ending, folding, refusing unlisted commands
(also with 422 through the HTTP API; the wrong commands are in
``tests/contract/probes.py``): the contract suite."""

from __future__ import annotations

import random

import pytest

from games.contract import Description
from games.kit.hooks import describe_command
from games.russian_railroads import GAME
from games.russian_railroads.legal import has_mandatory

from .helpers import confirm, fold, run_system
from .test_texts import assert_sentence, texts

NE = {"new_engineers": True}
COMBINATIONS = [(NE, 2), (NE, 3), (NE, 4), ({**NE, "solo": True}, 1),
                ({**NE, "tableau": "deutschland"}, 3), ({**NE, "coal": True}, 2),
                ({**NE, "dsp": True}, 2), ({**NE, "coal": True, "tableau": "deutschland", "dsp": True}, 4),
                # the German ?-token and ?-card without the Deutschland tableau (option new_q)
                ({"new_q": True}, 2), ({"new_q": True}, 3), ({"new_q": True, "solo": True}, 1),
                ({**NE, "new_q": True, "coal": True}, 4), ({**NE, "new_q": True, "dsp": True}, 3)]
NEW = ("engineer_305", "engineer_306", "engineer_315", "engineer_390")


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
        # the new engineers are rare in random play: prefer them when offered
        special = [c for c in legal if c.type == "UseOwnFactory" or c.args.get("space") in NEW
                   or c.args.get("card") == "revaluation_de" or c.args.get("token") in ("coins_4",
                                                                                    "end_card_and_q_card")]
        command = rng.choice(special) if special and rng.random() < 0.7 else rng.choice(legal)
        events = GAME.decide(state, command, random.Random(rng.random()))
        log.extend(events)
        state = fold(events, state)
    raise AssertionError("the game did not end")


def test_random_games_use_the_german_token_and_card():
    seen: set[str] = set()
    for seed in range(16):
        options, players = COMBINATIONS[8 + seed % 5]
        _, log = play(options, players, 400 + seed)
        seen |= {e.payload["token"] for e in log if e.type == "QuestionTokenTaken"}
        seen |= {e.payload["card"] for e in log if e.type == "QuestionCardTaken"}
    assert {"coins_4", "revaluation_de"} <= seen, seen


@pytest.mark.parametrize("options,players", [(NE, 2), ({"new_q": True}, 2)])
def test_a_base_game_log_replays_unchanged(options, players):
    """The options add events only to their own games: a base game's log under the same
    seed has none of them (the base digest is checked in test_options)."""
    base = GAME.setup({}, ["p1", "p2"], random.Random(5))
    assert {e.type for e in base} & {"GermanQuestionItemsAdded"} == set()
    assert all(n < 300 for n in next(e for e in base if e.type == "EngineersDealt").payload["strip"] if n)


def test_random_games_use_every_new_engineer():
    seen: set[str] = set()
    for seed in range(12):
        options, players = COMBINATIONS[seed % 3]
        _, log = play(options, players, 300 + seed)
        seen |= {e.type for e in log}
        seen |= {e.payload["space"] for e in log if e.type == "WorkersPlaced"}
    assert {"StartBonusCardsDrawn", "OwnFactoryUsed", *NEW} <= seen, {"StartBonusCardsDrawn", "OwnFactoryUsed",
                                                                       *NEW} - seen


@pytest.mark.parametrize("options,players", COMBINATIONS[:5] + COMBINATIONS[8:11])
def test_commands_open_actions_and_log_lines_are_sentences(options, players):
    _, log = play(options, players, 600 + players, sentences=True)
    for event in log:
        for lang, text in texts(GAME.describe(event)).items():
            assert_sentence(text, (lang, event.type))


@pytest.mark.parametrize("level", ["random", "greedy", "mcts-15i"])
def test_every_bot_level_plays_with_the_new_engineers_and_q_items(level):
    from worker.selfplay import play as selfplay

    options = {**NE, "new_q": True}
    assert selfplay(GAME, 2, f"ne-bots-{level}", [level, "random"], options).status().over


