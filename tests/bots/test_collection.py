"""The cyclic collector waits while a bot searches, and is as before afterwards."""

from __future__ import annotations

import gc
import random
import threading

import pytest

from events.local import LocalTable
from games.first_class import GAME
from worker.bots import mcts
from worker.bots.collection import collector_paused


@pytest.fixture(autouse=True)
def _collector_restored() -> None:
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_the_collector_is_off_inside_and_on_again_after_nested_pauses() -> None:
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer pause still runs
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off() -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_the_collector_is_on_again_after_a_search_that_raises() -> None:
    gc.enable()
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("a search that fails")
    assert gc.isenabled()


def test_concurrent_pauses_end_with_the_last() -> None:
    gc.enable()
    inside, release = threading.Event(), threading.Event()

    def other() -> None:
        with collector_paused():
            inside.set()
            release.wait(10)

    thread = threading.Thread(target=other)
    thread.start()
    inside.wait(10)
    with collector_paused():
        pass
    assert not gc.isenabled()  # the other thread still searches
    release.set()
    thread.join(10)
    assert gc.isenabled()


def test_a_search_runs_with_the_collector_off() -> None:
    gc.enable()
    table = LocalTable.create(GAME, {}, 2, seed="collection")
    while table.run_system():
        pass
    seen = []
    search = mcts.Search(table.projection, table.status().to_move[0], random.Random(1))
    evaluate = search.evaluate

    def watching(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return evaluate(*args, **kwargs)

    search.evaluate = watching  # type: ignore[method-assign]
    search.run(iterations=2)
    assert seen and not any(seen)
    assert gc.isenabled()
