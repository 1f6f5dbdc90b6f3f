"""Dice: income (cases a, b, c), rolling, turning '?', paying, reducing to five (rules text, "DIE EISENBAHNWÜRFEL")."""

from __future__ import annotations

import pytest

from games.contract import SECRET, IllegalMove

from .helpers import GAME, confirm, dice_total, fresh, give, run


def second_year(players: int = 2):
    s = fresh(players)
    s.year = 2
    return s


def test_setup_four_question_dice_in_front_and_the_rest_in_the_bank():
    s = fresh(3)
    assert all(s.front[seat] == {"straight": 0, "curve": 0, "share": 0, "question": 4} for seat in s.seats)
    assert all(s.screen[seat] == 0 for seat in s.seats)
    assert s.bank == 40 - 12 - 1  # one straight lies on the start tile
    assert dice_total(s) == 40


def test_no_income_in_the_first_year():
    with pytest.raises(IllegalMove) as e:
        run(fresh(), "p1", "TakeIncome")
    assert e.value.code == "rd.income.first_year"


def test_income_without_directorship_is_four_dice_behind_the_screen_once_per_turn():
    s, events = run(second_year(), "p1", "TakeIncome")
    assert s.screen["p1"] == 4 and events[0].payload["case"] == "none"
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "TakeIncome")
    assert e.value.code == "rd.income.once"


def test_income_case_a_director_with_four_or_fewer_stations_gets_four():
    s = second_year()
    s.directors["weiden"] = "p1"
    s.directors["insel"] = "p1"
    s.stations = [{"company": "weiden", "pos": f"{i},0", "field": [3, 3], "kind": "meadow", "cost": 3}
                  for i in range(4)]
    s, events = run(s, "p1", "TakeIncome")
    assert events[0].payload["case"] == "a" and s.screen["p1"] == 4


def test_income_case_b_one_die_per_station_of_all_own_companies():
    s = second_year()
    s.directors["weiden"] = "p1"
    s.directors["insel"] = "p1"
    s.stations = [{"company": c, "pos": f"{i},0", "field": [3, 3], "kind": "meadow", "cost": 3}
                  for i, c in enumerate(["weiden"] * 4 + ["insel"] * 3 + ["bergtal"] * 2)]
    s, events = run(s, "p1", "TakeIncome")
    assert events[0].payload["case"] == "b" and s.screen["p1"] == 7  # bergtal is not p1's


def test_income_case_c_lost_directorship_gives_four_question_dice_in_front_not_twice_in_a_row():
    s = second_year()
    s.lost_directorship = ["p1"]
    s, events = run(s, "p1", "TakeIncome")
    assert events[0].payload["case"] == "c"
    assert s.front["p1"]["question"] == 8 and s.screen["p1"] == 0
    # The next year change: p1 had no directorship before it, so he cannot have lost one.
    s.turn_index = len(s.seats)
    s.phase = "year_change"
    s, _ = run(s, "system", "ScoreYear")
    assert s.lost_directorship == []


def test_income_case_c_needs_no_other_directorship():
    s = second_year()
    s.lost_directorship = ["p1"]
    s.directors["insel"] = "p1"  # still director of another company: case a
    _, events = run(s, "p1", "TakeIncome")
    assert events[0].payload["case"] == "a"


def test_roll_takes_screen_dice_and_question_dice_plus_one_bank_die_per_question():
    s = fresh()
    s.screen["p1"] = 3
    s.bank -= 3
    bank = s.bank
    s, events = run(s, "p1", "Roll", screen=2, question=3)
    event = events[0]
    assert event.barrier
    assert sum(event.payload["faces"].values()) == 2 + 3 + 3
    assert s.screen["p1"] == 1 and s.bank == bank - 3
    assert s.front_total("p1") == 1 + 8  # the one '?' kept plus the eight thrown
    assert dice_total(s) == 40
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "Roll", screen=0, question=0)
    assert e.value.code == "rd.roll.once"


def test_a_roll_of_no_dice_is_allowed():
    s, events = run(fresh(), "p1", "Roll", screen=0, question=0)
    assert sum(events[0].payload["faces"].values()) == 0 and s.turn["rolled"]


