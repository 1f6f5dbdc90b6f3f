"""Bots on First Class: ``stellwerk selfplay`` games (random and greedy) replay to
the same result with ``stellwerk replay``; the greedy bot's turns are legal and it
beats random players (the 100-game tournament is a benchmark, not a test)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from games.first_class import GAME
from games.first_class.evaluation import scorings_left
from service.cli import main
from worker.bots.evaluation import for_game
from worker.selfplay import play

from .helpers import new_game, train, with_trains


@pytest.mark.parametrize("players,bots", [(2, "random"), (3, "random"), (4, "random"), (2, "greedy")])
def test_selfplay_logs_replay_to_the_same_result(tmp_path, players, bots):
    runner = CliRunner()
    result = runner.invoke(main, ["selfplay", "--game", "first_class", "--players", str(players), "--seed", "fc",
                                  "--games", "1", "--bots", bots, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    line = json.loads(result.output.splitlines()[0])
    assert line["over"] and len(line["scores"]) == players
    replayed = runner.invoke(main, ["replay", line["log"]])
    assert replayed.exit_code == 0, replayed.output
    again = json.loads(replayed.output)
    fields = ("game", "seq", "over", "scores", "ranking", "places", "to_move")
    assert {k: again[k] for k in fields} == {k: line[k] for k in fields}


def test_the_greedy_evaluation_is_registered_and_prefers_better_trains():
    evaluate = for_game(GAME)
    assert evaluate.__module__ == "games.first_class.evaluation"
    state = new_game(2)
    better = with_trains(state, "p1", train(4, 2), train(1)).with_player("p1", conductors=(1, 0))
    assert evaluate(GAME, better, ("p1",))["p1"] > evaluate(GAME, state, ("p1",))["p1"]
    assert scorings_left(state, "p1") == 3


def test_greedy_beats_random_in_a_few_games():
    wins = 0
    for i in range(3):
        levels = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        table = play(GAME, 2, f"fc-greedy-{i}", levels, budget_ms=0)
        status = table.status()
        greedy_seat = "p1" if i % 2 == 0 else "p2"
        assert status.over
        wins += status.ranking[0] == greedy_seat
    assert wins == 3


def test_the_evaluations_one_pass_agrees_with_the_engines_scoring_functions():
    """The evaluation counts trains, bonus cities and end-game cards in one pass (it runs
    for every sub-move the bots look at); the numbers are the engine's own."""
    import random

    from events.local import LocalTable
    from games.first_class import route, scoring, trains
    from games.first_class.evaluation import _bonus_prefix, _end_cards, _train_terms
    from worker.bots.base import play_turn

    rng = random.Random(7)
    table = LocalTable.create(GAME, {}, 3, seed="fc-eval")
    checked = 0
    while not table.status().over:
        if table.run_system():
            continue
        play_turn(table, table.projection.turn_seat or table.status().to_move[0], rng.choice)
        for player in table.state.players.values():
            now, beyond, levels = _train_terms(player)
            assert now == sum(trains.train_points(player))
            assert beyond == sum(trains.card_points(c) for t, train in enumerate(player.trains)
                                 for c in train[player.conductors[t] + 1:])
            assert levels == sum(lvl for train in player.trains for _, lvl in trains.cars(train))
            assert _bonus_prefix(player.route)[player.loco] == len(route.bonus_cities(player))
            by_type = scoring.end_card_points(player)
            assert _end_cards(player, 0) == sum(v["total"] for v in by_type.values())
            checked += 1
    assert checked > 100


