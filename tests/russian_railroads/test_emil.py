"""Issue 12, slice 2: the solo game against Emil (German Railroads, "Solo-Variante").

Each test quotes the rules line it checks.  Emil's draws come from the command's
seeded random source among the cards left, so a test that wants one card leaves
only that card in his deck (test-owned state)."""

from __future__ import annotations

import random
from typing import Any

from games.contract import SYSTEM, Command, Event
from games.russian_railroads import GAME
from games.russian_railroads.emil import CARDS, EMIL_SEAT
from games.russian_railroads.spaces import board_spaces
from games.russian_railroads.state import State

from .helpers import confirm, decide, fold, illegal_code, new_game, types


def solo(seed: int = 1) -> State:
    state, _ = new_game(1, seed)
    return state


def emil_turn(state: State, log: list[Event] | None = None, seed: int = 0) -> State:
    events = GAME.decide(state, Command("EmilTurn", SYSTEM, {}), random.Random(seed))
    if log is not None:
        log.extend(events)
    return fold(events, state)


def with_emil(state: State, **changes: Any) -> State:
    state = state.clone()
    state.emil = {**(state.emil or {}), **changes}
    return state


def player_turn(state: State, space: str = "industry_1w") -> State:
    """The player places on ``space``, does what it gives, and confirms."""
    state = fold(decide(state, "p1", "PlaceWorkers", space=space, coins=0, black=False), state)
    while GAME.legal_commands(state, "p1"):
        state = fold(GAME.decide(state, GAME.legal_commands(state, "p1")[0], random.Random(0)), state)
    return confirm(state)


# --- set-up --------------------------------------------------------------------------


def test_setup_is_the_two_player_game_with_the_solo_changes():
    """"Das Aktionsfeld 2 Münzen wird abgedeckt. Du bekommst 5 Münzen statt einer. Die
    Startbonuskarten, die Reihenfolgeleiste und das Letztrundenplättchen werden nicht
    benötigt. Ansonsten gilt der Spielaufbau für 2 Spieler. Emil bekommt 6 Arbeiter.\""""
    state = solo()
    p = state.players["p1"]
    assert (p.coins, p.workers, state.rounds, state.public_engineers) == (5, 6, 6, 1)
    assert state.phase == "actions" and state.round == 1 and state.queue == []  # no start-bonus draft
    assert state.stacks[1] == 1 and state.stacks[2] == 2  # 2-player stacks, p1 took a #1
    two_player = set(board_spaces(2, False)) | set(board_spaces(2, True))
    solo_spaces = set(board_spaces(1, False)) | set(board_spaces(1, True))
    assert two_player - solo_spaces == {"coins", "turn_order_1", "last_round"}
    assert state.emil["workers"] == state.emil["free"] == 6
    assert sorted(state.emil["deck"]) == list(range(16))  # the coal card only with coal
    assert len(state.strip) == 6


def test_the_game_created_log_line_names_the_solo_game():
    _, events = new_game(1, 1)
    assert events[0].payload["options"] == {"solo": True}
    assert types(events)[-1] == "EmilDeckShuffled"


# --- turns ---------------------------------------------------------------------------


def test_emil_begins_and_the_player_waits_for_his_card():
    """"Emil beginnt. D.h. zu Beginn jedes deiner Züge deckst du eine Karte von Emils
    Kartenstapel auf": system work, the player has nothing to do and is refused."""
    state = solo()
    status = GAME.status(state)
    assert status.pending_system == ("EmilTurn",) and status.to_move == ()
    assert GAME.legal_commands(state, "p1") == [] and GAME.open_actions(state, "p1") == []
    assert GAME.legal_commands(state, SYSTEM) == [Command("EmilTurn", SYSTEM, {})]
    assert illegal_code(state, "p1", "Pass") == "rr.turn.not_yours"


