"""Each game's evaluation is found by its name, with no list to keep up to date."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest

from games import registry
from worker.bots import evaluation


@pytest.mark.parametrize("module_name", ["games.russian_railroads.evaluation", "games.steam.evaluation",
                                         "games.railroad_dice.evaluation", "games.first_class.evaluation"])
def test_a_game_with_an_evaluation_module_gets_it(module_name):
    """A game's evaluation lives in its own bundle (``games/<game>/evaluation.py``)."""
    module = importlib.import_module(module_name)
    name = module_name.split(".")[1]
    assert evaluation.for_game(registry.get(name)) is module.evaluate


@pytest.mark.parametrize("name", ["no such game", "os"])
def test_a_game_without_one_gets_the_current_scores(name):
    assert evaluation.for_game(SimpleNamespace(name=name)) is evaluation.status_scores


def test_the_lookahead_follows_an_evaluation_registered_after_its_first_use():
    """The lookahead's tables of an evaluation module (``seat_value``, ``BELOW_CONFIRM`` ...)
    are kept per evaluation function, not per game: one registered by hand later (a tuning
    run's variant) is the one that values, and its module's tables are the ones used."""
    from events.local import LocalTable
    from games.first_class import GAME as FIRST_CLASS
    from worker.bots import evaluation as evaluations
    from worker.bots.candidates import OwnValue, first_key, lookahead_hooks, value_key

    state = LocalTable.create(FIRST_CLASS, {}, 2, seed="registered-later").state
    shipped = OwnValue("p1").state(FIRST_CLASS, state)
    assert lookahead_hooks(FIRST_CLASS)  # First Class's module has them
    assert value_key(FIRST_CLASS) is not None and first_key(FIRST_CLASS) is value_key(FIRST_CLASS)

    def variant(game, s, seats=None):
        return {seat: 42.0 for seat in (seats or s.seats)}

    saved = evaluations.EVALUATIONS.get(FIRST_CLASS.name)
    try:
        evaluations.register(FIRST_CLASS.name, variant)
        assert OwnValue("p1").state(FIRST_CLASS, state) == 42.0 != shipped
        assert lookahead_hooks(FIRST_CLASS) == {}  # this module declares none
        assert value_key(FIRST_CLASS) is None and first_key(FIRST_CLASS) is None
    finally:
        if saved is None:
            evaluations.EVALUATIONS.pop(FIRST_CLASS.name, None)
        else:
            evaluations.register(FIRST_CLASS.name, saved)
    assert OwnValue("p1").state(FIRST_CLASS, state) == shipped
    assert value_key(FIRST_CLASS) is not None


def test_a_game_whose_key_does_not_serve_first_commands_lists_every_first_command():
    """Railroad Dice's key is for the lookahead within a turn only (``VALUE_KEY_FIRSTS``
    false): whole turns are still listed for every first command."""
    from games.railroad_dice import GAME as RAILROAD_DICE
    from worker.bots.candidates import first_key, value_key

    assert value_key(RAILROAD_DICE) is not None and first_key(RAILROAD_DICE) is None
