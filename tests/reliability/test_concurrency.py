"""Many clients on the same few games at once, through two real gunicorn web nodes on
one real Redis, with a real Celery worker scoring the rounds.

Each seat is played by two threads (a player with two devices) that pick web nodes at
random and race each other; they also send illegal commands, stale ``expected_seq``,
commands out of turn and resends of commands already accepted.  Afterwards every
game's log has seqs 1..N without a gap or a duplicate, every accepted command (201)
is in it exactly once with the range it was answered, every resend got that same
range back (200), nothing refused left a trace, every refusal was a 409 or a 422 and
nothing answered 500; every game ran to its end and each round was scored once.
"""

from __future__ import annotations

import threading
import time
from collections import Counter

import pytest

from events.keys import Keys
from tests.reliability.load import Journal, Player, check_game_log, create_games, read_log

pytestmark = [pytest.mark.slow]

GAMES, SEATS, ROUNDS, DEVICES = 3, 4, 5, 2


def test_concurrent_clients_on_the_same_games(cluster) -> None:
    games = create_games(cluster.bases[0], GAMES, SEATS, ROUNDS)
    journal = Journal()
    stop = threading.Event()
    deadline = time.monotonic() + 90
    players = [Player(cluster.bases, game, seat, token, Keys(cluster.prefix).game(game).log, cluster.redis.url,
                      journal, seed=hash((game, seat, d)) & 0xFFFF, stop=stop, deadline=deadline)
               for game, tokens in games for seat, token in tokens.items() for d in range(DEVICES)]
    for p in players:
        p.start()
    for p in players:
        p.join(timeout=max(1.0, deadline - time.monotonic() + 5))
    stop.set()
    assert not journal.errors, journal.errors
    assert not [p for p in players if p.is_alive()], "a player hung"

    statuses = Counter(s.status for s in journal.sent)
    kinds = Counter((s.kind, s.status) for s in journal.sent)
    print(f"\n{len(players)} client threads, {len(journal.sent)} commands: {dict(statuses)}\n{dict(kinds)}")
    assert set(statuses) <= {200, 201, 409, 422}, statuses
    # The run exercised every path: accepted, repeated, stale and illegal.
    assert statuses[201] > 50 and statuses[200] > 0 and statuses[409] > 0 and statuses[422] > 0

    client = cluster.client()
    for game, _tokens in games:
        counts = check_game_log(client, cluster.prefix, game, journal.sent)
        assert counts["over"], f"{game} did not finish"
        _ids, log = read_log(client, cluster.prefix, game)
        scored = [e for e in log if e.type == "RoundScored"]
        assert [e.payload["round"] for e in scored] == list(range(1, ROUNDS + 1)), "each round scored once"
        assert all(e.actor == "system" and e.command_id.startswith("work-") for e in scored)
    # Illegal, stale and out-of-turn commands are refused with 422 or 409 (409 when the
    # other device moved first: the seq is checked before the rules).
    assert all(s.status in (409, 422) for s in journal.sent if s.kind in ("illegal", "stale", "out_of_turn"))
    assert kinds[("illegal", 422)] > 0 and kinds[("stale", 409)] > 0
    assert all(s.status == 200 for s in journal.sent if s.kind == "resend")
    client.close()
