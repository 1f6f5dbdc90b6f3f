"""Each game's evaluation is found by its name, with no list to keep up to date."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest

from games import registry
from worker.bots import evaluation


@pytest.mark.parametrize("name", ["russian_railroads", "steam", "railroad_dice", "first_class"])
def test_a_game_with_an_evaluation_module_gets_it(name):
    module = importlib.import_module(f"worker.bots.evaluation.{name}")
    assert evaluation.for_game(registry.get(name)) is module.evaluate


@pytest.mark.parametrize("name", ["tally", "no such game", "os"])
def test_a_game_without_one_gets_the_current_scores(name):
    assert evaluation.for_game(SimpleNamespace(name=name)) is evaluation.status_scores
