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
