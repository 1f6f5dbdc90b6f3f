"""Lobby, "my games", the create form, invitations, the game and replay pages,
and the rule that no page or endpoint shows another seat's hidden information."""

from __future__ import annotations

import json
import re

import pytest

from tests.web.conftest import csrf_of


def game_id_of(response) -> str:
    assert response.status_code == 302, response.text
    return response.location.rsplit("/", 1)[-1]


def api(browser, game_id: str, path: str = "", method: str = "GET", body=None):
    token = browser.seat(game_id)["token"]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return browser.client.open(f"/api/games/{game_id}{path}", method=method, json=body, headers=headers)


def play(browser, game_id: str, command: dict):
    seq = api(browser, game_id).json["seq"]
    response = api(browser, game_id, "/commands", "POST",
                   {"command": command, "expected_seq": seq, "command_id": f"t{seq}"})
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def ann_and_bob(people):
    ann, bob = people(), people()
    ann.register("ann")
    bob.register("bob")
    return ann, bob


def test_create_form_lists_games_options_and_bot_levels(ann_and_bob):
    ann, _ = ann_and_bob
    page = ann.get("/new")
    assert page.status_code == 200
    assert 'value="tally"' in page.text and 'name="opt-tally-rounds"' in page.text
    assert 'value="random"' in page.text  # a bot level
    assert people_needed_error(ann) == 400


def people_needed_error(ann) -> int:
    return ann.create("tally", seats=("me",)).status_code


def test_create_with_me_an_open_seat_and_a_bot(ann_and_bob, web_app):
    ann, _ = ann_and_bob
    game_id = game_id_of(ann.create("tally", seats=("me", "open", ("bot", "random")), **{"opt-tally-rounds": "3"}))
    record = web_app.extensions["stellwerk"].repository.record(game_id)
    assert [(s.name, s.bot) for s in record.seats] == [("ann", None), (None, None), (None, "random")]
    assert record.options == {"rounds": 3}
    page = ann.get(f"/games/{game_id}")
    assert page.status_code == 200
    assert f"/join/{game_id}/p2" in page.text  # the invite link of the open seat
    assert ann.seat(game_id)["seat"] == "p1"


def test_create_refuses_bad_seats_and_options(ann_and_bob):
    ann, _ = ann_and_bob
    assert ann.create("tally", seats=("me", ("user", "nobody"))).status_code == 400
    assert ann.create("tally", seats=("me", "me")).status_code == 400
    assert ann.create("tally", seats=("me", ("bot", "grandmaster"))).status_code == 400
    assert ann.create("tally", seats=("me", "open"), **{"opt-tally-rounds": "9"}).status_code == 400
    assert ann.create("no such game", seats=("me", "open")).status_code == 400


def accept(browser, game_id: str):
    lobby = browser.get("/")
    assert game_id in lobby.text.split('id="invitations"')[1].split("</section>")[0]
    return browser.client.post(f"/games/{game_id}/accept", data={"csrf_token": csrf_of(lobby.text)})


def test_create_invites_a_registered_player_by_name(ann_and_bob, web_app):
    """Seating a registered user is an invitation: nothing is dealt until bob accepts."""
    ann, bob = ann_and_bob
    game_id = game_id_of(ann.create("tally", seats=("me", ("user", "BOB"))))
    assert bob.seat(game_id)["seat"] is None
    repo = web_app.extensions["stellwerk"].repository
    assert repo.record(game_id).waiting and repo.store.read(game_id) == []
    page = bob.get(f"/games/{game_id}")
    assert 'id="accept-invitation"' in page.text and 'id="decline-invitation"' in page.text
    assert 'id="start-with-bots"' not in page.text  # only the creator may start with bots
    assert 'id="start-with-bots"' in ann.get(f"/games/{game_id}").text
    answer = accept(bob, game_id)
    assert answer.status_code == 302 and answer.location == f"/games/{game_id}"
    assert bob.seat(game_id)["seat"] == "p2"
    assert not repo.record(game_id).waiting and repo.store.read(game_id)[0].type == "GameCreated"
    lobby = bob.get("/")
    assert game_id in lobby.text.split('id="open-games"')[0]  # in bob's "my games"


def _decline(bob, game_id: str) -> None:
    lobby = bob.get("/")
    declined = bob.client.post(f"/games/{game_id}/decline", data={"csrf_token": csrf_of(lobby.text)})
    assert declined.status_code == 302
    assert 'id="invitations"' not in bob.get("/").text


def _settle(browser, game_id: str, seat: str, **form):
    page = browser.get(f"/games/{game_id}")
    return browser.client.post(f"/games/{game_id}/seats/{seat}/declined",
                               data={"csrf_token": csrf_of(page.text), **form})