def test_your_turn_after_each_of_his_cards_until_you_pass():
    """"Nachdem Emil ein Feld blockiert oder gepasst hat, führst du ganz normal deinen Zug
    aus. Nachdem du deinen Zug ausgeführt hast, deckst du erneut eine Karte für Emil auf.
    Das geht solange, bis du passt.\""""
    state = emil_turn(with_emil(solo(), deck=[7]))
    assert GAME.status(state).to_move == ("p1",) and not GAME.status(state).pending_system
    state = player_turn(state)
    assert GAME.status(state).pending_system == ("EmilTurn",)
    state = emil_turn(with_emil(state, deck=[13]))
    state = fold(decide(state, "p1", "Pass"), state)
    state = confirm(state)
    assert GAME.status(state).pending_system == ("ScoreRound",)


def test_each_card_is_a_barrier_and_blocks_with_emils_workers():
    """"stellst du die angegebene Anzahl Arbeiter von Emil auf das Aktionsfeld": card 7
    puts 2 of his workers on the 3-black-steps space; the player cannot take it."""
    log: list[Event] = []
    state = emil_turn(with_emil(solo(), deck=[7, 13]), log, seed=3)
    revealed = [e for e in log if e.type == "EmilCardRevealed"]
    assert revealed and all(e.barrier for e in revealed)
    card = revealed[-1].payload["card"]
    space = CARDS[card]["blocks"]
    assert state.occupied[space] == [EMIL_SEAT, CARDS[card]["workers"], 0, False]
    assert state.emil["free"] == 6 - CARDS[card]["workers"]
    assert state.emil["discard"] == [card] and card not in state.emil["deck"]
    assert illegal_code(state, "p1", "PlaceWorkers", space=space) == "rr.space.occupied"


def test_case_1_coins_come_from_the_supply():
    """1. "Wenn du eine der beiden Karten „2 Schritte nach Wahl“ oder „Ingenieur anwerben“
    aufdeckst, nimmst du für Emil die benötigte Münze aus dem allgemeinen Vorrat. Den
    Arbeiter für das Feld „2 Schritte nach Wahl“ nimmst du wie üblich aus Emils Vorrat.\""""
    state = emil_turn(with_emil(solo(), deck=[8]))
    assert state.occupied["joker"] == [EMIL_SEAT, 1, 1, False]
    assert state.emil["free"] == 5 and state.players["p1"].coins == 5


def test_case_2_too_few_workers_discards_and_draws_again():
    """2. "Wenn du eine Karte aufdeckst, für die Emil nicht mehr genügend Arbeiter im
    Vorrat hat, so legst du diese Karte sofort ab ... deckst eine neue Karte auf\""""
    log: list[Event] = []
    state = emil_turn(with_emil(solo(), deck=[10, 15], free=2), log, seed=1)  # seed 1 draws card 10 first
    outcome = {e.payload["card"]: e.payload for e in log if e.type == "EmilCardRevealed"}
    assert outcome[10]["blocked"] is False and outcome[10]["reason"] == "no_workers"
    assert outcome[15]["blocked"] is True and "doubler" in state.occupied and "loco_3w" not in state.occupied


def test_case_3_a_taken_space_discards_the_card():
    """3. "Stehen bereits Arbeiter auf dem Feld von Emils Karte, legst du diese Karte ab\""""
    state = with_emil(solo(), deck=[13])
    state.occupied["industry_1w"] = ["p1", 1, 0, False]
    log: list[Event] = []
    state = emil_turn(state, log)
    assert [e.payload.get("reason") for e in log if e.type == "EmilCardRevealed"] == ["occupied"]
    assert types(log)[-1] == "EmilPassed" and state.emil["passed"]


def test_case_4_a_colour_the_player_cannot_build_is_skipped():
    """4. "Wenn du eine Karte aufdeckst, die Schritte in einer Gleisfarbe erlauben, die du
    noch nicht nutzen kannst, legst du diese Karte ebenfalls sofort ab\""""
    log: list[Event] = []
    emil_turn(with_emil(solo(), deck=[0]), log)
    assert log[0].payload == {"card": 0, "space": "white_1w", "blocked": False, "reason": "colour_locked"}
    unlocked = solo()
    unlocked.mut("p1").unlocked[4] = True
    assert "white_1w" in emil_turn(with_emil(unlocked, deck=[0])).occupied


