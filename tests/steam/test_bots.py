"""Bots on Steam: ``stellwerk selfplay --game steam`` games (random and greedy, both maps,
base and expert) replay to the same result with ``stellwerk replay``; the greedy bot's
evaluation is registered and prefers a better position; it beats random players (the
100-game tournament is a benchmark, not a test)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from games.steam import GAME
from service.cli import main
from worker.bots.evaluation import for_game
from worker.selfplay import play

from .helpers import connect, places, position


@pytest.mark.parametrize("players,bots,options", [
    (3, "random", {}),
    (3, "random", {"map": "rhine_ruhr", "mode": "expert"}),
    (4, "random", {"map": "ne_usa_se_canada", "mode": "expert"}),
    (4, "random", {"map": "rhine_ruhr", "mode": "base"}),
    (5, "random", {"map": "rhine_ruhr"}),
    (5, "random", {"map": "ne_usa_se_canada", "mode": "expert"}),
    (3, "greedy,random", {"rounds": 2}),
    (3, "greedy", {"rounds": 1, "mode": "expert"}),
])
def test_selfplay_logs_replay_to_the_same_result(tmp_path, players, bots, options):
    """``stellwerk selfplay --game steam --players N --options '{"map": ..., "mode": ...}'`` and
    ``stellwerk replay`` of its log give the same scores, ranking and final position."""
    runner = CliRunner()
    args = ["selfplay", "--game", "steam", "--players", str(players), "--seed", "st", "--games", "1",
            "--bots", bots, "--out", str(tmp_path)]
    if options:
        args += ["--options", json.dumps(options)]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout.splitlines()[0])  # the record, not what went to stderr
    assert line["over"] and len(line["scores"]) == players
    created = json.loads(open(line["log"], encoding="utf-8").readline())
    assert {k: created["payload"]["options"][k] for k in options} == options
    replayed = runner.invoke(main, ["replay", line["log"]])
    assert replayed.exit_code == 0, replayed.output
    again = json.loads(replayed.output)
    fields = ("game", "seq", "over", "scores", "ranking", "places", "to_move")
    assert {k: again[k] for k in fields} == {k: line[k] for k in fields}


def test_the_greedy_evaluation_is_registered_and_prefers_completed_links():
    evaluate = for_game(GAME)
    assert evaluate.__module__ == "games.steam.evaluation"
    state = position(3, money=0)
    n = places(state)
    better = connect(state, "p1", n["Albany"], n["Poughkeepsie"], n["New York"])
    assert evaluate(GAME, better, ("p1",))["p1"] > evaluate(GAME, state, ("p1",))["p1"]
    poorer = state.clone()
    poorer.income["p1"] = -9
    assert evaluate(GAME, poorer, ("p1",))["p1"] < evaluate(GAME, state, ("p1",))["p1"]


def test_greedy_beats_random_in_a_few_short_games():
    wins = 0
    for i in range(3):
        levels = ["random"] * 3
        levels[i] = "greedy"
        table = play(GAME, 3, f"steam-greedy-{i}", levels, {"rounds": 3}, budget_ms=0)
        status = table.status()
        assert status.over
        wins += status.ranking[0] == f"p{i + 1}"
    assert wins >= 2


def test_the_mcts_level_plays_whole_legal_turns():
    """The MCTS levels run on Steam through the same interface (here with a fixed, small
    iteration count so that the test does not depend on the machine's speed), the build
    phase too: its turns are the planner's (``plan_turns``), not every first tile completed."""
    import random

    from worker.bots.turns import bot_turn

    from .helpers import step, table

    t = table(3, "mcts-turns")
    rng = random.Random(5)
    phases = set()
    for _ in range(3000):
        s = t.state
        if t.status().over or {"actions", "build", "move"} <= phases:
            break
        if s.current and not t.projection.tail and s.phase not in phases and s.phase in ("actions", "build", "move"):
            seat = s.current
            commands = bot_turn(t.projection, seat, "mcts-1i", 0)
            assert commands and commands[-1].type == "ConfirmTurn"
            for command in commands:
                t.submit(seat, command)            # every command of the turn is legal
            phases.add(s.phase)
            continue
        step(t, rng)
    assert {"actions", "build", "move"} <= phases


def test_the_evaluation_sees_a_bankruptcy_coming():
    from games.steam.evaluation import doomed_in

    state = position(3, phase="move", money=0)
    state.income["p1"], state.vp["p1"] = -10, 0
    assert doomed_in(state, "p1", 3) == 1
    state.vp["p1"] = 4                               # two $5 steps of 2 VP: the first -10 is paid
    assert doomed_in(state, "p1", 3) == 2
    state.income["p1"] = 2
    assert doomed_in(state, "p1", 3) is None
    evaluate = for_game(GAME)
    safe, doomed = state.clone(), state.clone()
    doomed.income["p1"], doomed.vp["p1"] = -10, 0
    safe.income["p1"], safe.vp["p1"] = -7, 0
    assert evaluate(GAME, doomed, ("p1",))["p1"] < evaluate(GAME, safe, ("p1",))["p1"] - 20
    expert = position(3, phase="move", money=3, mode="expert")
    expert.income["p1"], expert.loco["p1"], expert.vp["p1"] = -10, 2, 1   # owes $12: $3, 1 VP ($2), then out
    assert doomed_in(expert, "p1", 2) == 1


# -- the greedy bot's turn planner (games/steam/planning.py) -----------------------------------------

def _fold(state, commands):
    import random

    from games.steam.planning import apply
    for command in commands:
        state = apply(state, command, random.Random(1))
    return state


def test_greedy_delivers_the_cube_that_earns_it_the_most_links():
    """An open delivery is made, over as many own links as the locomotive reaches (Albany's
    blue cube over Utica and Syracuse to Binghamton, three own links, rather than the red one
    to Worcester, one); points to income while rounds remain."""
    import random

    from games.steam.planning import plan_turn

    from .helpers import example_network
    state, n = example_network()
    state.loco["p1"] = 3
    commands = plan_turn(state, "p1", random.Random(1))
    assert commands is not None and [c.type for c in commands] == ["DeliverGoods"]
    args = commands[0].args
    assert (args["from"], args["colour"], len(args["links"]), args["take"]) == (n["Albany"], "blue", 3, "income")
    after = _fold(state, commands)
    assert after.income["p1"] == state.income["p1"] + 3


def test_greedy_raises_its_locomotive_only_when_a_delivery_needs_the_length():
    import random

    from games.steam.planning import plan_turn

    from .helpers import example_network
    state, n = example_network()
    state.cubes[n["Albany"]] = {"blue": 1}          # only Binghamton takes it: three links away
    state.loco["p1"] = 1
    assert [c.type for c in plan_turn(state, "p1", random.Random(1)) or []] == ["PassMove"]
    state.loco["p1"] = 2
    assert [c.type for c in plan_turn(state, "p1", random.Random(1)) or []] == ["RaiseLocomotive"]


def test_greedy_builds_a_link_that_opens_a_delivery():
    """From $10 in its first build turn greedy completes a link (no open track left behind)
    along which it can deliver a cube in the move phase (at once, or in the second pass
    after raising its locomotive in the first, which is what it then does)."""
    import random

    from games.steam.network import Network
    from games.steam.planning import best_delivery, plan_turn
    state = position(3, money=10)
    commands = plan_turn(state, "p1", random.Random(1))
    assert commands and all(c.type == "BuildTrack" for c in commands)
    after = _fold(state, commands)
    own = [link for link in Network.of(after).links if link.owner == "p1"]
    assert own and all(link.complete for link in own)
    moving = after.clone()
    moving.phase, moving.turn = "move", {"moves": 0, "built": 0, "city_done": False}
    first = plan_turn(moving, "p1", random.Random(1))
    assert first and first[0].type in ("DeliverGoods", "RaiseLocomotive")
    if first[0].type == "RaiseLocomotive":
        moving.loco["p1"] += 1
        assert best_delivery(moving, "p1") is not None


@pytest.mark.parametrize("income,vp", [(-3, 0), (-6, 1), (-8, 0), (0, 0)])
def test_greedy_never_builds_towards_bankruptcy(income, vp):
    """Whatever the seat builds, it can pay the income phase from cash, income and the
    delivery the build opens, and no bankruptcy is in view afterwards; or, where it could
    not pay it without building either (income -6 or -8 with $0: a bankruptcy in view
    already), the build leaves it no worse: the bankruptcy, counting the delivery's income,
    no nearer, and its cash at the game's end (the delivery's income every income phase
    left) no lower."""
    import random

    from games.steam.evaluation import doomed_in, income_phases_left
    from games.steam.planning import delivery_gain, plan_turn
    state = position(3, money=0)
    state.income["p1"], state.vp["p1"] = income, vp
    commands = plan_turn(state, "p1", random.Random(1))
    assert commands
    if commands[0].type == "EndBuild":
        return
    after = _fold(state, commands)
    gain = delivery_gain(after, "p1")
    if after.money["p1"] + after.income["p1"] + gain >= 0 and doomed_in(after, "p1", 4) is None:
        return
    assert state.money["p1"] + state.income["p1"] < 0 or doomed_in(state, "p1", 4) is not None

    def with_delivery(s, k):
        s = s.clone()
        s.income["p1"] += k
        return doomed_in(s, "p1", 4)

    doom_before, doom_after = with_delivery(state, 0), with_delivery(after, gain)
    assert doom_after is None or (doom_before is not None and doom_after >= doom_before)
    phases = income_phases_left(state)
    assert after.money["p1"] + (after.income["p1"] + gain) * phases >= state.money["p1"] + state.income["p1"] * phases


def _short_seat() -> tuple[object, str]:
    """Greedy vs greedy, 3 players, tournament game 95 (seed 1): p3 as its round-5 build turn
    began ($4, income -5, locomotive 2, no delivery over its links; steam_misses.py found
    a build that opens one)."""
    from pathlib import Path

    from games.steam.state import State
    data = json.loads((Path(__file__).parent / "data" / "greedy_short_seat.json").read_text(encoding="utf-8"))
    return State(**data), "p3"


def test_a_seat_short_at_the_income_phase_builds_its_way_back_to_a_delivery():
    """The seat cannot pay the income phase whether it builds or not.  Requiring it covered
    built nothing: three rounds without a delivery and a final score of -15.  The link that
    opens a delivery (after raising the locomotive) costs its $4 and leaves it no worse:
    the delivery's link of income over the six income phases left makes up for the cash."""
    import random

    from games.steam.network import Network
    from games.steam.planning import best_delivery, delivers, plan_turn, safe_at_income
    from games.steam.reach import route_value

    state, seat = _short_seat()
    assert not safe_at_income(state, seat) and not delivers(state, seat)
    commands = plan_turn(state, seat, random.Random(1))
    assert commands and all(c.type == "BuildTrack" for c in commands)
    after = _fold(state, commands)
    assert delivers(after, seat) and not safe_at_income(after, seat)
    longer = after.clone()
    longer.loco[seat] += 1
    route = best_delivery(longer, seat)
    gain = route_value(route, Network.of(after), seat)[0]
    phases = after.last_round - after.round + 1
    assert after.money[seat] + (after.income[seat] + gain) * phases >= state.money[seat] + state.income[seat] * phases


@pytest.mark.parametrize("round_,income,take", [(1, 5, "income"), (10, 4, "vp"), (10, -2, "income"), (9, 0, "vp")])
def test_greedy_takes_delivery_points_where_they_score_more(round_, income, take):
    """Income while rounds remain; in the last rounds victory points, except where the final
    scoring counts the income space double ("negative income costs twice its amount")."""
    import random

    from games.steam.planning import plan_turn

    from .helpers import example_network
    state, _ = example_network()
    state.round, state.income["p1"] = round_, income
    commands = plan_turn(state, "p1", random.Random(1))
    assert commands and commands[0].type == "DeliverGoods" and commands[0].args["take"] == take


def test_a_link_too_long_for_one_turn_is_begun_and_finished_in_the_next():
    """A link longer than this turn's tiles is laid over two build turns: its first tiles now
    (an own incomplete link), the rest from the open end in the next turn, which completes it
    (an incomplete link not extended loses its owner, "Unvollständige Verbindungen")."""
    import random

    from games.steam.network import Network
    from games.steam.planning import LinkPlan, continuations, lay, long_plans
    from games.steam.state import fresh_turn

    state = position(3, money=40)
    plans = list(long_plans(state, "p1", 3, 3))
    assert plans and all(3 < len(p.steps) <= 6 for p in plans)
    rng = random.Random(1)
    laid = None
    for plan in [p for p in plans if not any(state.is_town(h) for h, _, _ in p.steps)]:
        laid = lay(state, "p1", LinkPlan(plan.start, plan.end, plan.steps[:3]), rng)
        if laid is not None:
            break
    assert laid is not None
    begun = laid[0]
    own = [link for link in Network.of(begun).links if link.owner == "p1"]
    assert len(own) == 1 and not own[0].complete
    nxt = begun.clone()
    nxt.turn = fresh_turn()
    rest = [p for p in continuations(nxt, "p1", 3) if p.end == plan.end]
    assert rest and rest[0].steps == plan.steps[3:]
    finished = lay(nxt, "p1", rest[0], rng)
    assert finished is not None
    own = [link for link in Network.of(finished[0]).links if link.owner == "p1"]
    assert len(own) == 1 and own[0].complete


def test_greedy_raises_its_locomotive_in_the_last_round_only_with_a_move_left():
    """In the last round one more locomotive level is worth a move only when the second move
    of the round can use it."""
    import random

    from games.steam.planning import plan_turn

    from .helpers import example_network
    state, n = example_network()
    state.cubes[n["Albany"]] = {"blue": 1}          # only Binghamton takes it: three links away
    state.loco["p1"] = 2
    state.round = state.last_round
    state.queue = ["p1", "p2", "p3", "p1", "p2", "p3"]
    assert [c.type for c in plan_turn(state, "p1", random.Random(1)) or []] == ["RaiseLocomotive"]
    state.queue = ["p1", "p2", "p3"]
    assert [c.type for c in plan_turn(state, "p1", random.Random(1)) or []] == ["PassMove"]


def test_the_search_weighs_the_plan_and_its_alternatives_as_whole_legal_turns():
    """mcts's turns in Steam come from the planner (``plan_turns``): in a build turn the
    greedy plan, building nothing and other first links, each played and confirmed."""
    import random

    from events.local import LocalTable
    from worker.bots.candidates import own_value, planned_turns

    from .helpers import table

    t = table(3, "mcts-build")
    rng = random.Random(3)
    from .helpers import step
    for _ in range(3000):
        if t.state.phase == "build" and t.state.current and not t.projection.tail:
            break
        step(t, rng)
    seat = t.state.current
    turns = planned_turns(t.projection, seat, own_value(seat), random.Random(1))
    assert turns is not None and len(turns) >= 2
    assert any(c.commands[0].type == "EndBuild" for c in turns)
    assert any(c.commands[0].type == "BuildTrack" for c in turns)
    for candidate in turns:
        assert candidate.commands[-1].type == "ConfirmTurn"
        replay = LocalTable.from_projection(t.projection)
        for command in candidate.commands:
            replay.submit(seat, command)
        assert replay.projection.turn_seat != seat


@pytest.mark.parametrize("queue,red,kept", [
    (["p2", "p1", "p3", "p2", "p1", "p3"], 1, False),   # p2 moves first and takes the only red cube
    (["p2", "p1", "p3", "p2", "p1", "p3"], 2, True),    # one red cube is left for p1
    (["p1", "p2", "p3", "p1", "p2", "p3"], 1, True),    # p1 moves first
])
def test_a_delivery_is_secure_only_when_the_seats_moving_earlier_cannot_take_every_cube(queue, red, kept):
    """Albany's red cube: p1 delivers it to Worcester over its own link, p2 to New Haven over
    p1's Albany - Poughkeepsie and its own Poughkeepsie - New Haven (one link each)."""
    from games.steam.planning import delivers, secure

    from .helpers import example_network
    state, n = example_network()
    state.cubes[n["Albany"]] = {"red": red}
    state.loco.update({"p1": 1, "p2": 2})
    state.queue = queue
    assert delivers(state, "p1")
    assert secure(state, "p1") is kept


def test_greedy_builds_for_a_delivery_this_round_when_its_plan_opens_none():
    """From a fresh position with $10 the opening build opens a delivery in the move phase
    (at once, or after raising the locomotive), and pays its way through the income phase."""
    import random

    from games.steam.planning import _opening_build, delivers, safe_at_income
    state = position(3, money=10)
    assert not delivers(state, "p1")
    found = _opening_build(state, "p1", random.Random(1), delivers)
    assert found is not None
    after, commands = found
    assert commands and all(c.type == "BuildTrack" for c in commands)
    assert delivers(after, "p1") and safe_at_income(after, "p1")
    assert _fold(state, commands).track == after.track


@pytest.mark.parametrize("order,red,takes_first_move", [
    (["p2", "p1", "p3"], 1, True),    # p2 moves before p1 and would take the only red cube
    (["p2", "p1", "p3"], 2, False),   # a red cube is left for p1 anyway
    (["p1", "p2", "p3"], 1, False),   # p1 moves first already
])
def test_greedy_takes_first_move_only_when_moving_first_keeps_its_delivery(monkeypatch, order, red, takes_first_move):
    """Greedy without a delivery of its own yet looks at the cubes its planned build opens:
    First Move is worth its action only when a seat moving earlier could take all of them.
    (Here the planned build is empty, so the network of the example is what it opens.)"""
    from games.steam import planning

    from .helpers import example_network
    state, n = example_network()
    state.cubes[n["Albany"]] = {"red": red}
    state.loco.update({"p1": 1, "p2": 2})
    state.order = order
    state.tiles = {}
    monkeypatch.setattr(planning, "_build_turn", lambda trial, seat, rng: [])
    assert planning._first_move_keeps(state, "p1") is takes_first_move


def _saved(name: str) -> object:
    from pathlib import Path

    from games.steam.state import State
    return State(**json.loads((Path(__file__).parent / "data" / name).read_text(encoding="utf-8")))


def test_greedy_joins_a_town_tile_to_a_city():
    """Greedy vs greedy, tournament game 87 (seed 1), round 10: p1's build turn, no delivery,
    Sherbrooke tiled by another seat.  The planner offers links ending at a town with its town
    tile (the tile upgraded with the new exit, its old exits kept) and lays Quebec -
    Sherbrooke, which opens Quebec's blue cube over the town to Albany or Portland; before,
    it never planned such a link and the round went without a delivery."""
    import random

    from games.steam.network import Network
    from games.steam.planning import delivers, lay, link_plans, plan_turn

    state = _saved("greedy_town_tile.json")
    seat = "p1"
    assert not delivers(state, seat)
    town_ends = [p for p in link_plans(state, state.tile_limit(seat)) if state.is_town(p.end)]
    assert town_ends and any(p.steps[-1][2] == -1 for p in town_ends)
    upgrade = next(p for p in town_ends if p.steps[-1][2] == -1)
    town = upgrade.end
    laid = lay(state, seat, upgrade, random.Random(1))
    if laid is not None:
        old = {tuple(sg["e"]) for sg in state.track[town]["segs"]}
        assert old < {tuple(sg["e"]) for sg in laid[0].track[town]["segs"]}
        assert laid[1][-1].args["kind"] == "upgrade"
    commands = plan_turn(state, seat, random.Random(1))
    towns = [c.args["hex"] for c in commands if c.args.get("kind") == "upgrade" and state.is_town(c.args["hex"])]
    assert towns and state.map.name(towns[0]) == "Sherbrooke"
    after = _fold(state, commands)
    assert delivers(after, seat)
    own = [link for link in Network.of(after).links if link.owner == seat and ("town", towns[0]) in link.ends]
    assert own and all(link.complete for link in own)


def test_greedy_takes_the_locomotive_when_its_delivery_needs_the_reach():
    """Greedy vs greedy, tournament game 50 (seed 1), round 6: p3 chooses its action tile,
    moving third, $8, locomotive 1.  Its planned build opens Scranton's grey cube only over
    one more level: with the Engineer it raised the locomotive in its first move action and
    p1 took the cube in the second pass (a round without a delivery).  Judged by the planned
    build after each free tile, the Locomotive ($6 from cash) gives the reach at its first
    move action, so it takes that."""
    import random

    from games.steam.planning import _delivery_outlook, plan_turn

    state = _saved("greedy_locomotive_tile.json")
    seat = "p3"
    assert state.phase == "actions" and state.current == seat and state.loco[seat] == 1
    engineer = _delivery_outlook(state, seat, 3)
    locomotive = _delivery_outlook(state, seat, 6)
    assert engineer is not None and engineer[2] and not engineer[1]      # only after the raise
    assert locomotive is not None and locomotive[1]                      # at the first move
    commands = plan_turn(state, seat, random.Random(1))
    assert [(c.type, c.args["tile"]) for c in commands] == [("ChooseAction", 6)]
    after = _fold(state, commands)
    assert after.loco[seat] == 2 and after.money[seat] == 2 and after.income[seat] == state.income[seat]
