"""Players for the load and fault tests: threads that play tally games over HTTP the
way impatient clients do (racing their own second device, resending, sending illegal
and stale commands), and the checks every game's log must pass afterwards."""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import redis

from events.envelope import Envelope
from events.keys import Keys
from events.logfile import check_and_fold
from events.store import EventStore
from tests.reliability.httpclient import Client


@dataclass
class Sent:
    game: str
    seat: str
    command_id: str  # the client's id; the log stores "<seat>:<command_id>"
    command: dict[str, Any]
    expected_seq: int
    status: int  # -1: no answer (transport error)
    body: Any
    kind: str  # "legal", "illegal", "stale", "resend", "out_of_turn"


@dataclass
class Journal:
    sent: list[Sent] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reads: Counter[int] = field(default_factory=Counter)  # statuses of GETs
    accepted: int = 0
    changed: threading.Condition = field(default_factory=threading.Condition)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, item: Sent) -> None:
        with self.lock:
            self.sent.append(item)
        if item.status == 201:
            with self.changed:
                self.accepted += 1
                self.changed.notify_all()

    def wait_accepted(self, at_least: int, timeout: float) -> bool:
        """Block until ``at_least`` commands were accepted in all."""
        with self.changed:
            return self.changed.wait_for(lambda: self.accepted >= at_least, timeout)


def create_games(base: str, count: int, seats: int, rounds: int) -> list[tuple[str, dict[str, str]]]:
    client = Client(base)
    games = []
    for g in range(count):
        r = client.post("/api/games", {"game": "tally", "options": {"rounds": rounds},
                                       "seats": [{"name": f"g{g}s{i}"} for i in range(seats)]})
        assert r.status == 201, r.body
        games.append((r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}))
    client.close()
    return games


class Player(threading.Thread):
    """Plays one seat of one game through one or more web nodes until the game ends,
    ``stop`` is set or ``deadline`` passes."""

    def __init__(self, bases: list[str], game: str, seat: str, token: str, log_key: str, redis_url: str,
                 journal: Journal, seed: int, stop: threading.Event, deadline: float,
                 mischief: float = 0.25, tolerate_outage: bool = False) -> None:
        super().__init__(daemon=True)
        self.clients = [Client(b, timeout=30) for b in bases]
        self.game, self.seat, self.token = game, seat, token
        self.log_key = log_key
        self.redis = redis.Redis.from_url(redis_url, socket_timeout=5)
        self.journal = journal
        self.rng = random.Random(seed)
        self.stop_event = stop
        self.deadline = deadline
        self.mischief = mischief
        self.tolerate_outage = tolerate_outage
        self.last_accepted: tuple[str, dict[str, Any], int] | None = None

    def client(self) -> Client:
        return self.rng.choice(self.clients)

    def post(self, command: dict[str, Any], expected_seq: int, kind: str, command_id: str | None = None) -> int:
        command_id = command_id or uuid.uuid4().hex
        body = {"command": command, "expected_seq": expected_seq, "command_id": command_id}
        try:
            r = self.client().post(f"/api/games/{self.game}/commands", body, token=self.token)
            status, payload = r.status, r.json
        except OSError as exc:
            status, payload = -1, repr(exc)
        self.journal.add(Sent(self.game, self.seat, command_id, command, expected_seq, status, payload, kind))
        if status == 201:
            self.last_accepted = (command_id, command, expected_seq)
        return status

    def wait_for_change(self, seq: int) -> None:
        """Block until the log grows past ``seq`` (XREAD BLOCK), at most one second."""
        try:
            self.redis.xread({self.log_key: f"{seq}-0"}, block=1000)
        except redis.RedisError:
            if not self.tolerate_outage:
                raise
            self.stop_event.wait(0.2)  # Redis is away (fault test): do not spin

    def run(self) -> None:
        try:
            self._run()
        except Exception as exc:  # reported by the test, never swallowed
            self.journal.errors.append(f"{self.game}/{self.seat}: {exc!r}")

    def _run(self) -> None:
        while not self.stop_event.is_set() and time.monotonic() < self.deadline:
            try:
                r = self.client().get(f"/api/games/{self.game}/commands", token=self.token)
            except OSError:
                if not self.tolerate_outage:
                    raise
                self.journal.reads[-1] += 1
                self.stop_event.wait(0.2)
                continue
            self.journal.reads[r.status] += 1
            if r.status != 200:
                if self.tolerate_outage and r.status == 503:
                    self.stop_event.wait(0.2)
                    continue
                raise AssertionError(f"GET commands: {r.status} {r.body[:200]!r}")
            seq, commands = r.json["seq"], r.json["commands"]
            if not commands:
                view = self.client().get(f"/api/games/{self.game}")
                self.journal.reads[view.status] += 1
                if view.status == 200 and view.json["status"]["over"]:
                    return
                if self.rng.random() < self.mischief:
                    self.post({"type": "Add", "args": {"n": 1}}, seq, "out_of_turn")
                self.wait_for_change(seq)
                continue
            roll = self.rng.random()
            if roll < self.mischief / 3:
                self.post({"type": "Add", "args": {"n": self.rng.choice([0, 4, 9])}}, seq, "illegal")
            elif roll < 2 * self.mischief / 3:
                self.post(self.rng.choice(commands), max(0, seq - self.rng.randint(1, 3)), "stale")
            elif roll < self.mischief and self.last_accepted is not None:
                command_id, command, expected = self.last_accepted
                self.post(command, expected, "resend", command_id)
            else:
                # Confirm more often once something was done, so turns move on.
                confirm = [c for c in commands if c["type"] == "ConfirmTurn"]
                command = confirm[0] if confirm and self.rng.random() < 0.6 else self.rng.choice(commands)
                self.post({"type": command["type"], "args": command.get("args", {})}, seq, "legal")


