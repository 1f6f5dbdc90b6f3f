"""Issue 12, American Railroads: random legal games with the USA tableau for 2/3/4
players end without error, fold to the same state (also through the platform's table),
refuse commands outside the legal list (and with 422 through the HTTP API), and every
command, open action and log line is a sentence in German and English; bots play it;
selfplay and replay agree; the lobby offers it."""

from __future__ import annotations

import dataclasses
import json
import random

import fakeredis
import pytest

from games.contract import Command, Description, IllegalMove, describe_command
from games.russian_railroads import GAME
from games.russian_railroads.data import RULES
from games.russian_railroads.legal import has_mandatory
from games.russian_railroads.plugins import q_tokens_for
from games.russian_railroads.usa import board

from .helpers import confirm, fold, run_system
from .test_properties import key
from .test_texts import assert_sentence, texts

US = {"tableau": "usa"}


def usa_universe(state, seat: str) -> list[Command]:
    """Commands worth trying at a USA table (most of them illegal at any moment)."""
    cmds = [Command("AdvanceTrack", seat, {"line": line, "colour": c}) for line in (*board.LINES, "transsib")
            for c in RULES.colours]
    cmds += [Command("AdvanceIndustry", seat, {"marker": m}) for m in (0, 1, 2, 3)]
    cmds += [Command("PlaceDoubler", seat, {"line": line}) for line in (*board.LINES, "kiev")]
    cmds += [Command("UseCoinSpace", seat, {"space": k}) for k in (*board.COIN_SPACES, "transsib_3")]
    cmds += [Command("ChooseDividend", seat, {"tile": t}) for t in (*board.TILES, "gold")]
    cmds += [Command("BuildSteelMill", seat, {"slot": s}) for s in range(-1, 6)]
    cmds += [Command("BoxSteelMill", seat, {}), Command("DeclinePayout", seat, {}), Command("Pass", seat, {})]
    cmds += [Command("ChooseQuestionToken", seat, {"token": t}) for t in (*q_tokens_for(US), "second_industry_marker")]
    cmds += [Command("BuildFactory", seat, {"source": "stack", "number": 99, "slot": s}) for s in range(0, 5)]
    return cmds


def play(players: int, seed: int, check_every: int = 0, sentences: bool = False, seen: set | None = None):
    rng = random.Random(seed)
    seats = ["p1", "p2", "p3", "p4"][:players]
    log = GAME.deal(dict(US), seats, random.Random(seed))
    state = fold(log)
    log = list(log)
    for step in range(30000):
        status = GAME.status(state)
        if status.over:
            return state, log
        if status.pending_system:
            state = run_system(state, log, None)
            continue
        seat = status.to_move[0]
        legal = GAME.legal_commands(state, seat)
        if seen is not None:
            seen.update(c.type for c in legal)
        if check_every and step % check_every == 0:
            for command in legal:
                GAME.decide(state, command, random.Random(0))
            for other in state.seats:
                if other != seat:
                    assert GAME.legal_commands(state, other) == []
            keys = {key(c) for c in legal}
            for command in usa_universe(state, seat):
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


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_random_usa_games_end_and_fold_to_the_same_result(players, seed):
    state, log = play(players, seed)
    assert GAME.status(state).over and state.usa is not None
    assert GAME.dump_state(fold(log)) == GAME.dump_state(state)
    again = GAME.load_state(json.loads(json.dumps(GAME.dump_state(state))))
    assert GAME.dump_state(again) == GAME.dump_state(state)
    final = state.final["final"]
    assert {s: row["total"] for s, row in final.items()} == dict(GAME.status(state).scores)
    # the stock market's end bonus was paid: 20 and 10 points
    bonus = sorted((e.payload["points"] for e in log if e.type == "StockBonusScored"), reverse=True)
    assert bonus == [20, 10]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_usa_legal_commands_accepted_and_others_refused(players):
    seen: set[str] = set()
    for seed in range(2):
        play(players, 500 + 10 * players + seed, check_every=3, seen=seen)
    assert {"ChooseDividend", "AdvanceIndustry", "PlaceDoubler"} <= seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_usa_commands_open_actions_and_log_lines_are_sentences(players):
    _, log = play(players, 600 + players, sentences=True)
    for event in log:
        for lang, text in texts(GAME.describe(event)).items():
            assert_sentence(text, (lang, event.type))
    assert {"UsaTableauPrepared", "SharesRose", "DividendTileLaid"} <= {e.type for e in log}