def test_an_invitation_says_who_invited(ann_and_bob):
    ann, bob = ann_and_bob
    game_id = game_id_of(ann.create("tally", seats=("me", ("user", "bob"))))
    lobby = bob.get("/").text.split('id="invitations"')[1].split("</section>")[0]
    assert game_id in lobby and "invited by ann" in lobby
    assert "ann invites you to take seat 2." in bob.get(f"/games/{game_id}").text


def test_a_declined_invitation_is_told_to_the_creator_who_chooses(ann_and_bob, people, web_app):
    """Issue 27: declining does not silently open the seat to the public; the creator
    is told in the lobby and on the waiting page and chooses what becomes of it."""
    ann, bob = ann_and_bob
    game_id = game_id_of(ann.create("tally", seats=("me", ("user", "bob"))))
    _decline(bob, game_id)
    carl = people()
    carl.register("carl")
    assert carl.get(f"/join/{game_id}/p2").status_code == 409  # not an open seat (yet)
    notice = ann.get("/").text.split('id="declined-invitations"')[1].split("</section>")[0]
    assert "bob declined your invitation to Tally (seat 2)." in notice and f"/games/{game_id}#declined-p2" in notice
    waiting = ann.get(f"/games/{game_id}").text
    assert 'id="declined-p2"' in waiting and "bob declined seat 2" in waiting
    assert 'data-choice="invite"' in waiting and 'data-choice="open"' in waiting and 'data-choice="bot"' in waiting
    assert 'id="declined-p2"' not in bob.get(f"/games/{game_id}").text  # only the creator chooses
    assert _settle(bob, game_id, "p2", choice="open").status_code == 403
    # Ann makes it an open seat: now anybody with the link may take it.
    assert _settle(ann, game_id, "p2", choice="open").status_code == 302
    assert 'id="declined-invitations"' not in ann.get("/").text
    page = carl.get(f"/join/{game_id}/p2")
    assert page.status_code == 200
    assert carl.client.post(f"/join/{game_id}/p2", data={"csrf_token": csrf_of(page.text)}).status_code == 302
    assert carl.seat(game_id)["seat"] == "p2"
    assert not web_app.extensions["stellwerk"].repository.record(game_id).waiting


def test_after_a_decline_the_creator_invites_somebody_else_or_seats_a_bot(ann_and_bob, people, web_app):
    ann, bob = ann_and_bob
    carl = people()
    carl.register("carl")
    game_id = game_id_of(ann.create("tally", seats=("me", ("user", "bob"), ("user", "carl"))))
    _decline(bob, game_id)
    # a name nobody has, or one already at the table, is refused with a reason
    assert _settle(ann, game_id, "p2", choice="invite", name="nobody").status_code == 400
    assert _settle(ann, game_id, "p2", choice="invite", name="carl").status_code == 400
    dora = people()
    dora.register("dora")
    assert _settle(ann, game_id, "p2", choice="invite", name="Dora").status_code == 302
    assert "invited by ann" in dora.get("/").text.split('id="invitations"')[1]
    # Carl declines too; Ann gives his seat to a bot, and the table waits for Dora only.
    _decline(carl, game_id)
    assert _settle(ann, game_id, "p3", choice="bot", bot="grandmaster").status_code == 400
    assert _settle(ann, game_id, "p3", choice="bot", bot="random").status_code == 302
    assert _settle(ann, game_id, "p3", choice="open").status_code == 409  # nothing left to choose
    repo = web_app.extensions["stellwerk"].repository
    assert repo.record(game_id).waiting
    assert accept(dora, game_id).status_code == 302
    record = repo.record(game_id)
    assert not record.waiting and record.bots == {"p3": "random"}


def test_the_creator_starts_a_waiting_table_with_bots(ann_and_bob, web_app):
    ann, bob = ann_and_bob
    game_id = game_id_of(ann.create("tally", seats=("me", "open", ("user", "bob"))))
    page = bob.get(f"/games/{game_id}")
    assert bob.client.post(f"/games/{game_id}/start", data={"csrf_token": csrf_of(page.text), "bot": "random"}
                           ).status_code == 403
    page = ann.get(f"/games/{game_id}")
    started = ann.client.post(f"/games/{game_id}/start", data={"csrf_token": csrf_of(page.text), "bot": "random"})
    assert started.status_code == 302
    record = web_app.extensions["stellwerk"].repository.record(game_id)
    assert not record.waiting and record.bots == {"p2": "random", "p3": "random"}
    assert 'id="invitations"' not in bob.get("/").text


