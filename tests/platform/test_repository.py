"""The repository on a real Redis and fakeredis: execute, idempotency, snapshots, replay."""

from __future__ import annotations

import random

import pytest

from events import snapshots
from events.projection import fold
from events.redaction import redact_log
from events.repository import GameRepository, UnknownGame
from events.store import Conflict, EventStore
from games.contract import REVIEWER, SPECTATOR, Command, IllegalMove


@pytest.fixture
def repo(redis_client, prefix):
    return GameRepository(EventStore(redis_client, prefix), snapshot_every=10, cache_size=4)


def new_game(repo, seats=2, rounds=3):
    record, tokens = repo.create("tally", {"rounds": rounds}, [{"name": f"n{i}"} for i in range(seats)], seed="s")
    return record.id, tokens


def play_out(repo, game_id, seed=0, stop_after=None):
    rng = random.Random(seed)
    from events import commands as platform

    n = 0
    while True:
        p = repo.projection(game_id)
        if p.status().over or (stop_after is not None and n >= stop_after):
            return p
        if p.status().pending_system:
            cmd = Command(p.status().pending_system[0], "system", {})
        else:
            seat = p.turn_seat or p.status().to_move[0]
            choices = [c for c in platform.legal_commands(p, seat) if c.type != "Undo"]
            cmd = rng.choice(choices)
        repo.execute(game_id, cmd, p.seq, f"c{n}")
        n += 1


def test_execute_appends_and_refuses_stale_seq(repo):
    game_id, _ = new_game(repo)
    p = repo.projection(game_id)
    result = repo.execute(game_id, Command("Add", "p1", {"n": 2}), p.seq, "a")
    assert (result.first_seq, result.last_seq) == (p.seq + 1, p.seq + 1)
    with pytest.raises(Conflict) as err:
        repo.execute(game_id, Command("Add", "p1", {"n": 1}), p.seq, "b")
    assert err.value.current_seq == p.seq + 1


def test_repeated_command_id_is_idempotent_even_when_stale(repo):
    game_id, _ = new_game(repo)
    p = repo.projection(game_id)
    first = repo.execute(game_id, Command("Add", "p1", {"n": 2}), p.seq, "same")
    again = repo.execute(game_id, Command("Add", "p1", {"n": 2}), p.seq, "same")
    assert again.duplicate and (again.first_seq, again.last_seq) == (first.first_seq, first.last_seq)
    assert repo.store.last_seq(game_id) == first.last_seq


def test_illegal_command_appends_nothing(repo):
    game_id, _ = new_game(repo)
    seq = repo.store.last_seq(game_id)
    with pytest.raises(IllegalMove):
        repo.execute(game_id, Command("Add", "p1", {"n": 9}), seq, "x")
    with pytest.raises(IllegalMove) as err:
        repo.execute(game_id, Command("Add", "p2", {"n": 1}), seq, "y")
    assert err.value.code == "platform.not_your_turn"
    assert repo.store.last_seq(game_id) == seq


def test_snapshot_plus_tail_equals_full_fold(repo):
    game_id, _ = new_game(repo, seats=3, rounds=4)
    play_out(repo, game_id, seed=1)
    log = repo.store.read(game_id)
    full = fold(repo.game_of(game_id), log)
    taken = []
    for seq in range(1, len(log) + 1, 7):
        if snapshots.can_snapshot(fold(repo.game_of(game_id), log[:seq])):
            taken.append(repo.take_snapshot(game_id, upto=seq))
    assert len(taken) >= 3
    repo.forget(game_id)
    rebuilt = repo.projection(game_id)
    assert rebuilt.live == full.live and rebuilt.seq == full.seq
    for seq in range(1, len(log) + 1):
        at = repo.projection(game_id, upto=seq)
        assert at.live == fold(repo.game_of(game_id), log[:seq]).live


