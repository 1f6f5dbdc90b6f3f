"""Issue 12: the combinations of options the rules text allows and the engine offers,
at every player count it allows (solo included), and the search bot in the solo game.

Every one of them is a preset of the contract suite (``tests/contract/presets.py``):
a random game of each ends, folds back to the same state, accepts its listed commands
and refuses others (through the HTTP API with 422 and the rule for each module).
"""

from __future__ import annotations

import itertools

import pytest

from games.russian_railroads import GAME
from games.russian_railroads.options import BUILT_TABLEAUS, SWITCHES, Options, combination_error


def allowed() -> list[tuple[dict, int]]:
    out = []
    for tableau in BUILT_TABLEAUS:
        for flags in itertools.product((False, True), repeat=len(SWITCHES)):
            options = Options(tableau=tableau, **dict(zip(SWITCHES, flags, strict=True)))
            for players in range(1, 5):
                if combination_error(options, players) is None:
                    out.append((options.normalised(), players))
    return out


COMBINATIONS = allowed()


def test_the_combinations_are_the_texts():
    """Each tableau alone and with the modules the text allows: USA alone, solo only with 1."""
    # Russian and Deutschland: 16 sets of the four modules x (2, 3, 4 players + solo); USA alone x 3.
    assert len(COMBINATIONS) == 2 * 16 * 4 + 3
    assert all(bool(o.get("solo")) == (n == 1) for o, n in COMBINATIONS)
    assert all(o == {"tableau": "usa"} for o, n in COMBINATIONS if o.get("tableau") == "usa")


@pytest.mark.parametrize("options", [{"solo": True}, {"solo": True, "tableau": "deutschland", "coal": True,
                                                      "dsp": True, "new_engineers": True, "new_q": True}],
                         ids=["solo", "solo-all-modules"])
def test_the_search_bot_plays_the_solo_game_against_emil(options):
    """Every level plays every option: the solo game with MCTS (fixed iterations), Emil
    played as system work between its turns."""
    from worker.selfplay import play as selfplay

    table = selfplay(GAME, 1, f"solo-mcts-{len(options)}", ["mcts-15i"], options)
    assert table.status().over and table.status().scores["p1"] > 0
