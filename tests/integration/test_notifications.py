"""Notices through real processes: a worker sends "your turn" by webhook and e-mail;
Celery beat finds a missed deadline and tells the other player.

A local webhook receiver and a local SMTP server (aiosmtpd) stand in for the
outside world; the test waits on them receiving, never on sleeps.
"""

from __future__ import annotations

import dataclasses
import json
import queue
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
import redis

from events.contacts import ContactBook
from service import create_app
from tests.integration.conftest import ROOT, process_env, wait_for_line
from worker.notify import sign

pytestmark = [pytest.mark.slow]


class Receiver:
    """A webhook endpoint on loopback that queues what it receives."""

    def __init__(self) -> None:
        self.received: queue.Queue = queue.Queue()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                body = self.rfile.read(int(self.headers["Content-Length"]))
                outer.received.put((dict(self.headers), body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"

    def next(self, timeout: float = 30.0):
        return self.received.get(timeout=timeout)


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.server.shutdown()


@pytest.fixture
def smtp_server():
    from aiosmtpd.controller import Controller

    class Inbox:
        def __init__(self) -> None:
            self.messages: queue.Queue = queue.Queue()

        async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's naming
            self.messages.put((envelope.rcpt_tos, envelope.content.decode()))
            return "250 OK"

    inbox = Inbox()
    with socket.socket() as probe:  # aiosmtpd connects to its own port on start: it must be a real one
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield controller, inbox
    controller.stop()


def hold_seat(client, settings, name, game_id, seat, token, **contact):
    """What the accounts do when a user takes a seat: remember it, with their contacts."""
    client.hset(f"{settings.key_prefix}:user:{name}:seats", game_id, json.dumps({"seat": seat, "token": token}))
    client.hset(f"{settings.key_prefix}:user:{name}", mapping={"name": name, "lang": "de"})
    return ContactBook(client, settings.key_prefix).set(name, **contact)


def test_your_turn_by_webhook_and_email(worker_settings, receiver, smtp_server):
    controller, inbox = smtp_server
    env = process_env(REDIS_URL=worker_settings.redis_url, STELLWERK_KEY_PREFIX=worker_settings.key_prefix,
                      STELLWERK_QUEUE=worker_settings.queue, SMTP_HOST="127.0.0.1",
                      SMTP_PORT=str(controller.port), SMTP_STARTTLS="0")
    worker = subprocess.Popen([sys.executable, "-m", "service.cli", "worker", "--pool", "solo"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for_line(worker, "ready.")
        app = create_app(worker_settings)
        client = redis.Redis.from_url(worker_settings.redis_url)
        api = app.test_client()
        created = api.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {"name": "bob"}]}).json
        game_id, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
        hold_seat(client, worker_settings, "ann", game_id, "p1", tokens["p1"])
        contact = hold_seat(client, worker_settings, "bob", game_id, "p2", tokens["p2"], email="bob@example.org",
                            webhook=receiver.url)
        seq = api.get(f"/api/games/{game_id}").json["seq"]
        for n, command in enumerate(({"type": "Add", "args": {"n": 1}}, {"type": "ConfirmTurn"})):
            api.post(f"/api/games/{game_id}/commands", headers={"Authorization": f"Bearer {tokens['p1']}"},
                     json={"command": command, "expected_seq": seq + n, "command_id": f"c{n}"})
        headers, body = receiver.next()
        notice = json.loads(body)
        assert notice["event"] == "your_turn" and notice["game_id"] == game_id and notice["seat"] == "p2"
        assert headers["X-Stellwerk-Signature"] == sign(contact.webhook_secret, body)
        to, message = inbox.messages.get(timeout=30)
        assert to == ["bob@example.org"] and "Du bist am Zug" in message
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def test_beat_reports_a_missed_deadline(worker_settings, receiver, tmp_path):
    settings = dataclasses.replace(worker_settings, deadline_scan_s=1)
    env = process_env(REDIS_URL=settings.redis_url, STELLWERK_KEY_PREFIX=settings.key_prefix,
                      STELLWERK_QUEUE=settings.queue, STELLWERK_DEADLINE_SCAN_S="1")
    worker = subprocess.Popen([sys.executable, "-m", "service.cli", "worker", "--pool", "solo"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    beat = subprocess.Popen([sys.executable, "-m", "service.cli", "beat", "--schedule", str(tmp_path / "beat")],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for_line(worker, "ready.")
        wait_for_line(beat, "beat: Starting")
        app = create_app(settings, send_task=False)
        client = redis.Redis.from_url(settings.redis_url)
        api = app.test_client()
        created = api.post("/api/games", json={"game": "tally", "deadline_hours": 24,
                                               "seats": [{"name": "ann"}, {"name": "bob"}]}).json
        game_id, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
        hold_seat(client, settings, "ann", game_id, "p1", tokens["p1"])
        hold_seat(client, settings, "bob", game_id, "p2", tokens["p2"], webhook=receiver.url)
        # The game has waited on ann for 25 hours.
        client.zadd(f"{settings.key_prefix}:lobby", {game_id: time.time() - 25 * 3600})
        _headers, body = receiver.next(timeout=60)
        notice = json.loads(body)
        assert notice["event"] == "deadline_missed" and notice["seat"] == "p1"
        # Only once per position, however many beat ticks pass: the next notice would be
        # the same (game, seq, kind) and is claimed already.
        seq = api.get(f"/api/games/{game_id}").json["seq"]
        assert client.exists(f"{settings.key_prefix}:game:{{{game_id}}}:meta:deadline_missed:{seq}")
    finally:
        for proc in (beat, worker):
            proc.terminate()
            proc.wait(timeout=30)


def test_an_invitation_reaches_the_invitee_by_webhook(worker_settings, receiver):
    """Issue 10: seating a registered user is an invitation, sent by e-mail/webhook if set."""
    from tests.web.conftest import Browser

    env = process_env(REDIS_URL=worker_settings.redis_url, STELLWERK_KEY_PREFIX=worker_settings.key_prefix,
                      STELLWERK_QUEUE=worker_settings.queue)
    worker = subprocess.Popen([sys.executable, "-m", "service.cli", "worker", "--pool", "solo"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for_line(worker, "ready.")
        app = create_app(dataclasses.replace(worker_settings, secret_key="test-secret-key-for-invitations"))
        ann, bob = Browser(app), Browser(app)
        ann.register("ann")
        bob.register("bob")
        client = redis.Redis.from_url(worker_settings.redis_url)
        contact = ContactBook(client, worker_settings.key_prefix).set("bob", webhook=receiver.url)
        created = ann.create("tally", seats=("me", ("user", "bob")))
        game_id = created.location.rsplit("/", 1)[-1]
        headers, body = receiver.next()
        notice = json.loads(body)
        assert notice["event"] == "invited" and notice["game_id"] == game_id and notice["seat"] == "p2"
        assert notice["inviter"] == "ann"  # an invitation says who invited (issue 27)
        assert headers["X-Stellwerk-Signature"] == sign(contact.webhook_secret, body)
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def test_an_invitation_says_who_invited_in_both_languages():
    from worker.notify import INVITED, Notice, text

    notice = Notice(INVITED, "g1", "tally", "Tally", "p2", 0, "https://example.test/games/g1", inviter="ann")
    assert text(notice, "en")[1].startswith("ann invites you to take seat 2.")
    assert text(notice, "de")[1].startswith("ann lädt dich zu Platz 2 ein.")
