"""The engine's shortcuts (issue 17) give the answers of the long way round.

``evolve`` hands out the state ``decide`` built, statuses are shared between equal
positions, legal commands are interned, feasibility of track
demands has exact fast paths before the search, and action spaces are described once
(``SpaceInfo``).  Each test compares a shortcut with what it replaces.
"""

from __future__ import annotations

import copy
import random

import pytest

from games.contract import SYSTEM, TURN_CONFIRMED, Command, Event, IllegalMove
from games.russian_railroads import GAME, actions, engineers, industry, locomotives, spaces, tracks
from games.russian_railroads.data import RULES, engineer_cost
from games.russian_railroads.decide import listed_step, was_listed
from games.russian_railroads.evolve import apply
from games.russian_railroads.items import Item
from games.russian_railroads.legal import has_mandatory
from games.russian_railroads.spaces import available_infos, available_spaces
from games.russian_railroads.track_steps import step_lines

from .helpers import new_game


def _slow_fold(state, event):
    """``evolve`` without any shortcut: a fresh clone with the event applied."""
    new = state.clone()
    apply(new, event)
    return new


def _random_positions(players: int, seed: int, limit: int = 400, options: dict | None = None,
                      confirmations: bool = False):
    """(state, seat, command) at the decisions of a random game; with ``confirmations``
    also (state, seat, None) where the seat confirms its turn."""
    rng = random.Random(seed)
    state, _ = new_game(players, seed, options)
    for _ in range(limit):
        status = GAME.status(state)
        if status.over:
            return
        if status.pending_system:
            command = Command(status.pending_system[0], SYSTEM, {})
            yield state, SYSTEM, command
            events = GAME.decide(state, command, rng)
        else:
            seat = status.to_move[0]
            legal = GAME.legal_commands(state, seat)
            if state.acted and not has_mandatory(state, seat) and (not legal or rng.random() < 0.3):
                if confirmations:
                    yield state, seat, None
                events = [Event(TURN_CONFIRMED, {"seat": seat})]
            else:
                command = rng.choice(legal)
                yield state, seat, command
                events = GAME.decide(state, command, rng)
        for event in events:
            state = GAME.evolve(state, event)


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 5)])
def test_evolve_after_decide_equals_folding_the_events_and_leaves_the_input_alone(players, seed):
    for state, _seat, command in _random_positions(players, seed):
        before = copy.deepcopy(GAME.dump_state(state))  # (a dump holds the live lists)
        events = GAME.decide(state, command, random.Random(7))
        slow = state
        for event in events:
            slow = _slow_fold(slow, event)
        fast = state
        for event in events:
            fast = GAME.evolve(fast, event)
        assert GAME.dump_state(fast) == GAME.dump_state(slow)
        assert GAME.dump_state(state) == before


@pytest.mark.parametrize("players,seed,options", [(4, 5, None), (3, 6, None), (2, 7, {"dsp": True}),
                                                  (3, 8, {"coal": True}), (4, 9, {"tableau": "usa"})])
def test_each_state_decide_kept_is_the_fold_of_the_events_so_far(players, seed, options):
    """``evolve`` hands out the state ``decide`` kept after each event but the last
    (``Ctx.states``): each equals the events folded one by one the long way, and
    folding on from it (or deciding again) changes none of them."""
    several = 0
    for state, _seat, command in _random_positions(players, seed, options=options):
        events = GAME.decide(state, command, random.Random(7))
        several += len(events) > 1
        slow, fast, dumps = state, state, []
        for event in events:
            slow = _slow_fold(slow, event)
            fast = GAME.evolve(fast, event)
            assert GAME.dump_state(fast) == GAME.dump_state(slow), event.type
            dumps.append((fast, copy.deepcopy(GAME.dump_state(fast))))
        for kept, dump in dumps:
            assert GAME.dump_state(kept) == dump
    assert several > 20


def test_the_states_between_a_commands_events_are_built_only_when_read():
    """``evolve`` hands out the states between a command's events unbuilt
    (:class:`evolve.Unfolded`): folding on reads none of their fields, a read builds the
    fold of the events so far, and a field set by hand before that stays as set."""
    from games.russian_railroads.evolve import Unfolded

    between = 0
    for state, _seat, command in _random_positions(4, 5):
        events = GAME.decide(state, command, random.Random(7))
        kept = []
        fast = state
        for event in events:
            fast = GAME.evolve(fast, event)
            kept.append(fast)
        slow = state
        for event, folded in zip(events[:-1], kept[:-1], strict=True):
            slow = _slow_fold(slow, event)
            assert type(folded) is Unfolded and folded._base is state  # not built by folding on
            between += 1
            if between % 2:
                folded.round = slow.round + 100  # a hand edit before any read: kept, the rest folded
                assert GAME.dump_state(folded) == {**GAME.dump_state(slow), "round": slow.round + 100}
            else:
                assert GAME.dump_state(folded) == GAME.dump_state(slow)
            assert folded._base is None
    assert between > 20


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 34), (4, 33)])
def test_the_spaces_kept_per_engineer_combination_are_the_long_ways(players, seed):
    """``available_infos`` (kept per board, public and own engineers) lists the spaces
    ``available_spaces`` names, in its order, at every decision of random games, with
    own engineers (hired, some used) and after a hand edit of the used ones."""
    from games.russian_railroads import decide

    own = 0
    for state, seat, _command in _random_positions(players, seed, limit=3000):
        if seat == SYSTEM:
            continue
        assert [info.id for info in available_infos(state, seat)] == available_spaces(state, seat)
        p = state.players[seat]
        if p.engineers:
            own += 1
            unused = [e for e in p.engineers if e not in p.own_used]
            if unused:
                p.own_used = p.own_used + [unused[0]]  # (a hand edit: replaced, as the rule says)
                state.touch()
                assert [info.id for info in available_infos(state, seat)] == available_spaces(state, seat)
                assert decide.engineers.space_id(unused[0]) not in available_spaces(state, seat)
                return
    assert own > 0


