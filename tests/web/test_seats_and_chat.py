"""Tables and seats in a real browser (issue 10): a table waits for its players,
an invitation is accepted from the lobby, the waiting creator's page turns into the
game by itself, and a chat message is seen live by the other player and in the
replay at the position it was written.  Chromium from Debian, driven by Playwright
against a real ``stellwerk serve``; every wait is on the DOM."""

from __future__ import annotations

import re
import uuid

import pytest

from tests.browser import DESKTOP, create_and_invite, create_table, register
from tests.web.test_browser import confirm, seq_of

pytestmark = [pytest.mark.slow]

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect


@pytest.fixture
def ann_and_bob(two_people):
    """Ann and Bob registered in two browsers (test_browser's fixture), with Bob's name."""
    (ann, bob), _errors = two_people
    return (ann, bob), bob.inner_text("#who")


def test_invitation_waiting_table_and_live_chat(ann_and_bob, server_url, screenshots):
    (ann, bob), bob_name = ann_and_bob
    create_table(ann, server_url, "tally", ["me", "user"], fill={"input[name=seat-1-name]": bob_name}, ready=None)
    # Nothing is dealt yet: the table waits for Bob, and Ann may start it with bots.
    expect(ann.locator("#waiting")).to_be_visible()
    expect(ann.locator("#waiting-seats li[data-seat=p2]")).to_contain_text(bob_name)
    expect(ann.locator("#start-with-bots")).to_be_visible()
    ann.wait_for_selector("body.ready")
    game_url = ann.url
    ann.screenshot(path=str(screenshots / "waiting-table.png"), full_page=True)

    # Bob finds the invitation in his lobby and accepts it.
    bob.goto(f"{server_url}/")
    row = bob.locator(f"#invitations tr[data-game='{game_url.rsplit('/', 1)[-1]}']")
    expect(row).to_have_count(1)
    row.locator("button.accept-invitation").click()
    bob.wait_for_url(game_url)
    bob.wait_for_selector("body.ready")
    expect(bob.locator("#move-window")).to_contain_text("Waiting for")

    # Ann's waiting page became the game by itself: her turn.
    ann.wait_for_selector("#game-root")
    ann.wait_for_selector("body.ready")
    expect(ann.locator("#confirm-turn")).to_be_visible()

    # A chat message goes live to Bob.
    ann.fill("#chat-text", "<b>good luck</b> & have fun")
    ann.click("#chat-send")
    expect(bob.locator("#chat-messages .chat-text")).to_have_text(["<b>good luck</b> & have fun"])
    expect(bob.locator("#chat-messages b")).to_have_count(0)  # text, never markup
    written_at = int(bob.locator("#chat-messages .chat-message").first.get_attribute("data-seq"))

    # Ann plays a turn; Bob writes after it.
    ann.click("button.command[data-type='Add'][data-args='{\"n\":2}']")
    ann.wait_for_selector(f"body[data-seq]:not([data-seq='{written_at}'])")
    confirm(ann)
    bob.wait_for_selector(f"body[data-seq]:not([data-seq='{written_at}'])")
    bob.fill("#chat-text", "thanks")
    bob.press("#chat-text", "Enter")
    expect(ann.locator("#chat-messages .chat-text")).to_have_text(["<b>good luck</b> & have fun", "thanks"])
    after = seq_of(bob)
    ann.screenshot(path=str(screenshots / "chat.png"), full_page=True)

    # The replay shows each message from the position it was written at.
    bob.goto(game_url + "/replay")
    bob.wait_for_selector(f"body[data-replay-seq='{after}']")
    expect(bob.locator("#chat-messages .chat-text")).to_have_text(["<b>good luck</b> & have fun", "thanks"])
    bob.click("#step-first")
    bob.wait_for_selector(f"body[data-replay-seq='{written_at}']")
    expect(bob.locator("#chat-messages .chat-text")).to_have_text(["<b>good luck</b> & have fun"])


def test_the_creator_starts_a_waiting_table_with_a_bot(ann_and_bob, server_url):
    (ann, _bob), _ = ann_and_bob
    create_table(ann, server_url, "tally", ["open", "me"], ready=None)
    expect(ann.locator("#waiting")).to_be_visible()
    expect(ann.locator(".invite-url[data-seat=p1]")).to_have_count(1)
    ann.select_option("#start-bot", "random")
    ann.click("#start-now")
    # The bot in p1 moves first (the worker plays it); then it is Ann's turn.
    ann.wait_for_selector("#game-root")
    expect(ann.locator("#confirm-turn")).to_be_visible(timeout=30_000)
    expect(ann.locator("#game-head")).to_contain_text("random")


FAKE_ALERTS = """
window.__notes = [];
window.__beeps = 0;
class FakeNotification {
  constructor(title, options) { window.__notes.push(title); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
  close() {}
}
window.Notification = FakeNotification;
class FakeAudio {
  constructor() { window.__beeps += 1; this.currentTime = 0; this.destination = {}; }
  createOscillator() { return { frequency: {}, connect: (x) => x, start() {}, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (x) => x }; }
}
window.AudioContext = FakeAudio;
Object.defineProperty(document, "hidden", { get: () => true });  // Ann looks at another tab
"""


