"""Tables that wait for players (issue 10, "Tables and seats"): nothing is dealt
until every seat is taken, invitations are kept for their invitee, the creator may
fill the empty seats with bots, and concurrent joins neither lose a name nor deal
twice.  On a real Redis and fakeredis."""

from __future__ import annotations

import threading

import pytest

from events import seating
from events.repository import GameRepository
from events.store import EventStore
from games.contract import Command, IllegalMove


@pytest.fixture
def repo(redis_client, prefix):
    return GameRepository(EventStore(redis_client, prefix))


def create(repo, seats):
    record, tokens = repo.create("tally", {"rounds": 1}, seats, table={"creator": "p1"})
    return record, tokens


def test_a_table_with_an_open_seat_deals_nothing_until_it_is_taken(repo):
    record, tokens = create(repo, [{"name": "ann"}, {}])
    assert record.waiting and list(tokens) == ["p1"]
    assert repo.store.read(record.id) == [] and repo.projection(record.id).seq == 0
    assert record.status["phase"] == "waiting" and record.status["to_move"] == []
    with pytest.raises(IllegalMove) as err:
        repo.execute(record.id, Command("Add", "p1", {"n": 1}), 0, "early")
    assert err.value.code == "platform.no_game"
    seat, _token = repo.join(record.id, "bob")
    assert seat == "p2"
    after = repo.record(record.id)
    assert not after.waiting and [s.name for s in after.seats] == ["ann", "bob"]
    log = repo.store.read(record.id)
    assert log[0].type == "GameCreated" and log[0].payload["seats"] == ["p1", "p2"]
    assert repo.projection(record.id).status().to_move == ("p1",)


def test_an_invited_seat_is_kept_for_its_invitee(repo):
    record, _ = create(repo, [{"name": "ann"}, {"invited": "bob"}, {}])
    assert [g.id for g in repo.list("bob")] == [record.id]
    assert [(r.id, s) for r, s in seating.invitations(repo, "bob")] == [(record.id, "p2")]
    with pytest.raises(IllegalMove) as err:
        repo.join(record.id, "eve", "p2")
    assert err.value.code == "platform.seat_invited"
    assert repo.join(record.id, "eve")[0] == "p3"  # the open seat, not bob's
    assert repo.record(record.id).waiting  # bob has not answered yet
    seat, _ = repo.join(record.id, "bob")  # accepting the invitation
    assert seat == "p2" and not repo.record(record.id).waiting
    assert [s.name for s in repo.record(record.id).seats] == ["ann", "bob", "eve"]


def test_a_declined_seat_stays_closed_until_the_creator_opens_it(repo):
    """Issue 27: a declined invitation no longer silently turns into a public open seat;
    the creator chooses (here: open it), and then anybody may join."""
    record, _ = create(repo, [{"name": "ann"}, {"invited": "bob"}])
    with pytest.raises(IllegalMove):
        seating.decline(repo, record.id, "eve")
    assert seating.decline(repo, record.id, "bob") == "p2"
    assert seating.invitations(repo, "bob") == []
    with pytest.raises(IllegalMove):
        repo.join(record.id, "eve")  # closed: declined by bob, the creator has not chosen
    seating.settle_declined(repo, record.id, "p2", "open")
    seat, _ = repo.join(record.id, "eve")
    assert seat == "p2" and not repo.record(record.id).waiting


def test_the_creator_starts_with_bots_in_the_empty_seats(repo):
    record, _ = create(repo, [{"name": "ann"}, {"invited": "bob"}, {}])
    filled = seating.start_with_bots(repo, record.id, "random")
    assert filled == ["p2", "p3"]
    after = repo.record(record.id)
    assert not after.waiting and after.bots == {"p2": "random", "p3": "random"}
    created = repo.store.read(record.id)[0]
    assert created.payload["bots"] == {"p2": "random", "p3": "random"}
    with pytest.raises(IllegalMove):
        seating.start_with_bots(repo, record.id, "random")
    with pytest.raises(IllegalMove):
        repo.join(record.id, "bob")


@pytest.mark.parametrize("redis_client", ["real"], indirect=True)
def test_concurrent_joins_lose_no_name_and_deal_once(repo):
    for _ in range(5):
        record, _ = create(repo, [{"name": "ann"}, {}, {}, {}])
        results: list[object] = []
        barrier = threading.Barrier(6)

        def join(i, barrier=barrier, results=results, record=record):
            local = GameRepository(EventStore(repo.store.redis, repo.store.keys.prefix))
            barrier.wait()
            try:
                results.append(local.join(record.id, f"player{i}"))
            except IllegalMove as exc:
                results.append(exc.code)

        threads = [threading.Thread(target=join, args=(i,)) for i in range(6)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        seated = [r for r in results if isinstance(r, tuple)]
        assert len(seated) == 3 and sorted(s for s, _ in seated) == ["p2", "p3", "p4"]
        assert results.count("platform.no_open_seat") + results.count("platform.seat_taken") == 3
        after = repo.record(record.id)
        names = {s.seat: s.name for s in after.seats}
        assert all(names.values()) and not after.waiting
        log = repo.store.read(record.id)
        assert [e.type for e in log].count("GameCreated") == 1