def test_reach_is_the_sum_of_the_loco_values():
    """``PlayerState.reach`` (plain numbers taken as their value) against ``loco_value``
    for every kind of tile: plain, the special #9, boilers on either."""
    from games.russian_railroads.data import BOILER, SPECIAL9, loco_value
    from games.russian_railroads.state import PlayerState

    rng = random.Random(5)
    tiles = list(range(1, 10)) + [SPECIAL9, BOILER + 3, BOILER + SPECIAL9, 2 * BOILER + 7]
    for _ in range(300):
        p = PlayerState("p1")
        p.locos = [rng.sample(tiles, rng.randint(0, 4)) for _line in range(3)]
        for line in range(3):
            assert p.reach(line) == sum(loco_value(x) for x in p.locos[line])


def test_the_decided_outcome_is_not_used_for_another_event():
    state, _ = new_game(2, 11)
    seat = state.current
    card = state.draft_cards[0]
    GAME.decide(state, Command("ChooseStartBonus", seat, {"card": card}), random.Random(0))
    other = Event("StartBonusChosen", {"seat": seat, "card": state.draft_cards[1]})
    assert GAME.dump_state(GAME.evolve(state, other)) == GAME.dump_state(_slow_fold(state, other))


def test_status_is_shared_only_between_equal_positions_and_sees_a_hand_edit():
    state, _ = new_game(3, 2)
    status = GAME.status(state)
    assert GAME.status(state.clone()) is status  # an equal position shares it
    state.players[state.current].vp += 7  # tests edit states by hand: no per-state cache
    changed = GAME.status(state)
    assert changed.scores[state.current] == status.scores[state.current] + 7
    assert changed.ranking[0] == state.current


def test_touch_forgets_the_decided_outcome_after_a_hand_edit():
    state, _ = new_game(2, 11)
    seat = state.current
    events = GAME.decide(state, Command("ChooseStartBonus", seat, {"card": state.draft_cards[0]}),
                         random.Random(0))
    state.players[seat].coins += 5
    state.touch()
    assert GAME.evolve(state, events[0]).players[seat].coins == state.players[seat].coins


def test_statuses_rank_highest_first_and_ties_in_seat_order():
    state, _ = new_game(4, 9)
    for seat, vp in zip(state.seats, (5, 9, 5, 1), strict=True):
        state.players[seat].vp = vp
    seats = state.seats
    assert GAME.status(state).ranking == (seats[1], seats[0], seats[2], seats[3])


def _past_draft(state):  # type: ignore[no-untyped-def]
    """The position after the start-bonus draft, each seat taking the first listed bonus."""
    while state.phase == "draft":
        state = _slow_fold(state, GAME.decide(state, GAME.legal_commands(state, state.current)[0],
                                              random.Random(0))[0])
        state = _slow_fold(state, Event(TURN_CONFIRMED, {"seat": state.current}))
    return state


def test_interned_legal_commands_are_equal_to_fresh_ones():
    state, _ = new_game(2, 4)
    state = _past_draft(state)
    for command in GAME.legal_commands(state, state.current):
        fresh = Command(command.type, command.seat, dict(command.args))
        assert fresh == command
        assert GAME.decide(state, fresh, random.Random(0)) == GAME.decide(state, command, random.Random(0))


def _random_tracks(rng: random.Random) -> tuple[list[int], list[bool]]:
    """A reachable-looking position: each colour behind the one ahead on its line."""
    tr = [0] * 15
    for line in range(3):
        ahead = rng.randint(0, RULES.line_len[line])
        for colour in range(5):
            if not RULES.allowed[line][colour]:
                continue
            here = ahead if colour == 0 else rng.randint(0, max(0, ahead - 1))
            tr[line * 5 + colour] = here
            ahead = here
    unlocked = [True] + [rng.random() < 0.5 for _ in range(4)]
    return tr, unlocked


@pytest.mark.parametrize("seed", range(6))
def test_track_feasibility_fast_paths_agree_with_the_search(seed):
    """The two exact answers given before the search: one step of a multi-colour
    demand, and a demand for locked colours only while no black step is asked for."""
    rng = random.Random(seed)
    for _ in range(300):
        tr, unlocked = _random_tracks(rng)
        one_step = [(rng.choice(["black|grey", "any", "grey|brown"]), 1)]
        no_black = [(rng.choice(["grey", "brown", "natural", "white", "grey|brown"]), rng.randint(1, 3))
                    for _ in range(rng.randint(1, 2))]
        for reqs in (one_step, no_black):
            exact = tracks._search(list(tr), list(unlocked),
                                   [[tracks.colour_set(spec), n] for spec, n in reqs], set())
            assert tracks.feasible(tr, unlocked, reqs) == exact, (tr, unlocked, reqs)


def test_space_info_describes_every_space_as_the_rules_tables_do():
    for sid, info in RULES.spaces.items():
        described = spaces.space_info(sid)
        assert (described.workers, described.coins, described.effects) == (info["workers"], info["coins"],
                                                                         info["effects"])
        assert described.never_occupied == bool(info.get("never_occupied"))
        assert described.allows_black == spaces.allows_black(info["effects"])
    for number in RULES.engineers:
        described = spaces.space_info(engineers.space_id(number))
        assert described.number == number
        assert (described.workers, described.coins) == engineer_cost(number)
        assert described.effects is engineers.effects(number)


