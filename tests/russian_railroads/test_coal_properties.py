"""Issue 12, coal module: random legal games of every combination with the coal module
end without error, fold to the same state (also through the platform's table), refuse
commands outside the legal list, and every command, open action and log line is a
sentence in German and English; bots play it; selfplay and replay agree."""

from __future__ import annotations

import json
import random

import pytest

from games.contract import Command, Description, IllegalMove, describe_command
from games.russian_railroads import GAME
from games.russian_railroads.legal import has_mandatory

from .helpers import confirm, fold, run_system
from .test_properties import key
from .test_texts import assert_sentence, texts

COMBINATIONS = [({"coal": True}, 2), ({"coal": True}, 3), ({"coal": True}, 4), ({"coal": True, "solo": True}, 1),
                ({"coal": True, "tableau": "deutschland"}, 3)]


def coal_universe(state, seat: str) -> list[Command]:
    cmds = [Command("UseCoalField", seat, {"field": f}) for f in ("coal_mine", "foundry_buy", "boiler", "x")]
    cmds += [Command(t, seat, {"foundry": f}) for f in range(0, 14) for t in ("TakeFoundry", "UseFoundry",
                                                                               "CloseFoundry")]
    cmds += [Command("AttachBoiler", seat, {"target": "factory", "slot": s}) for s in range(-1, 6)]
    cmds += [Command("AttachBoiler", seat, {"target": "loco", "line": line, "number": n})
             for line in ("transsib", "kiev", "muenchen", "dresden") for n in (1, 2, 5, 1002)]
    cmds += [Command("SpendCoal", seat, {}), Command("BuildCoalFactory", seat, {"slot": 0}),
             Command("ReuseWithFoundry", seat, {"space": "black_2w"}), Command("PlaceWorkers", seat,
                                                                              {"space": "coal_mine", "coins": 0,
                                                                               "black": False})]
    return cmds


def play(options: dict, players: int, seed: int, check_every: int = 0, sentences: bool = False):
    rng = random.Random(seed)
    seats = ["p1", "p2", "p3", "p4"][:players]
    log = GAME.deal(dict(options), seats, random.Random(seed))
    state = fold(log)
    log = list(log)
    for step in range(30000):
        status = GAME.status(state)
        if status.over:
            return state, log
        if status.pending_system:
            state = run_system(state, log, rng if state.emil is not None else None)
            continue
        seat = status.to_move[0]
        legal = GAME.legal_commands(state, seat)
        if check_every and step % check_every == 0:
            for command in legal:
                GAME.decide(state, command, random.Random(0))
            keys = {key(c) for c in legal}
            for command in coal_universe(state, seat):
                if key(command) not in keys:
                    with pytest.raises(IllegalMove):
                        GAME.decide(state, command, random.Random(0))
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


@pytest.mark.parametrize("options,players", COMBINATIONS)
@pytest.mark.parametrize("seed", range(3))
def test_random_coal_games_end_and_fold_to_the_same_result(options, players, seed):
    state, log = play(options, players, seed)
    assert GAME.status(state).over and state.coal is not None
    assert GAME.dump_state(fold(log)) == GAME.dump_state(state)
    json.dumps(GAME.dump_state(state))
    again = GAME.load_state(json.loads(json.dumps(GAME.dump_state(state))))
    assert GAME.dump_state(again) == GAME.dump_state(state)


@pytest.mark.parametrize("options,players", COMBINATIONS)
def test_coal_legal_commands_accepted_and_others_refused(options, players):
    play(options, players, 500 + players, check_every=3)


@pytest.mark.parametrize("options,players", COMBINATIONS[:2] + COMBINATIONS[3:])
def test_coal_commands_open_actions_and_log_lines_are_sentences(options, players):
    _, log = play(options, players, 600 + players, sentences=True)
    for event in log:
        for lang, text in texts(GAME.describe(event)).items():
            assert_sentence(text, (lang, event.type))
    assert {"CoalPrepared"} <= {e.type for e in log}


@pytest.mark.parametrize("options,players", COMBINATIONS)
def test_coal_games_through_the_platform_table_fold_to_the_same_result(options, players):
    from events.projection import fold as fold_log

    from .test_properties import play_table

    table = play_table(players, 700 + players, options=options)
    assert table.status().over and table.state.options == options
    assert GAME.dump_state(fold_log(GAME, table.log).live) == GAME.dump_state(table.state)


def test_selfplay_and_replay_agree_on_a_coal_game(tmp_path):
    from events.logfile import check_and_fold, read_file
    from events.summary import result_line
    from service.api.history import ndjson
    from worker.selfplay import play as selfplay

    table = selfplay(GAME, 3, "coal-replay", ["greedy", "random"], {"coal": True})
    path = tmp_path / "coal.ndjson"
    path.write_text(ndjson(table.log), encoding="utf-8")
    replayed = check_and_fold(read_file(path))
    assert replayed.status().over and result_line(replayed) == result_line(table.projection)


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
