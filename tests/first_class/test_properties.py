"""Property tests through the platform's turn machinery (events/local.py): random
legal play of many 2/3/4-player games ends; every card, car, LOK tile and post
wagon is conserved at every step; every legal command is accepted and commands
outside the legal list are refused; folding the log reproduces the state;
snapshots (dump/load) round-trip; determinize keeps what the viewer knows."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from events.local import LocalTable
from events.projection import fold
from games.contract import Command, IllegalMove
from games.first_class import GAME, trains
from games.first_class.data import RULES


def universe(seat: str) -> list[Command]:
    cmds = [Command("TakeCard", seat, {"card": c, "mode": m}) for c in RULES.cards for m in ("actions", "upgrade")]
    cmds += [Command(t, seat, {}) for t in ("TakeStartTile", "MoveLoco", "DeclineCard", "SkipEffect", "ScoreTrains")]
    for t in (0, 1):
        cmds.append(Command("AttachCar", seat, {"train": t}))
        cmds.append(Command("PlaceCelebrity", seat, {"train": t}))
        cmds += [Command("UpgradeCar", seat, {"train": t, "index": i}) for i in range(10)]
        cmds += [Command("MoveConductor", seat, {"train": t, "steps": s}) for s in range(1, 5)]
    cmds += [Command("AttachPost", seat, {"post": p}) for p in RULES.post_wagons]
    for card in RULES.end_cards:
        cmds += [Command(t, seat, {"card": card}) for t in ("TakeEndCard", "BuyEndCard", "DraftEndCard")]
    cmds += [Command("PlacePostcard", seat, {"route": r}) for r in RULES.routes]
    cmds += [Command("SpendCoin", seat, {"field": f, "use": u}) for f in range(1, 13) for u in ("action", "vp")]
    cmds += [Command("FulfilContract", seat, {"card": c}) for c, card in RULES.cards.items() if card.contract]
    cmds += [Command("ClaimRouteBonus", seat, {"city": c}) for c in range(16)]
    return cmds


def key(command: Command) -> tuple:
    return (command.type, json.dumps(dict(command.args), sort_keys=True))


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
    # every player starts with two 0-cars taken from the 0/1 supply
    assert kinds == Counter({k: v + (2 * len(state.seats) if k == "0/1" else 0) for k, v in RULES.supply.items()})
    assert sorted(loks) == sorted(v for v, _ in RULES.lok_tiles)


def check_commands(state, seat: str, rng: random.Random) -> None:
    legal = GAME.legal_commands(state, seat)
    for command in legal:
        GAME.decide(state, command, random.Random(0))
    legal_keys = {key(c) for c in legal}
    others = [c for c in universe(seat) if key(c) not in legal_keys]
    for command in rng.sample(others, min(40, len(others))):
        with pytest.raises(IllegalMove):
            GAME.decide(state, command, random.Random(0))
    for other in state.seats:
        if other != seat:
            assert GAME.legal_commands(state, other) == []


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
            check_commands(table.state, seat, rng)
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
def test_random_games_end_conserve_everything_and_fold_to_the_same_state(players, seed):
    table = play_table(players, seed, check_every=7)
    state = table.state
    check_conservation(state)
    status = table.status()
    assert status.over and state.round == 6 and len(status.ranking) == players
    assert all(len(p.taken) <= 18 for p in state.players.values())
    refolded = fold(GAME, table.log)
    assert GAME.dump_state(refolded.live) == GAME.dump_state(state)
    assert refolded.status().scores == status.scores
    dumped = json.loads(json.dumps(GAME.dump_state(state)))
    assert GAME.dump_state(GAME.load_state(dumped)) == GAME.dump_state(state)


@pytest.mark.parametrize("players", [2, 4])
def test_snapshots_and_determinize_mid_game(players):
    table = play_table(players, 100 + players)
    # replay the log up to the middle and look at that position
    middle = fold(GAME, table.log[: len(table.log) // 2]).live
    loaded = GAME.load_state(json.loads(json.dumps(GAME.dump_state(middle))))
    assert GAME.dump_state(loaded) == GAME.dump_state(middle)
    viewer = middle.seats[0]
    guess = GAME.determinize(middle, viewer, random.Random(5))
    check_conservation(guess)
    assert guess.player(viewer) == middle.player(viewer)
    assert guess.rows == middle.rows and guess.end_display == middle.end_display
    assert {k: sorted(v) for k, v in guess.stacks.items()} == {k: sorted(v) for k, v in middle.stacks.items()}
    assert GAME.view(guess, viewer) == GAME.view(middle, viewer)
