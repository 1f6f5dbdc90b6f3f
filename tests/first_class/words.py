"""What no First Class text may show (issue 26): a card id, a word of the other language,
a "(s)"-style plural, one thing counted as many.  Read by the browser tests (the whole
page) and by the text tests (every sentence that names a card)."""

from __future__ import annotations

import re

#: Action cards (g01, gA1, gB8, r19, bA7), end-game cards (EL3, ES1, EW7), route cards (G2, B4, R1),
#: post wagons (post_coins).
CARD_ID = re.compile(r"\b(?:[grb][AB]?\d{1,2}|E[LSW]\d|[GBR][1-4]|post_\w+)\b")
#: "coin(s)", "Münze(n)", "city/cities", "die/dice".
FAKE_PLURAL = re.compile(r"\w\((?:s|n|en|e|es)\)|\b(\w+)/\1\w*\b|\bcity/cities\b|\bdie/dice\b")
#: One of a thing written as many.
ONE_AS_MANY = {
    "en": re.compile(r"(?<![\d.,])\b1 (?:points|coins|cars|cities|cards|steps|upgrades|conductor steps)\b"),
    "de": re.compile(r"(?<![\d.,])\b1 (?:Punkte|Münzen|Waggons|Städte|Karten|Schritte|Aufwertungen)\b"),
}
#: Words of the other language (whole words, case-sensitive: the printed "LOK" tiles stay "LOK").
FOREIGN = {
    "en": re.compile(r"\b(?:Waggons?|Lok|Schaffner|Münzen?|Aufwertung(?:en)?|Runde|Reihe|Karten?|Spielende|Städte|"
                     r"Stadt|Punkte?|Zug|Züge|Auftrag|Strecke|Postwaggons?|Berühmtheit)\b"),
    "de": re.compile(r"\b(?:car|cars|coins?|conductor|locomotive|upgrade|round|row|cards?|points?|train|contract|"
                     r"route|celebrity|Take|Round)\b"),
}


def bad_words(text: str, lang: str) -> list[str]:
    found = [m.group(0) for m in CARD_ID.finditer(text)]
    found += [m.group(0) for m in FAKE_PLURAL.finditer(text)]
    found += [m.group(0) for m in ONE_AS_MANY[lang].finditer(text)]
    found += [m.group(0) for m in FOREIGN[lang].finditer(text)]
    return found