def test_join_via_invite_link(ann_and_bob, people):
    ann, bob = ann_and_bob
    game_id = game_id_of(ann.create("tally", seats=("me", "open")))
    # Not logged in: the link leads to the login first, and back.
    stranger = people()
    response = stranger.get(f"/join/{game_id}/p2")
    assert response.status_code == 302 and "/login?next=" in response.location
    page = bob.get(f"/join/{game_id}/p2")
    assert page.status_code == 200 and "Take seat 2" in page.text and "Take seat p2" not in page.text
    joined = bob.client.post(f"/join/{game_id}/p2", data={"csrf_token": csrf_of(page.text)})
    assert joined.status_code == 302 and joined.location == f"/games/{game_id}"
    assert bob.seat(game_id) ["seat"] == "p2"
    assert api(bob, game_id).json["you"] == "p2"
    # The seat is taken now.
    carl = people()
    carl.register("carl")
    assert carl.get(f"/join/{game_id}/p2").status_code == 409
    assert carl.get(f"/join/{game_id}/p9").status_code == 404
    assert carl.get("/join/nosuchgame/p1").status_code == 404


def test_join_without_csrf_is_refused(ann_and_bob):
    ann, bob = ann_and_bob
    game_id = game_id_of(ann.create("tally", seats=("me", "open")))
    assert bob.client.post(f"/join/{game_id}/p2").status_code == 400
    assert bob.seat(game_id)["seat"] is None


def test_my_games_put_my_turn_on_top(ann_and_bob):
    ann, bob = ann_and_bob
    first = game_id_of(ann.create("tally", seats=(("user", "bob"), "me")))   # bob moves first
    second = game_id_of(ann.create("tally", seats=("me", ("user", "bob"))))  # ann moves first
    for game_id in (first, second):
        assert accept(bob, game_id).status_code == 302
    lobby = ann.get("/").text
    mine = lobby.split('id="my-games"')[1].split("</section>")[0]
    assert mine.index(second) < mine.index(first)
    assert 'class="your-turn" data-game="' + second in mine
    # After ann's turn in the second game, it is bob's turn there.
    play(ann, second, {"type": "Add", "args": {"n": 2}})
    play(ann, second, {"type": "ConfirmTurn", "args": {}})
    bobs = bob.get("/").text.split('id="my-games"')[1].split("</section>")[0]
    assert bobs.count('<tr class="your-turn"') == 2
    annes = ann.get("/").text.split('id="my-games"')[1].split("</section>")[0]
    assert "your-turn\" data-game" not in annes


def test_lobby_lists_open_and_running_games_for_everyone(ann_and_bob, people):
    ann, _ = ann_and_bob
    open_id = game_id_of(ann.create("tally", seats=("me", "open")))
    running_id = game_id_of(ann.create("tally", seats=("me", ("bot", "random"))))
    lobby = people().get("/").text
    assert f"/join/{open_id}/p2" in lobby.split('id="open-games"')[1].split("</section>")[0]
    assert running_id in lobby.split('id="running-games"')[1].split("</section>")[0]
    assert people().get(f"/games/{running_id}").status_code == 200  # spectating needs no account


def test_game_and_replay_pages_carry_no_state_and_no_tokens(ann_and_bob, web_app):
    ann, bob = ann_and_bob
    game_id = game_id_of(ann.create("tally", seats=("me", ("user", "bob"))))
    assert accept(bob, game_id).status_code == 302
    token = ann.seat(game_id)["token"]
    for path in (f"/games/{game_id}", f"/games/{game_id}/replay", "/"):
        text = ann.get(path).text
        assert token not in text
    config = json.loads(re.search(r'id="page-config">(.*?)</script>', ann.get(f"/games/{game_id}").text).group(1))
    assert config["seat"] == "p1" and config["gameId"] == game_id and "view" not in config
    assert config["i18n"]["js.your_turn"] == "It is your turn!"
    assert ann.get("/games/nosuchgame").status_code == 404
    assert ann.get("/games/nosuchgame/replay").status_code == 404


def test_seat_token_endpoint_needs_session_and_csrf_header(ann_and_bob, people):
    ann, bob = ann_and_bob
    game_id = game_id_of(ann.create("tally", seats=("me", "open")))
    assert ann.client.get(f"/web/games/{game_id}/seat").status_code == 403
    assert ann.client.get(f"/web/games/{game_id}/seat", headers={"X-CSRFToken": "forged"}).status_code == 403
    held = ann.seat(game_id)
    assert held["seat"] == "p1" and held["token"]
    assert held["seats"] == [{"seat": "p1", "token": held["token"]}]  # several in a hotseat fork (issue 16)
    assert bob.seat(game_id) == {"seat": None, "token": None, "seats": []}
    assert people().seat(game_id) == {"seat": None, "token": None, "seats": []}
    # The token works on the JSON API for exactly that seat.
    assert api(ann, game_id).json["you"] == "p1"