def test_pending_feasibility_with_memoised_demands_matches_the_effect_lists():
    state, _ = new_game(2, 6)
    p = state.players[state.current]
    items = [Item(1, "steps", 2, True, "black", False), Item(2, "industry", 1, True, None, False),
             Item(3, "loco_or_factory", 1, True, None, False), Item(4, "q_token", 1, False, "x", False)]
    for k in range(1, len(items) + 1):
        pending = tuple(items[:k])
        effects = actions._item_effects((kind, n, arg) for _id, kind, n, must, arg, _b in (i.fields() for i in pending)
                                        if must and n > 0 and kind in actions._DEMANDS)
        expected = not effects or actions.effects_feasible(state, p, effects)
        assert actions.pending_feasible(state, p, pending) == expected
        assert actions.pending_feasible(state, p, pending) == expected  # second time from the memo


def _accepted(state, seat, ctype, args) -> bool:
    """The long way round: would ``decide`` itself accept the command?"""
    try:
        GAME.decide(state, Command(ctype, seat, args), random.Random(0))
    except IllegalMove:
        return False
    finally:
        state.touch()
    return True


def _placements_the_long_way(state, seat):
    """Every space, coin count and black-worker choice, in listing order, as ``decide`` judges it."""
    result = []
    for space in available_spaces(state, seat):
        workers = spaces.space_info(space).workers
        for coins in range(workers + 1):
            for black in (False, True):
                args = {"space": space, "coins": coins, "black": black}
                if _accepted(state, seat, "PlaceWorkers", args):
                    result.append(Command("PlaceWorkers", seat, args))
    return result


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_the_placement_listing_is_what_decide_accepts(players, seed):
    """The listing walks ``available_infos`` and hands out remembered payment variants."""
    seen = 0
    for state, seat, _command in _random_positions(players, seed):
        if seat == SYSTEM or state.phase != "actions" or state.placed:
            continue
        assert [info.id for info in available_infos(state, seat)] == available_spaces(state, seat)
        listed = [c for c in GAME.legal_commands(state, seat) if c.type == "PlaceWorkers"]
        assert listed == _placements_the_long_way(state, seat)
        seen += 1
    assert seen > 10


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33), (4, 34)])
def test_track_steps_listed_per_colour_are_what_decide_accepts(players, seed):
    """``step_lines`` shares ``track_step``'s checks between the lines of a colour and
    tries steps on the track positions alone: the same verdict as ``decide``."""
    seen = 0
    for state, seat, _command in _random_positions(players, seed):
        if seat == SYSTEM or not state.placed or not state.pending:
            continue
        for colour, colour_name in enumerate(RULES.colours):
            expected = [line for line, line_name in enumerate(RULES.lines)
                        if _accepted(state, seat, "AdvanceTrack", {"line": line_name, "colour": colour_name})]
            assert step_lines(state, seat, colour) == expected, (state.pending, colour)
            seen += bool(expected)
    assert seen > 20


def test_a_track_step_that_would_leave_a_mandatory_step_impossible_is_not_listed():
    """The hypothetical check of ``step_lines`` on the track positions alone (made-up
    positions, to reach it): one grey step of room left while two mandatory
    black-or-grey steps are open is refused; the black Transsib step that unlocks brown
    for a mandatory brown step is allowed."""
    state, _ = new_game(2, 8)
    seat = state.current
    p = state.mut(seat)
    p.unlocked[1] = True
    for line in range(3):
        p.tr[line * 5] = RULES.line_len[line]  # black at the end of every line
        p.tr[line * 5 + 1] = RULES.line_len[line] - (2 if line == 0 else 1)
    state.pending = (Item(1, "steps", 2, True, "black|grey", False),)
    state.placed = state.acted = True

    def accepted(colour):
        return [line for line, name in enumerate(RULES.lines)
                if _accepted(state, seat, "AdvanceTrack", {"line": name, "colour": RULES.colours[colour]})]

    assert step_lines(state, seat, 1) == [] == accepted(1)
    state.pending = (Item(1, "steps", 2, True, "grey", False),)  # (the same on every line)
    assert step_lines(state, seat, 1) == [] == accepted(1)
    state.pending = (Item(1, "steps", 1, True, "grey", False),)
    assert step_lines(state, seat, 1) == [0] == accepted(1)
    p.tr[0], p.tr[1] = 5, 4  # the Transsib's black one step before unlocking brown
    state.pending = (Item(1, "steps", 1, True, "black", False), Item(2, "steps", 1, True, "brown", False))
    assert step_lines(state, seat, 0) == [0] == accepted(0)


def _builds_agree(state, seat) -> int:
    """The loco and factory builds listed, against ``decide`` over every line, replaced
    loco and slot (order: that of the placements and sources); how many were listed."""
    legal = GAME.legal_commands(state, seat)
    number = locomotives.lowest_stack(state.stacks)
    every_loco = [{"line": line, "replace": replace, "number": number}
                  for line in RULES.lines for replace in range(10)]
    every_factory = [{"source": source, "number": n, "slot": slot}
                     for source, n in locomotives.factory_sources(state.stacks, state.display)
                     for slot in range(5)]
    count = 0
    for ctype, universe in (("BuildLoco", every_loco), ("BuildFactory", every_factory)):
        expected = [Command(ctype, seat, args) for args in universe if _accepted(state, seat, ctype, args)]
        listed = [c for c in legal if c.type == ctype]
        assert sorted(listed, key=repr) == sorted(expected, key=repr), (state.pending, ctype)
        count += len(listed)
    return count


@pytest.mark.parametrize("players,seed", [(2, 41), (3, 42), (4, 43), (4, 44)])
def test_loco_and_factory_builds_listed_are_what_decide_accepts(players, seed):
    """``loco_builds`` / ``factory_builds`` share ``build_loco`` / ``build_factory``'s
    item choice between the builds: exactly the builds ``decide`` accepts."""
    seen = 0
    for state, seat, _command in _random_positions(players, seed):
        if seat == SYSTEM or not state.placed or not state.pending:
            continue
        seen += _builds_agree(state, seat)
    assert seen > 5


