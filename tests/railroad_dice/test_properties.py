"""Random legal play through the platform (``events.local.LocalTable``), many seeds, 2-4 players:
no errors, the 40 dice conserved, folding the log gives the same state, every listed command is
accepted and commands outside the list are refused, views hide the screens."""

from __future__ import annotations

import random

import pytest

from games.contract import REVIEWER, SPECTATOR, Command, IllegalMove

from .helpers import GAME, dice_total, play_out, refold, step, table

SEEDS = [f"prop-{i}" for i in range(6)]


def conserve(t):
    s = t.state
    assert dice_total(s) == 40, t.log[-1].type
    assert all(v >= 0 for v in s.screen.values()) and s.bank >= 0
    assert all(n >= 0 for f in s.front.values() for n in f.values())
    for company, left in s.bank_shares.items():
        assert left + sum(s.shares[seat][company] for seat in s.seats) == 10


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_without_error_conserving_dice_and_folding_to_the_same_state(players, seed):
    t = play_out(players, f"{seed}-{players}", check=conserve)
    assert t.status().over
    assert GAME.dump_state(refold(t)) == GAME.dump_state(t.state)
    assert GAME.dump_state(GAME.load_state(GAME.dump_state(t.state))) == GAME.dump_state(t.state)
    ranking = t.status().ranking
    assert sorted(ranking) == sorted(t.state.seats)


@pytest.mark.parametrize("players", [2, 4])
def test_every_listed_command_is_accepted_and_others_refused(players):
    t = table(players, f"legal-{players}")
    rng = random.Random(players)
    tried = 0
    while not t.status().over and tried < 150:
        s = t.projection.live
        seat = t.projection.turn_seat or (t.status().to_move or ("system",))[0]
        legal = GAME.legal_commands(s, seat)
        for command in rng.sample(legal, min(6, len(legal))):
            GAME.decide(s, command, random.Random(0))  # must not raise
        listed = {(c.type, repr(sorted(c.args.items()))) for c in legal}
        for wrong in (Command("PlaceTrack", seat, {"end": "A", "via": 1, "exit": 1}),
                      Command("BuyShare", seat, {"company": "nope"}),
                      Command("Roll", seat, {"screen": 99}),
                      Command("ReturnDie", seat, {"face": "share"})):
            if (wrong.type, repr(sorted(wrong.args.items()))) not in listed:
                with pytest.raises(IllegalMove):
                    GAME.decide(s, wrong, random.Random(0))
        step(t, rng)
        tried += 1


def test_views_show_a_screen_only_to_its_owner_and_everything_at_the_end():
    t = table(3, "views")
    rng = random.Random(3)
    while not t.status().over:
        s = t.state
        for viewer in s.seats + [SPECTATOR]:
            v = GAME.view(s, viewer)
            assert "bank_dice" not in v
            for seat, p in v["players"].items():
                assert ("screen" in p) == (seat == viewer)
                assert ("passengers" in p) == (seat == viewer)
        assert GAME.view(s, REVIEWER)["bank_dice"] == s.bank
        step(t, rng)
    v = GAME.view(t.state, SPECTATOR)
    assert all("screen" in p and "passengers" in p for p in v["players"].values())


def test_rolls_are_undo_barriers_and_never_known_before():
    t = table(2, "barrier")
    seat = t.status().to_move[0]
    envelopes = t.submit(seat, "Roll", {"screen": 0, "question": 4})
    assert envelopes[0].event.barrier
    assert not [c for c in t.legal(seat) if c.type == "Undo"]


def test_determinize_keeps_what_is_public_and_the_viewers_own():
    t = play_out(2, "det", limit=60)
    s = t.state
    d = GAME.determinize(s, "p1", random.Random(1))
    assert d.screen["p1"] == s.screen["p1"] and d.passengers["p1"] == s.passengers["p1"]
    assert d.front == s.front and d.boards == s.boards and d.shares == s.shares
    assert dice_total(d) == 40
