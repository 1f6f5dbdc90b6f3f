"""The German and English sentences for every event, open action and legal command.

The words are data (``data/texts.json``; names of spaces, lines and cards in
``data/names.json``).  ``describe`` and ``describe_command`` turn an event or a
command into a key and parameters; a parameter that depends on the language
(a name, a counted thing such as "1 coin" / "2 coins") is a ``{"de": …, "en": …}``
mapping, which :func:`games.contract.render` picks per language.  So a log line
never shows "worker(s)", "0 coins", a 0-based gap or an id.

Secret parameters (the end-game card taken, the cards looked at) are never put
into a description, so a log line cannot leak what the payload hides.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from games.contract import Command, Description, Event
from games.messageformat import format_message

from . import names
from .data import RULES, SPECIAL9, engineer_cost, has_boiler, printed_number, without_boiler
from .items import placing

Name = dict[str, str]
LANGS = ("de", "en")

TEXTS: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/texts.json").read_text("utf-8"))

EVENTS_EN: dict[str, str] = TEXTS["events"]["en"]
EVENTS_DE: dict[str, str] = TEXTS["events"]["de"]
OPEN_EN: dict[str, str] = TEXTS["open"]["en"]
OPEN_DE: dict[str, str] = TEXTS["open"]["de"]
COMMANDS_EN: dict[str, str] = TEXTS["commands"]["en"]
COMMANDS_DE: dict[str, str] = TEXTS["commands"]["de"]

MESSAGES = {
    lang: {**{f"rr.event.{k}": v for k, v in TEXTS["events"][lang].items()}, **TEXTS["open"][lang],
           **{f"rr.cmd.{k}": v for k, v in TEXTS["commands"][lang].items()}}
    for lang in LANGS
}


# --- phrases -------------------------------------------------------------------------


def phrase(template: Name, **params: Any) -> Name:
    """``template`` (one ICU MessageFormat string per language) filled with ``params`` in each language."""
    return {lang: format_message(template[lang], params, lang) for lang in LANGS}


def bit(key: str, **params: Any) -> Name:
    return phrase(TEXTS["bits"][key], **params)


def count(kind: str, n: int, case: str = "nominative") -> Name:
    """"1 coin" / "3 coins" (German and English), never "coin(s)"; ``case="dative"``
    for "mit 2 Arbeitern"."""
    return phrase(TEXTS["count"][kind], n=n, case=case)


def joined(parts: list[Name]) -> Name:
    """"a", "a and b", "a, b and c" in each language."""
    if not parts:
        return bit("nothing")
    out = parts[-1]
    if len(parts) > 1:
        out = phrase(TEXTS["joins"]["and_last"], a=parts[-2], b=out)
        for part in reversed(parts[:-2]):
            out = phrase(TEXTS["joins"]["list"], a=part, b=out)
    return out


def payment(workers: int, coins: int, black: bool, case: str = "nominative") -> Name:
    """What a placement puts down: "2 workers and 1 coin", "the black worker", "1 coin"."""
    parts = []
    if black:
        parts.append(bit("the_black_worker"))
        workers -= 1
    if workers > 0:
        parts.insert(0, count("worker", workers, case))
    if coins > 0:
        parts.append(count("coin", coins, case))
    return joined(parts)


def colour_adjective(colour: str, plural: bool = False) -> Name | str:
    table = TEXTS["colour_adjective_plural" if plural else "colour_adjective"]
    return table.get(colour, names.colour(colour))


def factory_name(number: int) -> Name | str:
    return TEXTS["factories"].get(str(number), str(number))


def end_card_name(card: Any) -> Name | Any:
    return TEXTS["end_cards"].get(card, card) if isinstance(card, str) else card


def gained_item(item: Any) -> Name:
    """One pending item of ``ActionsGained`` in words: "2 track steps (black)"."""
    _id, kind, n, _mandatory, arg, _blocking = item  # (the event's list of an Item's fields)
    if kind == "steps":
        return phrase(TEXTS["gains"]["steps"], amount=count("track_step", n), colour=names.colour(str(arg)))
    if kind == "industry":
        return count("industry_step", n)
    if kind == "doublers":
        return count("doubler", n)
    if kind == "place_loco":
        return phrase(TEXTS["gains"]["place_loco"], number=_loco_number(placing(int(arg))[0]))
    if kind == "end_card_or_vp":
        return phrase(TEXTS["gains"]["end_card_or_vp"], points=count("point", int(arg)))
    template = TEXTS["gains"].get(kind)
    return phrase(template) if template else {lang: str(kind) for lang in LANGS}


def _loco_number(number: Any) -> Any:
    if isinstance(number, int) and has_boiler(number):
        return f"{_loco_number(without_boiler(number))} (+1)"  # a coal boiler on it
    return 9 if number == SPECIAL9 else number


def _line_name(value: Any) -> Any:
    if isinstance(value, int) and 0 <= value < len(RULES.lines):
        value = RULES.lines[value]
    return names.line(value) if isinstance(value, str) else value


def _colour_id(value: Any) -> Any:
    if isinstance(value, int) and 0 <= value < len(RULES.colours):
        return RULES.colours[value]
    return value


def _seat_points(rows: dict[str, Any]) -> Name:
    return joined([phrase(TEXTS["bits"]["score_row"], seat=seat, points=count("point", int(row["total"])))
                   for seat, row in rows.items()])


# --- events --------------------------------------------------------------------------


def describe(event: Event) -> Description:
    payload = event.payload
    params: dict[str, Any] = {k: v for k, v in payload.items() if not k.startswith("_")}
    key = event.type
    if event.type == "DoublerPlaced":
        # the doublers' line: the Transsib, unless the tableau names its own first line
        params["line"] = names.line(payload.get("line_name", "transsib"))
        params.pop("line_name", None)
    elif "line" in params:
        # a tableau with its own lines (Deutschland) names them in the payload
        params["line"] = names.line(payload["line_name"]) if "line_name" in payload else _line_name(params["line"])
    if "colour" in params:
        plural = event.type == "TracksUnlocked"
        params["colour"] = colour_adjective(_colour_id(params["colour"]), plural)
    for name in ("space", "to", "key", "source", "reason"):
        if name in params and not (event.type in ("TrackAdvanced", "IndustryAdvanced") and name == "to"):
            params[name] = names.thing(params[name])
    if "number" in params:
        params["number"] = _loco_number(params["number"])
    if event.type == "StartBonusDraftBegan" and not payload.get("queue"):
        key = "StartBonusDraftSkipped"  # the solo game has no start bonus draft
    if event.type == "StartBonusChosen":
        params["card"] = names.of("start_bonus", payload.get("card"))
    elif event.type == "QuestionCardTaken":
        params["card"] = names.of("q_cards", payload.get("card"))
    elif event.type == "QuestionTokenTaken":
        params["token"] = names.of("q_tokens", payload.get("token"))
    elif event.type == "WorkersPlaced":
        params["payment"] = payment(int(payload.get("workers", 0)), int(payload.get("coins", 0)),
                                    bool(payload.get("black")))
    elif event.type == "Passed":
        points = int(payload.get("points", 0))
        params["points"] = bit("pass_points", points=count("point", points)) if points else ""
    elif event.type == "ActionsGained":
        params["items"] = joined([gained_item(item) for item in payload.get("items", ())])
    elif event.type == "WorkerGained":
        params["what"] = bit("the_black_worker" if payload.get("black") else "own_worker")
    elif event.type == "PointsScored":
        params["amount"] = count("point", int(payload.get("points", 0)))
    elif event.type == "CoinsTaken":
        params["amount"] = count("coin", int(payload.get("coins", 0)))
    elif event.type == "TempWorkersTaken":
        params["amount"] = count("temp_worker", int(payload.get("workers", 0)))
    elif event.type in ("LocoBuilt", "LocoPlaced"):
        replaced = payload.get("replaced")
        params["replaced"] = bit("loco_replacing", n=_loco_number(replaced)) if replaced else ""
    elif event.type == "LocoDiscarded" and payload.get("number") == SPECIAL9:
        key = "LocoDiscardedSpecial"
    elif event.type == "FactoryBuilt":
        number = int(payload.get("number", 0))
        replaced = payload.get("replaced")
        params.update(factory=factory_name(number), gap=int(payload.get("slot", 0)) + 1,
                      source=bit("from_display" if payload.get("source") == "display" else "from_stack"),
                      replaced=bit("factory_replacing", n=_loco_number(replaced)) if replaced else "")
    elif event.type == "EngineerHired":
        how = "question_card" if payload.get("source") == "question_card" else "hire"
        params["how"] = bit(how, number=payload.get("number"))
    elif event.type == "EndCardsSearched":
        params["amount"] = count("card", int(payload.get("count", 0)))
    elif event.type == "GameCreated":
        params["players"] = len(payload.get("seats", ()))
        if (payload.get("options") or {}).get("solo"):
            key = "GameCreatedSolo"
    elif event.type == "WorkerRelocated":
        params["from_"] = names.thing(payload.get("from"))
    elif event.type == "RoundScored":
        params["scores"] = _seat_points(payload.get("scores", {}))
    elif event.type == "GameFinished":
        params["totals"] = _seat_points(payload.get("final", {}))
    else:
        for texts in MODULE_TEXTS:  # a module's or tableau's own event
            if event.type in texts.events:
                key = texts.fill(key, payload, params)
                break
    if event.type == "EngineersDealt" and isinstance(params.get("strip"), list):
        # by printed number: expansion engineers carry internal ones (315 is engineer 15)
        params["strip"] = [printed_number(n) if n in RULES.engineers else n for n in params["strip"]]
    for name in ("order", "queue", "strip"):
        if isinstance(params.get(name), list):
            params[name] = ", ".join(str(x) for x in params[name] if x is not None)
    return Description(f"rr.event.{key}", params)


class Texts:
    """The sentences of a module's (or tableau's) own events and commands."""

    events: frozenset[str] = frozenset()
    commands: frozenset[str] = frozenset()

    def describes_command(self, ctype: str, args: Mapping[str, Any]) -> bool:
        return ctype in self.commands

    def fill(self, key: str, values: Mapping[str, Any], params: dict[str, Any]) -> str:
        """Fill ``params`` for an event or command (``values``: its payload or
        arguments); returns the text key."""
        raise NotImplementedError


#: the sentences of every module and tableau (installed by the registry: a log is
#: described the same whatever the table)
MODULE_TEXTS: list[Texts] = []


def install_texts(texts: list[Texts]) -> None:
    MODULE_TEXTS[:] = texts


# --- open actions ----------------------------------------------------------------------


def open_params(kind: str, n: int, arg: Any) -> dict[str, Any]:
    """Parameters of ``rr.open.<kind>``: the raw ``n`` and ``what`` (kept for the web
    page) and the sentence parts in both languages."""
    params: dict[str, Any] = {"n": n, "what": names.colour(str(arg)) if kind == "steps" else names.item(kind)}
    if kind == "steps":
        params["amount"] = phrase(TEXTS["gains"]["steps"], amount=count("step", n), colour=names.colour(str(arg)))
    elif kind == "industry":
        params["amount"] = count("step", n)
    elif kind == "doublers":
        params["amount"] = count("doubler", n)
    elif kind == "place_loco":
        number, exclude = placing(int(arg))
        params["number"] = _loco_number(number)
        params["what"] = bit("place_loco_exchange" if exclude >= 0 else "place_loco_card", number=params["number"])
    elif kind == "end_card_or_vp":
        params["points"] = count("point", int(arg))
    return params


# --- legal commands --------------------------------------------------------------------


def describe_command(command: Command) -> Description:
    """A legal command as a sentence ("Start bonus: industry step", "Skip the
    relocation"), for hints and the list of all possible moves.  Stateless: every
    fact the sentence needs is in the command's arguments (a loco build names its
    number, a factory its number and gap)."""
    args = dict(command.args) if isinstance(command.args, dict) else {}
    ctype = command.type if command.type in COMMANDS_EN else "Unknown"
    key = ctype
    params: dict[str, Any] = {}
    if ctype == "PlaceWorkers":
        space = str(args.get("space", ""))
        workers, fixed = _printed_cost(space)
        coins = int(args.get("coins") or 0)
        params.update(space=names.thing(space),
                      payment=payment(workers - coins, coins + fixed, bool(args.get("black"))))
    elif ctype == "ChooseStartBonus":
        params["card"] = names.of("start_bonus", args.get("card"))
    elif ctype in ("Relocate", "ReuseSpace"):
        params["space"] = names.thing(args.get("space"))
    elif ctype == "AdvanceTrack":
        params.update(colour=colour_adjective(str(args.get("colour"))), line=_line_name(args.get("line")))
    elif ctype == "AdvanceIndustry":
        params["marker"] = args.get("marker", 1)
    elif ctype == "JumpGreyTrack":
        params["line"] = _line_name(args.get("line"))
    elif ctype in ("BuildLoco", "PlaceLoco"):
        replace = args.get("replace")
        params.update(line=_line_name(args.get("line")),
                      replaced=bit("loco_replacing", n=_loco_number(replace)) if replace else "")
        if args.get("number"):
            params["number"] = _loco_number(args["number"])
        else:
            key = f"{ctype}Any"
    elif ctype == "DiscardLoco":
        if args.get("number"):
            params["number"] = _loco_number(args["number"])
        else:
            key = "DiscardLocoAny"
    elif ctype == "BuildFactory":
        number = args.get("number")
        params.update(source=bit("from_display" if args.get("source") == "display" else "from_stack"),
                      gap=int(args.get("slot") or 0) + 1)
        if number:
            params.update(number=number, factory=factory_name(int(number)))
        else:
            key = "BuildFactoryAny"
    elif ctype == "ChooseQuestionToken":
        params["token"] = names.of("q_tokens", args.get("token"))
    elif ctype == "ChooseQuestionCard":
        params["card"] = names.of("q_cards", args.get("card"))
    elif ctype == "ChooseEndCard":
        params["card"] = end_card_name(args.get("card"))
    elif ctype == "TakePoints":
        params["points"] = count("point", _factory_9_points())
    else:
        for texts in MODULE_TEXTS:  # a module's or tableau's own command
            if texts.describes_command(ctype, args):
                key = texts.fill(ctype, args, params)
                break
    return Description(f"rr.cmd.{key}", params)


def _printed_cost(space: str) -> tuple[int, int]:
    """(workers, coins) printed on a space (an engineer: the cost of using one)."""
    if space.startswith("engineer_"):
        try:
            return engineer_cost(int(space[len("engineer_"):]))
        except (KeyError, ValueError):
            cost = RULES.raw["engineer_use_cost"]
            return int(cost["workers"]), int(cost["coins"])
    info = RULES.spaces.get(space, {})
    return int(info.get("workers", 0)), int(info.get("coins", 0))


def _factory_9_points() -> int:
    for op in RULES.factories.get(9, ()):
        if op.get("op") == "end_card_or_vp":
            return int(op["vp"])
    return 10