def test_case_5_emil_takes_the_lowest_loco_else_the_lowest_factory():
    """5. "Wenn Emil eine Lokomotive nimmt ... legst du das Plättchen zu Emil. Liegen keine
    Lokomotiven mehr in der Auslage, nimmt Emil die Fabrik mit der niedrigsten Zahl.\""""
    state = emil_turn(with_emil(solo(), deck=[9]))
    assert state.emil["tiles"] == [["loco", 1]] and state.stacks[1] == 0
    empty = with_emil(solo(), deck=[9])
    empty.stacks = [0] * 10
    empty.display = [0, 0, 0, 1, 0, 2, 0, 0, 0, 0]
    after = emil_turn(empty)
    assert after.emil["tiles"] == [["factory", 3]] and after.display[3] == 0


def test_case_5_emil_hires_the_engineer_on_the_hire_field():
    """"Emil wirbt Ingenieure an. Sie zählen bei der Wertung am Spielende für die
    Berechnung der Punkte bei der Mehrheit der Ingenieure.\""""
    state = solo()
    number = state.strip[0]
    state = emil_turn(with_emil(state, deck=[12]))
    assert state.occupied["hire_engineer"] == [EMIL_SEAT, 0, 1, False]
    assert state.emil["engineers"] == [number] and state.strip[0] is None
    assert state.players["p1"].coins == 5 and state.players["p1"].engineers == []


def test_case_6_the_crosswise_engineer():
    """6. "Bei dieser Karte möchte Emil das Feld mit dem quer liegenden Ingenieur auf dem
    Spielplan blockieren.\""""
    state = solo()
    public = state.strip[1]
    state = emil_turn(with_emil(state, deck=[11]))
    assert state.occupied[f"engineer_{public}"] == [EMIL_SEAT, 1, 0, False]


def test_case_8_emil_passes_without_workers_and_you_play_on():
    """8. "Hat Emil zu Beginn seines Zuges keine Karte mehr ... oder hat er keine Arbeiter
    mehr im Vorrat, so passt Emil. Du darfst weiterhin Züge machen\""""
    log: list[Event] = []
    state = emil_turn(with_emil(solo(), free=0), log)
    assert [e.type for e in log] == ["EmilPassed"] and log[0].payload == {"reason": "no_workers"}
    state = player_turn(state)
    assert GAME.status(state).to_move == ("p1",) and not GAME.status(state).pending_system
    no_cards: list[Event] = []
    emil_turn(with_emil(solo(), deck=[]), no_cards)
    assert no_cards[0].payload == {"reason": "no_cards"}


def test_case_9_emil_gets_a_worker_at_50_and_150_points():
    """9. "Sobald du 50 Punkte erreicht hast, nimmst du 1 der beiden Arbeiter ... Emil hat
    ab sofort 7 Arbeiter. Sobald du 150 Punkte erreicht hast, gibst du Emil den letzten
    Arbeiter.\""""
    state = with_emil(solo(), deck=[7])
    state.mut("p1").vp = 50
    log: list[Event] = []
    state = emil_turn(state, log)
    assert types(log)[0] == "EmilWorkerGained" and state.emil["workers"] == 7
    assert state.emil["free"] == 7 - 2
    state = with_emil(state, due=True, deck=[13])
    state.mut("p1").vp = 160
    log = []
    state = emil_turn(state, log)
    assert [e.payload["points"] for e in log if e.type == "EmilWorkerGained"] == [150]
    assert state.emil["workers"] == 8
    log = []
    emil_turn(with_emil(state, due=True, deck=[15]), log)
    assert "EmilWorkerGained" not in types(log)  # 8 is all he ever gets


