"""Issue 12, Deutschland tableau: property tests through the platform's turn machinery
(random legal games for 2/3/4 players and solo end, fold to the same state, every legal
command is accepted and others are refused), the HTTP API's 422 for a command outside
the legal list, and ``stellwerk selfplay`` / ``stellwerk replay`` agreeing."""

from __future__ import annotations

import dataclasses
import json
import random

import fakeredis
import pytest

from events.projection import fold
from events.settings import Settings
from games.contract import Command, IllegalMove
from games.russian_railroads import GAME, locomotives
from games.russian_railroads.data import RULES
from games.russian_railroads.germany import board
from games.russian_railroads.plugins import q_tokens_for

from .test_properties import key, play_table, universe

DE = {"tableau": "deutschland"}


def de_universe(state, seat: str) -> list[Command]:
    """The base universe with the Deutschland line names and commands."""
    saved = state.pending
    state.pending = tuple(i for i in saved if not i[5] or i[1] == "place_loco")  # the base universe reads locos
    try:
        cmds = [c for c in universe(state, seat) if c.type not in ("AdvanceTrack", "BuildLoco", "PlaceLoco",
                                                                    "ChooseQuestionToken")]
    finally:
        state.pending = saved
    numbers = {locomotives.lowest_stack(state.stacks)}
    numbers |= {item[4] // 10 for item in state.pending if item[5] and item[1] == "place_loco"}
    for line in board.LINES:
        for colour in RULES.colours:
            cmds.append(Command("AdvanceTrack", seat, {"line": line, "colour": colour}))
        for replace in range(0, 10):
            for number in sorted(numbers - {0}):
                cmds.append(Command("BuildLoco", seat, {"line": line, "replace": replace, "number": number}))
                cmds.append(Command("PlaceLoco", seat, {"line": line, "replace": replace, "number": number}))
    cmds += [Command("ChooseQuestionToken", seat, {"token": t}) for t in q_tokens_for(state.options)]
    cmds += [Command("ChooseBranch", seat, {"arm": a}) for a in (*board.ARMS, "paris")]
    cmds += [Command("ChooseExtension", seat, {"tile": t}) for t in board.TILES]
    cmds += [Command("TakeIncomeMarker", seat, {"marker": m}) for m in board.INCOME]
    cmds += [Command("UseIncomeMarker", seat, {"marker": m}) for m in board.INCOME]
    cmds += [Command("AdvanceIndustry", seat, {"marker": 3})]
    return cmds


def de_check(state, seat: str, rng: random.Random, sample: int = 80) -> None:
    """Every legal command is accepted; a sample of the others is refused."""
    commands = GAME.legal_commands(state, seat)
    for command in commands:
        GAME.decide(state, command, random.Random(0))  # must not raise
    for other in state.seats:
        if other != seat:
            assert GAME.legal_commands(state, other) == []
    legal = {key(c) for c in commands}
    others = [c for c in de_universe(state, seat) if key(c) not in legal]
    for command in rng.sample(others, min(sample, len(others))):
        with pytest.raises(IllegalMove):
            GAME.decide(state, command, random.Random(0))


COMBINATIONS = [(DE, 2), (DE, 3), (DE, 4), ({**DE, "solo": True}, 1)]


@pytest.mark.parametrize("options,players", COMBINATIONS)
@pytest.mark.parametrize("seed", range(4))
def test_random_deutschland_games_end_and_fold_to_the_same_result(options, players, seed):
    table = play_table(players, seed, options=options)
    status = table.status()
    assert status.over and table.state.options == options
    refolded = fold(GAME, table.log)
    assert GAME.dump_state(refolded.live) == GAME.dump_state(table.state)
    assert GAME.status(refolded.live).scores == status.scores
    final = table.state.final["final"]
    assert {s: row["total"] for s, row in final.items()} == dict(status.scores)
    for env in table.log:
        json.dumps(env.payload)
        description = GAME.describe(env.event)
        for lang in ("de", "en"):
            assert description.key in GAME.messages[lang]


@pytest.mark.parametrize("players,seed", [(2, 300), (3, 301), (4, 302), (1, 303)])
def test_deutschland_legal_commands_accepted_and_others_refused(players, seed):
    options = {**DE, "solo": True} if players == 1 else DE
    seen: set[str] = set()
    rng = random.Random(seed)
    table = None

    def check(state, seat):
        de_check(state, seat, rng)
        seen.update(c.type for c in GAME.legal_commands(state, seat))

    # play_table checks every n-th position with the base universe; run ours beside it
    from events.local import LocalTable

    table = LocalTable.create(GAME, options, players, seed=f"de-{seed}")
    for step in range(30000):
        status = table.status()
        if status.over:
            break
        if status.pending_system and table.run_system():
            continue
        seat = status.to_move[0]
        if step % 5 == 0:
            check(table.state, seat)
        legal = table.legal(seat)
        moves = [c for c in legal if c.type not in ("ConfirmTurn", "Undo")]
        confirm = [c for c in legal if c.type == "ConfirmTurn"]
        command = confirm[0] if confirm and (not moves or rng.random() < 0.3) else rng.choice(moves)
        table.submit(seat, command)
    assert table.status().over
    assert {"UseIncomeMarker", "ChooseExtension", "TakeIncomeMarker"} & seen


def test_selfplay_and_replay_agree_on_a_deutschland_game(tmp_path):
    """``stellwerk selfplay --options '{"tableau":"deutschland"}'`` and ``stellwerk replay``."""
    from events.logfile import check_and_fold, read_file
    from events.summary import result_line
    from service.api.history import ndjson
    from worker.selfplay import play

    table = play(GAME, 3, "de-replay", ["random", "greedy", "random"], DE)
    path = tmp_path / "de.ndjson"
    path.write_text(ndjson(table.log), encoding="utf-8")
    replayed = check_and_fold(read_file(path))
    assert replayed.status().over
    assert result_line(replayed) == result_line(table.projection)
    assert replayed.live.options == DE


@pytest.fixture
def api():
    from service import create_app

    settings = dataclasses.replace(Settings.from_env(), key_prefix="rrdeapi", rate_commands="100000 per second",
                                   rate_public="100000 per second", stream_block_ms=10)
    app = create_app(settings, fakeredis.FakeRedis(), send_task=False)
    repo = app.extensions["stellwerk"].repository
    record, tokens = repo.create("russian_railroads", DE, [{"name": n} for n in ("ann", "bob")], seed="de-api")
    return app.test_client(), record.id, tokens


def test_a_command_outside_the_legal_list_is_a_422_with_the_rule_code(api):
    client, game_id, tokens = api
    headers = {seat: {"Authorization": f"Bearer {token}"} for seat, token in tokens.items()}
    body = client.get(f"/api/games/{game_id}", headers=headers["p1"]).json
    view = body["view"]
    assert view["options"] == DE and "germany" in view
    mover = view["current"]

    def post(ctype, args, command_id):
        seq = client.get(f"/api/games/{game_id}", headers=headers[mover]).json["seq"]
        return client.post(f"/api/games/{game_id}/commands", headers=headers[mover],
                           json={"command": {"type": ctype, "args": args}, "expected_seq": seq,
                                 "command_id": command_id})

    r = post("ChooseBranch", {"arm": "hamburg"}, "c1")
    assert r.status_code == 422 and r.json["error"]["code"].startswith("rr.")
    r = post("UseIncomeMarker", {"marker": "coin_1"}, "c2")
    assert r.status_code == 422 and r.json["error"]["code"].startswith("rr.")


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
    from games.contract import Description, describe_command

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
