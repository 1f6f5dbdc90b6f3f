"""Issue 12, Deutschland tableau: bots play it, greedy beats random, and every command,
open action and log line is a sentence in German and English.  Random Deutschland
games ending, folding, refusing unlisted commands (also with 422 through the HTTP API;
the tableau's wrong commands are in ``tests/contract/probes.py``) and ``stellwerk
replay`` of an exported log: the contract suite."""

from __future__ import annotations

import random

import pytest

from games.contract import Command
from games.russian_railroads import GAME

DE = {"tableau": "deutschland"}


@pytest.mark.parametrize("level", ["random", "greedy", "mcts-15i"])
def test_every_bot_level_plays_a_deutschland_game(level):
    """Bots play the tableau: each level against random to the end (MCTS with a small
    iteration budget, so the test stays short)."""
    from worker.selfplay import play

    table = play(GAME, 2, f"de-bots-{level}", [level, "random"], DE)
    assert table.status().over


def test_greedy_beats_random_on_the_deutschland_tableau():
    """The greedy evaluation values the German lines (stars, income markers, the special
    spaces ahead); 50 games in benchmarks give greedy 50/50, here a short sample."""
    from worker.selfplay import play

    wins = 0
    for i in range(6):
        levels = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        table = play(GAME, 2, f"de-greedy-{i}", levels, DE)
        seats = list(table.projection.seats)
        wins += table.status().ranking[0] == seats[levels.index("greedy")]
    assert wins >= 5


@pytest.mark.parametrize("players,seed", [(2, 41), (3, 42), (1, 43)])
def test_deutschland_commands_open_actions_and_log_lines_are_sentences(players, seed):
    """Every legal command, open action and event of random Deutschland games reads as a
    sentence in German and English (line, arm, tile and income marker by name)."""
    from games.contract import Description
    from games.kit.hooks import describe_command

    from .helpers import play_random
    from .test_texts import assert_sentence, texts

    rng = random.Random(seed)
    seen: set[str] = set()

    def check(state, seat, legal, _rng):
        if rng.random() > 0.3:
            return
        for command in legal:
            seen.add(command.type)
            for lang, text in texts(describe_command(GAME, command)).items():
                assert_sentence(text, (lang, command))
        for action in GAME.open_actions(state, seat):
            for lang, text in texts(Description(action.key, action.params)).items():
                assert_sentence(text, (lang, action))

    options = {**DE, "solo": True} if players == 1 else DE
    _, log = play_random(players, seed, check=check, options=options)
    for event in log:
        for lang, text in texts(GAME.describe(event)).items():
            assert_sentence(text, (lang, event.type))
    assert "GermanTableauPrepared" in {e.type for e in log}
    track = next(e for e in log if e.type == "TrackAdvanced")
    assert any(name in texts(GAME.describe(track))["de"] for name in ("München", "Dresden", "Nürnberg-Fürth"))
    munich = GAME.describe_command(Command("AdvanceTrack", "p1", {"line": "muenchen", "colour": "black"}))
    assert "München" in texts(munich)["de"] and "Munich" in texts(munich)["en"]
