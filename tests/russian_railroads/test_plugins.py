"""The registry (``plugins``) and the table it builds: which tableau and modules each
option set puts into play, and that a base game runs no hook of any of them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.contract import SYSTEM, TURN_CONFIRMED, Command, Event
from games.russian_railroads import GAME, plugins
from games.russian_railroads.legal import has_mandatory
from games.russian_railroads.table import Module

HOOK_TUPLES = ("system_due", "system_listed", "scoring_work", "blocks_seats", "waiting", "extra_spaces", "handlers",
               "late_handlers", "commands", "open_actions", "extra_items", "enter_factory", "turn_confirmed",
               "next_seat", "round_scored", "round_began", "before_final", "majority_rows", "final_payload", "views")


@pytest.mark.parametrize(("options", "tableau", "modules"), [
    ({}, "russian", []),
    ({"tableau": "deutschland", "new_q": True, "coal": True}, "deutschland", ["coal"]),
    ({"new_q": True}, "russian", ["new_q"]),
    ({"tableau": "usa"}, "usa", []),
    ({"dsp": True, "new_engineers": True}, "russian", ["new_engineers", "dsp"]),
    ({"solo": True, "coal": True}, "russian", ["coal", "solo"]),
])
def test_the_options_choose_the_tableau_and_the_modules(options, tableau, modules):
    table = plugins.table_for(options)
    assert table.tableau.name == tableau
    assert [m.name for m in table.modules] == modules
    assert table.plain == (options == {})
    assert plugins.table_for(dict(options)) is table  # one table per combination


def test_the_base_game_has_no_hook():
    table = plugins.table_for({})
    for name in HOOK_TUPLES:
        assert getattr(table, name) == (), name
    assert not table.gain_ops and not table.space_checks and not table.system_commands


def _random_game(seed: int, options: dict[str, Any], players: int = 3) -> None:
    rng = random.Random(seed)
    state = GAME.initial_state()
    for event in GAME.setup(options, [f"p{i}" for i in range(1, players + 1)], rng):
        state = GAME.evolve(state, event)
    while not GAME.status(state).over:
        status = GAME.status(state)
        if status.pending_system:
            events = GAME.decide(state, Command(status.pending_system[0], SYSTEM, {}), rng)
        else:
            seat = status.to_move[0]
            legal = GAME.legal_commands(state, seat)
            GAME.open_actions(state, seat)
            GAME.view(state, seat)
            if state.acted and not has_mandatory(state, seat) and (not legal or rng.random() < 0.25):
                events = [Event(TURN_CONFIRMED, {"seat": seat})]
            else:
                events = GAME.decide(state, rng.choice(legal), rng)
        for event in events:
            state = GAME.evolve(state, event)


def test_a_base_game_runs_no_hook_of_any_module(monkeypatch):
    """Broken on purpose: every hook every tableau and module defines raises; base games
    (every decision, listing, open action and view) never notice."""
    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a base game ran a module's hook")

    patched = 0
    for plugin in (*plugins.TABLEAUS.values(), *plugins.MODULES):
        for cls in type(plugin).__mro__:
            if cls in (Module, object) or cls.__name__ == "Tableau":
                continue
            for name, value in vars(cls).items():
                if callable(value) and not name.startswith("__"):
                    monkeypatch.setattr(cls, name, refuse)
                    patched += 1
        for mapping in ("gain_ops", "space_checks", "system_commands"):
            for key in getattr(plugin, mapping):
                monkeypatch.setitem(getattr(plugin, mapping), key, refuse)
    assert patched > 30
    monkeypatch.setattr(plugins, "_TABLES", {})  # tables built from here on hold the refusals
    for seed in (1, 2):
        _random_game(seed, {})
    with pytest.raises(AssertionError, match="module's hook"):
        _random_game(1, {"coal": True})  # (the refusal works)