def test_the_evaluation_values_a_conductor_nearing_its_lok_tile_and_constantinople():
    """Issue 26: greedy attached LOK tiles, but its conductors rarely reached them.  „Die
    ersten 3 Schaffner, die ein LOK-Plättchen erreichen, bekommen zusätzliche Punkte“:
    each step towards the tile is worth something while a place is free, and a train
    nearing its 9th card („hängt man sofort das oberste ausliegende LOK-Plättchen als
    10. Karte an“) is worth more than one that is not."""
    evaluate = for_game(GAME)
    state = new_game(2)
    lok_train = train(7, 7, 4, 4, 2, "post", 2, 1, 1, "lok")

    def value(conductor: int, s=state) -> float:
        return evaluate(GAME, with_trains(s, "p1", lok_train).with_player("p1", conductors=(conductor, 0)),
                        ("p1",))["p1"]

    far, near = value(5), value(8)
    assert near > far
    # one step short of the tile: the step is worth more than the car it passes alone
    steps = [value(c) for c in range(9)]
    assert all(b > a for a, b in zip(steps, steps[1:], strict=False))
    # all three places taken: nothing more to win than the tile's points
    from games.first_class.state import replace
    full = replace(state, constantinople=("p2", "p2", "p2"))
    assert value(8) - value(5) > value(8, full) - value(5, full)
    # a train of 8 cards is nearer its LOK tile than one of 6, while tiles are left
    def growth(s) -> float:
        longer = with_trains(s, "p1", train(7, 7, 4, 4, 2, "post", 2, 1))
        shorter = with_trains(s, "p1", train(7, 7, 4, 4, 2, "post"))
        return evaluate(GAME, longer, ("p1",))["p1"] - evaluate(GAME, shorter, ("p1",))["p1"]

    assert growth(state) > growth(replace(state, lok_tiles=()))


def test_the_search_lists_turns_below_its_root_lazily_and_plays_a_legal_turn():
    """Issue 26: mcts completed every first command of every node, and widening used
    a few: below the root, First Class's turns are completed ``SEARCH_BATCH`` at a time."""
    import random

    from events.local import LocalTable
    from games.first_class import evaluation
    from worker.bots import mcts

    table = LocalTable.create(GAME, {}, 2, seed="fc-lazy")
    while table.run_system() or table.status().to_move and table.state.phase == "draft":
        if table.state.phase == "draft":
            seat = table.status().to_move[0]
            table.submit(seat, table.legal(seat)[0])
    assert mcts.lazy_batch(for_game(GAME)) == evaluation.SEARCH_BATCH
    seat = table.status().to_move[0]
    search = mcts.Search(table.projection, seat, random.Random(1))
    best = search.run(iterations=12)
    assert best is not None and best[-1].type == "ConfirmTurn"
    root = search.root
    assert root.candidates is not None and not root.firsts and len(root.candidates) > evaluation.SEARCH_BATCH
    below = [c for c in root.children if c.candidates is not None]
    assert below and all(len(c.candidates) < len(c.candidates) + len(c.firsts) for c in below)
    for command in best:
        table.submit(seat, command)
    assert table.projection.turn_seat is None


def test_the_search_scores_its_leaves_on_one_determinization_per_search():
    """Sibling turns are compared on the same guess of the other seats' end-game cards:
    a leaf scored twice gets the same value (a fresh guess per leaf moved the margin by
    more than two turns differ)."""
    import random

    from events.local import LocalTable
    from games.first_class import evaluation
    from worker.bots import mcts

    table = LocalTable.create(GAME, {}, 2, seed="fc-samples")
    while table.run_system() or table.state.phase == "draft":
        if table.state.phase == "draft":
            seat = table.status().to_move[0]
            table.submit(seat, table.legal(seat)[0])
    assert mcts.common_samples(for_game(GAME)) == evaluation.SEARCH_SAMPLES == 1
    seat = table.status().to_move[0]
    search = mcts.Search(table.projection, seat, random.Random(3))
    first = search.outcome(table.projection)
    search.iterations_done += 1
    assert search.outcome(table.projection) == first


def test_commands_with_one_value_key_lead_to_positions_valued_alike():
    """The lookahead steps one command per ``value_key`` and gives the others its value:
    that is only right if the evaluation really cannot tell their positions apart
    (coins by field and column, end-game cards by payment, action cards by type and design)."""
    import random

    from events.local import LocalTable
    from games.contract import IllegalMove
    from games.first_class.evaluation import value_key
    from worker.bots.base import play_turn
    from worker.bots.candidates import choices, own_value, step

    rng = random.Random(3)
    shared = 0
    for players in (2, 3):
        table = LocalTable.create(GAME, {}, players, seed=f"fc-keys-{players}")
        while not table.status().over:
            if table.run_system():
                continue
            p = table.projection
            seat = p.turn_seat or table.status().to_move[0]
            value = own_value(seat)
            groups: dict[object, list[float]] = {}
            for command in choices(p, seat):
                key = value_key(p.live, seat, command)
                if key is None:
                    continue
                try:
                    groups.setdefault(key, []).append(value(step(p, seat, command)))
                except IllegalMove:
                    continue
            for key, values in groups.items():
                assert len(set(values)) == 1, (key, values)
                shared += len(values) > 1
            play_turn(table, seat, rng.choice)
    assert shared > 200