def test_the_round_ends_and_emils_cards_are_shuffled_again():
    """"Nach der Wertung kommen alle eingesetzten Arbeiter zurück in den persönlichen
    Vorrat. Du mischst alle Emil-Karten und legst sie verdeckt bereit.\""""
    state = emil_turn(with_emil(solo(), deck=[10]))
    state = fold(decide(state, "p1", "Pass"), state)
    state = confirm(state)
    events = GAME.decide(state, Command("ScoreRound", SYSTEM, {}), random.Random(0))
    assert types(events)[-2:] == ["RoundBegan", "EmilDeckShuffled"]
    state = fold(events, state)
    assert state.round == 2 and state.occupied == {}
    assert state.emil["free"] == 6 and len(state.emil["deck"]) == 16 and state.emil["discard"] == []
    assert GAME.status(state).pending_system == ("EmilTurn",)


def _final(state: State, player_engineers: list[int], emil_engineers: list[int]) -> dict:
    state = with_emil(state, engineers=emil_engineers)
    state.mut("p1").engineers = player_engineers
    state.round = state.rounds
    state.phase = "scoring"
    events = GAME.decide(state, Command("ScoreRound", SYSTEM, {}), random.Random(0))
    return events[-1].payload


def test_emils_engineers_count_in_the_final_majority():
    """"Hat Emil mehr Ingenieure als du, bekommst du nur die Punkte für den 2. Platz.\""""
    state = solo()
    assert _final(state, [3], [5, 9])["final"]["p1"]["majority"] == 20
    assert _final(state, [3, 4], [5])["final"]["p1"]["majority"] == 40
    assert _final(state, [3], [])["final"]["p1"]["majority"] == 40
    assert _final(state, [], [5])["final"]["p1"]["majority"] == 0


def test_the_solo_result_counts_only_your_points():
    """"Allerdings zählst du nur deine eigenen Punkte. Emil hat ja nur Unsinn gemacht.\""""
    state = solo()
    state.mut("p1").vp = 77
    payload = _final(state, [3], [5, 9])
    assert payload["ranking"] == ["p1"] and payload["emil"] == {"engineers": [5, 9]}
    row = payload["final"]["p1"]
    assert row["majority"] == 20 and row["total"] == 77 + row["end_cards"] + 20
    finished = fold([Event("GameFinished", payload)], state)
    status = GAME.status(finished)
    assert status.over and status.ranking == ("p1",) and set(status.scores) == {"p1"}


def test_the_view_shows_emil():
    state = emil_turn(with_emil(solo(), deck=[7]))
    view = GAME.view(state, "p1")
    assert view["emil"]["free_workers"] == 4 and view["emil"]["discard"] == [7]
    assert view["occupied"]["black_2w"]["seat"] == "emil"
    assert view["options"] == {"solo": True}
    assert "coins" not in {s["id"] for s in view["board"]["spaces"]}


def test_bots_play_the_solo_game_and_greedy_beats_random():
    """The worker's bots play Emil's games through the legal-move list (the greedy
    bot's evaluation counts Emil's engineers in the majority)."""
    from worker.selfplay import play

    for seed in ("solo-a", "solo-b"):
        greedy = play(GAME, 1, seed, ["greedy"], {})
        random_ = play(GAME, 1, seed, ["random"], {})
        assert greedy.status().over and random_.status().over
        assert greedy.status().scores["p1"] > random_.status().scores["p1"]


def test_selfplay_and_replay_agree_on_a_solo_game(tmp_path):
    """``stellwerk selfplay`` (through ``worker.selfplay.play``) and ``stellwerk replay``
    (``events.logfile.check_and_fold``) give the same result for a solo game."""
    from events.logfile import check_and_fold, read_file
    from events.summary import result_line
    from service.api.history import ndjson
    from worker.selfplay import play

    table = play(GAME, 1, "solo-replay", ["random"], {"solo": True})
    path = tmp_path / "solo.ndjson"
    path.write_text(ndjson(table.log), encoding="utf-8")
    replayed = check_and_fold(read_file(path))
    assert result_line(replayed) == result_line(table.projection)
    assert replayed.status().over and replayed.status().ranking == ("p1",)