def test_a_build_that_would_leave_the_other_mandatory_build_impossible_is_not_listed():
    """The last tile of the stacks with a mandatory loco and factory open (the
    3-worker space; made up, to reach the refusal): neither build is listed; with a
    second tile both are."""
    state, _ = new_game(2, 8)
    seat = state.current
    state.pending = (Item(1, "loco", 1, True, None, False), Item(2, "factory", 1, True, None, False))
    state.placed = state.acted = True
    state.stacks = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    state.display = [0] * 10
    assert _builds_agree(state, seat) == 0
    state.stacks[4] = 1
    assert _builds_agree(state, seat) > 0


def _general(needs):
    """A copy of a demand summary that ``effects_feasible`` answers the long way."""
    copy = object.__new__(type(needs))
    for slot in type(needs).__slots__:
        setattr(copy, slot, getattr(needs, slot))
    copy.shape = "general"
    copy.plain_colour = None
    return copy


@pytest.mark.parametrize("players,seed", [(2, 51), (4, 52)])
def test_single_demands_are_answered_as_the_long_way_does(players, seed):
    """``effects_feasible``'s answers by shape (one step of several colours, industry,
    doublers, tiles ...) agree with walking every check, for every effect list of the
    rules (and each again with a shared memo, as the placement listing uses it)."""
    lists = actions._rules_effect_lists()
    shapes = {actions._needs(effects).shape for effects in lists}
    assert {"plain", "one_step", "industry", "doublers", "tiles", "general"} <= shapes
    for state, seat, _command in _random_positions(players, seed, limit=150):
        if seat == SYSTEM:
            continue
        p = state.players[seat]
        memo: dict = {}
        for effects in lists:
            needs = actions._needs(effects)
            expected = actions.effects_feasible(state, p, effects, needs=_general(needs))
            assert actions.effects_feasible(state, p, effects) == expected, effects
            assert actions.effects_feasible(state, p, effects, memo=memo, needs=needs) == expected, effects


@pytest.mark.parametrize("players,seed", [(2, 61), (4, 62), (3, 63)])
def test_listed_placements_and_steps_decide_as_the_checked_ones_do(players, seed):
    """``decide`` trusts a placement or track step the listing handed out for this very
    state (``was_listed``, ``listed_step``): the same events as a fresh, fully checked
    equal command."""
    seen = {"PlaceWorkers": 0, "AdvanceTrack": 0}
    for state, seat, _command in _random_positions(players, seed):
        if seat == SYSTEM or state.phase != "actions":
            continue
        for command in GAME.legal_commands(state, seat):
            if command.type not in seen:
                continue
            fresh = Command(command.type, command.seat, dict(command.args))
            if command.type == "PlaceWorkers":
                assert was_listed(state, command) and not was_listed(state, fresh)
            else:
                assert listed_step(state, command) and listed_step(state, fresh) is None
            assert GAME.decide(state, command, random.Random(0)) == GAME.decide(state, fresh, random.Random(0))
            seen[command.type] += 1
    assert min(seen.values()) > 30


@pytest.mark.parametrize("players,seed", [(2, 41), (3, 42), (4, 43), (4, 44)])
def test_listed_loco_builds_decide_as_the_checked_ones_do(players, seed):
    """``decide`` takes a listed loco build's pending item from the listing
    (``listed_build``): the same events as a fresh, fully checked equal command, also
    where a mandatory item stays open (the item is then the first one whose build
    leaves it finishable)."""
    from games.russian_railroads.decide import listed_build

    seen = open_after = 0
    for state, seat, _command in _random_positions(players, seed, limit=3000):
        if seat == SYSTEM or state.phase != "actions":
            continue
        for command in GAME.legal_commands(state, seat):
            if command.type != "BuildLoco":
                continue
            fresh = Command(command.type, command.seat, dict(command.args))
            assert listed_build(state, command) is not None and listed_build(state, fresh) is None
            assert GAME.decide(state, command, random.Random(0)) == GAME.decide(state, fresh, random.Random(0))
            seen += 1
            item = listed_build(state, command)[3]
            open_after += any(i.mandatory and i.n > 0 for i in actions.consume(state.pending, item.id))
    assert seen > 20 and open_after > 5


def test_a_listed_loco_builds_item_is_the_checked_ones_among_several():
    """Made up: two mandatory items a loco build may use (a loco, a loco or factory),
    so the item depends on the order and on what stays finishable; the listed build's
    item is the one the checked command chooses."""
    from games.russian_railroads.decide import listed_build

    seen = 0
    positions = [s for s, seat, _c in _random_positions(4, 45, limit=3000) if seat != SYSTEM and s.phase == "actions"]
    for state in positions[::10]:
        state = state.clone()
        state.pending = (Item(90, "loco_or_factory", 1, True, None, False), Item(91, "loco", 1, True, None, False))
        state.placed = state.acted = True
        state.touch()
        for command in GAME.legal_commands(state, state.current):
            if command.type != "BuildLoco":
                continue
            fresh = Command(command.type, command.seat, dict(command.args))
            assert listed_build(state, command) is not None
            assert GAME.decide(state, command, random.Random(0)) == GAME.decide(state, fresh, random.Random(0))
            seen += 1
    assert seen > 10


def test_a_hand_edit_after_listing_is_checked_again_after_touch():
    state, _ = new_game(2, 12)
    state = _past_draft(state)
    seat = state.current
    command = next(c for c in GAME.legal_commands(state, seat) if c.type == "PlaceWorkers")
    state.occupied = {**state.occupied, command.args["space"]: ["p9", 1, 0, False]}
    state.touch()
    assert not was_listed(state, command)
    with pytest.raises(IllegalMove):
        GAME.decide(state, command, random.Random(0))


