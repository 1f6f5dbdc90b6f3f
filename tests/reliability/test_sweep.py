"""The sweep's decisions on fakeredis, with the clock in the test's hand: which work
is enqueued again, which is left alone, and that two sweeps never both re-send.

No worker runs here: ``send`` records the tasks the sweep would put on the queue,
and the repository's follow-ups claim work the way the web node and worker do.
"""

from __future__ import annotations

import dataclasses
import time

import fakeredis
import pytest

from events.followups import ADVANCE_TASK, enqueue_followups
from events.repository import GameRepository
from events.settings import Settings
from events.store import EventStore
from games.contract import Command
from worker.sweep import sweep, watermark_key

LIMIT, MARGIN = 90, 30


class Queue:
    """Stands in for Celery's send_task; ``fail`` makes it raise like a broker outage."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, list]] = []
        self.fail = False

    def __call__(self, name: str, args: list) -> None:
        if self.fail:
            raise ConnectionError("broker down")
        self.sent.append((name, args))

    def advanced(self) -> list[tuple[str, int]]:
        return [(args[0], args[1]) for name, args in self.sent if name == ADVANCE_TASK]


@pytest.fixture
def settings() -> Settings:
    return dataclasses.replace(Settings.from_env(), key_prefix="sweep-test", task_time_limit=LIMIT,
                               work_margin_s=MARGIN)


@pytest.fixture
def queue() -> Queue:
    return Queue()


@pytest.fixture
def repo(settings: Settings, queue: Queue) -> GameRepository:
    repo = GameRepository(EventStore(fakeredis.FakeRedis(), settings.key_prefix))
    repo.on_appended = lambda game_id, p: enqueue_followups(repo, game_id, p, queue)
    return repo


def bot_game(repo: GameRepository) -> str:
    """A game whose first position is the bot's turn (claimed and enqueued at creation)."""
    record, _tokens = repo.create("tally", {"rounds": 1}, [{"bot": "random"}, {"name": "ann"}], seed="s")
    return record.id


def first_sweep(repo: GameRepository, settings: Settings, queue: Queue, now: float) -> None:
    """Sets the watermark, so that later sweeps look only at new appends."""
    sweep(repo, settings, queue, now=now)
    queue.sent.clear()


def test_work_of_a_dead_task_is_resent_once_its_heartbeats_stop(repo, settings, queue) -> None:
    """Issue 28: a worker SIGKILLed mid-task is noticed by its silence (heartbeat
    timeout), not after the task time limit plus margin."""
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    assert queue.advanced() == [(game, seq)]
    claimed = time.time()
    first_sweep(repo, settings, queue, claimed + 1)
    # The task was delivered and started; it beats for a while, then its worker is SIGKILLed.
    repo.store.work_started(game, seq, now=claimed + 2)
    last_beat = claimed + 2 + 3 * settings.heartbeat_s
    for k in range(1, 4):
        repo.store.work_heartbeat(game, seq, now=claimed + 2 + k * settings.heartbeat_s)

    # While it beats (or within the timeout of its last beat) it is left alone.
    report = sweep(repo, settings, queue, now=last_beat + settings.heartbeat_timeout_s - 1)
    assert report.resent == [] and queue.sent == []

    # Silent past the timeout: its worker is gone; enqueued again, for the same seq.
    report = sweep(repo, settings, queue, now=last_beat + settings.heartbeat_timeout_s + 1)
    assert report.resent == [f"{game}@{seq}"]
    assert queue.advanced() == [(game, seq)]
    assert repo.store.work_claimed(game, seq)
    assert last_beat + settings.heartbeat_timeout_s + 1 < claimed + LIMIT + MARGIN  # long before the old rule
    # Once: a second sweep right after finds nothing silent or overdue.
    queue.sent.clear()
    assert sweep(repo, settings, queue, now=last_beat + settings.heartbeat_timeout_s + 2).resent == []


def test_a_beating_task_is_never_resent_within_its_limit(repo, settings, queue) -> None:
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    t0 = time.time()
    first_sweep(repo, settings, queue, t0)
    repo.store.work_started(game, seq, now=t0 + 1)
    for now in range(int(t0) + 2, int(t0) + LIMIT, settings.heartbeat_s):
        repo.store.work_heartbeat(game, seq, now=now)
        assert sweep(repo, settings, queue, now=now + 1).resent == []
    assert queue.sent == []


