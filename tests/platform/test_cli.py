"""The CLI: selfplay -> replay round trip, export redaction, replay refusing bad logs."""

from __future__ import annotations

import json

from click.testing import CliRunner

from events.envelope import Envelope
from events.repository import GameRepository
from events.store import EventStore
from games.contract import Command
from service.api.history import ndjson
from service.cli import main


def test_selfplay_logs_replay_to_the_same_result(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["selfplay", "--game", "tally", "--players", "3", "--seed", "7", "--games", "3",
                                  "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert len(lines) == 3 and all(line["over"] for line in lines)
    for line in lines:
        replayed = runner.invoke(main, ["replay", line["log"]])
        assert replayed.exit_code == 0, replayed.output
        again = json.loads(replayed.output)
        assert {k: again[k] for k in ("game", "seq", "over", "scores", "ranking", "to_move")} == \
            {k: line[k] for k in ("game", "seq", "over", "scores", "ranking", "to_move")}


def test_selfplay_is_deterministic_for_a_seed():
    runner = CliRunner()
    args = ["selfplay", "--game", "tally", "--players", "2", "--seed", "abc"]
    assert runner.invoke(main, args).output == runner.invoke(main, args).output


def test_replay_refuses_a_log_with_a_gap(tmp_path):
    runner = CliRunner()
    runner.invoke(main, ["selfplay", "--game", "tally", "--seed", "1", "--out", str(tmp_path)])
    path = next(tmp_path.glob("*.ndjson"))
    lines = path.read_text().splitlines()
    del lines[3]
    path.write_text("\n".join(lines) + "\n")
    result = runner.invoke(main, ["replay", str(path)])
    assert result.exit_code != 0 and "gap" in result.output


def test_replay_refuses_a_move_out_of_turn(tmp_path):
    runner = CliRunner()
    runner.invoke(main, ["selfplay", "--game", "tally", "--seed", "1", "--out", str(tmp_path)])
    path = next(tmp_path.glob("*.ndjson"))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    index = next(i for i, e in enumerate(lines) if e["type"] == "Added")
    lines[index]["actor"] = "p2" if lines[index]["actor"] == "p1" else "p1"
    path.write_text("".join(json.dumps(e) + "\n" for e in lines))
    result = runner.invoke(main, ["replay", str(path)])
    assert result.exit_code != 0 and "out of turn" in result.output


def test_export_is_redacted_for_a_seat_and_refused_by_replay(tmp_path, real_redis_url, prefix, monkeypatch):
    import redis

    monkeypatch.setenv("STELLWERK_KEY_PREFIX", prefix)
    repo = GameRepository(EventStore(redis.Redis.from_url(real_redis_url), prefix))
    record, _ = repo.create("tally", {"rounds": 1}, [{"name": "a"}, {"name": "b"}], seed="x")
    p = repo.projection(record.id)
    for n, (seat, type_, args) in enumerate([("p1", "Add", {"n": 1}), ("p1", "Draw", {}), ("p1", "ConfirmTurn", {})]):
        repo.execute(record.id, Command(type_, seat, args), p.seq + n, f"c{n}")
    out = tmp_path / "p2.ndjson"
    result = CliRunner().invoke(main, ["export", record.id, "--as", "p2", "--redis-url", real_redis_url,
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert '"deck"' not in text and '"seed"' not in text and '"hidden":true' in text
    refused = CliRunner().invoke(main, ["replay", str(out)])
    assert refused.exit_code != 0 and "redacted" in refused.output


def test_ndjson_round_trips_envelopes():
    env = Envelope(seq=1, type="GameCreated", actor="system", payload={"game": "tally"}, turn=1, ts=0, command_id="c")
    from events.logfile import read_lines

    assert read_lines(ndjson([env]).splitlines()) == [env]
