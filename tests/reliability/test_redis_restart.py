"""Stop and restart Redis (AOF on, fsync every second) in the middle of a load run.

Players keep submitting through both web nodes while Redis goes away and comes back
on the same port and data directory.  While it is away, ``/healthz`` on every node
answers 503 and API calls fail fast with a clear error (503, never a hang and never
a 500); when it is back, the same web processes answer 200 again without a restart,
and the load run goes on.  Afterwards every move that was acknowledged (201) is in
the log that Redis reloaded from its AOF, and every log is still gap-free.

And every game finishes: work that the outage cut off (a move appended just before
Redis went away, whose round scoring was never claimed or never sent; a task that
failed while Redis was away) is sent again by the beat's sweep, as in production.
Without the beat one game in six or eight stopped for good at a round's end (the
move appended, its follow-up claim refused by the dying Redis, nothing left to send
the scoring): the topology had no beat, so the test ran a system that production
never runs.  The sweep's timings are shortened here so that it acts within seconds.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from events.keys import Keys
from tests.reliability.httpclient import Client
from tests.reliability.load import Journal, Player, check_game_log, create_games
from tests.reliability.procs import have_redis_server, topology

pytestmark = [
    pytest.mark.slow,
    # Found by this test: while Redis is away, redis.ConnectionError reaches the generic
    # handler (500), and flask-limiter's after_request (rate-limit headers) raises outside
    # any handler (500).  Fixed by a 503 handler for redis.ConnectionError/TimeoutError in
    # service/errors.py and Limiter(swallow_errors=True) in service/security.py; with both
    # the test passes.  Remove this marker with those two changes (strict: it must fail now).
]

GAMES, SEATS, ROUNDS = 6, 3, 5
#: How long the players may take to finish their games.  A player stops as soon as its
#: game is over, so a quiet machine never waits this long; a busy one (issue 28: two
#: test suites on two cores) needs it (120 s left one game of six unfinished).
PLAY_S = 480
#: The sweep every second; work never claimed is taken for lost once its game has been
#: quiet for the margin, work claimed but never done after the time limit plus margin.
SWEEP = {"STELLWERK_SWEEP_S": "1", "STELLWERK_WORK_MARGIN_S": "3", "STELLWERK_TASK_TIME_LIMIT": "20",
         "STELLWERK_TASK_SOFT_TIME_LIMIT": "15"}


@pytest.mark.timeout(PLAY_S + 240)
def test_redis_restart_during_load_loses_no_acknowledged_move(tmp_path: Path) -> None:
    if not have_redis_server():
        pytest.skip("needs the redis-server binary (apt install redis-server)")
    with topology(tmp_path, web_nodes=2, web_workers=1, threads=8, with_beat=True, **SWEEP) as topo:
        games = create_games(topo.bases[0], GAMES, SEATS, ROUNDS)
        journal = Journal()
        stop = threading.Event()
        deadline = time.monotonic() + PLAY_S
        players = [Player(topo.bases, game, seat, token, Keys(topo.prefix).game(game).log, topo.redis.url,
                          journal, seed=i, stop=stop, deadline=deadline, mischief=0.1, tolerate_outage=True)
                   for i, (game, tokens) in enumerate(games) for seat, token in tokens.items()]
        for p in players:
            p.start()
        try:
            assert journal.wait_accepted(40, timeout=180), "the load run never got going"

            # --- Redis goes away (a clean stop: SIGTERM, Redis fsyncs its AOF) ---------
            acknowledged_before = journal.accepted
            topo.redis.stop()
            probes = [Client(base, timeout=30) for base in topo.bases]
            for probe in probes:
                started = time.monotonic()
                r = probe.get("/healthz")
                assert r.status == 503 and r.json["ok"] is False, (r.status, r.body)
                game, tokens = games[0]
                r = probe.post(f"/api/games/{game}/commands",
                               {"command": {"type": "ConfirmTurn"}, "expected_seq": 1, "command_id": "during-outage"},
                               token=tokens["p1"])
                assert r.status == 503, (r.status, r.body)
                assert r.json["error"]["code"], r.body
                assert time.monotonic() - started < 15, "a request hung while Redis was away"

            # --- Redis comes back on the same port and data directory -----------------
            topo.redis.start()
            for probe in probes:
                r = probe.get("/healthz")  # the same web processes, no restart
                assert r.status == 200, (r.status, r.body)
            assert journal.wait_accepted(journal.accepted + 40, timeout=180), "the load run did not resume"
            for p in players:
                p.join(timeout=max(1.0, deadline - time.monotonic() + 5))
            stop.set()
            assert not journal.errors, journal.errors
            assert not [p for p in players if p.is_alive()], "a player hung"
        finally:
            stop.set()  # players end even when an assertion above failed
        statuses = Counter(s.status for s in journal.sent)
        swept = [line for w in topo.workers for line in w.output().splitlines() if "sweep enqueued" in line]
        print(f"\nacknowledged before the stop: {acknowledged_before}, in all: {journal.accepted}; "
              f"commands {dict(statuses)}; reads {dict(journal.reads)}; the sweep: {swept or 'nothing lost'}")
        assert 500 not in statuses and 500 not in journal.reads, f"a 500 while Redis was away:\n{topo.errors()}"
        client = topo.client()
        finished = 0
        for game, _tokens in games:
            counts = check_game_log(client, topo.prefix, game, journal.sent, unknown_outcome=frozenset({503, -1}))
            finished += counts["over"]
        assert sum(1 for s in journal.sent if s.status == 201) == journal.accepted
        assert finished == GAMES, f"only {finished} of {GAMES} games finished after the restart"
        client.close()
