"""Property tests through the platform's turn machinery (events/local.py): in random
legal play of many 2/3/4-player games every card, car, LOK tile and post wagon is
conserved at every step, and in every redraw of ``determinize``.  Random games ending,
listed commands accepted and others refused (First Class's wrong commands are in
``tests/contract/probes.py``), the fold of the log, dump/load, ``determinize`` keeping
the seat's view: the contract suite."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from events.local import LocalTable
from events.projection import fold
from games.first_class import GAME, trains
from games.first_class.data import RULES


def check_conservation(state) -> None:
    placed = Counter()
    for cards in state.stacks.values():
        placed.update(cards)
    for row in state.rows:
        placed.update(row)
    placed.update(state.discarded)
    for p in state.players.values():
        placed.update(p.taken)
    assert placed == Counter(list(RULES.cards)), "action cards are lost or doubled"
    ends = Counter(state.end_deck) + Counter(state.end_display) + Counter(state.draft_hand)
    for p in state.players.values():
        ends.update(p.end_cards)
    assert ends == Counter(list(RULES.end_cards)), "end-game cards are lost or doubled"
    kinds = Counter(state.supply)
    loks = list(state.lok_tiles)
    for p in state.players.values():
        posts = list(p.posts_left)
        for train in p.trains:
            assert trains.is_ordered(train)
            assert len(train) <= 10
            for kind, value, _ in train:
                if kind == "car":
                    kinds[RULES.kind_of_level[value]] += 1
                elif kind == "lok":
                    loks.append(value)
                else:
                    posts.append(value)
        assert sorted(posts) == sorted(RULES.post_wagons)
        assert len(p.coins) == 12
        assert all(0 <= c < len(t) for c, t in zip(p.conductors, p.trains, strict=True))
    # the reference's 94 car cards (50 x 0/1, 24 x 2/4, 20 x 7/12): the starting cars come out of the supply
    assert kinds == Counter(RULES.supply) and sum(kinds.values()) == 94
    assert sorted(loks) == sorted(v for v, _ in RULES.lok_tiles)


def play_table(players: int, seed: int, check_every: int = 0) -> LocalTable:
    rng = random.Random(seed)
    table = LocalTable.create(GAME, {}, players, seed=f"fc-{seed}")
    for step in range(20000):
        status = table.status()
        if status.over:
            return table
        if status.pending_system and table.run_system():
            continue
        seat = status.to_move[0]
        if check_every and step % check_every == 0:
            check_conservation(table.state)
        legal = table.legal(seat)
        moves = [c for c in legal if c.type not in ("ConfirmTurn", "Undo")]
        confirm = [c for c in legal if c.type == "ConfirmTurn"]
        undo = [c for c in legal if c.type == "Undo"]
        if undo and rng.random() < 0.03:
            command = rng.choice(undo)
        elif confirm and (not moves or rng.random() < 0.3):
            command = confirm[0]
        else:
            assert moves, f"{seat} is stuck: {GAME.open_actions(table.state, seat)}"
            command = rng.choice(moves)
        table.submit(seat, command)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_random_games_conserve_everything_and_last_six_rounds(players, seed):
    table = play_table(players, seed, check_every=7)
    state = table.state
    check_conservation(state)
    status = table.status()
    assert status.over and state.round == 6
    assert all(len(p.taken) <= 18 for p in state.players.values())


@pytest.mark.parametrize("players", [2, 4])
def test_determinize_mid_game_conserves_every_card(players):
    table = play_table(players, 100 + players)
    # replay the log up to the middle and look at that position
    middle = fold(GAME, table.log[: len(table.log) // 2]).live
    viewer = middle.seats[0]
    guess = GAME.determinize(middle, viewer, random.Random(5))
    check_conservation(guess)
    assert {k: sorted(v) for k, v in guess.stacks.items()} == {k: sorted(v) for k, v in middle.stacks.items()}


@pytest.mark.parametrize("players", [2, 3])
def test_the_seeded_determinization_is_the_generators(players):
    """``determinize_seeded`` (its permutations kept per seed and shape, for the search)
    gives the very state ``determinize`` gives with ``random.Random(seed)``, the draft's
    hidden hand and a finished game included, again from its memo."""
    table = play_table(players, 200 + players)
    states = [fold(GAME, table.log[:n]).live for n in range(1, len(table.log) + 1, 5)] + [table.state]
    assert any(s.phase == "draft" for s in states)
    for seed in (0.25, 0.5):
        for _ in range(2):
            for state in states:
                for viewer in state.seats:
                    assert GAME.determinize_seeded(state, viewer, seed) == \
                        GAME.determinize(state, viewer, random.Random(seed))


def test_the_quick_mandatory_answer_agrees_with_the_open_actions():
    table = play_table(3, 11)
    from events.projection import fold as fold_log
    for n in range(1, len(table.log) + 1, 7):
        state = fold_log(GAME, table.log[:n]).live
        for seat in state.seats:
            assert GAME.has_mandatory(state, seat) == any(a.mandatory for a in GAME.open_actions(state, seat))
