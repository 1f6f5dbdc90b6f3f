"""Engineers (games/russian_railroads/engineers.py): the strip, public engineers, hiring,
own engineers once per round, engineer 8 / factory 3 re-use, the final majority."""

from __future__ import annotations

from games.russian_railroads import engineers
from games.russian_railroads.legal import has_mandatory
from games.russian_railroads.state import PlayerState

from .helpers import act, at_turn, confirm, illegal_code, new_game, player, run_system, started


def end_round(state):
    while state.phase == "actions":
        state = act(state, state.current, "Pass")
        state = confirm(state)
    return run_system(state)


def test_strip_sizes_per_player_count():
    """Rules text: 4 players 3 A + 4 B, 2 and 3 players 3 A + 3 B; rounds = engineers."""
    for players, size, rounds, public in ((2, 6, 6, 1), (3, 6, 6, 2), (4, 7, 7, 2)):
        state, _ = new_game(players)
        assert len(state.strip) == size and state.rounds == rounds
        assert len(engineers.public_engineers(state)) == public
        assert 8 not in state.strip


def test_a_engineers_first_b_later():
    state, _ = new_game(4, seed=5)
    from games.russian_railroads.data import RULES

    letters = [RULES.engineers[n]["letter"] for n in state.strip]
    assert letters == ["A", "A", "A", "B", "B", "B", "B"]


def test_strip_slides_each_round_and_unhired_engineer_leaves():
    s = started(4)
    hire, public = engineers.hire_candidate(s), engineers.public_engineers(s)
    assert hire == s.strip[0] and public == s.strip[1:3]
    s = end_round(s)
    assert s.round == 2
    assert engineers.hire_candidate(s) == public[0]
    assert hire not in engineers.public_engineers(s) + [engineers.hire_candidate(s)] + engineers.preview(s)


def test_hire_costs_a_coin_and_once_per_round():
    s = at_turn()
    player(s).coins = 2
    number = engineers.hire_candidate(s)
    s = act(s, "p1", "PlaceWorkers", space="hire_engineer")
    p = s.players["p1"]
    assert p.engineers == [number] and p.coins == 1 and p.free == 5
    s = confirm(s)
    assert illegal_code(s, s.current, "PlaceWorkers", space="hire_engineer") == "rr.space.occupied"


def test_public_engineer_used_by_anyone_once_per_round_and_in_full():
    s = at_turn()
    number = engineers.public_engineers(s)[0]
    space = engineers.space_id(number)
    p = player(s)
    p.factories[0] = 5
    p.unlocked[1] = True
    p.tr[0] = 6
    s = act(s, "p1", "PlaceWorkers", space=space)
    assert all(item[3] for item in s.pending)  # public engineer: mandatory
    assert illegal_code(s, "p1", "PlaceWorkers", space="coins") == "rr.turn.one_action"


def test_own_engineer_only_owner_once_per_round_may_lapse():
    s = at_turn()
    p = player(s)
    s.strip = [n if n != 14 else 2 for n in s.strip]  # engineer 14 is only p1's
    p.engineers = [14]
    s = act(s, "p1", "PlaceWorkers", space="engineer_14")
    assert not has_mandatory(s, "p1")  # own engineers may lapse
    s = confirm(s)
    other = s.current
    assert illegal_code(s, other, "PlaceWorkers", space="engineer_14") == "rr.space.unavailable"
    while s.current != "p1":
        s = act(s, s.current, "Pass")
        s = confirm(s)
    assert illegal_code(s, "p1", "PlaceWorkers", space="engineer_14") == "rr.space.unavailable"


def test_own_engineer_usable_even_if_not_executable():
    """Rules text: own engineers may be used even if their action cannot be carried out fully."""
    s = at_turn()
    p = player(s)
    p.engineers = [13]  # grey + brown, neither unlocked
    s = act(s, "p1", "PlaceWorkers", space="engineer_13")
    assert s.players["p1"].own_used == [13]


def test_engineer_8_reuses_a_space_with_exactly_one_worker():
    """Engineer 8: use again an action space where you stand with exactly 1 worker."""
    s = at_turn()
    p = player(s)
    p.engineers = [8]
    s = act(s, "p1", "PlaceWorkers", space="coins")
    s = confirm(s)
    while s.current != "p1":
        s = act(s, s.current, "Pass")
        s = confirm(s)
    coins = s.players["p1"].coins
    s = act(s, "p1", "PlaceWorkers", space="engineer_8")
    assert illegal_code(s, "p1", "ReuseSpace", space="black_2w") == "rr.reuse.not_yours"
    s = act(s, "p1", "ReuseSpace", space="coins")
    assert s.players["p1"].coins == coins + 2


def test_factory_3_reuse():
    """Fabrik 3: use again an action space where you stand with exactly 1 worker."""
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="doubler")
    s = act(s, "p1", "PlaceDoubler")
    p = player(s)
    p.factories[0] = 3
    p.markers = [4, -1]
    # an open industry step (e.g. from an own engineer) enters factory 3
    s.pending = ((50, "industry", 1, False, None, False),)
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert any(item[1] == "reuse" for item in s.pending)
    s = act(s, "p1", "ReuseSpace", space="doubler")
    s = act(s, "p1", "PlaceDoubler")
    assert s.players["p1"].doublers == 2


def test_reuse_excludes_two_worker_spaces_and_turn_order():
    s = at_turn()
    player(s).coins = 0
    s.occupied["black_2w"] = ["p1", 2, 0, False]
    s.occupied["turn_order_2"] = ["p1", 1, 0, False]
    s.occupied["coins"] = ["p1", 1, 0, False]
    from games.russian_railroads.actions import reusable_spaces

    assert reusable_spaces(s, "p1") == ["coins"]


def test_majority_40_20_tie_to_higher_engineer():
    """Rules text: most engineers 40, second 20; a tie goes to the higher engineer number;
    the extra-engineer card counts as an engineer; no engineers, no points."""
    a, b, c, d = (PlayerState(s) for s in "abcd")
    a.engineers = [3, 5]
    b.engineers = [2, 14]
    c.engineers = [1]
    c.end_cards = ["extra_engineer"]
    result = engineers.majority([a, b, c, d])
    assert result == {"b": 40, "a": 20, "c": 0, "d": 0}
    d.engineers = [15]
    assert engineers.majority([c, d]) == {"c": 40, "d": 20}  # the card makes 2 engineers
    c.end_cards = []
    assert engineers.majority([c, d]) == {"d": 40, "c": 20}
    assert engineers.majority([PlayerState("x"), PlayerState("y")]) == {"x": 0, "y": 0}


def test_rally_can_be_reused():
    s = at_turn()
    s = act(s, "p1", "PlaceWorkers", space="rally")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    from games.russian_railroads.actions import reusable_spaces

    assert reusable_spaces(s, "p1") == ["rally"]
    assert reusable_spaces(s, "p2") == []


def test_hired_engineer_usable_in_the_same_round():
    s = at_turn()
    number = engineers.hire_candidate(s)
    s = act(s, "p1", "PlaceWorkers", space="hire_engineer")
    s = confirm(s)
    while s.current != "p1":
        s = act(s, s.current, "Pass")
        s = confirm(s)
    from games.russian_railroads.decide import available_spaces

    assert engineers.space_id(number) in available_spaces(s, "p1")
    assert engineers.space_id(number) not in available_spaces(s, "p2")