def test_the_demand_left_after_a_use_is_kept_per_combination():
    pending = (Item(1, "steps", 2, True, "black", False), Item(2, "industry", 1, True, None, False),
               Item(3, "q_token", 1, False, "x", False))
    for item_id in (1, 2, 3, 4):
        expected = actions.pending_needs(actions.consume(pending, item_id))
        for _ in range(2):  # the second time from the memo
            found = actions.needs_after_use(pending, item_id)
            assert (found is None) == (expected is None)
            if found is not None:
                assert (found.steps, found.industry, found.shape) == (expected.steps, expected.industry,
                                                                      expected.shape)


@pytest.mark.parametrize("players,options", [
    (2, {"coal": True}), (3, {"dsp": True}), (4, {"tableau": "usa"}), (2, {"tableau": "deutschland"}),
    (3, {"new_engineers": True, "new_q": True}), (1, {"solo": True}),
])
def test_shared_lists_are_never_changed_in_place(players, options):
    """Clones share the table's lists (``state.SHARED``): deciding and folding, with
    every module's events, leaves each state as it was.  Each position is compared
    after the walk has decided and folded its move (turn confirmations included)."""
    previous = None
    for state, _seat, _command in _random_positions(players, 5, 600, options, confirmations=True):
        if previous is not None:
            assert GAME.dump_state(previous[0]) == previous[1]
        previous = (state, copy.deepcopy(GAME.dump_state(state)))  # (a dump holds the live lists)
    assert previous is not None
    assert GAME.dump_state(previous[0]) == previous[1]


@pytest.mark.parametrize("seed", range(3))
def test_track_room_walks_the_lines_as_the_rules_describe(seed):
    """``tracks.capacity`` from its tables of track indices: the room of each line
    (black up to the line's end, any other colour up to the track ahead) summed."""
    rng = random.Random(seed)
    for _ in range(300):
        tr, unlocked = _random_tracks(rng)
        for colour in range(5):
            expected = 0
            if unlocked[colour]:
                for line in range(3):
                    if RULES.allowed[line][colour]:
                        limit = RULES.line_len[line] if colour == 0 else tr[line * 5 + colour - 1] - 1
                        expected += max(0, limit - tr[line * 5 + colour])
            assert tracks.capacity(tr, unlocked, colour) == expected


def _industry_room_step_by_step(p, extra_factory=False):
    """Industry steps the markers can make, walking field by field (front marker first)."""
    factories = list(p.factories)
    if extra_factory and 0 in factories:
        factories[factories.index(0)] = 1
    total, limit = 0, RULES.industry_len + 1
    for pos in sorted((m for m in p.markers if m >= 0), reverse=True):
        cur = pos
        while cur + 1 < limit and industry.enterable(factories, cur + 1):
            cur += 1
        total += cur - pos
        limit = cur if cur > 0 else 1
    return total


@pytest.mark.parametrize("seed", range(3))
def test_industry_room_is_the_step_by_step_walk(seed):
    rng = random.Random(seed)
    state, _ = new_game(2, 1)
    p = state.mut(state.seats[0])
    for _ in range(500):
        p.factories = [rng.choice([0, 0, 2, 5]) for _ in range(5)]
        first = rng.randint(0, RULES.industry_len)
        p.markers = [first, rng.choice([-1, 0, rng.randint(0, first)])]
        for extra in (False, True):
            assert industry.capacity(p, extra) == _industry_room_step_by_step(p, extra), (p.factories, p.markers)


@pytest.mark.parametrize("seed", range(3))
def test_space_values_are_the_best_track_value_on_each_space(seed):
    """``scoring.space_values`` (what round scoring and the bots' evaluation read):
    the best value of every track at or ahead of each space."""
    from games.russian_railroads import scoring

    rng = random.Random(seed)
    state, _ = new_game(2, 1)
    p = state.mut(state.seats[0])
    for _ in range(200):
        p.tr, _unlocked = _random_tracks(rng)
        p.q_used = ["revaluation"] if rng.random() < 0.3 else []
        p.claims = ["de_revaluation"] if rng.random() < 0.2 else []
        for line in range(3):
            values = scoring.space_values(p, line)
            table = (RULES.values_reval if p.revaluation else RULES.values_base)
            if p.claims:
                from games.russian_railroads.germany.board import VALUES_DE as table
            expected = [0] + [max([0] + [table[c] for c in range(5) if p.tr[line * 5 + c] >= space])
                              for space in range(1, RULES.line_len[line] + 1)]
            assert values == expected


@pytest.mark.parametrize("players,seed", [(2, 71), (4, 72)])
def test_one_items_demand_is_that_of_the_pending_list_of_it(players, seed):
    seen = 0
    for state, seat, _command in _random_positions(players, seed):
        if seat == SYSTEM:
            continue
        p = state.players[seat]
        for item in state.pending:
            assert actions.item_alone_feasible(state, p, item) == actions.pending_feasible(state, p, [item])
            seen += 1
    assert seen > 20


def test_a_mandatory_step_items_answer_is_the_long_ways_also_when_refused():
    """``item_alone_feasible``'s own answer for steps of one colour (base tableau)
    against ``pending_feasible``, for every colour and count, on a fresh tableau (locked
    colours: no room) and one moved on by random games (room used up)."""
    seen = {True: 0, False: 0}
    states = [new_game(4, 3)[0]] + [state for state, seat, _c in _random_positions(3, 17) if seat != SYSTEM][-5:]
    for state in states:
        for p in state.players.values():
            for colour in RULES.colours:
                for n in range(1, 9):
                    item = Item(99, "steps", n, True, colour, False)
                    expected = actions.pending_feasible(state, p, [item])
                    assert actions.item_alone_feasible(state, p, item) == expected
                    seen[expected] += 1
    assert seen[True] > 20 and seen[False] > 20