def test_a_task_that_never_started_is_resent_after_the_limit(repo, settings, queue) -> None:
    """Claimed and enqueued, but its task never ran (lost before delivery): the
    in-flight entry's time limit plus margin, as before."""
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    claimed = time.time()
    first_sweep(repo, settings, queue, claimed + 1)
    assert sweep(repo, settings, queue, now=claimed + LIMIT + MARGIN - 1).resent == []
    assert sweep(repo, settings, queue, now=claimed + LIMIT + MARGIN + 1).resent == [f"{game}@{seq}"]


def test_two_sweeps_never_both_resend(repo, settings, queue) -> None:
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    first_sweep(repo, settings, queue, time.time())
    later = time.time() + LIMIT + MARGIN + 5
    # Both sweeps read the overdue entry before either takes it over.
    (entry,) = repo.store.work_overdue(later - settings.work_overdue_s)
    assert repo.store.reclaim_work(*entry, now=later)
    assert not repo.store.reclaim_work(*entry, now=later)
    # And a whole second sweep right after the first finds nothing overdue.
    queue.sent.clear()
    assert sweep(repo, settings, queue, now=later + 1).resent == []
    assert queue.sent == [] and entry[:2] == (game, seq)


def test_a_resent_task_is_resent_again_only_after_another_full_limit(repo, settings, queue) -> None:
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    t0 = time.time()
    first_sweep(repo, settings, queue, t0)
    t1 = t0 + LIMIT + MARGIN + 1
    assert sweep(repo, settings, queue, now=t1).resent == [f"{game}@{seq}"]
    # The resent task gets its own full time limit before it is taken for lost too.
    assert sweep(repo, settings, queue, now=t1 + LIMIT + MARGIN - 1).resent == []
    assert sweep(repo, settings, queue, now=t1 + LIMIT + MARGIN + 1).resent == [f"{game}@{seq}"]
    assert queue.advanced() == [(game, seq), (game, seq)]


def test_finished_work_is_never_resent(repo, settings, queue) -> None:
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    t0 = time.time()
    first_sweep(repo, settings, queue, t0)
    repo.store.work_started(game, seq, now=t0 + 1)
    repo.store.work_done(game, seq)  # what a task that returns does
    assert sweep(repo, settings, queue, now=t0 + 10 * (LIMIT + MARGIN)).resent == []
    assert queue.sent == []


def test_a_task_waiting_in_the_queue_counts_from_its_start(repo, settings, queue) -> None:
    """Busy workers: the task started long after its claim; while it runs within its
    limit the sweep does not send a duplicate."""
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    t0 = time.time()
    first_sweep(repo, settings, queue, t0)
    repo.store.work_started(game, seq, now=t0 + LIMIT + MARGIN + 100)
    repo.store.work_heartbeat(game, seq, now=t0 + LIMIT + MARGIN + 145)  # it runs, and beats
    assert sweep(repo, settings, queue, now=t0 + LIMIT + MARGIN + 150).resent == []
    assert queue.sent == []


def test_a_task_killed_in_the_middle_of_a_turn_is_continued_from_the_new_position(repo, settings, queue) -> None:
    """The dead task had appended a sub-move (without follow-ups): the work for the
    newer position, never claimed, is enqueued and the old entry forgotten."""
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    t0 = time.time()
    first_sweep(repo, settings, queue, t0)
    p = repo.projection(game)
    bot = p.turn_seat or p.status().to_move[0]
    repo.execute(game, Command("Add", bot, {"n": 1}), seq, command_id=f"work-{seq}", followups=False)
    new_seq = repo.store.last_seq(game)
    assert new_seq > seq and not repo.store.work_claimed(game, new_seq)
    report = sweep(repo, settings, queue, now=t0 + LIMIT + MARGIN + 1)
    assert report.revived == [f"{game}@{new_seq}"] and report.resent == []
    assert queue.advanced() == [(game, new_seq)]
    assert repo.store.work_overdue(t0 + 10_000) == [(game, new_seq, pytest.approx(time.time(), abs=60))]


