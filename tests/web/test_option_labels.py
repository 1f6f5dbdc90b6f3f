"""The new-game form names each game's options in the page's language (the schema's
English titles and raw values only where no translation exists)."""

from __future__ import annotations

import json
from pathlib import Path

from games import registry
from games.kit.options import offered

GAMES = Path(__file__).resolve().parents[2] / "games"


def test_the_form_shows_options_and_values_in_german(people):
    ann = people()
    ann.register("ann")
    ann.get("/lang/de?next=/new")
    page = ann.get("/new").text
    assert "Modul Kohle" in page and "Solospiel gegen Emil" in page
    assert '<option value="deutschland" >Deutschland (German Railroads)</option>' in page.replace("  ", " ")
    assert "Expertenspiel" in page and "Rhein/Ruhr" in page
    assert 'name="opt-russian_railroads-coal"' in page  # the field names stay what the form posts


def test_every_offered_option_of_the_real_games_has_a_label_in_both_languages():
    """The labels live in each game's bundle (games/<game>/web/texts.json)."""
    for name in ("russian_railroads", "steam", "railroad_dice", "first_class"):
        bundle = GAMES / name / "web" / "texts.json"
        catalogues = json.loads(bundle.read_text(encoding="utf-8")) if bundle.exists() else {"de": {}, "en": {}}
        for key, spec in offered(registry.get(name).option_schema).items():
            wanted = [f"opt.{name}.{key}"] + [f"opt.{name}.{key}.{v}" for v in spec.get("enum", [])]
            for lang, catalogue in catalogues.items():
                missing = [k for k in wanted if k not in catalogue]
                assert not missing, (lang, missing)