def test_no_page_or_endpoint_shows_another_seats_hidden_cards(ann_and_bob, people, web_app):
    """Tally's drawn card is seen by its owner only; the deck by nobody while it runs."""
    ann, bob = ann_and_bob
    game_id = game_id_of(ann.create("tally", seats=("me", ("user", "bob")), **{"opt-tally-rounds": "1"}))
    assert accept(bob, game_id).status_code == 302
    drawn = play(ann, game_id, {"type": "Draw", "args": {}})
    card = drawn["game"]["view"]["hands"]["p1"][0]
    play(ann, game_id, {"type": "Add", "args": {"n": 1}})
    play(ann, game_id, {"type": "ConfirmTurn", "args": {}})
    deck = web_app.extensions["stellwerk"].repository.projection(game_id).live.deck
    secret_deck = json.dumps(list(deck[:5]))[1:-1]

    def shown_to(browser) -> list[str]:
        """Everything this browser can fetch about the game, as text."""
        texts = [browser.get(p).text for p in ("/", f"/games/{game_id}", f"/games/{game_id}/replay")]
        for path in ("", "/commands", "/log", "/replay", "/texts?lang=de", "/texts?lang=en"):
            texts.append(api(browser, game_id, path).get_data(as_text=True))
        return texts

    assert api(ann, game_id).json["view"]["hands"]["p1"] == [card]
    for other in (bob, people()):
        texts = shown_to(other)
        view = json.loads(texts[3])["view"]
        assert view["hands"]["p1"] == 1, "another seat sees only how many cards p1 holds"
        assert "deck" not in view
        for text in texts:
            assert f'"card": {card}' not in text and f'"card":{card}' not in text
            assert secret_deck not in text.replace(" ", "")
    # Ann herself never sees the deck order either.
    for text in shown_to(ann):
        assert secret_deck not in text.replace(" ", "")


def test_static_assets_are_local(web_app):
    client = web_app.test_client()
    for path in ("/static/web/css/app.css", "/static/web/js/game.js", "/static/web/js/replay.js",
                 "/static/web/js/renderers/generic.js", "/static/web/js/renderers/russian_railroads/index.js",
                 "/static/web/js/renderers/russian_railroads/board.js", "/static/web/js/renderers/helpers.js",
                 "/static/web/img/favicon.svg"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert b"http://" not in response.data.replace(b"http://www.w3.org/2000/svg", b"")
        assert b"https://" not in response.data
    page = client.get("/").text
    assert not re.search(r'(src|href)="(https?:)?//', page)


def test_russian_railroads_end_cards_are_face_down_to_others(ann_and_bob):
    ann, bob = ann_and_bob
    game_id = game_id_of(ann.create("russian_railroads", seats=("me", ("user", "bob"))))
    assert accept(bob, game_id).status_code == 302
    own = api(ann, game_id).json["view"]
    other = api(bob, game_id).json["view"]
    spectator_view = ann.client.get(f"/api/games/{game_id}").json["view"]
    assert own["players"]["p1"]["end_cards"] == [] and own["players"]["p2"]["end_cards"] is None
    assert other["players"]["p1"]["end_cards"] is None
    assert spectator_view["players"]["p1"]["end_cards"] is None and spectator_view["players"]["p2"]["end_cards"] is None
    assert own["end_deck"] is None and other["end_deck"] is None


def test_a_chosen_seed_is_shown_on_every_page_of_the_game(people):
    """Issue 9, item 3: a seed the creator chose decides every hidden card, so the pages say so."""
    ann = people()
    ann.register("ann")
    csrf = {"X-CSRFToken": csrf_of(ann.get("/").text)}  # a session acts with its page's token
    chosen = ann.client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {"bot": "random"}],
                                                 "seed": "my-own-seed"}, headers=csrf).json["id"]
    plain = ann.client.post("/api/games", json={"game": "tally", "seats": [{"name": "ann"}, {"bot": "random"}]},
                            headers=csrf).json["id"]
    spectator = people()
    for path in ("/games/{}", "/games/{}/replay"):
        shown = spectator.get(path.format(chosen)).text
        assert 'id="chosen-seed"' in shown and "my-own-seed" in shown, path
        assert 'id="chosen-seed"' not in spectator.get(path.format(plain)).text, path