def test_cached_projection_follows_appends_by_another_process(repo, redis_client, prefix):
    game_id, _ = new_game(repo)
    other = GameRepository(EventStore(redis_client, prefix))
    p = other.projection(game_id)
    repo.projection(game_id)  # cache it here
    other.execute(game_id, Command("Add", "p1", {"n": 3}), p.seq, "elsewhere")
    assert repo.projection(game_id).live.counters["p1"] == 3


def test_tokens_are_stored_hashed_and_authenticate(repo):
    game_id, tokens = new_game(repo)
    stored = repo.store.token_hashes(game_id)
    assert tokens["p1"] not in stored.values()
    assert repo.authenticate(game_id, tokens["p1"]) == "p1"
    assert repo.authenticate(game_id, "nope") is None


def test_join_takes_open_seats_once(repo):
    record, tokens = repo.create("tally", {}, [{"name": "ann"}, {}], seed="s")
    seat, token = repo.join(record.id, "bob")
    assert seat == "p2" and repo.authenticate(record.id, token) == "p2"
    with pytest.raises(IllegalMove):
        repo.join(record.id, "cid")
    assert [r.id for r in repo.list(player="bob")] == [record.id]


def test_unknown_game(repo):
    with pytest.raises(UnknownGame):
        repo.record("missing")


def test_redacted_log_hides_deck_and_others_cards(repo):
    game_id, _ = new_game(repo)
    p = repo.projection(game_id)
    repo.execute(game_id, Command("Add", "p1", {"n": 1}), p.seq, "a")
    repo.execute(game_id, Command("Draw", "p1", {}), p.seq + 1, "b")
    repo.execute(game_id, Command("ConfirmTurn", "p1", {}), p.seq + 2, "c")
    p = repo.projection(game_id)
    card = p.live.hands["p1"][0]
    log = repo.store.read(game_id)
    for viewer in ("p2", SPECTATOR):
        text = repr([e.payload for e in redact_log(p, log, viewer)])
        assert "deck" not in text and "seed" not in text and f"'card': {card}" not in text
    own = repr([e.payload for e in redact_log(p, log, "p1")])
    assert f"'card': {card}" in own and "'deck'" not in own
    assert "'deck'" in repr([e.payload for e in redact_log(p, log, REVIEWER)])


def test_others_do_not_see_an_open_turn_in_the_log(repo):
    game_id, _ = new_game(repo)
    p = repo.projection(game_id)
    repo.execute(game_id, Command("Add", "p1", {"n": 1}), p.seq, "a")
    p2 = repo.projection(game_id)
    assert len(redact_log(p2, repo.store.read(game_id), "p2")) == p.seq
    assert len(redact_log(p2, repo.store.read(game_id), "p1")) == p.seq + 1


def test_finished_game_shows_everything(repo):
    game_id, _ = new_game(repo, rounds=1)
    p = play_out(repo, game_id)
    assert p.status().over
    log = repo.store.read(game_id)
    assert redact_log(p, log, SPECTATOR) == log


def test_withdrawn_drafts_stay_with_their_player(repo):
    """Sub-moves taken back before confirming are the mover's own deliberation:
    after the confirm, the others' log shows only what was kept."""
    game_id, _ = new_game(repo)
    p = repo.projection(game_id)
    start = p.seq
    steps = [("Add", {"n": 3}), ("Undo", {"to_seq": start}), ("Add", {"n": 1}), ("ConfirmTurn", {})]
    for n, (type_, args) in enumerate(steps):
        repo.execute(game_id, Command(type_, "p1", args), start + n, f"c{n}")
    p = repo.projection(game_id)
    log = repo.store.read(game_id)
    others = [(e.type, dict(e.payload)) for e in redact_log(p, log, "p2")[start:]]
    assert others == [("Added", {"seat": "p1", "n": 1}), ("TurnConfirmed", {"seat": "p1"})]
    own = [e.type for e in redact_log(p, log, "p1")[start:]]
    assert own == ["Added", "Undone", "Added", "TurnConfirmed"]
