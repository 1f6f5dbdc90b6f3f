"""Every refusal says why in words (issue 24): each Steam rule code has its own sentence on
the page (``js.rule.<code>`` in German and English) and the API's message names the rule."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.contract import IllegalMove
from games.steam.decide import TILE_REFUSALS

from .helpers import position, run

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "games" / "steam").glob("*.py"))
TEXTS = json.loads((ROOT / "games" / "steam" / "web" / "texts.json").read_text(encoding="utf-8"))


def rule_codes() -> set[str]:
    """The rule codes the engine raises: every ``"steam.…"`` string but the open actions' keys."""
    found: set[str] = set()
    for path in SOURCES:
        found.update(re.findall(r'"(steam\.[a-z_]+(?:\.[a-z_]+)*)"', path.read_text(encoding="utf-8")))
    return {c for c in found if not c.startswith("steam.open.")}


def test_the_engine_raises_the_codes_it_should():
    codes = rule_codes()
    assert {"steam.money.short", "steam.tile.loco_max", "steam.tile.no_town", "steam.growth.no_supply",
            "steam.build.pending", "steam.args"} <= codes


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_rule_code_has_its_own_sentence_on_the_page(lang):
    texts = TEXTS[lang]
    codes = sorted(rule_codes())
    assert [c for c in codes if f"js.rule.{c}" not in texts] == []
    sentences = [texts[f"js.rule.{c}"] for c in codes]
    twins = {s for s in sentences if sentences.count(s) > 1}
    # "it is not your turn" is said for two codes of different layers on purpose
    assert twins <= {texts["js.rule.steam.turn"]}


def test_action_tile_refusals_each_say_why():
    """Issue 24: steam.money.short, steam.tile.loco_max, steam.tile.no_town all read "this
    action tile cannot be taken now"."""
    s = position(3, phase="actions", money=0)
    s.income["p1"], s.vp["p1"] = -10, 0          # nothing left to raise
    s.loco["p1"] = 6
    s.new_cities_left = []
    messages = {}
    for tile, code in ((6, "steam.tile.loco_max"), (7, "steam.tile.no_town")):
        with pytest.raises(IllegalMove) as err:
            run(s, "p1", "ChooseAction", tile=tile)
        assert err.value.code == code
        messages[code] = err.value.message
    s.loco["p1"] = 1
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "ChooseAction", tile=6)
    assert err.value.code == "steam.money.short"
    messages["steam.money.short"] = err.value.message
    assert len(set(messages.values())) == 3
    assert set(TILE_REFUSALS) >= set(messages)
    assert not any("cannot be taken now" in m for m in messages.values())