def test_commands_valued_without_deciding_them_are_valued_as_decided():
    """The lookahead neither decides nor values a command ``BELOW_CONFIRM`` promises worse
    than confirming (where confirming is legal), gives one ``SAME_VALUE`` promises valued
    as the position now that value, and values one on the state ``VALUED_AFTER`` makes,
    without deciding them: that is only right if the position after it is really valued
    below the position now by more than the lookahead's tie margin, exactly as it, or
    exactly as the made state (random sub-moves, so that open parts of every kind come up)."""
    import random

    from events.local import LocalTable
    from games.contract import IllegalMove
    from games.first_class.evaluation import BELOW_CONFIRM, SAME_VALUE, VALUED_AFTER, evaluate, seat_value
    from tests.tables import turns
    from worker.bots.candidates import choices, own_value, step

    rng = random.Random(5)
    promised = {("below", kind): 0 for kind in BELOW_CONFIRM} | {("same", kind): 0 for kind in SAME_VALUE} \
        | {("made", kind): 0 for kind in VALUED_AFTER}
    for players in (2, 3):
        table = LocalTable.create(GAME, {}, players, seed=f"fc-below-{players}")
        for _, seat in turns(table, 3000):
            p = table.projection
            legal = choices(p, seat)
            value = own_value(seat)
            now = value(p)
            assert now == seat_value(GAME, p.live, seat) == evaluate(GAME, p.live)[seat]
            for command in legal:
                below, same = BELOW_CONFIRM.get(command.type), SAME_VALUE.get(command.type)
                maker = VALUED_AFTER.get(command.type)
                made = maker(p.live, seat, command) if maker is not None else None
                if made is not None:
                    assert value.state(GAME, made) == value(step(p, seat, command)), command  # listed: legal
                    promised[("made", command.type)] += 1
                if same is not None and same(p.live, seat, command):
                    assert value(step(p, seat, command)) == now, command  # a listed one is legal
                    promised[("same", command.type)] += 1
                if below is None or not below(p.live, seat, command):
                    continue
                try:
                    after = value(step(p, seat, command))
                except IllegalMove:
                    continue
                assert after + 1e-6 < now, (command, after, now)
                promised[("below", command.type)] += 1
            while legal:
                command = legal.pop(rng.randrange(len(legal)))
                try:
                    table.submit(seat, command)
                    break
                except IllegalMove:
                    continue
    assert all(n > 20 for n in promised.values()), promised


def test_the_evaluation_values_the_open_parts_of_the_turn():
    """Issue 26: parts queued by a card or a coin counted nothing, so spending a coin for
    its column's conductor step looked like losing the coin.  An open part is worth a
    share of what doing it gains: less than doing it, more than leaving it out."""
    from games.first_class.state import replace

    from .helpers import pending

    evaluate = for_game(GAME)
    state = new_game(2)
    seat = state.current()
    state = with_trains(state, seat, train(7, 4, 4, 2))

    def value(s) -> float:
        return evaluate(GAME, s, (seat,))[seat]

    waiting = pending(state, ("own_conductor", 1, 0))
    walked = replace(waiting, pending=()).with_player(seat, conductors=(1, 0))
    left_out = replace(waiting, pending=())
    assert value(walked) > value(waiting) > value(left_out)
    # another seat's parts are not this seat's
    other = next(s for s in state.seats if s != seat)
    assert evaluate(GAME, waiting, (other,))[other] == evaluate(GAME, left_out, (other,))[other]


@pytest.mark.parametrize("length", [0, 1, 2, 40, 127, 128, 129, 300])
def test_the_determinization_shuffles_as_random_does(length):
    """``game.shuffle`` (the determinization's, without a call per card) gives
    ``random.Random.shuffle``'s permutation and leaves the generator where it would."""
    import random

    from games.first_class.game import shuffle

    class OwnRandom(random.Random):  # a generator with its own ``random``: shuffled by itself
        def random(self) -> float:
            return super().random()

    for seed in range(20):
        for kind in (random.Random, OwnRandom):
            ours, theirs = list(range(length)), list(range(length))
            a, b = kind(seed), kind(seed)
            shuffle(a, ours)
            b.shuffle(theirs)
            assert ours == theirs and a.random() == b.random()