@pytest.mark.parametrize("players,seed", [(3, 81), (4, 82)])
def test_the_relocation_listing_is_what_decide_accepts(players, seed):
    seen = 0
    for state, seat, _command in _random_positions(players, seed):
        if seat == SYSTEM or state.phase != "relocation" or state.placed:
            continue
        listed = [c for c in GAME.legal_commands(state, seat) if c.type == "Relocate"]
        assert listed == [Command("Relocate", seat, {"space": space}) for space in available_spaces(state, seat)
                          if _accepted(state, seat, "Relocate", {"space": space})]
        seen += 1
    assert seen > 2


@pytest.mark.parametrize("players,seed", [(2, 71), (4, 72)])
def test_the_listings_single_demand_answers_are_effects_feasibles(players, seed):
    """The placement listing answers industry, one-step, tile and doubler demands from
    its room memo (``legal._feasible``): as ``effects_feasible`` the long way, for every
    space, with one memo shared by all spaces of a position as the listing shares it."""
    from games.russian_railroads.placements import feasible as _feasible

    infos = [spaces.space_info(sid) for sid in RULES.spaces] + [spaces.engineer_info(n) for n in RULES.engineers]
    shapes = {info.needs.shape for info in infos}
    assert {"industry", "one_step", "tiles"} <= shapes
    answers = set()
    for state, seat, _command in _random_positions(players, seed, limit=200):
        if seat == SYSTEM:
            continue
        positions = [(state, state.players[seat])]
        if not answers:  # made up: no room for a step, no tile left (random games rarely get there)
            bare = state.clone()
            bare.stacks = [0] * 10
            bare.display = [0] * 10
            bare.doubler_supply = 0
            p = bare.mut(seat)
            p.unlocked = [True, False, False, False, False]
            for line in range(3):
                p.tr[line * 5] = RULES.line_len[line]
            positions.append((bare, p))
        for position, p in positions:
            memo: dict = {}
            for info in infos:
                expected = actions.effects_feasible(position, p, info.effects, needs=_general(info.needs))
                assert _feasible(position, p, info, memo, True) == expected, info.id
                answers.add((info.needs.shape, expected))
    assert {("industry", False), ("one_step", False), ("tiles", False), ("one_step", True), ("doublers", True),
            ("doublers", False)} <= answers


@pytest.mark.parametrize("players,seed", [(2, 81), (4, 82), (3, 83)])
def test_the_action_phase_status_is_the_long_ways(players, seed):
    """The base game's action-phase status (``game._status``'s first branch) equals the
    one built the long way for every position of random games, and a hand edit of the
    points is seen."""
    from games.russian_railroads import game

    seen = 0
    for state, _seat, _command in _random_positions(players, seed):
        if state.phase == "actions" and not state.options:
            seen += 1
            game._STATUSES.clear()
            game._ACTION_STATUSES.clear()
            fast = game._status(state)
            game._STATUSES.clear()
            game._ACTION_STATUSES.clear()
            assert fast == game._any_status(state)
            assert fast.to_move == game._any_status(state).to_move and fast.ranking == game._any_status(state).ranking
            assert game._status(state) is not None and game._status(state) == fast
    assert seen > 50
    state.players[state.seats[0]].vp += 11
    state.touch()  # (the contract after a hand edit: the state keeps its action-phase status)
    assert game._status(state).scores[state.seats[0]] == state.players[state.seats[0]].vp


@pytest.mark.parametrize("players,seed", [(2, 84), (4, 85)])
def test_the_status_kept_on_a_state_is_its_own_and_a_clone_asks_again(players, seed):
    """The action-phase status kept on a state (``State._status``) is the one the memo
    built for its position; a clone, a folded event and ``touch`` start without it."""
    from games.russian_railroads import game

    seen = 0
    for state, _seat, _command in _random_positions(players, seed):
        if state.phase == "actions" and not state.options:
            seen += 1
            status = game._status(state)
            assert state._status is status and game._status(state) is status
            assert status == game._any_status(state)
            assert state.clone()._status is None
            state.touch()
            assert state._status is None and game._status(state) == status
    assert seen > 50



def _direct_candidates(state, seat):
    """Every industry step, ?-token, doubler, loco placement and discard a seat could
    name now: the sub-moves the listing checks directly instead of probing a handler."""
    from games.russian_railroads.plugins import q_tokens_for

    found = [("AdvanceIndustry", {"marker": m}) for m in (1, 2, 3)]
    found += [("ChooseQuestionToken", {"token": t}) for t in q_tokens_for(state.options)]
    found.append(("PlaceDoubler", {}))
    block = actions.blocking_item(state.pending)
    if block is not None and block.kind == "place_loco":
        number = block.arg // 10
        for line in RULES.lines:
            for replace in range(10):
                found.append(("PlaceLoco", {"line": line, "replace": replace, "number": number}))
        found.append(("DiscardLoco", {"number": number}))
    return found


@pytest.mark.parametrize("players,seed,options", [(2, 91, None), (4, 92, None), (3, 93, {"new_q": True}),
                                                  (4, 94, {"coal": True})])
