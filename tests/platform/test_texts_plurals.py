"""Every message of every catalogue reads as a sentence, with real plural forms.

The catalogues: the platform's (``service/web/translations/{de,en}.json``, with the
page's ``js.<game>.*`` keys) and each game's ``messages`` (plus the phrase
templates and names of the games' ``data/texts.json`` and ``data/names.json``).  Every message is formatted with each
count-like parameter at 0, 1, 2 and 5 (every branch of a ``select``), in German and
English, and none may show "(s)", "(n)", "die/dice", "city/cities", "1 coins",
"2 Münze", "mit 2 Arbeiter" or a left-over ``{param}``.  The page's formatter
(``i18n.js``, run by node) gives the same sentence as the server's for every case.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.contract import Description, render
from games.messageformat import format_message, parse

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "service" / "web" / "translations"
I18N_JS = ROOT / "service" / "web" / "static" / "js" / "i18n.js"
LANGS = ("de", "en")
COUNTS = (0, 1, 2, 5)

#: Parameters that hold a number wherever they occur (a count, points, an index).
NUMERIC = frozenset({
    "n", "count", "cards", "coins", "cost", "days", "delta", "done", "free", "high", "index", "industry",
    "iterations", "max", "min", "number", "of", "players", "points", "pos", "position", "question", "rounds",
    "round", "row", "score", "screen", "seq", "steps", "tiles", "total", "vp", "workers", "year", "amount",
    "gap", "first", "second", "hours", "minutes", "seats", "games", "positions", "links", "ends",
})
#: Plausible words for the other parameters.
WORDS = {"seat": "Anna", "who": "Anna", "by": "Anna", "leader": "Anna", "owner": "Anna", "seller": "Anna",
         "name": "Anna", "player": "Anna", "colour": "rot", "city": "Kiew", "start": "Kiew", "end": "Omsk",
         "to": "Omsk", "line": "Transsib"}

#: "(s)", "Münze(n)", "Tag(e)", "neue(n)", "Verbindung(en)": a plural left to the reader.
PAREN_PLURAL = re.compile(r"[A-Za-zÄÖÜäöüß]\((?:s|n|e|en|er|es|r|nen)\)")
#: "die/dice", "Stadt/Städte", "city/cities": two forms of one word.
SLASH_PAIR = re.compile(r"\b([A-Za-zÄÖÜäöüß]{2,})/([A-Za-zÄÖÜäöüß]{2,})\b")
KNOWN_PAIRS = {("die", "dice"), ("stadt", "städte"), ("city", "cities"), ("stadt", "städten")}
#: A count of one with a plural noun, or of several with a singular one.
EN_PLURALS = ("workers|coins|points|cards|dice|cities|cars|steps|tiles|links|days|games|players|seats|positions|"
              "iterations|tracks|fields|shares|rounds|doublers|wagons|spaces|stations|cubes|hours|minutes")
EN_SINGULARS = ("worker|coin|point|card|die|city|car|step|tile|link|day|game|player|seat|position|iteration|"
                "track|field|share|round|doubler|wagon|space|station|cube|hour|minute")
DE_PLURALS = "Münzen|Punkte|Karten|Städte|Waggons|Schritte|Tage|Partien|Verbindungen|Schienen|Stellungen|" \
             "Iterationen|Runden|Felder|Plätze|Personen|Stunden|Minuten|Postwaggons|Aktien"
DE_SINGULARS = "Münze|Punkt|Karte|Stadt|Waggon|Schritt|Tag|Partie|Verbindung|Schiene|Stellung|Iteration|Runde|" \
               "Feld|Platz|Person|Stunde|Minute|Postwaggon|Aktie"
AGREEMENT = {
    "en": [re.compile(rf"(?<![\d.,])1 (?:{EN_PLURALS})\b"),
           re.compile(rf"(?<![\d.,×])[025] (?:{EN_SINGULARS})\b(?! steps)")],  # "2 track steps" is fine
    "de": [re.compile(rf"(?<![\d.,])1 (?:{DE_PLURALS})\b"),
           re.compile(rf"(?<![\d.,×])[025] (?:{DE_SINGULARS})\b"),
           re.compile(r"\bmit [025] Arbeiter\b")],
}


def catalogues() -> Iterator[tuple[str, str, Mapping[str, str]]]:
    """(catalogue name, language, messages) of every catalogue."""
    for lang in LANGS:
        yield "platform", lang, json.loads((TRANSLATIONS / f"{lang}.json").read_text("utf-8"))
    for name in registry.names():
        game = registry.get(name)
        for lang in LANGS:
            yield name, lang, game.messages.get(lang, {})
        page = ROOT / "games" / name / "web" / "texts.json"
        if page.exists():  # the game's page strings, in its bundle
            for lang in LANGS:
                yield f"{name}/web", lang, json.loads(page.read_text("utf-8")).get(lang, {})
        for file in ("texts.json", "names.json"):
            texts = ROOT / "games" / name / "data" / file
            if texts.exists():
                for lang in LANGS:
                    yield f"{name}/{file}", lang, dict(_phrases(json.loads(texts.read_text("utf-8")), lang))


def _phrases(node: Any, lang: str, path: str = "") -> Iterator[tuple[str, str]]:
    """The phrase templates of a game's texts.json for ``lang`` ({"de": ..., "en": ...} leaves)."""
    if isinstance(node, dict):
        if isinstance(node.get(lang), str):
            yield path, node[lang]
            return
        for key, value in node.items():
            if key in LANGS and isinstance(value, dict):
                continue  # whole catalogues (events, open, commands): the game's messages cover them
            yield from _phrases(value, lang, f"{path}.{key}" if path else key)


