"""The registry: the one place that imports the tableaus and the modules, and builds a
game's :class:`~.table.Table` from its options (``GameCreated.options``).

- the tableau is one of three (``tableau``): the Russian one (the base game's, no hook
  of its own), :mod:`.germany` or :mod:`.usa`;
- the modules combine freely: the new engineers (``new_engineers``), the coal module
  (``coal``), the German ?-items (``new_q``, laid out by the Deutschland tableau
  itself), the DSP mini expansion (``dsp``) and Emil (``solo``), in this order (the
  order their set-up events draw in; a module's ``ranks`` moves one of its hooks);
- the modules' events are registered here, explicitly, for every module (a log is
  folded by the same functions whatever the table).

A base game (``{}``) gets the table with the Russian tableau and no module, whose hot
path runs no hook at all.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from . import evolve, messages, scoring
from .coal.plugin import MODULE as COAL_MODULE
from .coal.plugin import TEXTS as COAL_TEXTS
from .data import COAL, DSP, RULES
from .dsp.plugin import MODULE as DSP_MODULE
from .dsp.plugin import TEXTS as DSP_TEXTS
from .emil.messages import TEXTS_OF_EMIL
from .emil.plugin import MODULE as EMIL_MODULE
from .engineers import in_play
from .german_items.plugin import GERMAN_ITEMS, NEW_ENGINEERS
from .german_items.plugin import TEXTS as NEW_ENGINEER_TEXTS
from .germany.plugin import TABLEAU as DEUTSCHLAND
from .germany.plugin import TEXTS as GERMAN_TEXTS
from .table import Module, Table, Tableau, install
from .usa.plugin import TABLEAU as USA
from .usa.plugin import TEXTS as USA_TEXTS

RUSSIAN = Tableau()
RUSSIAN.scoring = scoring
TABLEAUS: dict[str, Tableau] = {"russian": RUSSIAN, "deutschland": DEUTSCHLAND, "usa": USA}
#: every module, in the order a table runs their hooks (see the docstring)
MODULES: tuple[Module, ...] = (NEW_ENGINEERS, COAL_MODULE, GERMAN_ITEMS, DSP_MODULE, EMIL_MODULE)

for _plugin in (*TABLEAUS.values(), *MODULES):
    evolve.register(_plugin.events)
messages.install_texts([TEXTS_OF_EMIL, GERMAN_TEXTS, COAL_TEXTS, USA_TEXTS, DSP_TEXTS, NEW_ENGINEER_TEXTS])


def active_modules(options: Mapping[str, Any]) -> list[Module]:
    """The modules the options put into play."""
    tableau = options.get("tableau", "russian")
    return [m for m in MODULES if options.get(m.name) and not (m is GERMAN_ITEMS and tableau == "deutschland")]


_TABLES: dict[tuple[Any, ...], Table] = {}


def table_for(options: Mapping[str, Any]) -> Table:
    """The table of these normalised options (one per combination, shared)."""
    key = tuple(sorted(options.items()))
    table = _TABLES.get(key)
    if table is None:
        tableau = TABLEAUS[str(options.get("tableau", "russian"))]
        table = _TABLES[key] = Table(tableau, active_modules(options), q_tokens_for(options),
                                     end_card_cap(options))
    return table


install(table_for)


#: The options that make a game "German Railroads" for the ?-token end card: any of
#: its four modules (Deutschland tableau, coal, new engineers / ?-tokens / ?-cards,
#: the solo game against Emil, rules text "enthält 4 Module").
GERMAN_RAILROADS_SWITCHES = ("coal", "new_engineers", "new_q", "solo")


def end_card_cap(options: Mapping[str, Any]) -> str:
    """The end card "?-Marker"'s cap: "maximal 28 Punkte, German Railroads maximal 35
    Punkte, DSP maximal 42 Punkte" (DSP's cap wins when both are played): the key of
    the card's rule."""
    if options.get("dsp"):
        return "max_dsp"
    if options.get("tableau") == "deutschland" or any(options.get(k) for k in GERMAN_RAILROADS_SWITCHES):
        return "max_german_railroads"
    return "max"


def engineer_in_play(info: Mapping[str, Any], options: Mapping[str, Any], players: int) -> bool:
    """May this engineer be dealt at a table with these options (:func:`.engineers.in_play`)?"""
    return in_play(info, table_for(options), players)


def german_q_items(options: Mapping[str, Any]) -> bool:
    """"Das ?-Plättchen 4 Münzen und die ?-Karte mit dem neuen Aufwerter werden bei allen
    Spielen mit dem Deutschlandtableau verwendet. Ihr könnt sie aber auch in allen anderen
    Spielen verwenden." - the latter is the option ``new_q``."""
    return options.get("tableau") == "deutschland" or bool(options.get("new_q"))


_Q_TOKENS: dict[tuple[Any, ...], dict[str, Any]] = {}


def q_tokens_for(options: Mapping[str, Any]) -> dict[str, Any]:
    """The ?-tokens a game uses: the base ones, "4 Münzen" with the Deutschland tableau,
    "4 Kohle" with the coal module; the double-sided one with DSP (the open DSP tokens
    are laid out beside the board, see :mod:`.dsp.tokens`)."""
    if options.get("dsp"):
        return _with_dsp(options)
    key: tuple[Any, ...] = (german_q_items(options), bool(options.get("coal")))
    if options.get("tableau") == "usa":
        key = ("usa", False)
    if key not in _Q_TOKENS:
        tokens = dict(RULES.q_tokens)
        if key[0] == "usa":
            # "Das ?-Plättchen für den 2. Industriemarker benötigt ihr in diesem Spiel nicht."
            usa = json.loads(resources.files(__package__).joinpath("data/usa.json").read_text("utf-8"))
            for unused in usa["unused_question_tokens"]:
                tokens.pop(unused, None)
            tokens.update({t["id"]: t["effects"] for t in usa["question_tokens"]})
            _Q_TOKENS[key] = tokens
            return tokens
        if key[0]:
            german = json.loads(resources.files(__package__).joinpath("data/deutschland.json").read_text("utf-8"))
            tokens.update({t["id"]: t["effects"] for t in german["question_tokens"]})
        if key[1]:
            tokens.update({t["id"]: t["effects"] for t in COAL["question_tokens"]})
        _Q_TOKENS[key] = tokens
    return _Q_TOKENS[key]


def _with_dsp(options: Mapping[str, Any]) -> dict[str, Any]:
    key = ("dsp", german_q_items(options), bool(options.get("coal")))
    if key not in _Q_TOKENS:
        own = DSP["question_tokens"]["own"]
        tokens = {**q_tokens_for({k: v for k, v in options.items() if k != "dsp"}),
                  own: DSP["question_tokens"]["effects"][own]}
        _Q_TOKENS[key] = tokens
    return _Q_TOKENS[key]