def test_directly_checked_submoves_are_what_decide_accepts(players, seed, options):
    """Industry steps, ?-tokens, doublers, loco placements and discards are listed by
    the handlers' own checks called directly (``industry_step``, ``question_token_item``,
    ``doubler_item``, ``may_discard``; loco placements as ``locomotives.placements``
    gives them): each listed iff ``decide`` accepts it."""
    from games.russian_railroads.data import SPECIAL9

    positions = [(state, seat) for state, seat, _command in _random_positions(players, seed, limit=600,
                                                                                options=options)
                 if seat != SYSTEM and state.placed and state.pending]
    # made up: the refusals random games rarely reach (no doubler left; the ?-card's #9
    # discarded while a slot is free)
    state, seat = positions[0]
    no_doubler = state.clone()
    no_doubler.pending = (Item(no_doubler.next_item, "doublers", 1, True, None, False),)
    no_doubler.doubler_supply = 0
    must_place = state.clone()
    must_place.pending = (Item(must_place.next_item, "place_loco", 1, True, SPECIAL9 * 10, True),)
    assert locomotives.has_free_slot(must_place.players[seat])
    positions += [(no_doubler, seat), (must_place, seat)]
    verdicts = set()
    for state, seat in positions:
        legal = GAME.legal_commands(state, seat)
        for ctype, args in _direct_candidates(state, seat):
            accepted = _accepted(state, seat, ctype, args)
            assert (Command(ctype, seat, args) in legal) == accepted, (ctype, args)
            verdicts.add((ctype, accepted))
    assert {("AdvanceIndustry", True), ("AdvanceIndustry", False), ("ChooseQuestionToken", True),
            ("PlaceDoubler", True), ("PlaceDoubler", False), ("PlaceLoco", True), ("PlaceLoco", False),
            ("DiscardLoco", True), ("DiscardLoco", False)} <= verdicts


@pytest.mark.parametrize("players,seed,options", [(4, 101, None), (3, 102, {"tableau": "deutschland"}),
                                                  (2, 103, {"tableau": "usa"}), (4, 104, {"coal": True})])
def test_industry_room_kept_by_value_is_the_walk(players, seed, options):
    """``actions.industry_capacity`` (kept by the factories and markers it reads) is
    ``industry.capacity`` for every seat of random games, with and without the extra
    factory, and sees a hand edit of the markers or factories at once."""
    checked = 0
    for state, _seat, _command in _random_positions(players, seed, limit=300, options=options):
        for p in state.players.values():
            for extra in (False, True):
                assert actions.industry_capacity(p, extra) == industry.capacity(p, extra_factory=extra)
                checked += 1
    assert checked > 500
    p = state.players[state.seats[0]].clone()
    for markers, factories in (([0, -1], [0, 0, 0, 0, 0]), ([3, 0], [1, 0, 0, 0, 0]), ([9, 2], [1, 2, 3, 0, 0])):
        actions.industry_capacity(p)  # (kept for the values before the edit)
        p.markers[:len(markers)] = markers  # a hand edit, in place
        p.factories[:] = factories
        assert actions.industry_capacity(p) == industry.capacity(p)
        assert actions.industry_capacity(p, True) == industry.capacity(p, extra_factory=True)


@pytest.mark.parametrize("seed", range(3))
def test_a_factory_source_is_found_as_the_source_list_finds_one(seed):
    """``locomotives.has_factory_source`` is ``bool(factory_sources(...))``: random
    stacks and displays, mostly empty ones (the refusals), and every position of a
    random game."""
    rng = random.Random(seed)
    for _ in range(500):
        stacks = [0] + [rng.choice((0, 0, 0, 1, 2)) for _ in range(9)]
        display = [0] + [rng.choice((0, 0, 0, 0, 1)) for _ in range(9)]
        assert locomotives.has_factory_source(stacks, display) == bool(locomotives.factory_sources(stacks, display))
    assert not locomotives.has_factory_source([0] * 10, [0] * 10)
    assert locomotives.has_factory_source([0] * 10, [0] * 9 + [1])
    for state, _seat, _command in _random_positions(4, 110 + seed, limit=200):
        assert locomotives.has_factory_source(state.stacks, state.display) == \
            bool(locomotives.factory_sources(state.stacks, state.display))


def _eventual_capacity_by_the_rules(tr, unlocked):
    """Every allowed, unlocked colour's room to its last possible space, line by line."""
    total = 0
    for line in range(3):
        for colour in range(5):
            if RULES.allowed[line][colour] and unlocked[colour]:
                total += max(0, RULES.line_len[line] - colour - tr[line * 5 + colour])
    return total


@pytest.mark.parametrize("seed", range(4))
def test_eventual_capacity_walks_the_lines_as_the_rules_describe(seed):
    rng = random.Random(seed)
    for _ in range(300):
        tr, unlocked = _random_tracks(rng)
        assert tracks.eventual_capacity(tr, unlocked) == _eventual_capacity_by_the_rules(tr, unlocked)


def _status_the_long_way(state):
    """A position's status built from scratch: points per seat, the ranking by
    ``scores.get(seat, 0)`` (the key ``game._status_for`` had before issue 17's fifth
    round), highest first and ties in seat order."""
    scores = {seat: p.vp for seat, p in state.players.items()}
    ranking = tuple(sorted(state.seats, key=lambda s: scores.get(s, 0), reverse=True))
    return scores, ranking


@pytest.mark.parametrize("players,seed,options", [(2, 91, None), (4, 92, None), (3, 93, None), (1, 94, {"solo": True}),
                                                  (4, 95, {"dsp": True})])
def test_every_phases_status_is_built_as_the_long_way(players, seed, options):
    """Every position's status (all phases: draft, actions, relocation, scoring ...)
    built afresh has the long way's scores and ranking, also with a tie forced and
    with a seat that has no player (counted 0)."""
    from games.russian_railroads import game

    phases = set()
    for state, _seat, _command in _random_positions(players, seed, options=options):
        phases.add(state.phase)
        game._STATUSES.clear()
        game._ACTION_STATUSES.clear()
        status = game._any_status(state)
        assert (dict(status.scores), status.ranking) == _status_the_long_way(state)
    assert "actions" in phases and len(phases) >= 2
    tied = state.clone()
    for seat in tied.seats:
        tied.mut(seat).vp = 5
    game._STATUSES.clear()
    assert game._any_status(tied).ranking == tied.seats
    lonely = state.clone()
    lonely.seats = (*lonely.seats, "nobody")
    game._STATUSES.clear()
    assert game._any_status(lonely).ranking == _status_the_long_way(lonely)[1]