def test_overdue_work_no_longer_needed_is_dropped(repo, settings, queue) -> None:
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    t0 = time.time()
    first_sweep(repo, settings, queue, t0)
    p = repo.projection(game)
    bot = p.turn_seat or p.status().to_move[0]
    # The dead task appended the whole turn, then died before removing its entry;
    # the follow-up (ann's turn) needs no worker.
    repo.execute(game, Command("Add", bot, {"n": 1}), seq, command_id=f"work-{seq}", followups=False)
    repo.execute(game, Command("ConfirmTurn", bot, {}), seq + 1, command_id=f"work-{seq + 1}")
    queue.sent.clear()
    report = sweep(repo, settings, queue, now=t0 + LIMIT + MARGIN + 1)
    assert report.dropped == 1 and report.resent == [] and report.revived == [] and queue.advanced() == []
    assert repo.store.work_overdue(t0 + 10_000) == []


def test_work_never_enqueued_is_found_among_new_appends_only(repo, settings, queue) -> None:
    """A web node that died between its append and its claim: the next sweep finds
    the game among those appended to since its last run."""
    t0 = time.time()
    first_sweep(repo, settings, queue, t0)
    repo.on_appended = None  # the node appends, then dies before it claims
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    # Not while the game may still be in the hands of a task appending its turn.
    assert sweep(repo, settings, queue, now=time.time() + 1).revived == []
    report = sweep(repo, settings, queue, now=time.time() + MARGIN + 1)
    assert report.revived == [f"{game}@{seq}"]
    assert queue.advanced() == [(game, seq)]
    # Claimed now: no later sweep sends it again while its task is within its limit.
    assert sweep(repo, settings, queue, now=time.time() + MARGIN + 2).revived == []
    assert len(queue.advanced()) == 1


def test_a_bot_in_the_middle_of_its_turn_is_not_sent_twice(repo, settings, queue) -> None:
    """Between its sub-moves a bot's position is unclaimed (its task appends without
    follow-ups); the sweep must not take that for lost work."""
    game = bot_game(repo)
    seq = repo.store.last_seq(game)
    t0 = time.time()
    first_sweep(repo, settings, queue, t0 - 2 * MARGIN)
    repo.store.work_started(game, seq, now=t0)
    p = repo.projection(game)
    bot = p.turn_seat or p.status().to_move[0]
    repo.execute(game, Command("Add", bot, {"n": 1}), seq, command_id=f"work-{seq}", followups=False)
    assert not repo.store.work_claimed(game, repo.store.last_seq(game))
    report = sweep(repo, settings, queue, now=time.time() + 1)
    assert report.revived == [] and report.resent == [] and queue.sent == []


def test_the_unclaimed_scan_reads_only_games_appended_since_the_watermark(repo, settings, queue) -> None:
    """Finished and idle games are not read again and again: the sweep reads the
    lobby only from its watermark (minus the margin for other hosts' clocks)."""
    store = repo.store
    for i in range(5):
        store.touch(f"old-{i}", 1000.0 + i)  # long finished games (no meta: unknown)
    store.redis.set(watermark_key(settings.key_prefix), repr(5000.0))
    seen: list[float] = []
    real = store.touched_between

    def spy(after: float, upto: float) -> list[tuple[str, float]]:
        seen.append(after)
        return real(after, upto)

    store.touched_between = spy  # type: ignore[method-assign]
    sweep(repo, settings, queue, now=6000.0)
    assert seen == [5000.0 - MARGIN]
    assert real(seen[0], 6000.0) == []
    assert float(store.redis.get(watermark_key(settings.key_prefix))) == 6000.0 - MARGIN


def test_a_failed_send_is_retried_by_the_next_sweep(repo, settings, queue) -> None:
    queue.fail = True
    game = bot_game(repo)  # the enqueue after creation fails: claim released
    seq = repo.store.last_seq(game)
    assert not repo.store.work_claimed(game, seq)
    queue.fail = False
    report = sweep(repo, settings, queue, now=time.time())
    assert f"{game}@{seq}" in report.resent + report.revived
    assert queue.advanced() == [(game, seq)]


def test_claim_records_when_it_was_taken(repo) -> None:
    assert repo.store.claim_work("g", 7, now=1234.5)
    assert not repo.store.claim_work("g", 7, now=1300.0)
    assert repo.store.work_overdue(2000.0) == [("g", 7, 1234.5)]
    assert float(repo.store.redis.get(repo.store._work_key("g", 7, "work"))) == 1234.5
    # Notices are claimed once too, but are no work in flight.
    assert repo.store.claim_work("g", 7, kind="reminder", now=1234.5)
    assert repo.store.work_overdue(2000.0) == [("g", 7, 1234.5)]
