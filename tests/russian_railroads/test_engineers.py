"""Engineers (games/russian_railroads/engineers.py): the strip, public engineers, hiring,
own engineers once per round, engineer 8 / factory 3 re-use, the final majority."""

from __future__ import annotations

from games.russian_railroads import engineers
from games.russian_railroads.items import Item
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
    assert all(item.mandatory for item in s.pending)  # public engineer: mandatory
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
    s.pending = (Item(50, "industry", 1, False, None, False),)
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert any(item.kind == "reuse" for item in s.pending)
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
    from games.russian_railroads.spaces import available_spaces

    assert engineers.space_id(number) in available_spaces(s, "p1")
    assert engineers.space_id(number) not in available_spaces(s, "p2")


def test_engineer_8_reuses_an_own_engineer_which_may_lapse():
    """Rules text: own engineers are used 'so ... wie Aktionsfelder auf dem Spielplan', and
    engineer 8 re-uses '1 Aktionsfeld, auf dem er mit genau 1 seiner Arbeiter steht': a used
    own engineer is such a field.  Its action stays non-competitive (may lapse)."""
    s = at_turn()
    p = player(s)
    s.strip = [n if n not in (8, 14) else 2 for n in s.strip]
    p.engineers = [8, 14]
    s = act(s, "p1", "PlaceWorkers", space="engineer_14")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    s = confirm(s)
    while s.current != "p1":
        s = act(s, s.current, "Pass")
        s = confirm(s)
    s = act(s, "p1", "PlaceWorkers", space="engineer_8")
    s = act(s, "p1", "ReuseSpace", space="engineer_14")
    assert not has_mandatory(s, "p1")
    s = act(s, "p1", "AdvanceTrack", line="kiev", colour="black")
    assert s.players["p1"].tr[10] == 3  # Kiev black 1 -> 2 -> 3, one step lapsed each time
    # engineer 8 itself is never re-used by engineer 8
    from games.russian_railroads.actions import reusable_spaces

    assert "engineer_8" not in reusable_spaces(s, "p1")


ENGINEER_TEXT = {
    # number: (rules text "Die Ingenieure", expected effects with the printed numbers)
    1: [("steps", "any", 2)],
    2: [("industry", None, 1), ("vp", None, 3)],
    3: [("steps", "black", 1), ("steps", "grey", 1)],
    4: [("doublers", None, 1), ("vp", None, 3)],
    5: [("steps", "any", 1), ("vp", None, 3)],
    6: [("steps", "grey", 1), ("vp", None, 5)],
    7: [("steps", "black", 1), ("vp", None, 3)],
    8: [("reuse", None, None)],
    9: [("industry", None, 2)],
    10: [("industry", None, 1), ("steps", "black", 1)],
    11: [("steps", "any", 1), ("steps", "black", 1)],
    12: [("loco_or_factory", None, None)],
    13: [("steps", "grey", 1), ("steps", "brown", 1)],
    14: [("steps", "black", 2)],
    15: [("steps", "brown", 1), ("vp", None, 5)],
}


def test_every_engineer_has_the_printed_action():
    """Rules text, 'Die Ingenieure' 1-15: each action with its numbers (steps, points)."""
    from games.russian_railroads.data import RULES

    for number, expected in ENGINEER_TEXT.items():
        got = [(op["op"], op.get("colour"), op.get("n")) for op in RULES.engineers[number]["effects"]]
        assert got == expected, number


def test_engineer_points_are_scored_at_once():
    """Rules text: engineer 6 '1 Schritt mit einem grauen Gleis ... und erhält sofort 5 Punkte'."""
    s = at_turn()
    p = player(s)
    s.strip = [n if n != 6 else 2 for n in s.strip]
    p.engineers = [6]
    vp = p.vp
    s = act(s, "p1", "PlaceWorkers", space="engineer_6")
    assert s.players["p1"].vp == vp + 5


def test_smallest_free_strip_label_is_the_number_of_rounds_left():
    """Rules text: 'Die kleinste sichtbare Zahl auf den Feldern der Ingenieure gibt die Anzahl
    der noch zu spielenden Runden an' (4 players: 7 engineers, 7 rounds)."""
    s = started(4)
    for _ in range(3):
        s = end_round(s)
    # after 3 rounds the 3 rightmost fields have been vacated: labels 6, 5, 4 show, 4 rounds left
    left = s.rounds - s.round + 1
    assert left == 4
    assert len([e for e in s.strip[s.round - 1:]]) == left