def _arguments(nodes: list[Any], out: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each parameter a template uses, with how: "plural", "select:<option>", "simple"."""
    for node in nodes:
        if isinstance(node, str) or node.get("hash"):
            continue
        kind = node.get("type")
        uses = out.setdefault(node["name"], set())
        if kind == "select":
            uses.update(f"select:{option}" for option in node["options"])
        else:
            uses.add("plural" if kind in ("plural", "selectordinal") else "simple")
        for branch in node.get("options", {}).values():
            _arguments(branch, out)
    return out


def parameter_sets(template: str) -> list[dict[str, Any]]:
    """The parameters to format ``template`` with: every count at 0, 1, 2 and 5, and
    every option of each select (the other parameters get plausible words)."""
    arguments = _arguments(parse(template), {})
    selects = {name: sorted(u.split(":", 1)[1] for u in uses if u.startswith("select:"))
               for name, uses in arguments.items()}
    sets = []
    for value in COUNTS:
        base: dict[str, Any] = {}
        for name, uses in arguments.items():
            numeric = "plural" in uses or name in NUMERIC
            base[name] = value if numeric else WORDS.get(name, "Moskau")
        sets.append(base)
        for name, options in selects.items():
            for option in options:
                if option != "other":
                    sets.append({**base, name: option})
    return sets


def cases() -> Iterator[tuple[str, str, str, str, dict[str, Any]]]:
    for catalogue, lang, messages in catalogues():
        for key, template in messages.items():
            if key.startswith("_"):
                continue
            for params in parameter_sets(template):
                yield catalogue, lang, key, template, params


def problems(text: str, lang: str) -> list[str]:
    found = [m.group(0) for m in PAREN_PLURAL.finditer(text)]
    for m in SLASH_PAIR.finditer(text):
        a, b = m.group(1).lower(), m.group(2).lower()
        if (a, b) in KNOWN_PAIRS or (len(a) > 2 and a[:3] == b[:3]):
            found.append(m.group(0))
    found += [m.group(0) for pattern in AGREEMENT[lang] for m in pattern.finditer(text)]
    if re.search(r"[{}]", text):
        found.append("an unreplaced {param} or ICU syntax")
    return found


def test_every_catalogue_message_parses() -> None:
    broken = []
    for catalogue, lang, messages in catalogues():
        for key, template in messages.items():
            try:
                parse(template)
            except SyntaxError as error:
                broken.append(f"{catalogue} {lang} {key}: {error}")
    assert not broken, "\n".join(broken)


def test_no_message_leaves_a_plural_to_the_reader() -> None:
    bad = []
    for catalogue, lang, key, template, params in cases():
        text = format_message(template, params, lang)
        found = problems(text, lang)
        if found:
            bad.append(f"{catalogue} {lang} {key} {params}: {text!r} ({', '.join(found)})")
    assert not bad, f"{len(bad)} sentences:\n" + "\n".join(bad[:400])


def test_the_check_bites() -> None:
    """The patterns find the forms the issue names (so a green run means something)."""
    for text, lang in [("2 worker(s)", "en"), ("Return 3 die/dice", "en"), ("2 city/cities (1 points)", "en"),
                       ("1 day(s)", "en"), ("1 Münze(n)", "de"), ("Anna setzt mit 2 Arbeiter", "de"),
                       ("1 coins", "en"), ("2 Münze", "de"), ("Hello {name}", "en"),
                       ("{n, plural, one {# x} other {# y}}", "en")]:
        assert problems(text, lang), text
    for text, lang in [("1 worker", "en"), ("2 workers", "en"), ("1 Münze", "de"), ("mit 2 Arbeitern", "de"),
                       ("Rhine/Ruhr", "en"), ("E-Mail und/oder Webhook", "de")]:
        assert not problems(text, lang), text


def _message(catalogue: str, lang: str, key: str) -> str:
    return next(m for c, lg, m in catalogues() if c == catalogue and lg == lang)[key]


@pytest.mark.parametrize(("catalogue", "key", "params", "lang", "expected"), [
    ("first_class", "fc.event.CoinsGained", {"seat": "Anna", "n": 1}, "de", "Anna erhält 1 Münze"),
    ("first_class", "fc.event.CoinsGained", {"seat": "Anna", "n": 2}, "de", "Anna erhält 2 Münzen"),
    ("first_class", "fc.event.CoinsGained", {"seat": "Anna", "n": 1}, "en", "Anna gets 1 coin"),
    ("first_class", "fc.event.CoinsGained", {"seat": "Anna", "n": 2}, "en", "Anna gets 2 coins"),
    ("railroad_dice", "rd.open.reduce", {"n": 1}, "en", "Return 1 die: at most five in front"),
    ("railroad_dice", "rd.open.reduce", {"n": 3}, "en", "Return 3 dice: at most five in front"),
    ("platform", "create.deadline.days", {"days": 1}, "en", "1 day"),
    ("platform", "create.deadline.days", {"days": 2}, "de", "2 Tage"),
    ("steam", "DeliveryStarted", {"seat": "Anna", "colour": {"de": "lila", "en": "purple"}, "start": "Köln"}, "de",
     "Anna nimmt einen lila Warenstein in Köln"),
    ("steam", "DeliveryStarted", {"seat": "Anna", "colour": {"de": "rot", "en": "red"}, "start": "Köln"}, "de",
     "Anna nimmt einen roten Warenstein in Köln"),
    ("russian_railroads", "rr.event.GameCreated", {"players": 2}, "de", "Russian Railroads mit 2 Spielern beginnt."),
    ("russian_railroads/web", "js.rr.emil.workers", {"free": 1, "workers": 1}, "en", "1 of 1 worker free"),
    ("russian_railroads/web", "js.rr.emil.workers", {"free": 2, "workers": 5}, "de", "2 von 5 Arbeitern frei"),
    ("platform", "seat.bot", {"level": "mcts-5s"}, "en", "Bot (very strong: 5 s search)"),
    ("railroad_dice/web", "rd.place.line", {"dir": "east", "n": 2, "case": "nom"}, "de",
     "das Geländefeld 2 Geländefelder östlich des Startfelds"),
    ("railroad_dice/web", "rd.place.line", {"dir": "east", "n": 1, "case": "dat"}, "de",
     "dem Geländefeld östlich des Startfelds"),
    ("railroad_dice/web", "rd.place.diagonal", {"dir": "northwest", "case": "nom"}, "en",
     "the tile north-west of the start tile"),
    ("railroad_dice/web", "rd.place.field", {"dir": "south", "end": "A", "case": "nom"}, "en",
     "the field south of end A"),
])
def test_known_sentences(catalogue: str, key: str, params: dict[str, Any], lang: str, expected: str) -> None:
    assert format_message(_message(catalogue, lang, key), params, lang) == expected


def test_workers_are_counted_in_each_language() -> None:
    from games.russian_railroads import messages as rr

    assert rr.count("worker", 1) == {"de": "1 Arbeiter", "en": "1 worker"}
    assert rr.count("worker", 2) == {"de": "2 Arbeiter", "en": "2 workers"}
    assert rr.payment(2, 1, False) == {"de": "2 Arbeiter und 1 Münze", "en": "2 workers and 1 coin"}
    game = registry.get("russian_railroads")
    from games.contract import Event

    event = Event("EmilCardRevealed", {"blocked": True, "space": "black_1", "workers": 2, "coins": 0})
    assert "mit 2 Arbeitern" in render(game, game.describe(event), "de")


def test_bot_levels_are_named() -> None:
    """A bot seat reads "Bot (strong: 1 s search)", not "Bot (mcts-1s)"."""
    expected = {"en": ["Bot (random)", "Bot (greedy)", "Bot (strong: 1 s search)", "Bot (very strong: 5 s search)"],
                "de": ["Bot (zufällig)", "Bot (gierig)", "Bot (stark: 1 s Suche)", "Bot (sehr stark: 5 s Suche)"]}
    for lang in LANGS:
        platform = json.loads((TRANSLATIONS / f"{lang}.json").read_text("utf-8"))
        for key in ("seat.bot", "create.bot_level"):
            texts = [format_message(platform[key], {"level": level}, lang)
                     for level in ("random", "greedy", "mcts-1s", "mcts-5s")]
            assert not any("mcts" in text for text in texts), texts
        assert [format_message(platform["seat.bot"], {"level": level}, lang)
                for level in ("random", "greedy", "mcts-1s", "mcts-5s")] == expected[lang]


NODE = shutil.which("node")


def parity_cases() -> list[tuple[str, str, dict[str, Any]]]:
    """Every catalogue case, and the grammar's corners (exact matches, quotes, missing or
    non-numeric counts, translated and list parameters)."""
    all_cases = [(lang, template, params) for _c, lang, _k, template, params in cases()]
    all_cases += [(lang, "{n, plural, =0 {none} one {# one} other {# many}}", {"n": n})
                  for lang in LANGS for n in (0, 1, 2, "1", "x", 1.5)]
    all_cases += [(lang, "{n, plural, one {# one} other {# many}} {m, plural, one {#} other {#!}}", {"m": 1})
                  for lang in LANGS]
    all_cases += [(lang, "it''s '{'literal'}' {n, plural, one {'#' #} other {# '#'}} '?' x", {"n": 2})
                  for lang in LANGS]
    all_cases += [(lang, "{x} {y} {z} {k, select, a {A} other {O}}", {"x": {"de": "Kiew", "en": "Kiev"},
                                                                      "y": [1, 2], "z": None, "k": "a"})
                  for lang in LANGS]
    return all_cases


def _compare(all_cases: list[tuple[str, str, dict[str, Any]]], page: list[str]) -> None:
    server = [format_message(template, params, lang) for lang, template, params in all_cases]
    differ = [(case, s, p) for case, s, p in zip(all_cases, server, page, strict=True) if s != p]
    assert not differ, "\n".join(f"{c}: server {s!r}, page {p!r}" for c, s, p in differ[:20])
    assert len(page) > 1000


def test_the_page_in_chromium_formats_every_message_like_the_server(chromium) -> None:
    """The page's own engine (Chromium's Intl.PluralRules) against Babel's CLDR data."""
    all_cases = parity_cases()
    source = I18N_JS.read_text("utf-8").replace("export function", "function").replace("export const", "const")
    page = chromium.new_page()
    try:
        out = page.evaluate(f"(cases) => {{\n{source}\nreturn cases.map(([l, t, p]) => formatMessage(t, p, l));\n}}",
                            all_cases)
    finally:
        page.close()
    _compare(all_cases, out)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_page_formats_every_message_like_the_server(tmp_path: Path) -> None:
    """The same catalogue, the same parameters: ``i18n.js`` (run by node) and
    ``games.messageformat`` give the same sentence (plural rules: Intl.PluralRules vs
    Babel's CLDR data)."""
    all_cases = parity_cases()
    module = tmp_path / "i18n.mjs"
    module.write_text(I18N_JS.read_text("utf-8"), "utf-8")
    (tmp_path / "cases.json").write_text(json.dumps(all_cases), "utf-8")
    script = tmp_path / "run.mjs"
    script.write_text(
        "import { readFileSync } from 'node:fs';\n"
        "import { formatMessage } from './i18n.mjs';\n"
        "const cases = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url), 'utf-8'));\n"
        "process.stdout.write(JSON.stringify(cases.map(([lang, t, p]) => formatMessage(t, p, lang))));\n",
        "utf-8")
    result = subprocess.run([NODE, str(script)], capture_output=True, text=True, timeout=120, check=True)
    _compare(all_cases, json.loads(result.stdout))


def test_render_uses_the_formatter() -> None:
    game = registry.get("first_class")
    assert render(game, Description("fc.event.CoinsGained", {"seat": "p1", "n": 1}), "en") == "p1 gets 1 coin"
