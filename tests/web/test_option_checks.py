"""The new-game form and the engine agree on options (issue 27): the page gets the
combinations the engine refuses (from ``validate_options`` itself), and a refusal is
in the page's language.

Rules text (Russian Railroads, solo variant): "Solo-Variante ... Hier kann Emil
helfen": one player is the solo game against Emil; American Railroads names no
German Railroads module, Emil or DSP, so the USA tableau is played by 2 to 4 without
them (the engine's reading, games/russian_railroads/options.py)."""

from __future__ import annotations

import html
import json
import re

from games import registry
from games.contract import IllegalMove
from service.web.option_checks import combinations


def _checks(page: str, game: str) -> dict:
    found = re.search(rf'<fieldset class="options" data-game="{game}" data-checks="([^"]*)"', page)
    assert found, "the form carries no checks for " + game
    return json.loads(html.unescape(found.group(1)))


def test_the_listed_refusals_are_exactly_the_engines():
    game = registry.get("russian_railroads")
    checks = combinations("russian_railroads")
    assert checks is not None and checks["keys"][0] == "tableau"
    refused = {tuple(row[:-1]): row[-1] for row in checks["refused"]}
    # USA with one player (the solo game) is refused; with two it is not.
    assert refused[(1, "usa", False, False, False, False, False)] == "rr.options.combination"
    assert (2, "usa", False, False, False, False, False) not in refused
    assert refused[(2, "russian", False, False, False, False, True)] == "rr.options.solo_players"
    for row in checks["refused"][:40]:
        options = dict(zip(checks["keys"], row[1:-1], strict=True))
        try:
            game.validate_options(options, row[0])
        except IllegalMove as exc:
            assert exc.code == row[-1]
        else:
            raise AssertionError(f"listed as refused but accepted: {row}")


def test_a_refusal_is_in_the_pages_language(people):
    ann = people()
    ann.register("ann")
    ann.get("/lang/de?next=/new")
    page = ann.create("russian_railroads", seats=("me",), **{"opt-russian_railroads-tableau": "usa"})
    assert page.status_code == 400
    error = html.unescape(re.search(r'id="form-error">([^<]*)<', page.text).group(1))
    assert error.startswith("Das Spiel lehnt diese Optionen ab: American Railroads wird zu zweit bis zu viert")
    assert "the solo game" not in error and "played alone" not in error
    # the form's own checks say the same, in German, before anybody submits
    checks = _checks(ann.get("/new").text, "russian_railroads")
    assert checks["reasons"]["rr.options.combination"] == error
    assert "nur allein" not in ann.get("/new").text  # "alone" read as "solo": the label says what it means
    ann.get("/lang/en?next=/new")
    page = ann.create("russian_railroads", seats=("me", ("bot", "random")),
                      **{"opt-russian_railroads-solo": "1"})
    assert page.status_code == 400
    assert "The game refuses these options: the solo game against Emil is for exactly one player." in \
        html.unescape(page.text)