def test_every_usa_text_key_exists_in_both_languages():
    from games.russian_railroads.messages import COMMANDS_DE, COMMANDS_EN, EVENTS_DE, EVENTS_EN, OPEN_EN
    from games.russian_railroads.usa import messages

    assert messages.EVENTS <= set(EVENTS_EN) and messages.EVENTS <= set(EVENTS_DE)
    assert messages.COMMANDS <= set(COMMANDS_EN) and messages.COMMANDS <= set(COMMANDS_DE)
    assert {"rr.open.dividend", "rr.open.steel_mill", "rr.open.coin_space"} <= set(OPEN_EN)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_usa_games_through_the_platform_table_fold_to_the_same_result(players):
    from events.projection import fold as fold_log

    from .test_properties import play_table

    table = play_table(players, 700 + players, options=US)
    assert table.status().over and table.state.options == US
    assert GAME.dump_state(fold_log(GAME, table.log).live) == GAME.dump_state(table.state)


def test_selfplay_and_replay_agree_on_a_usa_game(tmp_path):
    """``stellwerk selfplay --options '{"tableau":"usa"}'`` and ``stellwerk replay``."""
    from events.logfile import check_and_fold, read_file
    from events.summary import result_line
    from service.api.history import ndjson
    from worker.selfplay import play as selfplay

    table = selfplay(GAME, 3, "usa-replay", ["greedy", "random", "random"], US)
    path = tmp_path / "usa.ndjson"
    path.write_text(ndjson(table.log), encoding="utf-8")
    replayed = check_and_fold(read_file(path))
    assert replayed.status().over and result_line(replayed) == result_line(table.projection)
    assert replayed.live.options == US


@pytest.mark.parametrize("level", ["random", "greedy", "mcts-15i"])
def test_every_bot_level_plays_a_usa_game(level):
    from worker.selfplay import play as selfplay

    assert selfplay(GAME, 2, f"usa-bots-{level}", [level, "random"], US).status().over


def test_the_lobby_offers_the_usa_tableau():
    assert "usa" in GAME.option_schema["properties"]["tableau"]["enum"]
    assert GAME.validate_options({"tableau": "usa", "coal": False, "solo": False}, 3) == US


@pytest.fixture
def api():
    from events.settings import Settings
    from service import create_app

    settings = dataclasses.replace(Settings.from_env(), key_prefix="rrusapi", rate_commands="100000 per second",
                                   rate_public="100000 per second", stream_block_ms=10)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=False)
    repo = app.extensions["stellwerk"].repository
    record, tokens = repo.create("russian_railroads", US, [{"name": n} for n in ("ann", "bob")], seed="us-api")
    return app.test_client(), record.id, tokens


def test_a_usa_command_outside_the_legal_list_is_a_422_with_the_rule_code(api):
    client, game_id, tokens = api
    headers = {seat: {"Authorization": f"Bearer {token}"} for seat, token in tokens.items()}
    view = client.get(f"/api/games/{game_id}", headers=headers["p1"]).json["view"]
    assert view["options"] == US and "usa" in view
    mover = view["current"]

    def post(ctype, args, command_id):
        seq = client.get(f"/api/games/{game_id}", headers=headers[mover]).json["seq"]
        return client.post(f"/api/games/{game_id}/commands", headers=headers[mover],
                           json={"command": {"type": ctype, "args": args}, "expected_seq": seq,
                                 "command_id": command_id})

    r = post("ChooseDividend", {"tile": "coin"}, "c1")
    assert r.status_code == 422 and r.json["error"]["code"].startswith("rr.")
    r = post("UseCoinSpace", {"space": "us_coin_main_5"}, "c2")
    assert r.status_code == 422 and r.json["error"]["code"].startswith("rr.")


def test_greedy_beats_random_on_the_usa_tableau():
    """The greedy evaluation values the USA lines and the stock market; 50 games measured
    50/50 for greedy (README, report), here a short sample."""
    from worker.selfplay import play as selfplay

    wins = 0
    for i in range(6):
        levels = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        table = selfplay(GAME, 2, f"usa-greedy-{i}", levels, US)
        wins += table.status().ranking[0] == list(table.projection.seats)[levels.index("greedy")]
    assert wins >= 5
