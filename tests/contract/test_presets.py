"""The presets cover what the contract suite promises: every registered game at its
smallest and largest table, every Russian Railroads combination the rules allow, both
Steam maps in both modes."""

from __future__ import annotations

from games import registry

from .presets import PRESETS


def test_every_registered_game_is_played_at_its_smallest_and_largest_table():
    for name in registry.names():
        game = registry.get(name)
        counts = {p.players for p in PRESETS if p.game == name}
        assert {game.min_players, game.max_players} <= counts, name


def test_every_allowed_russian_railroads_combination_is_a_preset():
    """Each tableau with every set of modules, 2-4 players and solo; USA alone (issue 12)."""
    from games.russian_railroads.options import BUILT_TABLEAUS

    rr = [p for p in PRESETS if p.game == "russian_railroads"]
    assert len(rr) == 2 * 16 * 4 + 3
    assert len({p.id for p in rr}) == len(rr)
    game = registry.get("russian_railroads")
    for p in rr:
        assert game.validate_options(p.options, p.players) == p.options
    assert {p.options.get("tableau", "russian") for p in rr} == set(BUILT_TABLEAUS)


def test_steam_is_played_on_both_maps_in_both_modes():
    schema = registry.get("steam").option_schema["properties"]
    steam = {(p.options.get("map"), p.options.get("mode")) for p in PRESETS if p.game == "steam"}
    assert {(m, mode) for m in schema["map"]["enum"] for mode in schema["mode"]["enum"]} <= steam


def test_preset_ids_are_unique():
    assert len({p.id for p in PRESETS}) == len(PRESETS)