@pytest.mark.parametrize("players,seed", [(2, 96), (4, 97)])
def test_a_clone_copies_each_player_once_before_changing_it(players, seed):
    """``State.mut`` copies a player the first time a clone changes it and hands that
    copy out again; the state it was cloned from keeps its own player, and a clone of
    the clone copies again (``State._owned`` starts empty for every clone)."""
    for state, _seat, _command in _random_positions(players, seed, limit=60):
        seat = state.seats[0]
        before = state.players[seat]
        vp = before.vp
        clone = state.clone()
        assert clone._owned == ()
        mine = clone.mut(seat)
        assert mine is not before and clone.mut(seat) is mine and clone.players[seat] is mine
        mine.vp += 3
        assert state.players[seat] is before and before.vp == vp
        again = clone.clone()
        assert again.mut(seat) is not mine
        again.players[seat].vp += 1
        assert mine.vp == vp + 3


def _line_total_the_long_way(p, line, reach):
    """``line_score``'s sum before the Petersburg and Kiev bonuses, space by space
    (``space_values``, the Trans-Siberian's first ``doublers`` spaces twice)."""
    from games.russian_railroads.data import TRANSSIB
    from games.russian_railroads.scoring import space_values

    values = space_values(p, line)
    return sum(values[space] * (2 if line == TRANSSIB and space <= p.doublers else 1)
               for space in range(1, reach + 1))


@pytest.mark.parametrize("seed", range(4))
def test_a_lines_value_walked_by_colour_is_the_sum_space_by_space(seed):
    """``scoring._reached_value`` (by colour) against the space-by-space sum, for made-up
    track positions in any order (also a colour past a higher one), every reach and
    doubler count, with each track value table."""
    from games.russian_railroads.data import RULES, TRANSSIB
    from games.russian_railroads.scoring import _reached_value, track_values
    from games.russian_railroads.state import PlayerState

    rng = random.Random(seed)
    for _ in range(300):
        p = PlayerState("a")
        p.tr = [rng.randint(0, RULES.line_len[i // 5]) for i in range(15)]
        p.doublers = rng.randint(0, 8)
        p.q_used = ["revaluation"] if rng.random() < 0.4 else []
        p.claims = ["de_revaluation"] if rng.random() < 0.2 else []
        for line in range(3):
            for reach in range(0, RULES.line_len[line] + 1):
                doubled = p.doublers if line == TRANSSIB else 0
                assert _reached_value(p.tr, line * 5, reach, track_values(p), doubled) \
                    == _line_total_the_long_way(p, line, reach)


@pytest.mark.parametrize("players,seed,options", [(4, 98, None), (3, 99, {"new_q": True})])
def test_round_scores_are_the_space_by_space_ones(players, seed, options):
    """Every player's line scores at the positions of random games equal the
    space-by-space sum plus the Petersburg and Kiev bonuses."""
    from games.russian_railroads.data import KIEV, PETERSBURG, RULES
    from games.russian_railroads.scoring import kiev_bonus, line_score

    scored = 0
    for state, _seat, _command in _random_positions(players, seed, options=options):
        for p in state.players.values():
            for line in range(3):
                reach = min(p.reach(line), RULES.line_len[line])
                expected = _line_total_the_long_way(p, line, reach) if reach > 0 else 0
                if reach > 0 and line == PETERSBURG:
                    rule = RULES.raw["petersburg_doubling"]
                    if p.tr[PETERSBURG * 5 + 1] >= rule["space"] and reach >= rule["space"]:
                        expected *= rule["factor"]
                if reach > 0 and line == KIEV:
                    expected += kiev_bonus(p)
                assert line_score(p, line) == expected
                scored += expected > 0
    assert scored > 100


def test_events_decided_are_the_events_the_dataclass_builds():
    """``Ctx.emit`` builds its events without ``Event.__init__``: they are equal to, and
    hold the same fields as, the dataclass's own (whatever the command)."""
    from games.contract import Event

    checked = 0
    for state, _seat, command in _random_positions(3, 7, limit=200):
        for event in GAME.decide(state, command, random.Random(1)):
            fresh = Event(event.type, event.payload, event.barrier)
            assert event == fresh and vars(event) == vars(fresh) and repr(event) == repr(fresh)
            checked += 1
    assert checked > 100


def test_statuses_are_the_statuses_the_dataclass_builds():
    """``game._status_for`` builds statuses without ``Status.__init__``: equal to, and
    holding the same fields as, the dataclass's own."""
    from dataclasses import fields

    from games.contract import Status

    checked = 0
    for state, _seat, _command in _random_positions(4, 8, limit=200):
        status = GAME.status(state)
        fresh = Status(*(getattr(status, f.name) for f in fields(Status)))
        assert status == fresh and vars(status) == vars(fresh) and repr(status) == repr(fresh)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("seed", range(3))
def test_open_lines_are_the_lines_step_target_allows(seed):
    """``tracks.open_lines`` (one pass over the lines a colour may use) lists exactly the
    lines where ``tracks.step_target`` finds a space, in line order."""
    rng = random.Random(seed)
    for _ in range(300):
        tr, unlocked = _random_tracks(rng)
        for colour in range(5):
            expected = [line for line in range(3) if tracks.step_target(tr, unlocked, line, colour)]
            assert tracks.open_lines(tr, unlocked, colour) == expected