def read_log(client: redis.Redis, prefix: str, game: str) -> tuple[list[bytes], list[Envelope]]:
    ids = [entry_id for entry_id, _ in client.xrange(Keys(prefix).game(game).log)]
    return ids, EventStore(client, prefix).read(game)


def check_game_log(client: redis.Redis, prefix: str, game: str, sent: list[Sent],
                   unknown_outcome: frozenset[int] = frozenset()) -> dict[str, int]:
    """The contract of the log after a load run; returns counts for the report.

    ``unknown_outcome``: statuses allowed besides 200/201/409/422 whose command may
    or may not have been appended (503 while Redis was away, -1 no answer at all)."""
    ids, log = read_log(client, prefix, game)
    seqs = [e.seq for e in log]
    assert seqs == list(range(1, len(log) + 1)), f"{game}: gap or duplicate in {seqs}"
    assert [i.decode() for i in ids] == [f"{s}-0" for s in seqs], f"{game}: stream ids are not the seqs"
    assert int(client.hget(Keys(prefix).game(game).meta, "seq")) == len(log)

    # Every command id's events form one contiguous block: no command appended twice.
    blocks: dict[str, list[int]] = defaultdict(list)
    for e in log:
        blocks[e.command_id].append(e.seq)
    for command_id, block in blocks.items():
        assert block == list(range(block[0], block[0] + len(block))), f"{game}: {command_id} appended twice"

    mine = [s for s in sent if s.game == game]
    accepted: dict[str, list[Sent]] = defaultdict(list)
    for s in mine:
        assert s.status in (200, 201, 409, 422) or s.status in unknown_outcome, \
            f"{game}: {s.kind} {s.command} got {s.status}: {s.body}"
        if s.status == 409:
            assert s.body["error"]["code"] == "stale_seq" and s.body["error"]["seq"] >= 0
        if s.status == 422:
            assert s.body["error"]["code"], s.body
        if s.status in (200, 201):
            accepted[f"{s.seat}:{s.command_id}"].append(s)
    for key, answers in accepted.items():
        assert key in blocks, f"{game}: accepted command {key} is not in the log"
        firsts = [a for a in answers if a.status == 201]
        assert len(firsts) <= 1, f"{game}: {key} was appended (201) {len(firsts)} times"
        block = blocks[key]
        for a in answers:  # a repeat answers the first append's range
            assert (a.body["first_seq"], a.body["last_seq"]) == (block[0], block[-1]), (key, a.body)
    # Conversely every client command in the log was answered 201 to someone
    # (or the answer was lost in transit and the resend got the 200 repeat).
    client_ids = {cid for cid in blocks if ":" in cid and not cid.startswith("work-")}
    unknown = {f"{s.seat}:{s.command_id}" for s in mine if s.status in unknown_outcome}
    assert set(accepted) <= client_ids, f"{game}: accepted but not in the log: {set(accepted) - client_ids}"
    assert client_ids - set(accepted) <= unknown, f"{game}: in the log, never accepted: {client_ids - set(accepted)}"
    # A refused command left no trace: its id is not in the log.
    refused = {f"{s.seat}:{s.command_id}" for s in mine if s.status in (409, 422) and s.kind != "resend"}
    assert not refused & set(blocks), f"{game}: refused commands in the log: {refused & set(blocks)}"
    # The log folds (every event checked against the rules) and its system work ran once per round.
    p = check_and_fold(log)
    return {"events": len(log), "accepted": sum(1 for a in accepted.values() if any(x.status == 201 for x in a)),
            "over": int(p.status().over)}