def test_roll_is_decided_by_the_rng_and_recorded():
    a = run(fresh(), "p1", "Roll", rng_seed=5, question=4)[1][0].payload["faces"]
    b = run(fresh(), "p1", "Roll", rng_seed=5, question=4)[1][0].payload["faces"]
    assert a == b and sum(a.values()) == 8


def test_roll_refuses_more_dice_than_owned():
    with pytest.raises(IllegalMove) as e:
        run(fresh(), "p1", "Roll", screen=1)
    assert e.value.code == "rd.roll.screen"
    with pytest.raises(IllegalMove) as e:
        run(fresh(), "p1", "Roll", question=5)
    assert e.value.code == "rd.roll.question"


def test_only_question_dice_may_be_turned():
    s, _ = run(fresh(), "p1", "TurnDie", face="curve")
    assert s.front["p1"]["curve"] == 1 and s.front["p1"]["question"] == 3
    s.front["p1"]["question"] = 0
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "TurnDie", face="share")
    assert e.value.code == "rd.turn_die.none"


def test_reduce_to_five_in_front_is_mandatory_and_returns_to_the_bank():
    s = give(fresh(), "p1", straight=3)
    assert [a.key for a in GAME.open_actions(s, "p1") if a.mandatory] == ["rd.open.reduce"]
    bank = s.bank
    s, _ = run(s, "p1", "ReturnDie", face="straight")
    assert s.bank == bank + 1
    s, _ = run(s, "p1", "ReturnDie", face="question")
    assert not [a for a in GAME.open_actions(s, "p1") if a.mandatory]
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "ReturnDie", face="straight")
    assert e.value.code == "rd.reduce.not_needed"


def test_screen_and_bank_totals_travel_openly():
    """Every die moves in plain sight (data/visibility.json): the new totals are public."""
    s = second_year()
    _, events = run(s, "p1", "TakeIncome")
    assert events[0].payload["totals"] == {"screens": {"p1": 4}, "bank_dice": s.bank - 4}
    assert SECRET not in events[0].payload


def test_bank_that_cannot_pay_ends_the_game_at_once():
    s = second_year()
    s.screen["p2"] += s.bank - 3
    s.bank = 3
    s, events = run(s, "p1", "TakeIncome")
    assert [e.type for e in events] == ["IncomeTaken", "BankBroken"]
    assert s.end_trigger == "d" and s.screen["p1"] == 0
    assert GAME.legal_commands(s, "p1") == []
    with pytest.raises(IllegalMove) as e:
        run(s, "p1", "Roll")
    assert e.value.code == "rd.bank.broken"
    s = confirm(s, "p1")
    assert GAME.status(s).pending_system == ("ScoreYear",)  # p2 does not move any more
    s, events = run(s, "system", "ScoreYear")
    assert GAME.status(s).over and events[-1].type == "GameEnded"


def test_after_an_end_trigger_the_bank_pays_nothing():
    s = second_year()
    s.end_trigger, s.bank_closed = "a", True
    s, events = run(s, "p1", "TakeIncome")
    assert events[0].payload["count"] == 0 and s.screen["p1"] == 0 and len(events) == 1
    s, events = run(s, "p1", "Roll", question=2)
    assert events[0].payload["bank"] == 0 and sum(events[0].payload["faces"].values()) == 2


def test_events_written_before_the_totals_were_public_still_fold():
    """Logs of running games keep their old events: the totals under ``SECRET`` (the screen for
    its owner, the bank for nobody) fold to the same state as today's public ``totals``."""
    from games.contract import NOBODY, Event

    s = second_year()
    _, (event,) = run(s, "p1", "TakeIncome")
    legacy = {k: v for k, v in event.payload.items() if k != "totals"}
    legacy[SECRET] = {"p1": {"p1_screen": 4}, NOBODY: {"bank_dice": s.bank - 4}}
    old = GAME.evolve(s, Event("IncomeTaken", legacy))
    new = GAME.evolve(s, event)
    assert GAME.dump_state(old) == GAME.dump_state(new) and old.screen["p1"] == 4
