"""No developer text on the page: every key the templates and scripts ask for is
a sentence in German and English (a missing key would show as the key itself)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "service" / "web"
#: The games' renderers live in their bundles (games/<game>/web/).
BUNDLES = ROOT / "games"
CATALOGUES = {lang: json.loads((WEB / "translations" / f"{lang}.json").read_text(encoding="utf-8"))
              for lang in ("de", "en")}


def keys_used(pattern: str, glob: str) -> set[str]:
    found: set[str] = set()
    paths = [*WEB.rglob(glob), *(BUNDLES.glob(f"*/web/{glob}"))]
    for path in paths:
        found.update(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


def test_both_languages_have_the_same_keys():
    assert set(CATALOGUES["de"]) ^ set(CATALOGUES["en"]) == set()


JS_KEY = r"""\bt\(\s*["']((?:js)\.[A-Za-z0-9_.\-]+)["']"""


def bundle_texts(game: str, lang: str) -> dict[str, str]:
    """A game's page strings (games/<game>/web/texts.json), merged over the platform's on its pages."""
    path = BUNDLES / game / "web" / "texts.json"
    return json.loads(path.read_text(encoding="utf-8")).get(lang, {}) if path.exists() else {}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_key_a_script_asks_for_exists(lang):
    """The platform's scripts find their keys in the platform's catalogue, and each
    game's renderer in the platform's and its own bundle's."""
    used = set()
    for path in WEB.rglob("*.js"):
        used.update(re.findall(JS_KEY, path.read_text(encoding="utf-8")))
    assert len(used) > 50  # the pattern still finds the calls
    assert sorted(used - set(CATALOGUES[lang])) == []
    for folder in sorted(BUNDLES.glob("*/web")):
        game = folder.parent.name
        used = set()
        for path in folder.glob("*.js"):
            used.update(re.findall(JS_KEY, path.read_text(encoding="utf-8")))
        known = set(CATALOGUES[lang]) | set(bundle_texts(game, lang))
        assert sorted(used - known) == [], game


#: Platform keys a game's bundle may override.
OVERRIDABLE = ("js.phase.", "js.score")


def test_each_bundle_has_the_same_keys_in_both_languages_and_none_of_the_platforms():
    for folder in sorted(BUNDLES.glob("*/web")):
        game = folder.parent.name
        de, en = bundle_texts(game, "de"), bundle_texts(game, "en")
        assert set(de) == set(en), game
        # A game's strings live in its bundle: the platform's catalogue names no game.  A
        # bundle may override the platform's words for what is the game's own: its phases
        # and the unit of its score (Railroad Dice counts thousands of passengers).
        prefixes = {key.split(".")[1] for key in en
                    if key.startswith("js.") and not key.startswith(OVERRIDABLE)}
        assert not [k for k in CATALOGUES["en"] if k.split(".")[1:2] and k.split(".")[1] in prefixes
                    and not k.startswith("js.rule.platform")], game


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_key_a_template_asks_for_exists(lang):
    used = {k for k in keys_used(r"""\bt\(\s*'([a-z_]+\.[A-Za-z0-9_.\-]+)'""", "*.html")
            if not k.endswith(".")}  # 'create.kind.' ~ k: built from a list of known kinds
    assert len(used) > 30
    assert sorted(used - set(CATALOGUES[lang])) == []


def test_where_to_click_is_said_for_every_russian_railroads_command():
    """The move window's guidance: a sentence for every command the RR table has a piece or button for."""
    source = (BUNDLES / "russian_railroads" / "web" / "index.js").read_text(encoding="utf-8")
    on_board = set(re.findall(r'"([A-Z][A-Za-z]+)"', source.split("const ON_BOARD")[1].split(");")[0]))
    assert {"PlaceWorkers", "AdvanceTrack", "ChooseEndCard"} <= on_board
    for lang in ("de", "en"):
        texts = bundle_texts("russian_railroads", lang)
        assert sorted(t for t in on_board if f"js.rr.where.{t}" not in texts) == []
