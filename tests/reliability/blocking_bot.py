"""A test-only bot level, ``blocking``, that makes a bot move slow deterministically.

While the Redis key ``<prefix>:test:hold`` exists, the bot announces itself on the list
``<prefix>:test:started`` (its pid) and then blocks on ``<prefix>:test:release`` until the
test pushes a token: the test knows exactly when a worker is in the middle of a bot
move, and kills it there.  Without the key it plays like the random bot.

Loaded in the web and worker processes through
``STELLWERK_EXTRA_GAMES=tests.reliability.blocking_bot:GAME`` (the tally game,
re-exported; importing this module registers the bot level).
"""

from __future__ import annotations

import os
import random

import redis

from events.local import LocalTable
from games.contract import Command
from tests.fixture_game import GAME  # noqa: F401  (what STELLWERK_EXTRA_GAMES registers)
from worker import bots
from worker.bots.random_bot import RandomBot


def keys(prefix: str) -> tuple[str, str, str]:
    return f"{prefix}:test:hold", f"{prefix}:test:started", f"{prefix}:test:release"


class BlockingBot:
    name = "blocking"

    def choose_turn(self, table: LocalTable, seat: str, rng: random.Random, budget_ms: int) -> list[Command]:
        # A read timeout above the BLPOP below (redis-py's default is 5 s).
        client = redis.Redis.from_url(os.environ["REDIS_URL"], socket_timeout=150)
        hold, started, release = keys(os.environ.get("STELLWERK_KEY_PREFIX", "stellwerk"))
        if client.exists(hold):
            client.rpush(started, f"{os.getpid()}:{table.projection.seq}")
            if client.blpop([release], timeout=120) is None:
                raise RuntimeError("the blocking bot was never released")
        client.close()
        return RandomBot().choose_turn(table, seat, rng, budget_ms)


# Its wait is not a search overrun: no deadline fallback within the test's time.
bots.register("blocking", BlockingBot(), budget_ms=300_000)