def test_turn_alerts_and_a_lost_connection(chromium, server_url):
    from tests.web.test_browser import wait_past

    tag = uuid.uuid4().hex[:6]
    contexts = [chromium.new_context(viewport=DESKTOP) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    ann.add_init_script(FAKE_ALERTS)
    register(ann, server_url, f"ann-{tag}")
    register(bob, server_url, f"bob-{tag}")
    game_url = create_and_invite(ann, bob, server_url, "tally", rounds="2")
    ann.goto(game_url)
    ann.wait_for_selector("body.ready")
    # Opting in: notifications and a sound when it becomes Ann's turn.
    ann.check("#alert-notify")
    ann.check("#alert-sound")
    beeps = ann.evaluate("window.__beeps")  # the sound plays once when switched on
    ann.click("button.command[data-type='Add'][data-args='{\"n\":1}']")
    ann.wait_for_selector("#confirm-turn:not([disabled])")
    confirm(ann)
    assert ann.evaluate("window.__notes.length") == 0  # not on her own confirm
    bob.goto(game_url)
    bob.wait_for_selector("body[data-my-turn='true']")
    seq = seq_of(ann)
    bob.click("button.command[data-type='Add'][data-args='{\"n\":2}']")
    bob.wait_for_selector("#confirm-turn:not([disabled])")
    confirm(bob)
    wait_past(ann, seq)
    ann.wait_for_selector("body[data-alerted='1']")
    assert ann.evaluate("window.__notes") == ["Your turn: Tally"]
    assert ann.evaluate("window.__beeps") == beeps + 1
    # The settings are remembered by the browser.
    ann.reload()
    ann.wait_for_selector("body.ready")
    assert ann.is_checked("#alert-notify") and ann.is_checked("#alert-sound")

    # The live connection drops and the server is unreachable for a while: the page says so,
    # and when the connection is back it catches up by itself.
    calls = {"n": 0}

    def drop(route):
        calls["n"] += 1
        if calls["n"] == 1:
            route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body="retry: 200\n\n")
        else:
            route.abort()

    bob.route("**/stream*", drop)
    bob.reload()
    expect(bob.locator("#live-status")).to_be_visible()
    expect(bob.locator("#live-status")).to_contain_text("reconnecting")
    seq = seq_of(bob)
    ann.click("button.command[data-type='Add'][data-args='{\"n\":3}']")
    ann.wait_for_selector("#confirm-turn:not([disabled])")
    confirm(ann)
    bob.unroute("**/stream*")
    expect(bob.locator("#live-status")).to_be_hidden(timeout=15_000)
    wait_past(bob, seq)
    for c in contexts:
        c.close()


def test_a_finished_game_closes_its_stream_quietly(chromium, server_url):
    """Issue 27: after the last move both players saw "Connection lost; reconnecting …"
    until they reloaded: the server ends a finished game's stream, and the page took
    the end for a lost connection.  Each page's live streams are watched until the page
    has closed them all; then nothing may say the connection was lost."""
    from tests.cluster.redis_cluster import poll

    tag = uuid.uuid4().hex[:6]
    contexts = [chromium.new_context(viewport=DESKTOP) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    for page in (ann, bob):
        page.add_init_script(WATCH_STREAMS)
    register(ann, server_url, f"ann-{tag}")
    register(bob, server_url, f"bob-{tag}")
    game_url = create_and_invite(ann, bob, server_url, "tally", rounds="1")
    for page in (ann, bob):
        page.goto(game_url)
        page.wait_for_selector("body.ready")
    ann.click("button.command[data-type='Add'][data-args='{\"n\":1}']")
    ann.wait_for_selector("#confirm-turn:not([disabled])")
    confirm(ann)
    bob.wait_for_selector("body[data-my-turn='true']")
    bob.click("button.command[data-type='Add'][data-args='{\"n\":2}']")
    bob.wait_for_selector("#confirm-turn:not([disabled])")
    confirm(bob)  # the last turn: the round is scored and the game is over
    for page in (ann, bob):
        expect(page.locator("#notice")).to_have_class(re.compile("over"), timeout=60_000)
        poll(lambda page=page: page.evaluate(GAME_STREAMS_CLOSED), 60, "the page to close its live streams")
        expect(page.locator("#live-status")).to_be_hidden()
    for c in contexts:
        c.close()


#: The game's live streams (not the chat's, which stays open after the end) are all closed.
GAME_STREAMS_CLOSED = ("window.__streams.length > 0 && window.__streams"
                       ".filter((s) => !s.url.includes('chat')).every((s) => s.readyState === 2)")

#: Keeps every EventSource a page opens (the game's stream and the chat's).
WATCH_STREAMS = """
window.__streams = [];
const Original = window.EventSource;
window.EventSource = class extends Original {
  constructor(...args) { super(...args); window.__streams.push(this); }
};
"""
